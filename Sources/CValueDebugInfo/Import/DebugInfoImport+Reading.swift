internal import CDwarf
public import CValueKit

#if canImport(Glibc)
  import Glibc
#endif

extension DebugInfoImport {
  /// Reads the records, typedefs and enumerations of an ELF file's DWARF, checked against CValueKit's
  /// layout, without registering them (`TypeCatalog.register(_:)` does).
  ///
  /// ```swift
  /// let imported = try DebugInfoImport.read("build/shapes.o", types: ["struct shape"])
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
  /// - Returns: The types, their origin `debug info` with the file as its input and the ELF header's target
  ///   (`details["target"]`), each record's compile unit as its `ImportedTypes/Record/place`.
  /// - Throws: ``DebugInfoError``, naming the file, the type or the units.
  public static func read(_ path: String, types: [String]? = nil, unit: String? = nil) throws(DebugInfoError)
    -> ImportedTypes
  {
    try read(path, types: types, unit: unit, indexed: true)
  }

  /// ``read(_:types:unit:)``, with types by name read through the file's ``TypeIndex`` or, when `indexed` is
  /// `false`, from every unit (what the index must answer alike).
  static func read(_ path: String, types: [String]?, unit: String?, indexed: Bool) throws(DebugInfoError)
    -> ImportedTypes
  {
    // Types by name read before from this very file, by this process or (kept on disk) another: no DWARF is
    // read. Else a file this process has read before (or could not), unchanged: nothing of it is read again.
    var identity: TypeIndexCache.Identity?
    if let types, unit == nil, indexed {
      identity = TypeIndexCache.Identity(path: path)
      if let identity, let kept = TypeReadCache.load(path, types: types, identity: identity) { return kept }
      if let known = try IndexedFile.known(path) {
        return keep(try known.read(types, origin: known.origin), from: known, types: types, identity: identity)
      }
    }
    let header = try ELFHeader.read(path)
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
    let origin = ImportedTypes.Origin(kind: "debug info", inputs: [path], details: ["target": header.triple])
    // Types by name, from every unit: through the file's index, built once per process (or kept on disk).
    if let types, unit == nil, indexed {
      let file = try IndexedFile.open(path, header: header)
      return keep(try file.read(types, origin: origin), from: file, types: types, identity: identity)
    }
    let file = try DwarfFile(path: path, libdw: LibDW.shared())
    let found = file.units()
    var units = found.units
    try found.checkSplitUnits(of: file)
    let missing = found.missingSplitFiles
    if let unit {
      // Type units belong to no one compile unit: the chosen one's records may be there.
      units = units.filter { $0.name == unit || $0.name.hasSuffix("/" + unit) || $0.isTypeUnit }
      guard units.contains(where: { !$0.isTypeUnit }) else { throw .unknownUnit(unit, file: path) }
    }
    var reader = DieReader(file: file, header: header, units: units)
    reader.missingSplitFiles = missing
    reader.missingSplitPackage = found.package
    return try ImportedTypes(reading: &reader, types: types, abi: header.abi, origin: origin)
  }

  /// `imported`, read from `file` for `types`, kept for the next read (``TypeReadCache``) when the file is
  /// still the one `identity` says and its reads may be kept.
  private static func keep(
    _ imported: ImportedTypes, from file: IndexedFile, types: [String], identity: TypeIndexCache.Identity?
  ) -> ImportedTypes {
    guard let identity, identity == file.identity, file.readsMayBeKept else { return imported }
    TypeReadCache.store(imported, path: file.path, types: types, identity: identity)
    return imported
  }
}
