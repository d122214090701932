internal import CDwarf
import CValueKit

#if canImport(Glibc)
  import Glibc
#endif

/// Types read by name from a binary's debug info, kept so that the next read of the same names from the same
/// binary reads no DWARF: in memory for the process, and on disk beside the binary's type index
/// (``TypeIndexCache``, in the same directory) for the processes after it. A test suite run one test per
/// process (`gtest_discover_tests`, CTest) or forked per test then pays for a type's read once, not per test.
///
/// A kept read is used only when the binary is the very file it was read from (its size, modification time,
/// inode and device, as for an index) and the code reading it is the very code that read it (the file this
/// module was loaded from, checked alike): a new build of CValueKit reads again. Reads of a split build are
/// not kept (its `.dwo` files can change while the binary does not). Like the index, a kept read is
/// written whole and renamed into place, and a missing, damaged, stale or unwritable one only costs the time.
enum TypeReadCache {
  /// The version of the kept files' format.
  static let format = 3
  /// The most kept reads a directory holds: the least recently used beyond these are removed.
  static let limit = 2048
  /// The most reads a process keeps in memory (a process that reads more starts over).
  static let memoryLimit = 4096

  private struct Key: Hashable {
    var path: String
    var types: [String]
  }

  private static let memory = PThreadLock.Guarded<[Key: (identity: TypeIndexCache.Identity, types: ImportedTypes)]>(
    [:])

  /// The file this module's code was loaded from (the library, the tool or the test binary), as its identity
  /// line: a read kept by other code is not used. `nil` when it cannot be known: then nothing is kept on disk.
  static let reader: String? = {
    guard let name = cv_dwarf_image_path(#dsohandle),
      let identity = TypeIndexCache.Identity(path: String(cString: name))
    else { return nil }
    return identity.line
  }()

  /// The types read before from the file at `path`, which has `identity` now: from memory, else from the
  /// directory; `nil` when they were not kept, or were kept for another file or by other code.
  static func load(
    _ path: String, types: [String], identity: TypeIndexCache.Identity, directory: String? = TypeIndexCache.directory()
  ) -> ImportedTypes? {
    let key = Key(path: path, types: types)
    if let known = memory.withLock({ $0[key] }), known.identity == identity { return known.types }
    guard let imported = kept(path, types: types, identity: identity, directory: directory) else { return nil }
    remember(imported, key: key, identity: identity)
    return imported
  }

  /// The types read before from the file at `path` as the directory keeps them, as ``load(_:types:identity:directory:)``
  /// finds them when this process has not read them.
  static func kept(
    _ path: String, types: [String], identity: TypeIndexCache.Identity, directory: String?
  ) -> ImportedTypes? {
    guard let directory, let reader else { return nil }
    let file = file(for: path, types: types, identity: identity, in: directory)
    guard let bytes = read(file),
      let kept = Kept(bytes: bytes), kept.binary == identity.line, kept.reader == reader, kept.types == types,
      let imported = kept.imported(path: path)
    else { return nil }
    // Used now: the last to be pruned.
    utimensat(AT_FDCWD, file, nil, 0)
    return imported
  }

  /// Keeps `imported`, read from the file at `path` (which had `identity` when it was read) for `types`: in
  /// memory, and in the directory. A failure to write is silent.
  static func store(
    _ imported: ImportedTypes, path: String, types: [String], identity: TypeIndexCache.Identity,
    directory: String? = TypeIndexCache.directory()
  ) {
    remember(imported, key: Key(path: path, types: types), identity: identity)
    guard let directory, let reader,
      let text = Kept.text(imported, types: types, binary: identity.line, reader: reader)
    else { return }
    let target = file(for: path, types: types, identity: identity, in: directory)
    guard TypeIndexCache.writeInPlace(Array(text.utf8), to: target, directory: directory) else { return }
    // The directory is listed at the first store of a process and every 32nd after it, not at each.
    let stores = self.stores.withLock { count in
      count += 1
      return count
    }
    if stores % 32 == 1 { TypeIndexCache.prune(directory, suffix: ".read", limit: limit) }
  }

  private static let stores = PThreadLock.Guarded<Int>(0)

  private static func remember(_ imported: ImportedTypes, key: Key, identity: TypeIndexCache.Identity) {
    memory.withLock { memory in
      if memory.count >= memoryLimit { memory.removeAll() }
      memory[key] = (identity, imported)
    }
  }

  /// The kept read of `types` from the binary at `path`: beside its index file, named by the binary's build id
  /// (or path) and a hash of the names.
  static func file(for path: String, types: [String], identity: TypeIndexCache.Identity, in directory: String)
    -> String
  {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in types.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let index = TypeIndexCache.file(for: path, identity: identity, in: directory)
    return "\(index.dropLast(".types".count)).\(String(hash, radix: 16)).read"
  }

  private static func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 1 << 30 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return -1 }
        return pread(descriptor, base + done, buffer.count - done, off_t(done))
      }
      guard count > 0 else { return nil }
      done += count
    }
    return bytes
  }

  /// A kept read as its file holds it: what it is of (the binary, the code that read it, the names asked
  /// for), then the imported types as CValueKit writes them (`ImportedTypes.lines`: lines of tab-separated
  /// fields, not JSON, for a test process's sake), then `end`: a file cut short at a line's end is not taken
  /// for a read with fewer types. A file (its fields apart by tabs):
  ///
  /// ```
  /// cvalue kept read 3
  /// binary  identity 61559824 1795959281 620552305 16417592 65024
  /// reader  identity 16781168 1795958943 692532217 16417826 65024
  /// type    struct unit_0_1
  /// abi     x86_64-linux
  /// kind    debug info
  /// input   /build/program
  /// detail  target  x86_64-linux-gnu
  /// record  struct unit_0_1  {unit_0_1="id"q"tail"[2C]}  16  8  inferred  +unit_0.c  -
  /// end
  /// ```
  private struct Kept {
    static var magic: String { "cvalue kept read \(TypeReadCache.format)" }

    var binary = ""
    var reader = ""
    var types: [String] = []
    /// The imported types' lines, read only when the rest is what is asked for.
    var body: [Substring] = []

    /// The file's text for `imported`; `nil` when CValueKit cannot write it (an ABI no name reads back).
    static func text(_ imported: ImportedTypes, types: [String], binary: String, reader: String) -> String? {
      guard let body = imported.lines else { return nil }
      let header = [["binary", binary], ["reader", reader]] + types.map { ["type", $0] }
      let lines = [magic] + header.map(TabSeparatedLine.make) + body + ["end"]
      return lines.joined(separator: "\n") + "\n"
    }

    /// The kept read a file holds, or `nil` when it is not whole (its `end` line last) or its header lines do
    /// not read.
    init?(bytes: [UInt8]) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
      var lines = TabSeparatedLine.lines(text)
      guard lines.first == Substring(Self.magic), lines.popLast() == "", lines.popLast() == "end" else { return nil }
      var rest = lines.dropFirst()
      // The header's lines, up to the first of the types'.
      while let line = rest.first, let fields = TabSeparatedLine.fields(line), fields.count == 2 {
        switch fields[0] {
        case "binary": binary = fields[1]
        case "reader": reader = fields[1]
        case "type": types.append(fields[1])
        default: break
        }
        guard ["binary", "reader", "type"].contains(fields[0]) else { break }
        rest = rest.dropFirst()
      }
      body = Array(rest)
    }

    /// The imported types, read from the binary at `path`; `nil` when a line does not read back.
    func imported(path: String) -> ImportedTypes? {
      guard var imported = ImportedTypes(lines: body) else { return nil }
      imported.origin.inputs = [path]
      return imported
    }
  }
}
