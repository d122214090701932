internal import CDwarf
import CValueKit
import Synchronization

/// A file opened once per process for reading types by name: its DWARF, its units and its ``TypeIndex``,
/// kept while the file on disk is unchanged, so that every type after the first costs the units that hold it,
/// and a name the file lacks costs a look in the index.
///
/// libdw's handles are not for two threads at once: each file's reads take its own lock.
final class IndexedFile: Sendable {
  let path: String
  let identity: TypeIndexCache.Identity
  private let state: Mutex<State>

  struct State: ~Copyable {
    let file: DwarfFile
    let header: ELFHeader
    let units: DwarfFile.Units
    var index: TypeIndex
  }

  private init(path: String, identity: TypeIndexCache.Identity, state: consuming sending State) {
    self.path = path
    self.identity = identity
    self.state = Mutex(state)
  }

  /// The files opened so far, most recently used last; at most ``limit``, for a process that reads many.
  private static let opened = Mutex<[IndexedFile]>([])
  static let limit = 8
  /// The files that could not be opened, with why, while they are unchanged.
  private static let refused = Mutex<[String: (identity: TypeIndexCache.Identity, error: DebugInfoError)]>([:])

  /// The file at `path`, opened and indexed on first use (the index from the disk cache when it holds this
  /// file's), or again when the file changed on disk.
  static func open(_ path: String, header: ELFHeader) throws(DebugInfoError) -> IndexedFile {
    guard let identity = TypeIndexCache.Identity(path: path) else { throw .fileNotFound(path) }
    let known = opened.withLock { files -> IndexedFile? in
      guard let position = files.firstIndex(where: { $0.path == path }) else { return nil }
      let file = files.remove(at: position)
      guard file.identity == identity else { return nil }
      files.append(file)
      return file
    }
    if let known { return known }
    if let refusal = refused.withLock({ $0[path] }), refusal.identity == identity { throw refusal.error }
    let file: DwarfFile
    do throws(DebugInfoError) {
      file = try DwarfFile(path: path, libdw: LibDW.shared())
    } catch {
      // No debug info, or none libdw reads: said again at once for the same file (a type the executable
      // lacks is looked for in every loaded library, each time a new name is asked for).
      refused.withLock { $0[path] = (identity, error) }
      throw error
    }
    let units = file.units()
    var index: TypeIndex
    if let kept = TypeIndexCache.load(for: path, identity: identity, unitCount: units.units.count) {
      index = kept
    } else {
      var reader = DieReader(file: file, header: header, units: units.units)
      index = TypeIndex.build(&reader)
      TypeIndexCache.store(index, for: path, identity: identity)
    }
    let result = IndexedFile(
      path: path, identity: identity, state: State(file: file, header: header, units: units, index: index))
    opened.withLock { files in
      files.removeAll { $0.path == path }
      files.append(result)
      if files.count > limit { files.removeFirst(files.count - limit) }
    }
    return result
  }

  /// Reads `types` with the index, as ``DebugInfoImport/read(_:types:unit:)`` reads them from every unit.
  func read(_ types: [String], origin: ImportedTypes.Origin) throws(DebugInfoError) -> ImportedTypes {
    try state.withLock { (state) throws(DebugInfoError) -> ImportedTypes in
      try DebugInfoImport.checkSplitUnits(state.units, file: state.file)
      var reader = DieReader(file: state.file, header: state.header, units: state.units.units)
      reader.missingSplitFiles = state.units.missingSplitFiles
      if let prepared = state.index.declarations(for: types, reader: &reader) {
        reader.prepared = prepared
      } else {
        // A kept index damaged where this type is: built again, and kept again.
        var builder = DieReader(file: state.file, header: state.header, units: state.units.units)
        state.index = TypeIndex.build(&builder)
        TypeIndexCache.store(state.index, for: path, identity: identity)
        reader.prepared = state.index.declarations(for: types, reader: &reader)
      }
      return try ImportedTypes(reading: &reader, types: types, abi: state.header.abi, origin: origin)
    }
  }
}
