internal import CDwarf
import CValueHeaders
import CValueKit

extension DebugInfoImport {
  /// Reads the records, typedefs and enumerations of an ELF file's DWARF, checked against CValueKit's
  /// layout, without registering them (`TypeCatalog.register(_:)` does).
  ///
  /// ```swift
  /// let imported = try DebugInfoImport(reading: "build/shapes.o", types: ["struct shape"])
  /// imported.record(named: "struct shape")?.size   // 24
  /// ```
  ///
  /// - Parameters:
  ///   - path: An executable, shared library or relocatable object; its separate debug file is found by
  ///     build-id or debuglink as libdwfl finds it.
  ///   - types: The types to read, as C code names them (`shape`, `struct shape`, `union value`, a
  ///     typedef), with the records they hold; `nil` reads every complete type.
  ///   - unit: Only the compile unit of this name (`src/a.c`, or its last components `a.c`): the way to
  ///     choose one of several different definitions of a name.
  /// - Throws: ``DebugInfoError``, naming the file, the type or the units.
  public init(reading path: String, types: [String]? = nil, unit: String? = nil) throws(DebugInfoError) {
    let header = try ELFHeader.read(path)
    let file = try DwarfFile(path: path, libdw: LibDW.shared())
    if header.isRelocatable, let sections = ELFSections.read(path) {
      let groups = max(sections.count(".debug_types"), sections.count(".debug_info"))
      guard groups < 2 else {
        throw .unreadable(
          path,
          reason: "its type units are in \(groups) COMDAT sections of one name (-fdebug-types-section), of "
            + "which libdw reads only the first: read the linked executable or library, or build the object "
            + "without -fdebug-types-section")
      }
    }
    var units = file.units()
    if let unit {
      // Type units belong to no one compile unit: the chosen one's records may be there.
      units = units.filter { $0.name == unit || $0.name.hasSuffix("/" + unit) || $0.isTypeUnit }
      guard units.contains(where: { !$0.isTypeUnit }) else { throw .unknownUnit(unit, file: path) }
    }
    var reader = DieReader(file: file, header: header)
    let declarations = reader.declarations(in: units)
    let selected = try types.map { (names) throws(DebugInfoError) in
      try Self.select(names, from: declarations, file: path)
    }
    var pass = ImportPass(reader: reader, selected: selected)
    try pass.readEntries(declarations.entries)
    reader = pass.reader
    self = try pass.finish(target: header.triple, abi: header.abi, file: path)
  }

  /// The entries `names` select, as C code names types: `struct tag`, `union tag`, a typedef, or a bare tag.
  private static func select(_ names: [String], from declarations: DieReader.Declarations, file: String)
    throws(DebugInfoError) -> Set<String>
  {
    let known = Set(declarations.entries.map(\.name))
    var result: Set<String> = []
    for name in names {
      let candidates = name.contains(" ") ? [name] : [name, "struct \(name)", "union \(name)"]
      if let found = candidates.first(where: known.contains) {
        result.insert(found)
      } else if let incomplete = candidates.first(where: declarations.incomplete.contains) {
        throw .incompleteType(incomplete, file: file)
      } else {
        throw .unknownType(name, file: file)
      }
    }
    return result
  }
}

extension DieReader {
  /// The declarations of the units in order: complete tagged records as `struct tag` / `union tag`, and
  /// typedefs by name (in a type unit, its typedefs first), so that an anonymous record is first read under
  /// its typedef's name; those declared inside a function too (`void t(void) { struct local { … } x; }`).
  struct Declarations {
    struct Entry {
      var name: String
      /// The record's DIE, or the type a typedef names (`nil`: `void`).
      var die: Dwarf_Die?
      var isTypedef: Bool
      /// The unit, and for a type declared in a function, the function: `test.c (in shape_test())`.
      var unit: String
    }
    var entries: [Entry] = []
    /// Tags declared but defined in no unit read.
    var incomplete: Set<String> = []
    fileprivate var declaredOnly: Set<String> = []
    fileprivate var defined: Set<String> = []
  }

  func declarations(in units: [DwarfFile.Unit]) -> Declarations {
    var result = Declarations()
    for unit in units {
      var records: [Declarations.Entry] = []
      collect(children(unit.die), unit: unit, place: unit.name, into: &result, typeUnitRecords: &records)
      result.entries += records
    }
    result.incomplete = result.declaredOnly.subtracting(result.defined)
    return result
  }

  /// The declarations among `dies`, and in the functions and blocks among them.
  private func collect(
    _ dies: [Dwarf_Die], unit: DwarfFile.Unit, place: String, into result: inout Declarations,
    typeUnitRecords: inout [Declarations.Entry]
  ) {
    for die in dies {
      // The tag first: most DIEs are variables and parameters, whose names are not needed.
      let tag = self.tag(die)
      if tag == Tag.subprogram || tag == Tag.lexicalBlock {
        // A function's own name places what it declares; a block is its function's.
        let inner =
          tag == Tag.subprogram
          ? "\(unit.name) (in \(name(die).map { "\($0)()" } ?? "the function at 0x\(String(offset(die), radix: 16))"))"
          : place
        collect(children(die), unit: unit, place: inner, into: &result, typeUnitRecords: &typeUnitRecords)
        continue
      }
      guard Tag.isRecord(tag) || tag == Tag.typedef, let name = name(die) else {
        continue
      }
      switch tag {
      case Tag.structureType, Tag.classType, Tag.unionType:
        let full = (tag == Tag.unionType ? "union " : "struct ") + name
        if flag(die, Attribute.declaration) {
          result.declaredOnly.insert(full)
        } else {
          result.defined.insert(full)
          // A type unit's after its typedefs: it holds a record and the typedef of the anonymous record that
          // one holds (gcc's point_t in struct shape's), which names that record only when read first.
          let entry = Declarations.Entry(name: full, die: die, isTypedef: false, unit: place)
          if unit.isTypeUnit { typeUnitRecords.append(entry) } else { result.entries.append(entry) }
        }
      case Tag.typedef:
        result.entries.append(.init(name: name, die: try? type(of: die), isTypedef: true, unit: place))
      default: continue
      }
    }
  }

  /// Why a typedef's type cannot be registered, or `nil` when it can.
  func typedefProblem(_ die: Dwarf_Die?, name: String) throws(DebugInfoError) -> String? {
    guard let die, let type = try strip(die) else { return "void has no layout" }
    switch tag(type) {
    case Tag.subroutineType: return "a function type has no layout"
    case Tag.structureType where flag(type, Attribute.declaration),
      Tag.classType where flag(type, Attribute.declaration),
      Tag.unionType where flag(type, Attribute.declaration):
      return "\(name) names an incomplete struct or union"
    default: return nil
    }
  }
}
