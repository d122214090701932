internal import CDwarf
import CValueHeaders
import CValueKit

/// One import of a file's debug info: reads the selected entries of every unit, merges the records and
/// typedefs that units define alike, keeps apart the ones they define differently, and checks each
/// record's layout as header import does (``LayoutCheck``).
struct ImportPass {
  var reader: DieReader
  let selected: Set<String>?
  private var typedefs: [(name: String, encoding: TypeEncoding, unit: String)] = []
  private var skipped: [String: String] = [:]
  private var failures: [String: DebugInfoError] = [:]
  /// The record each entry is or names by value, to leave it out with the record.
  private var entryRecords: [String: String] = [:]

  init(reader: DieReader, selected: Set<String>?) {
    self.reader = reader
    self.selected = selected
  }

  mutating func readEntries(_ entries: [DieReader.Declarations.Entry]) throws(DebugInfoError) {
    for entry in entries where selected?.contains(entry.name) ?? true {
      let isNamed = selected != nil
      reader.unit = entry.unit
      if entry.isTypedef, let reason = try reader.typedefProblem(entry.die, name: entry.name) {
        if isNamed { throw .incompleteType(entry.name, file: reader.file.path) }
        skipped[entry.name] = reason
        continue
      }
      guard let die = entry.die else { continue }
      let encoding: TypeEncoding
      do throws(DebugInfoError) {
        encoding = try reader.encoding(of: die, name: entry.name, place: (entry.name, ""), depth: 0)
      } catch {
        switch error {
        case .unsupportedType, .incompleteType: break
        default: throw error
        }
        if isNamed { throw error }
        skipped[entry.name] = error.description
        failures[entry.name] = error
        continue
      }
      entryRecords[entry.name] = try reader.heldRecord(die)
      guard entry.isTypedef else { continue }
      if TypeCatalog.isValidName(entry.name) {
        typedefs.append((entry.name, encoding, entry.unit))
      } else {
        skipped[entry.name] = "the name is itself a type encoding"
      }
    }
  }

  /// Units define a record alike when every number header import would check is the same.
  private static func alike(_ first: ClangRecord, _ second: ClangRecord) -> Bool {
    first.encoding == second.encoding && first.size == second.size && first.alignment == second.alignment
      && first.members.map(\.bitOffset) == second.members.map(\.bitOffset)
      && first.members.map(\.size) == second.members.map(\.size)
  }

  mutating func finish(target: String, abi: ABI, file: String) throws(DebugInfoError) -> DebugInfoImport {
    // Merged by name, first unit first; the units of each different definition, for the error.
    var merged: [DieReader.Read] = []
    var index: [String: Int] = [:]
    var variants: [String: [(record: ClangRecord, unit: String)]] = [:]
    for read in reader.records {
      let name = read.record.name
      guard index[name] != nil else {
        index[name] = merged.count
        merged.append(read)
        variants[name] = [(read.record, read.unit)]
        continue
      }
      if !variants[name, default: []].contains(where: { Self.alike($0.record, read.record) }) {
        variants[name, default: []].append((read.record, read.unit))
      }
    }
    var typedefEncodings: [String: TypeEncoding] = [:]
    var typedefOrder: [String] = []
    for typedef in typedefs {
      if let existing = typedefEncodings[typedef.name] {
        if existing != typedef.encoding, failures[typedef.name] == nil {
          // The first unit of each different definition.
          var seen: [TypeEncoding] = []
          var units: [String] = []
          for other in typedefs where other.name == typedef.name && !seen.contains(other.encoding) {
            seen.append(other.encoding)
            units.append(other.unit)
          }
          failures[typedef.name] = .conflictingDefinitions(typedef.name, units: units)
        }
      } else {
        typedefEncodings[typedef.name] = typedef.encoding
        typedefOrder.append(typedef.name)
      }
    }
    for (name, found) in variants where found.count > 1 {
      failures[name] = .conflictingDefinitions(name, units: found.map(\.unit))
    }

    var check = LayoutCheck(abi: abi)
    for read in merged {
      let record = read.record
      if let failure = failures[record.name] {
        skipped[record.name] = failure.description
        continue
      }
      if let held = record.holds.sorted().first(where: { failures[$0] != nil }), let cause = failures[held] {
        failures[record.name] = cause
        skipped[record.name] = "holds \(held), which cannot be imported"
        continue
      }
      do throws(HeaderImportError) {
        try check.check(record)
      } catch {
        let failure: DebugInfoError =
          if case .layoutMismatch(let name, let field, let dwarf, let cvaluekit) = error {
            .layoutMismatch(record: name, field: field, dwarf: dwarf, cvaluekit: cvaluekit)
          } else {
            .layoutMismatch(record: record.name, field: "", dwarf: "", cvaluekit: error.description)
          }
        failures[record.name] = failure
        skipped[record.name] = failure.description
      }
    }
    for name in typedefOrder {
      if let failure = failures[name] {
        if selected != nil { throw failure }
        skipped[name] = failure.description
      } else if let record = entryRecords[name], let cause = failures[record] {
        if selected != nil { throw cause }
        if name != record { skipped[name] = "names \(record), which cannot be imported" }
      }
    }
    for name in selected ?? [] {
      if let record = entryRecords[name], let cause = failures[record] { throw cause }
    }
    let importable = merged.filter { failures[$0.record.name] == nil }
    let typedefNames = Set(typedefOrder)
    let records = importable.compactMap { read -> DebugInfoImport.Record? in
      let record = read.record
      let override = check.overrides[record.name]
      guard record.isTagged || typedefNames.contains(record.name) || override != nil else { return nil }
      return DebugInfoImport.Record(
        name: record.name, encoding: record.encoding, override: override, size: record.size,
        alignment: record.alignment, alignmentSource: read.alignmentSource, unit: read.unit)
    }
    let enumerations = importable.filter(\.record.isTagged).flatMap { read in
      read.record.enumerations.map {
        DebugInfoImport.Enumeration(record: read.record.name, member: $0.member, enumeration: $0.enumeration)
      }
    }
    let kept = typedefOrder.filter { name in
      failures[name] == nil && entryRecords[name].map { failures[$0] == nil } ?? true
    }
    let imported = Set(records.map(\.name)).union(kept)
    return DebugInfoImport(
      records: records,
      typedefs: kept.compactMap { name in typedefEncodings[name].map { .init(name: name, encoding: $0) } },
      enumerations: enumerations, skipped: skipped.filter { !imported.contains($0.key) }, target: target, abi: abi,
      file: file)
  }
}
