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
  static let format = 2
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
      let kept = Kept(imported, types: types, binary: identity.line, reader: reader)
    else { return }
    let target = file(for: path, types: types, identity: identity, in: directory)
    guard TypeIndexCache.writeInPlace(Array(kept.text.utf8), to: target, directory: directory) else { return }
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
  /// for), and the imported types, encodings as text.
  ///
  /// The file is lines of tab-separated fields (`\\`, tab and newline escaped in each), not JSON: every test
  /// process of a suite reads its kept reads, and `JSONDecoder`'s first use in a process (its generic
  /// containers made for each `Codable` type) was 9% of such a process. A layout override, rare, is the one
  /// part kept as JSON, decoded only when a record has one. The last line is `end`: a file cut short at a
  /// line's end is not taken for a read with fewer types. A file (its fields apart by tabs):
  ///
  /// ```
  /// cvalue kept read 2
  /// binary  identity 61559824 1795959281 620552305 16417592 65024
  /// reader  identity 16781168 1795958943 692532217 16417826 65024
  /// abi     x86_64-linux
  /// kind    debug info
  /// type    struct unit_0_1
  /// detail  target  x86_64-linux-gnu
  /// record  struct unit_0_1  {unit_0_1="id"q"tail"[2C]}  16  8  inferred  +unit_0.c  -
  /// end
  /// ```
  private struct Kept {
    struct Record {
      var name: String
      var encoding: String
      /// The override as JSON.
      var override: String?
      var size: Int
      var alignment: Int
      var alignmentSource: String
      var place: String?
    }
    struct Enumeration {
      var record: String
      var member: String
      var name: String?
      var constants: [(name: String, value: Int64)]
    }

    static var magic: String { "cvalue kept read \(TypeReadCache.format)" }

    var binary = ""
    var reader = ""
    var types: [String] = []
    var records: [Record] = []
    var typedefs: [(name: String, encoding: String)] = []
    var enumerations: [Enumeration] = []
    var skipped: [String: String] = [:]
    var unimportable: [String] = []
    var abi = ""
    var kind = ""
    var arguments: [String] = []
    var details: [String: String] = [:]

    /// `nil` for types of an ABI that is not one of ``ABI/all`` (no name reads it back).
    init?(_ imported: ImportedTypes, types: [String], binary: String, reader: String) {
      guard ABI.all.first(where: { $0.name == imported.abi.name }) == imported.abi else { return nil }
      self.binary = binary
      self.reader = reader
      self.types = types
      for record in imported.records {
        var override: String?
        if let layout = record.override {
          guard let json = try? JSONEncoder().encode(OverrideJSON(layout)) else { return nil }
          override = String(decoding: json, as: UTF8.self)
        }
        records.append(
          Record(
            name: record.name, encoding: record.encoding.description, override: override, size: record.size,
            alignment: record.alignment, alignmentSource: record.alignmentSource.rawValue, place: record.place))
      }
      typedefs = imported.typedefs.map { ($0.name, $0.encoding.description) }
      enumerations = imported.enumerations.map {
        Enumeration(
          record: $0.record, member: $0.member, name: $0.enumeration.name,
          constants: $0.enumeration.constants.map { ($0.name, $0.value) })
      }
      skipped = imported.skipped
      unimportable = imported.unimportable.sorted()
      abi = imported.abi.name
      kind = imported.origin.kind
      arguments = imported.origin.arguments
      details = imported.origin.details
    }

    /// The file's text.
    var text: String {
      var lines = [Self.magic]
      func line(_ fields: String...) { lines.append(fields.joined(separator: "\t")) }
      func optional(_ text: String?) -> String { text.map { "+" + Self.escape($0) } ?? "-" }
      line("binary", Self.escape(binary))
      line("reader", Self.escape(reader))
      line("abi", Self.escape(abi))
      line("kind", Self.escape(kind))
      for type in types { line("type", Self.escape(type)) }
      for argument in arguments { line("argument", Self.escape(argument)) }
      for (key, value) in details.sorted(by: { $0.key < $1.key }) {
        line("detail", Self.escape(key), Self.escape(value))
      }
      for (key, value) in skipped.sorted(by: { $0.key < $1.key }) {
        line("skipped", Self.escape(key), Self.escape(value))
      }
      for name in unimportable { line("unimportable", Self.escape(name)) }
      for record in records {
        line(
          "record", Self.escape(record.name), Self.escape(record.encoding), String(record.size),
          String(record.alignment), Self.escape(record.alignmentSource), optional(record.place),
          optional(record.override))
      }
      for typedef in typedefs { line("typedef", Self.escape(typedef.name), Self.escape(typedef.encoding)) }
      for enumeration in enumerations {
        line(
          "enumeration", Self.escape(enumeration.record), Self.escape(enumeration.member), optional(enumeration.name))
        for constant in enumeration.constants { line("constant", Self.escape(constant.name), String(constant.value)) }
      }
      lines.append("end")
      return lines.joined(separator: "\n") + "\n"
    }

    /// The kept read a file holds, or `nil` when any line is not one this format writes, a field does not
    /// read, or the file does not end with its `end` line.
    init?(bytes: [UInt8]) {
      guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      guard lines.first == Substring(Self.magic), lines.popLast() == "", lines.popLast() == "end" else { return nil }
      for line in lines.dropFirst() {
        var fields: [String] = []
        for field in line.split(separator: "\t", omittingEmptySubsequences: false) {
          guard let value = Self.unescape(field) else { return nil }
          fields.append(value)
        }
        guard let kind = fields.first, readField(kind, Array(fields.dropFirst())) else { return nil }
      }
    }

    /// Takes one line's fields after its first; `false` when the line is not one this format writes.
    private mutating func readField(_ kind: String, _ fields: [String]) -> Bool {
      func optional(_ field: String) -> String?? {
        if field == "-" { return .some(nil) }
        guard field.hasPrefix("+") else { return nil }
        return .some(String(field.dropFirst()))
      }
      switch (kind, fields.count) {
      case ("binary", 1): binary = fields[0]
      case ("reader", 1): reader = fields[0]
      case ("abi", 1): abi = fields[0]
      case ("kind", 1): self.kind = fields[0]
      case ("type", 1): types.append(fields[0])
      case ("argument", 1): arguments.append(fields[0])
      case ("detail", 2): details[fields[0]] = fields[1]
      case ("skipped", 2): skipped[fields[0]] = fields[1]
      case ("unimportable", 1): unimportable.append(fields[0])
      case ("record", 7):
        guard let size = Int(fields[2]), let alignment = Int(fields[3]), let place = optional(fields[5]),
          let override = optional(fields[6])
        else { return false }
        records.append(
          Record(
            name: fields[0], encoding: fields[1], override: override, size: size, alignment: alignment,
            alignmentSource: fields[4], place: place))
      case ("typedef", 2): typedefs.append((fields[0], fields[1]))
      case ("enumeration", 3):
        guard let name = optional(fields[2]) else { return false }
        enumerations.append(Enumeration(record: fields[0], member: fields[1], name: name, constants: []))
      case ("constant", 2):
        guard let value = Int64(fields[1]), !enumerations.isEmpty else { return false }
        enumerations[enumerations.count - 1].constants.append((fields[0], value))
      default: return false
      }
      return true
    }

    /// `text` as one field: `\\`, tab and newline escaped.
    static func escape(_ text: String) -> String {
      guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 }) else { return text }
      var escaped = ""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\\\"
        case "\t": escaped += "\\t"
        case "\n": escaped += "\\n"
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped
    }

    /// A field's text, or `nil` for an escape this format does not write.
    static func unescape(_ field: Substring) -> String? {
      guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
      var text = ""
      var escaping = false
      for scalar in field.unicodeScalars {
        if escaping {
          switch scalar {
          case "\\": text += "\\"
          case "t": text += "\t"
          case "n": text += "\n"
          default: return nil
          }
          escaping = false
        } else if scalar == "\\" {
          escaping = true
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
      return escaping ? nil : text
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
        var override: LayoutOverride?
        if let json = record.override {
          guard let decoded = try? JSONDecoder().decode(OverrideJSON.self, from: Data(json.utf8)) else { return nil }
          override = decoded.override
        }
        result.records.append(
          .init(
            name: record.name, encoding: encoding, override: override, size: record.size,
            alignment: record.alignment, alignmentSource: source, place: record.place))
      }
      for typedef in typedefs {
        guard let encoding = try? TypeEncoding(typedef.encoding) else { return nil }
        result.typedefs.append(.init(name: typedef.name, encoding: encoding))
      }
      result.enumerations = enumerations.map {
        .init(
          record: $0.record, member: $0.member,
          enumeration: CEnumeration(name: $0.name, constants: $0.constants))
      }
      return result
    }
  }
}
