internal import CClang
public import CValueKit

extension TypeCatalog {
  /// Reads C headers with libclang and registers their structs, unions and typedefs, with C's member names
  /// and the exact layout clang computes.
  ///
  /// Every complete struct and union becomes a record definition whose encoding carries C's member names
  /// (`.th_flags`, `.sin6_addr.__in6_u.__u6_addr8[15]`), anonymous members flattened as in C, unnamed
  /// bitfields as padding, bitfields in the GNU form `b<offset><type><width>`, enums as their integer type.
  /// Each record is laid out by CValueKit and compared member by member with clang's layout; where they
  /// differ (packed, `aligned`, `#pragma pack`), clang's layout is registered as a `LayoutOverride` and the
  /// comparison repeated. Typedef names become readable names (`z_stream`, `sigset_t`).
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.importHeaders(["netinet/tcp.h"])
  /// let layout = try catalog.layout(of: "{tcphdr}")   // .th_sport … .th_flags … .urg_ptr
  /// ```
  ///
  /// libclang is loaded at run time: `CVALUEKIT_LIBCLANG` when set, else the one beside the `clang` or
  /// `swift` on `PATH`, else the system's.
  ///
  /// The layouts are those of the target clang parses for: the host's, or the one `-target` names. clang
  /// does the layout and the override carries it: records are checked, and their overrides registered, for
  /// `ABI(targetTriple:)` of clang's triple (``ImportedTypes/abi``), so that
  /// `catalog.layout(of: "{tcphdr}", abi: imported.abi)` is clang's layout for that machine:
  ///
  /// ```swift
  /// let arm = try catalog.importHeaders(
  ///   ["netinet/tcp.h"], arguments: ["-target", "armv7-linux-gnueabihf", "--sysroot", "/usr/arm-linux-gnueabihf"])
  /// try catalog.layout(of: "{tcphdr}", abi: arm.abi)   // armv7-linux
  /// ```
  ///
  /// Encodings differ between targets (`long` is `q` on LP64, `l` on 32-bit targets): import each target
  /// into a catalog of its own. Types imported for another target than this process's mark the catalog as
  /// holding that ABI's types, as a catalog file for it does: they lay out for that ABI only, and resolving a
  /// value of this process through the catalog throws ``LayoutError`` naming both ABIs. Headers read for
  /// another ABI than the one the catalog holds types for are ``HeaderImportError/otherABI(target:headers:catalog:)``.
  ///
  /// - Parameters:
  ///   - headers: Each one is a header name found as `#include <…>` finds it (`netinet/tcp.h`), a path to
  ///     a file, or C text (anything starting with `#` or spanning lines, such as `#include "my.h"`).
  ///   - arguments: clang arguments: `-I`, `-D`, `-std`, `-target`. The headers are parsed as C.
  ///   - types: The types to import, as C code names them (`tcphdr`, `struct tcphdr`, `union sigval`, the
  ///     typedef `siginfo_t`), with the records they hold; `nil` imports every complete type.
  /// - Returns: What was registered, as ``TypeCatalog/register(_:)`` registers it: its origin is `headers`,
  ///   with the headers and arguments, and clang's version and target triple (`clangVersion`, `target`).
  /// - Throws: ``HeaderImportError`` naming what and where; nothing is registered then. A target whose ABI
  ///   CValueKit does not describe is ``HeaderImportError/unsupportedTarget(_:supported:)``. A record that
  ///   cannot be represented (a member type no encoding describes, a layout no override carries) does not
  ///   fail the import: it is left out, with the records and typedefs that hold it, and
  ///   ``ImportedTypes/skipped`` says why; only a type named in `types:` that cannot be imported throws.
  @discardableResult
  public func importHeaders(_ headers: [String], arguments: [String] = [], types: [String]? = nil)
    throws(HeaderImportError) -> ImportedTypes
  {
    let clang = try LibClang.shared()
    let unit = try TranslationUnit.parse(HeaderSource(headers), arguments: arguments, clang: clang)
    let triple = unit.triple
    guard let abi = ABI(targetTriple: triple) else {
      throw .unsupportedTarget(triple, supported: Self.supportedTargets)
    }
    var reader = RecordReader(unit: unit)
    let declarations = reader.declarations()
    let selected = try types.map { (names) throws(HeaderImportError) in try Self.select(names, from: declarations) }

    var typedefs: [ImportedTypes.Typedef] = []
    var typedefNames: Set<String> = []
    var skipped: [String: String] = [:]
    // Why each type that cannot be imported was left out, for a caller that named it.
    var failures: [String: HeaderImportError] = [:]
    // The record each entry is or names by value, to leave it out with the record.
    var entryRecords: [String: String] = [:]
    for entry in declarations.entries where selected?.contains(entry.name) ?? true {
      let isNamed = selected != nil
      if entry.isTypedef {
        if let reason = reader.typedefProblem(entry.type, name: entry.name) {
          if isNamed { throw .incompleteType(entry.name) }
          skipped[entry.name] = reason
          continue
        }
      }
      let encoding: TypeEncoding
      do throws(HeaderImportError) {
        encoding = try reader.encoding(of: entry.type, name: entry.name, place: (entry.name, ""))
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
      entryRecords[entry.name] = reader.heldRecord(entry.type)
      guard entry.isTypedef else { continue }
      typedefNames.insert(entry.name)
      if Self.isValidName(entry.name) {
        typedefs.append(ImportedTypes.Typedef(name: entry.name, encoding: encoding))
      } else {
        skipped[entry.name] = "the name is itself a type encoding"
      }
    }

    // A record whose layout CValueKit cannot represent is left out with its reason, and so is every record
    // and typedef that holds it; the rest is imported.
    var check = LayoutCheck(abi: abi)
    for record in reader.records {
      if let held = record.holds.sorted().first(where: { failures[$0] != nil }), let cause = failures[held] {
        failures[record.name] = cause
        skipped[record.name] = "holds \(held), which cannot be imported"
        continue
      }
      do throws(HeaderImportError) {
        try check.check(record)
      } catch {
        failures[record.name] = error
        skipped[record.name] = error.description
      }
    }
    for entry in declarations.entries where selected?.contains(entry.name) ?? true {
      guard let record = entryRecords[entry.name], let cause = failures[record] else { continue }
      if selected != nil { throw cause }
      if entry.name != record { skipped[entry.name] = "names \(record), which cannot be imported" }
    }
    typedefs.removeAll { typedef in entryRecords[typedef.name].map { failures[$0] != nil } ?? false }
    let importable = reader.records.filter { failures[$0.name] == nil }
    let records = importable.compactMap { record -> ImportedTypes.Record? in
      let override = check.overrides[record.name]
      guard record.isTagged || typedefNames.contains(record.name) || override != nil else { return nil }
      return ImportedTypes.Record(
        name: record.name, encoding: record.encoding, override: override, size: record.size,
        alignment: record.alignment)
    }
    var imported = ImportedTypes(
      records: records, typedefs: typedefs, skipped: skipped,
      unimportable: Set(
        skipped.keys.filter { name in
          failures[name] != nil || entryRecords[name].map { failures[$0] != nil } ?? false
        }),
      abi: abi,
      origin: .init(
        kind: "headers", inputs: headers, arguments: arguments,
        details: ["clangVersion": clang.version, "target": triple]))
    imported.enumerations = importable.filter(\.isTagged).flatMap { record in
      record.enumerations.map {
        ImportedTypes.Enumeration(record: record.name, member: $0.member, enumeration: $0.enumeration)
      }
    }
    Self.fit(&imported)
    // A catalog holds the types of one ABI, as with catalog files: another target's types are marked as
    // written for it, so that a value of this process is never laid out with them, and never mixed with
    // types the catalog holds for another ABI.
    if let held = definitionsABI, held != abi {
      throw .otherABI(target: triple, headers: abi.name, catalog: held.name)
    }
    do throws(ImportRefusal) {
      try register(checking: imported, definitionsOnlyForItsABI: abi != .host)
    } catch {
      throw .registration(error.error)
    }
    return imported
  }

  /// A target triple for each ABI CValueKit describes, as `-target` takes them.
  static var supportedTargets: [String] { ABI.all.map(\.targetTriple) }

  /// The entries `names` select, as C code names types: `struct tag`, `union tag`, a typedef, or a bare tag.
  private static func select(_ names: [String], from declarations: RecordReader.Declarations)
    throws(HeaderImportError) -> Set<String>
  {
    let known = Set(declarations.entries.map(\.name))
    var result: Set<String> = []
    for name in names {
      let candidates = name.contains(" ") ? [name] : [name, "struct \(name)", "union \(name)"]
      if let found = candidates.first(where: known.contains) {
        result.insert(found)
      } else if let incomplete = candidates.first(where: declarations.incomplete.contains) {
        throw .incompleteType(incomplete)
      } else {
        throw .unknownType(name)
      }
    }
    return result
  }
}

extension RecordReader {
  /// Why a typedef's type cannot be registered, or `nil` when it can.
  func typedefProblem(_ type: CXType, name: String) -> String? {
    switch type.kind {
    case Int32(CVI_CXType_FunctionProto), Int32(CVI_CXType_FunctionNoProto): return "a function type has no layout"
    case Int32(CVI_CXType_Void): return "void has no layout"
    case Int32(CVI_CXType_Record) where !isComplete(type): return "\(name) names an incomplete struct or union"
    default: return nil
    }
  }
}

extension TypeCatalog {
  /// Leaves out of each member's enumeration the constants its field cannot hold (7 in MSVC's signed
  /// 3-bit enum bitfield): they can never be read from it, so they are named in ``ImportedTypes/skipped``
  /// under `struct s.member` rather than refusing the whole import. Found by registering the enumerations
  /// in a catalog of the records alone; any other refusal is left for the registration to report.
  fileprivate static func fit(_ imported: inout ImportedTypes) {
    guard !imported.enumerations.isEmpty else { return }
    let scratch = TypeCatalog(includingBuiltins: false)
    for record in imported.records where record.encoding.record?.name != nil {
      try? scratch.register(record: record.encoding)
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
          guard case .constantDoesNotFit(let name, let value, _, _, _) = error else { break }
          dropped.append("\(name) = \(value)")
          fitting = CEnumeration(
            name: fitting.name, constants: fitting.constants.filter { $0.name != name || $0.value != value })
        }
      }
      guard !dropped.isEmpty else { continue }
      imported.enumerations[index].enumeration = fitting
      imported.skipped["\(item.record).\(item.member)"] =
        "the field cannot hold \(dropped.joined(separator: ", ")), left out of its enumeration"
    }
  }
}
