internal import CDwarf
import CValueKit

/// A file opened once per process for reading types by name: its ``TypeIndex``, and its DWARF once a
/// type it holds is read, kept while the file on disk is unchanged. Every type after the first costs the
/// units that hold it; a name the file lacks costs a look in the index, and with an index kept on disk the
/// file's DWARF is never opened for it (glibc's debug file alone takes a quarter of a second to decompress).
///
/// libdw's handles are not for two threads at once: each file's reads take its own lock.
final class IndexedFile: @unchecked Sendable {
  // @unchecked: `file`, `units`, `index` and `scanned` are read and written under `lock` only.
  let path: String
  let identity: TypeIndexCache.Identity
  private let lock = PThreadLock()
  private let header: ELFHeader
  /// The file's DWARF, once a type it has is read.
  private var file: DwarfFile?
  /// Every unit, once walked (to build the index, or to find a split unit).
  private var units: DwarfFile.Units?
  private var index: TypeIndex
  /// The declarations of the units read so far, by position, with their C++ record names by DIE identity.
  private var scanned: [Int: (entries: [TypeDeclarations<Dwarf_Die>.Entry], names: [UInt64: String])] = [:]
  /// Where its index is kept.
  private let cache: String?

  private init(
    path: String, identity: TypeIndexCache.Identity, header: ELFHeader, file: DwarfFile?, units: DwarfFile.Units?,
    index: TypeIndex, cache: String?
  ) {
    self.path = path
    self.identity = identity
    self.header = header
    self.file = file
    self.units = units
    self.index = index
    self.cache = cache
  }

  /// The files opened so far, most recently used last; at most ``limit``, for a process that reads many.
  private static let files = PThreadLock.Guarded<[IndexedFile]>([])
  static let limit = 8
  /// The files that could not be opened, with why, while they are unchanged.
  private static let refused = PThreadLock.Guarded<
    [String: (identity: TypeIndexCache.Identity, error: DebugInfoError)]
  >(
    [:])

  /// The file at `path` with its index: the one this process has, else the one kept on disk for this very
  /// file, else built (and kept) from its DWARF; again when the file changed on disk.
  static func open(
    _ path: String, header: ELFHeader, cache: String? = TypeIndexCache.directory()
  ) throws(DebugInfoError) -> IndexedFile {
    guard let identity = TypeIndexCache.Identity(path: path) else { throw .fileNotFound(path) }
    if let known = try known(path, identity: identity) { return known }
    let result = try make(path, identity: identity, header: header, cache: cache)
    files.withLock { files in
      files.removeAll { $0.path == path }
      files.append(result)
      if files.count > limit { files.removeFirst(files.count - limit) }
    }
    return result
  }

  /// The file at `path` as this process already has it, while it is unchanged on disk, or `nil`; throws again
  /// why it could not be opened, for a file that could not: a type nowhere in the program is looked for in
  /// every loaded library, each time a new name is asked for, and this answers without reading one.
  static func known(_ path: String) throws(DebugInfoError) -> IndexedFile? {
    guard let identity = TypeIndexCache.Identity(path: path) else { return nil }
    return try known(path, identity: identity)
  }

  private static func known(_ path: String, identity: TypeIndexCache.Identity) throws(DebugInfoError) -> IndexedFile? {
    let known = files.withLock { files -> IndexedFile? in
      guard let position = files.firstIndex(where: { $0.path == path }) else { return nil }
      let file = files.remove(at: position)
      guard file.identity == identity else { return nil }
      files.append(file)
      return file
    }
    if let known { return known }
    if let refusal = refused.withLock({ $0[path] }), refusal.identity == identity { throw refusal.error }
    return nil
  }

  /// The file with its index as a new process finds it: kept on disk for this very file, else built (and
  /// kept).
  static func make(
    _ path: String, identity: TypeIndexCache.Identity, header: ELFHeader, cache: String?
  ) throws(DebugInfoError) -> IndexedFile {
    if let kept = TypeIndexCache.load(for: path, identity: identity, directory: cache) {
      return IndexedFile(
        path: path, identity: identity, header: header, file: nil, units: nil, index: kept, cache: cache)
    }
    let file = try Self.openDWARF(path, identity: identity)
    let units = file.units()
    let index = Self.build(file, units, path: path, header: header, identity: identity, cache: cache)
    return IndexedFile(
      path: path, identity: identity, header: header, file: file, units: units, index: index, cache: cache)
  }

  private static func openDWARF(_ path: String, identity: TypeIndexCache.Identity) throws(DebugInfoError) -> DwarfFile {
    do throws(DebugInfoError) {
      return try DwarfFile(path: path, libdw: LibDW.shared())
    } catch {
      // No debug info, or none libdw reads: said again at once for the same file (a type the executable
      // lacks is looked for in every loaded library, each time a new name is asked for).
      refused.withLock { $0[path] = (identity, error) }
      throw error
    }
  }

  /// The index of an opened file, kept on disk unless split units are missing (a `.dwo` put back later
  /// would hold types such an index lacks).
  private static func build(
    _ file: DwarfFile, _ units: DwarfFile.Units, path: String, header: ELFHeader, identity: TypeIndexCache.Identity,
    cache: String?
  ) -> TypeIndex {
    var reader = DieReader(file: file, header: header, units: units.units)
    let index = TypeIndex.build(&reader)
    if units.missingSplitFiles.isEmpty {
      TypeIndexCache.store(index, for: path, identity: identity, directory: cache)
    }
    return index
  }

  /// Where types read from it come from: the file, and the ELF header's target.
  var origin: ImportedTypes.Origin {
    .init(kind: "debug info", inputs: [path], details: ["target": header.triple])
  }

  /// Whether the file's DWARF has been opened (a name the index lacks never opens it).
  var isOpened: Bool { lock.withLock { file != nil } }

  /// Whether reads from it may be kept (``TypeReadCache``, in memory and on disk): not when it is a split build,
  /// whose `.dwo` files may change while the file does not, nor when split units were missing.
  var readsMayBeKept: Bool {
    lock.withLock {
      guard units?.missingSplitFiles.isEmpty ?? true else { return false }
      return !scanned.keys.contains { index.unit($0)?.location.section == .split }
    }
  }

  /// Reads `types` with the index, as ``DebugInfoImport/read(_:types:unit:)`` reads them from every unit: from
  /// a kept index, only the units holding them are found (by their offsets), none of the others walked.
  func read(_ types: [String], origin: ImportedTypes.Origin) throws(DebugInfoError) -> ImportedTypes {
    do {
      return try readByIndex(types, origin: origin)
    } catch .unknownType(let name, let file, let nearest) where nearest.isEmpty {
      // A miss names the nearest names the file has: a typo, or the other keyword.
      let names = lock.withLock { index.allNames }
      throw .unknownType(name, file: file, nearest: TypeIndex.nearest(to: name, in: names))
    }
  }

  private func readByIndex(_ types: [String], origin: ImportedTypes.Origin) throws(DebugInfoError) -> ImportedTypes {
    try lock.withLock { () throws(DebugInfoError) -> ImportedTypes in
      // A name the index has nowhere fails as the import pass fails it, without opening the DWARF (a kept
      // index is never of a build with split units missing: a name nowhere is unknown).
      if file == nil {
        for type in types {
          let names = index.names(for: type)
          guard names.found.isEmpty else { continue }
          if let incomplete = names.incomplete { throw .incompleteType(incomplete, file: path) }
          throw .unknownType(type, file: path)
        }
      }
      let file: DwarfFile
      if let known = self.file {
        file = known
      } else {
        file = try Self.openDWARF(path, identity: identity)
        self.file = file
      }
      var reader = DieReader(file: file, header: header, units: [])
      if let units {
        try units.checkSplitUnits(of: file)
        reader.missingSplitFiles = units.missingSplitFiles
        reader.missingSplitPackage = units.package
      }
      if let prepared = index.declarations(for: types, reader: &reader, scan: { scan($0, file: file, reader: &$1) }) {
        reader.prepared = prepared
      } else {
        // A kept index damaged where these types are, or of a file whose split units were found then and
        // are not now (or the other way round): built again from every unit, and kept again.
        let units = self.units ?? file.units()
        self.units = units
        try units.checkSplitUnits(of: file)
        reader.missingSplitFiles = units.missingSplitFiles
        reader.missingSplitPackage = units.package
        index = Self.build(file, units, path: path, header: header, identity: identity, cache: cache)
        scanned = [:]
        reader.prepared = index.declarations(for: types, reader: &reader) { scan($0, file: file, reader: &$1) }
      }
      return try ImportedTypes(reading: &reader, types: types, abi: header.abi, origin: origin)
    }
  }

  /// The declarations of the unit at `position` of the index, read once per process (a test's own C++ unit,
  /// with its framework's headers, takes tens of milliseconds), and the C++ names of its records given to
  /// `reader`; `nil` when the index does not describe this file.
  private func scan(_ position: Int, file: DwarfFile, reader: inout DieReader) -> [TypeDeclarations<Dwarf_Die>.Entry]? {
    if let known = scanned[position] {
      reader.qualifiedNames.merge(known.names) { mine, _ in mine }
      return known.entries
    }
    guard let unit = unit(at: position, in: file) else { return nil }
    var part = TypeDeclarations<Dwarf_Die>()
    var tags = DieReader.Tags()
    let before = reader.qualifiedNames
    reader.qualifiedNames = [:]
    reader.declarations(in: unit, into: &part, tags: &tags)
    let names = reader.qualifiedNames
    reader.qualifiedNames = before.merging(names) { mine, _ in mine }
    scanned[position] = (part.entries, names)
    return part.entries
  }

  /// The unit at `position` of the index: from the units walked, else found by its offset; a split unit
  /// walks them all (only the skeletons lead to it). `nil` when the index does not describe this file.
  private func unit(at position: Int, in file: DwarfFile) -> DwarfFile.Unit? {
    if let units {
      guard units.units.count == index.unitCount, position < units.units.count else { return nil }
      return units.units[position]
    }
    guard let entry = index.unit(position) else { return nil }
    guard entry.location.section != .split else {
      units = file.units()
      return unit(at: position, in: file)
    }
    return file.unit(at: entry.location, name: entry.name, isTypeUnit: entry.isTypeUnit)
  }
}
