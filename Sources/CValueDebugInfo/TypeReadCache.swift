internal import CDwarf
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
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
  static let format = 1
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
    let file = file(for: path, types: types, in: directory)
    guard let bytes = read(file),
      let kept = try? JSONDecoder().decode(Kept.self, from: Data(bytes)),
      kept.format == format, kept.binary == identity.line, kept.reader == reader, kept.types == types,
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
      let kept = Kept(imported, types: types, binary: identity.line, reader: reader),
      let data = try? JSONEncoder().encode(kept)
    else { return }
    let target = file(for: path, types: types, in: directory)
    guard TypeIndexCache.writeInPlace(Array(data), to: target, directory: directory) else { return }
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
  static func file(for path: String, types: [String], in directory: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in types.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let index = TypeIndexCache.file(for: path, in: directory)
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
  /// for), and the imported types, encodings as text.
  private struct Kept: Codable {
    struct Record: Codable {
      var name: String
      var encoding: String
      var override: OverrideJSON?
      var size: Int
      var alignment: Int
      var alignmentSource: String
      var place: String?
    }
    struct Typedef: Codable {
      var name: String
      var encoding: String
    }
    struct Constant: Codable {
      var name: String
      var value: Int64
    }
    struct Enumeration: Codable {
      var record: String
      var member: String
      var name: String?
      var constants: [Constant]
    }

    var format: Int
    var binary: String
    var reader: String
    var types: [String]
    var records: [Record]
    var typedefs: [Typedef]
    var enumerations: [Enumeration]
    var skipped: [String: String]
    var unimportable: [String]
    var abi: String
    var kind: String
    var arguments: [String]
    var details: [String: String]

    /// `nil` for types of an ABI that is not one of ``ABI/all`` (no name reads it back).
    init?(_ imported: ImportedTypes, types: [String], binary: String, reader: String) {
      guard ABI.all.first(where: { $0.name == imported.abi.name }) == imported.abi else { return nil }
      format = TypeReadCache.format
      self.binary = binary
      self.reader = reader
      self.types = types
      records = imported.records.map {
        Record(
          name: $0.name, encoding: $0.encoding.description, override: $0.override.map(OverrideJSON.init),
          size: $0.size, alignment: $0.alignment, alignmentSource: $0.alignmentSource.rawValue, place: $0.place)
      }
      typedefs = imported.typedefs.map { Typedef(name: $0.name, encoding: $0.encoding.description) }
      enumerations = imported.enumerations.map {
        Enumeration(
          record: $0.record, member: $0.member, name: $0.enumeration.name,
          constants: $0.enumeration.constants.map { Constant(name: $0.name, value: $0.value) })
      }
      skipped = imported.skipped
      unimportable = imported.unimportable.sorted()
      abi = imported.abi.name
      kind = imported.origin.kind
      arguments = imported.origin.arguments
      details = imported.origin.details
    }

    /// The imported types, read from the binary at `path`; `nil` when a part does not read back.
    func imported(path: String) -> ImportedTypes? {
      guard let abi = ABI.all.first(where: { $0.name == abi }) else { return nil }
      var result = ImportedTypes(
        skipped: skipped, unimportable: Set(unimportable), abi: abi,
        origin: .init(kind: kind, inputs: [path], arguments: arguments, details: details))
      for record in records {
        guard let encoding = try? TypeEncoding(record.encoding),
          let source = ImportedTypes.AlignmentSource(rawValue: record.alignmentSource)
        else { return nil }
        result.records.append(
          .init(
            name: record.name, encoding: encoding, override: record.override?.override, size: record.size,
            alignment: record.alignment, alignmentSource: source, place: record.place))
      }
      for typedef in typedefs {
        guard let encoding = try? TypeEncoding(typedef.encoding) else { return nil }
        result.typedefs.append(.init(name: typedef.name, encoding: encoding))
      }
      result.enumerations = enumerations.map {
        .init(
          record: $0.record, member: $0.member,
          enumeration: CEnumeration(name: $0.name, constants: $0.constants.map { ($0.name, $0.value) }))
      }
      return result
    }
  }
}
