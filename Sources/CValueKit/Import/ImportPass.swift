extension ImportedTypes {
  /// Imports the types a source holds through the pass every source shares: selects the types asked for,
  /// leaves out what cannot be represented (saying why, in ``skipped``), merges what several parts of the
  /// source define alike, refuses what they define differently, and checks every record's layout against
  /// CValueKit's, where a difference the source states becomes the record's ``LayoutOverride``. Nothing is
  /// registered: ``TypeCatalog/register(_:)`` does that, all or nothing.
  ///
  /// ```swift
  /// var reader = MyTableReader(table)   // a TypeReader
  /// let imported = try ImportedTypes(reading: &reader, types: ["struct pair"], abi: .host, origin: .init(kind: "table"))
  /// try TypeCatalog().register(imported)
  /// ```
  ///
  /// - Parameters:
  ///   - reader: The source.
  ///   - types: The types to import, as C code names them (`pair`, `struct pair`, `union value`, a typedef),
  ///     with the records they hold; `nil` imports every complete type.
  ///   - abi: The ABI the source laid its records out for: the records are checked for it.
  ///   - origin: Where the types come from.
  /// - Throws: The reader's error: for a type named in `types:` that is unknown, incomplete or cannot be
  ///   represented, for names defined differently, and whatever the reader throws.
  package init<Reader: TypeReader>(
    reading reader: inout Reader, types: [String]?, abi: ABI, origin: Origin
  ) throws(Reader.Failure) {
    let declarations = try reader.declarations()
    let selected = try types.map { (names) throws(Reader.Failure) in
      try ImportPass<Reader>.select(names, from: declarations, reader: reader)
    }
    var pass = ImportPass<Reader>(selected: selected)
    try pass.readEntries(declarations.entries, reader: &reader)
    self = try pass.finish(reader: reader, abi: abi, origin: origin)
    TypeCatalog.fit(&self)
  }
}

/// One import: reads the selected entries, merges the records and typedefs that parts of the source define
/// alike, keeps apart the ones they define differently, and checks each record's layout (``LayoutCheck``).
struct ImportPass<Reader: TypeReader> {
  let selected: Set<String>?
  private var typedefs: [(name: String, encoding: TypeEncoding, place: String?)] = []
  /// Typedef names with no problem, valid readable names or not.
  private var typedefNames: Set<String> = []
  private var skipped: [String: String] = [:]
  private var failures: [String: Reader.Failure] = [:]
  /// The enumerations of typedefs and `enum tag`s whose type is an enum, by name.
  private var typeEnumerations: [String: CEnumeration] = [:]
  /// The record each entry is or names by value, to leave it out with the record.
  private var entryRecords: [String: String] = [:]

  init(selected: Set<String>?) {
    self.selected = selected
  }

  /// The entries `names` select, as C code names types: `struct tag`, `union tag`, a typedef, or a bare tag.
  static func select(_ names: [String], from declarations: TypeDeclarations<Reader.TypeReference>, reader: Reader)
    throws(Reader.Failure) -> Set<String>
  {
    let known = Set(declarations.entries.map(\.name))
    var result: Set<String> = []
    for name in names {
      // As C or C++ code spells it (`class geo::box< int >` is `struct geo::box<int>`).
      let query = CTypeName.canonical(name) ?? name
      let isTagged = query.hasPrefix("struct ") || query.hasPrefix("union ") || query.hasPrefix("enum ")
      let candidates = isTagged ? [query] : [query, "struct \(query)", "union \(query)"]
      if let found = candidates.first(where: known.contains) {
        result.insert(found)
      } else if let incomplete = candidates.first(where: declarations.incomplete.contains) {
        throw reader.failure(.incompleteType(incomplete))
      } else {
        throw reader.failure(.unknownType(name))
      }
    }
    return result
  }

  mutating func readEntries(_ entries: [TypeDeclarations<Reader.TypeReference>.Entry], reader: inout Reader)
    throws(Reader.Failure)
  {
    for entry in entries where selected?.contains(entry.name) ?? true {
      let isNamed = selected != nil
      if entry.isTypedef, let problem = try reader.typedefProblem(entry.type, named: entry.name) {
        if isNamed {
          // Only a typedef of an incomplete record is "declared but defined nowhere": void and a function
          // type are complete, with no values.
          if case .incompleteRecord = problem { throw reader.failure(.incompleteType(entry.name)) }
          throw reader.failure(.typeWithoutLayout(entry.name, what: problem.what))
        }
        skipped[entry.name] = problem.description
        continue
      }
      guard let type = entry.type else { continue }
      let encoding: TypeEncoding
      do throws(Reader.Failure) {
        encoding = try reader.encoding(of: entry)
      } catch {
        switch reader.problem(in: error) {
        case .unsupportedType, .incompleteType: break
        default: throw error
        }
        if isNamed { throw error }
        skipped[entry.name] = "\(error)"
        failures[entry.name] = error
        continue
      }
      entryRecords[entry.name] = try reader.heldRecord(type)
      guard entry.isTypedef else { continue }
      typedefNames.insert(entry.name)
      if var enumeration = try reader.enumeration(of: type) {
        // An anonymous enum is known by the typedef's name.
        if enumeration.name == nil { enumeration = CEnumeration(name: entry.name, constants: enumeration.constants) }
        typeEnumerations[entry.name] = enumeration
      }
      if TypeCatalog.isValidName(entry.name) {
        typedefs.append((entry.name, encoding, entry.place))
      } else {
        skipped[entry.name] = "the name is itself a type encoding"
      }
    }
  }

  /// The constants of an enumeration as text, the same for the same constants whatever its name.
  private static func constantsKey(_ enumeration: CEnumeration) -> String {
    enumeration.constants.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
  }

  /// Parts of the source define a record alike when every number the layout check compares is the same.
  private static func alike(_ first: SourceRecord, _ second: SourceRecord) -> Bool {
    first.encoding == second.encoding && first.size == second.size && first.alignment == second.alignment
      && first.members.map(\.bitOffset) == second.members.map(\.bitOffset)
      && first.members.map(\.size) == second.members.map(\.size)
  }

  mutating func finish(reader: Reader, abi: ABI, origin: ImportedTypes.Origin) throws(Reader.Failure)
    -> ImportedTypes
  {
    // Merged by name, first part first; the places of each different definition, for the error.
    var merged: [SourceRecord] = []
    var index: [String: Int] = [:]
    var variants: [String: [SourceRecord]] = [:]
    for record in reader.records {
      guard index[record.name] != nil else {
        index[record.name] = merged.count
        merged.append(record)
        variants[record.name] = [record]
        continue
      }
      if !variants[record.name, default: []].contains(where: { Self.alike($0, record) }) {
        variants[record.name, default: []].append(record)
      }
    }
    var typedefEncodings: [String: TypeEncoding] = [:]
    var typedefOrder: [String] = []
    for typedef in typedefs {
      if let existing = typedefEncodings[typedef.name] {
        if existing != typedef.encoding, failures[typedef.name] == nil {
          // The first place of each different definition.
          var seen: [TypeEncoding] = []
          var places: [String] = []
          for other in typedefs where other.name == typedef.name && !seen.contains(other.encoding) {
            seen.append(other.encoding)
            places.append(other.place ?? "")
          }
          failures[typedef.name] = reader.failure(.conflictingDefinitions(typedef.name, places: places))
        }
      } else {
        typedefEncodings[typedef.name] = typedef.encoding
        typedefOrder.append(typedef.name)
      }
    }
    for (name, found) in variants where found.count > 1 {
      failures[name] = reader.failure(.conflictingDefinitions(name, places: found.map { $0.place ?? "" }))
    }

    // A record whose layout CValueKit cannot represent is left out with its reason, and so is every record
    // and typedef that holds it; the rest is imported.
    var check = LayoutCheck(abi: abi)
    for record in merged {
      if let failure = failures[record.name] {
        skipped[record.name] = "\(failure)"
        continue
      }
      if let held = record.holds.sorted().first(where: { failures[$0] != nil }), let cause = failures[held] {
        failures[record.name] = cause
        skipped[record.name] = "holds \(held), which cannot be imported"
        continue
      }
      do throws(ImportProblem) {
        try check.check(record)
      } catch {
        let failure = reader.failure(error)
        failures[record.name] = failure
        skipped[record.name] = "\(failure)"
      }
    }
    for name in typedefOrder {
      if let failure = failures[name] {
        if selected != nil { throw failure }
        skipped[name] = "\(failure)"
      }
    }
    for name in entryRecords.keys.sorted() where selected?.contains(name) ?? true {
      guard let record = entryRecords[name], let cause = failures[record] else { continue }
      if selected != nil { throw cause }
      if name != record { skipped[name] = "names \(record), which cannot be imported" }
    }
    let importable = merged.filter { failures[$0.name] == nil }
    let records = importable.compactMap { record -> ImportedTypes.Record? in
      let override = check.overrides[record.name]
      guard record.isTagged || typedefNames.contains(record.name) || override != nil else { return nil }
      return ImportedTypes.Record(
        name: record.name, encoding: record.encoding, override: override, size: record.size,
        alignment: record.alignment, alignmentSource: record.alignmentSource, place: record.place)
    }
    let ambiguous = Self.ambiguousAnonymousRecords(importable)
    for record in importable {
      guard let reason = ambiguous[record.name] else { continue }
      for item in record.enumerations { skipped["\(record.name).\(item.member)"] = reason }
    }
    // A typedef of an anonymous record (`typedef struct {…} anon_t;`) names it for its enumerations, and
    // so does its place in a named one (`struct outer.in`), which the catalog follows.
    let enumerations = importable.filter { $0.isTagged || ambiguous[$0.name] == nil }.flatMap { record in
      record.enumerations.map {
        ImportedTypes.Enumeration(record: record.name, member: $0.member, enumeration: $0.enumeration)
      }
    }
    let kept = typedefOrder.filter { name in
      failures[name] == nil && entryRecords[name].map { failures[$0] == nil } ?? true
    }
    // A type that is itself an enum (`level_t`, `enum pwr_state`): an enumeration of no member. C gives an
    // enum's constants names no other enum has, so the same constants are the same enum: one found for a
    // member (or an earlier name) is reused, as it is spelled there, so that a file writes each enum once.
    var known: [String: CEnumeration] = [:]
    for item in enumerations {
      known[Self.constantsKey(item.enumeration)] = known[Self.constantsKey(item.enumeration)] ?? item.enumeration
    }
    let ownEnumerations = kept.compactMap { name -> ImportedTypes.Enumeration? in
      guard let own = typeEnumerations[name] else { return nil }
      let key = Self.constantsKey(own)
      let enumeration = known[key] ?? own
      known[key] = enumeration
      return ImportedTypes.Enumeration(record: name, member: "", enumeration: enumeration)
    }
    let imported = Set(records.map(\.name)).union(kept)
    let unimportable = Set(
      skipped.keys.filter { name in
        failures[name] != nil || entryRecords[name].map { failures[$0] != nil } ?? false
      })
    return ImportedTypes(
      records: records,
      typedefs: kept.compactMap { name in typedefEncodings[name].map { .init(name: name, encoding: $0) } },
      enumerations: enumerations + ownEnumerations, skipped: skipped.filter { !imported.contains($0.key) },
      unimportable: unimportable.subtracting(imported), abi: abi, origin: origin)
  }
}

extension ImportPass {
  /// The anonymous records whose members' enumerations cannot be kept, with why: an encoding knows an
  /// anonymous record by its members' names and types alone, so two of them alike but for an enum
  /// (`typedef struct { enum mode mode; } a_t;` and `typedef struct { int mode; } b_t;`) cannot be told apart,
  /// and neither names its constants rather than one naming the other's.
  static func ambiguousAnonymousRecords(_ records: [SourceRecord]) -> [String: String] {
    var byKey: [RecordKey: [SourceRecord]] = [:]
    for record in records where !record.isTagged {
      guard let body = record.encoding.record, body.name == nil else { continue }
      let isUnion = if case .union = record.encoding.unqualified { true } else { false }
      byKey[RecordKey.enumerations(of: body, isUnion: isUnion), default: []].append(record)
    }
    var result: [String: String] = [:]
    for group in byKey.values where group.count > 1 {
      let first = group[0].enumerations.map { "\($0.member) \($0.enumeration)" }
      let names = group.map(\.name)
      guard group.contains(where: { $0.enumerations.map { "\($0.member) \($0.enumeration)" } != first }) else {
        continue
      }
      for record in group {
        let others = names.filter { $0 != record.name }.joined(separator: ", ")
        result[record.name] =
          "left out of its enumeration: \(others) has the same members but other enums, and an anonymous "
          + "record is known by its members alone"
      }
    }
    return result
  }
}

extension TypeCatalog {
  /// Leaves out of each member's enumeration the constants its field cannot hold (7 in MSVC's signed
  /// 3-bit enum bitfield): they can never be read from it, so they are named in ``ImportedTypes/skipped``
  /// under `struct s.member` rather than refusing the whole import. Found by registering the enumerations
  /// in a catalog of the records alone; any other refusal is left for the registration to report.
  static func fit(_ imported: inout ImportedTypes) {
    guard !imported.enumerations.isEmpty else { return }
    let scratch = TypeCatalog(includingBuiltins: false)
    for record in imported.records where record.encoding.record?.name != nil {
      try? scratch.register(record: record.encoding)
    }
    // A typedef of an anonymous record names it (and the records in it) for its enumerations, and an enum
    // type its own.
    let named = Set(imported.enumerations.map(\.record))
    for typedef in imported.typedefs where named.contains(typedef.name) || typedef.encoding.record != nil {
      try? scratch.register(typedef.encoding, name: typedef.name)
    }
    var unfollowed: [Int] = []
    defer {
      for index in unfollowed.reversed() {
        let item = imported.enumerations.remove(at: index)
        imported.skipped["\(item.record).\(item.member)"] =
          "left out of its enumeration: the anonymous record's place cannot be followed"
      }
    }
    for index in imported.enumerations.indices {
      let item = imported.enumerations[index]
      var fitting = item.enumeration
      var dropped: [String] = []
      while true {
        do throws(CatalogError) {
          try scratch.register(fitting, member: item.member, ofRecordNamed: item.record)
          break
        } catch {
          guard case .constantDoesNotFit(let name, let value, _, _, _) = error else {
            // An anonymous record's place in another that the catalog cannot follow names nothing it can
            // keep the enumeration for: left out, not refused.
            if TypeCatalog.isNestedRecordName(item.record) { unfollowed.append(index) }
            break
          }
          dropped.append("\(name) = \(value)")
          fitting = CEnumeration(
            name: fitting.name, constants: fitting.constants.filter { $0.name != name || $0.value != value })
        }
      }
      guard !dropped.isEmpty else { continue }
      imported.enumerations[index].enumeration = fitting
      imported.skipped[item.member.isEmpty ? item.record : "\(item.record).\(item.member)"] =
        "the field cannot hold \(dropped.joined(separator: ", ")), left out of its enumeration"
    }
  }
}
