import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// Type indexes kept on disk between processes: one file per binary, named by its build id (or its path when
/// it has none), in `CVALUEKIT_CACHE_DIR`, else `$XDG_CACHE_HOME/cvalue`, else `~/.cache/cvalue`; an empty
/// `CVALUEKIT_CACHE_DIR` turns it off.
///
/// The cache is never trusted and never needed: an index is used only when the binary's size, modification
/// time, inode and device and its number of units are the ones it was built from; a missing, unreadable,
/// damaged or stale one is built again, and a directory that cannot be written only costs the time. Each
/// index is written to a file of its own and renamed into place, so processes writing at once never leave a
/// half-written one.
enum TypeIndexCache {
  /// The first line of every index file, with its format's version.
  // 5: names with a generic lambda's parameters (`auto:15`) in their canonical spelling.
  static let magic = "cvalue type index 5"

  /// The directory indexes are kept in, or `nil` when the cache is off or there is nowhere to put it.
  static func directory(environment: [String: String]) -> String? {
    directory { environment[$0] }
  }

  /// The directory as the process's environment says, read with `getenv` (Foundation's environment copies
  /// every variable, at every read of a type).
  static func directory() -> String? {
    directory { name in getenv(name).map { String(cString: $0) } }
  }

  private static func directory(_ variable: (String) -> String?) -> String? {
    if let explicit = variable("CVALUEKIT_CACHE_DIR") { return explicit.isEmpty ? nil : explicit }
    if let cache = variable("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/cvalue" }
    if let home = variable("HOME"), home.hasPrefix("/") { return home + "/.cache/cvalue" }
    return nil
  }

  /// What a binary is on disk: an index built from another is not used.
  struct Identity: Equatable {
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var inode: UInt64
    var device: UInt64

    /// The file at `path` (followed through links, `/proc/self/exe` too), or `nil` when it cannot be read.
    init?(path: String) {
      var status = stat()
      guard stat(path, &status) == 0 else { return nil }
      size = Int64(status.st_size)
      modified = Int64(status.st_mtim.tv_sec)
      modifiedNanoseconds = Int64(status.st_mtim.tv_nsec)
      inode = UInt64(status.st_ino)
      device = UInt64(status.st_dev)
    }

    var line: String { "identity \(size) \(modified) \(modifiedNanoseconds) \(inode) \(device)" }
  }

  /// The index file for the binary at `path`, which is `identity` now: its GNU build id in hex, else a hash of
  /// its real path. Found once per process for each file: each type a test asserts on names it again, and the
  /// build id is read from the binary's section headers.
  static func file(for path: String, identity: Identity, in directory: String) -> String {
    if let known = names.withLock({ names in
      names.first { $0.path == path && $0.identity == identity && $0.directory == directory }?.file
    }) {
      return known
    }
    let file = file(for: path, in: directory)
    names.withLock { names in
      // A process reads few binaries; one that reads more starts over.
      if names.count >= 64 { names.removeAll() }
      names.append((path, identity, directory, file))
    }
    return file
  }

  /// The index file names found so far in this process: a list, not a dictionary, as there are few.
  private static let names = PThreadLock.Guarded<
    [(path: String, identity: Identity, directory: String, file: String)]
  >([])

  /// The index file for the binary at `path`: its GNU build id in hex, else a hash of its real path.
  static func file(for path: String, in directory: String) -> String {
    if let note = ELFSections.contents(of: ".note.gnu.build-id", in: path), note.count > 16 {
      let id = note[16...].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      return "\(directory)/\(id).types"
    }
    var real = path
    if let resolved = realpath(path, nil) {
      real = String(cString: resolved)
      free(resolved)
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in real.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "\(directory)/path-\(String(hash, radix: 16)).types"
  }

  /// The index kept for the binary at `path`, when there is one built from this very file.
  ///
  /// The number of units it was built for is checked when the file's DWARF is opened (``TypeIndex/unitCount``).
  static func load(for path: String, identity: Identity, directory: String? = directory()) -> TypeIndex? {
    guard let directory else { return nil }
    let file = file(for: path, identity: identity, in: directory)
    guard let kept = Kept(path: file), kept.header.hasPrefix("\(magic)\n\(identity.line)\nunits "),
      let unitCount = Int(kept.header.split(separator: "\n").last?.dropFirst("units ".count) ?? "")
    else { return nil }
    // Used now: the last to be pruned.
    utimensat(AT_FDCWD, file, nil, 0)
    return TypeIndex(kept: kept, unitCount: unitCount)
  }

  /// Keeps `index` for the binary at `path`; a failure is silent: the next process builds it again.
  static func store(_ index: TypeIndex, for path: String, identity: Identity, directory: String? = directory()) {
    guard let directory else { return }
    let text = format(index, identity: identity)
    guard writeInPlace(Array(text.utf8), to: file(for: path, identity: identity, in: directory), directory: directory)
    else { return }
    prune(directory)
  }

  /// Writes `bytes` to a file of its own in `directory` (made if need be) and renames it to `target`, so that
  /// processes writing at once never leave a half-written file; `false` when it could not.
  static func writeInPlace(_ bytes: [UInt8], to target: String, directory: String) -> Bool {
    guard makeDirectory(directory) else { return false }
    let temporary = "\(target).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    guard write(bytes, to: temporary) else {
      unlink(temporary)
      return false
    }
    guard rename(temporary, target) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  /// The most index files a directory keeps: each build of a binary has a build id of its own, and the
  /// least recently used beyond these are removed.
  static let limit = 64

  /// Removes the least recently used files whose names end in `suffix` (index files by default) beyond
  /// `limit`, by modification time, which ``load(for:identity:directory:)`` renews.
  static func prune(_ directory: String, suffix: String = ".types", limit: Int = limit) {
    // A name is read up to its NUL where the entry holds it: `entry.pointee.d_name` would copy all 256 bytes of
    // the field, past the end of an entry whose name is short (the last one of readdir's buffer).
    guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name), let stream = opendir(directory) else {
      return
    }
    var files: [(path: String, used: Int64)] = []
    while let entry = readdir(stream) {
      let name = String(cString: (UnsafeRawPointer(entry) + nameOffset).assumingMemoryBound(to: CChar.self))
      guard name.hasSuffix(suffix) else { continue }
      var status = stat()
      guard stat("\(directory)/\(name)", &status) == 0 else { continue }
      files.append(
        ("\(directory)/\(name)", Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)))
    }
    closedir(stream)
    guard files.count > limit else { return }
    for file in files.sorted(by: { $0.used < $1.used }).prefix(files.count - limit) { unlink(file.path) }
  }

  /// The lines an index file starts with: the format, the binary's identity and its number of units.
  static func header(identity: Identity, unitCount: Int) -> String {
    "\(magic)\n\(identity.line)\nunits \(unitCount)\n"
  }

  /// The index as text: the header, a line `D name fingerprint unit place` per definition, the names in byte
  /// order and each name's definitions first first, a line `I name` per incomplete tag in byte order, a line
  /// `U position section offset type-unit name` per unit (the position in ten digits, so that byte order is
  /// the units' order), and `end`. Fields are apart by tabs, each escaped as every kept file's are
  /// (`TabSeparatedLine`: a name or place holding a tab or a line break is one field), and in byte order as
  /// escaped, which is the order a lookup searches in.
  static func format(_ index: TypeIndex, identity: Identity) -> String {
    func escapedOrder(_ names: some Sequence<String>) -> [(name: String, escaped: String)] {
      names.map { ($0, TabSeparatedLine.escape($0)) }.sorted {
        $0.escaped.utf8.lexicographicallyPrecedes($1.escaped.utf8)
      }
    }
    var lines: [String] = []
    for (name, _) in escapedOrder(index.definitions.keys) {
      for definition in index.definitions[name] ?? [] {
        lines.append(
          TabSeparatedLine.make([
            "D", name, String(definition.fingerprint, radix: 16), String(definition.unit), definition.place,
          ]))
      }
    }
    for (name, _) in escapedOrder(index.incomplete) { lines.append(TabSeparatedLine.make(["I", name])) }
    for (position, unit) in index.units.enumerated() {
      lines.append(
        TabSeparatedLine.make([
          "U", Self.position(position), String(unit.location.section.rawValue), String(unit.location.offset, radix: 16),
          unit.isTypeUnit ? "1" : "0", unit.name,
        ]))
    }
    return header(identity: identity, unitCount: index.unitCount) + lines.joined(separator: "\n")
      + (lines.isEmpty ? "" : "\n") + "end\n"
  }

  /// A unit's position as its line writes it: ten digits.
  static func position(_ position: Int) -> String {
    let digits = String(position)
    return String(repeating: "0", count: max(0, 10 - digits.count)) + digits
  }

  private static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var bytes = bytes[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return false }
      bytes = bytes.dropFirst(count)
    }
    return true
  }

  /// Makes the directory and its parents; `false` when it is not there after.
  private static func makeDirectory(_ path: String) -> Bool {
    var prefix = ""
    for part in path.split(separator: "/") {
      prefix += "/" + part
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { return false }
    }
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
