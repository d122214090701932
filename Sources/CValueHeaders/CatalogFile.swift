public import CValueKit
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a header import registered, as a JSON file that a `TypeCatalog` loads without libclang:
/// for machines that have none, and to pin the layouts of a set of headers in a repository.
///
/// The file holds the records (encodings with C's member names, and clang's layout as an override where
/// the encoding cannot carry it), the typedef names, the constants of members declared with an enum type, the ABI the overrides are for with clang's target
/// triple and version, and the headers and clang arguments that produced it. It is written with sorted
/// keys and one value a line, so that a regenerated file diffs line by line.
///
/// ```swift
/// let catalog = TypeCatalog()
/// let headers = ["netinet/tcp.h", "netinet/ip.h"]
/// let file = try CatalogFile(catalog.importHeaders(headers), headers: headers, arguments: [])
/// try file.write(to: URL(fileURLWithPath: "tcp-ip.catalog.json"))
///
/// let elsewhere = TypeCatalog()   // no libclang needed from here on
/// try elsewhere.loadCatalogFile(at: URL(fileURLWithPath: "tcp-ip.catalog.json"))
/// let layout = try elsewhere.layout(of: "{tcphdr}")   // .th_sport … .th_flags … .urg_ptr
/// ```
public struct CatalogFile: Codable, Hashable, Sendable {
  /// The format this version of CValueHeaders writes. It also reads format 2, which wrote constants,
  /// typedefs and members' enumerations as objects (3 writes each as one string, `"LINK_UP = 3"`, which
  /// loads several times faster), and format 1, which wrote an enumeration's constants once per member
  /// that uses it; a file of a later format is refused with
  /// ``CatalogFileError/unsupportedFormatVersion(path:version:supported:)``.
  public static let currentFormatVersion = 3

  /// The version of the file's format (``currentFormatVersion`` when written by this version).
  public var formatVersion: Int
  /// The ABI the records' sizes and overrides are for: the one clang's target names.
  public var abi: ABI
  /// The target triple clang parsed for, e.g. `x86_64-unknown-linux-gnu`.
  public var target: String
  /// clang's version, e.g. `clang version 21.0.0`.
  public var clangVersion: String
  /// The headers as given to the import (names, paths, or C text).
  public var headers: [String]
  /// The clang arguments of the import (`-I`, `-D`, `-target`, …).
  public var arguments: [String]
  /// The records, nested ones before the records that contain them, as the import registered them.
  public var records: [HeaderImport.Record]
  /// The typedef names and the encodings they stand for, in declaration order.
  public var typedefs: [HeaderImport.Typedef]
  /// The enumerations of tagged records' members (`.state` of `struct link`), registered after the records.
  public var enumerations: [HeaderImport.Enumeration]

  /// The file of an import.
  ///
  /// ```swift
  /// let imported = try catalog.importHeaders(["sys/epoll.h"])
  /// let file = try CatalogFile(imported, headers: ["sys/epoll.h"], arguments: [])
  /// ```
  ///
  /// - Parameters:
  ///   - imported: What `TypeCatalog.importHeaders(_:arguments:types:)` returned.
  ///   - headers: The headers given to that import.
  ///   - arguments: The clang arguments given to that import.
  /// - Throws: ``CatalogFileError/unsupportedTarget(_:known:)`` when clang's target is not an ABI the
  ///   library describes, so that no file claims layouts for an ABI it cannot read back.
  public init(_ imported: HeaderImport, headers: [String], arguments: [String]) throws(CatalogFileError) {
    guard let abi = ABI(targetTriple: imported.target) else {
      throw .unsupportedTarget(imported.target, known: ABI.all.map(\.name))
    }
    self.formatVersion = Self.currentFormatVersion
    self.abi = abi
    self.target = imported.target
    self.clangVersion = imported.clangVersion
    self.headers = headers
    self.arguments = arguments
    self.records = imported.records
    self.typedefs = imported.typedefs
    self.enumerations = imported.enumerations
  }

  /// The file as JSON: sorted keys, two-space indentation, a newline at the end, as ``write(to:)`` writes it.
  public func encoded() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      // JSONEncoder writes an empty array over three lines, `[\n\n  ]`; JSON strings hold no raw newline,
      // so joining them touches nothing else. A pass over the bytes: a regex took a tenth of a large import.
      let json = try encoder.encode(self)
      var bytes: [UInt8] = []
      bytes.reserveCapacity(json.count + 1)
      json.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
        var index = 0
        while index < input.count {
          let byte = input[index]
          bytes.append(byte)
          index += 1
          guard byte == UInt8(ascii: "["), index + 1 < input.count, input[index] == 0x0A, input[index + 1] == 0x0A
          else { continue }
          var end = index + 2
          while end < input.count, input[end] == UInt8(ascii: " ") { end += 1 }
          if end < input.count, input[end] == UInt8(ascii: "]") { index = end }
        }
      }
      bytes.append(0x0A)
      return String(decoding: bytes, as: UTF8.self)
    } catch {
      // Every value is a string, an integer, an array or an object: JSONEncoder has nothing to refuse.
      preconditionFailure("a catalog file could not be encoded: \(error)")
    }
  }

  /// Writes the file as JSON (sorted keys, one value a line), replacing what is at `url`.
  ///
  /// ```swift
  /// try file.write(to: URL(fileURLWithPath: "types.json"))
  /// ```
  ///
  /// - Throws: ``CatalogFileError/unwritable(path:reason:)``.
  public func write(to url: URL) throws(CatalogFileError) {
    do {
      try Data(encoded().utf8).write(to: url, options: .atomic)
    } catch {
      throw .unwritable(path: url.path, reason: Self.reason(error))
    }
  }

  /// Reads and checks a catalog file: its JSON, format version, ABI, and that every encoding parses.
  /// Whether the catalog accepts the entries is checked when it loads them.
  ///
  /// ```swift
  /// let file = try CatalogFile.read(from: URL(fileURLWithPath: "types.json"))
  /// file.records.count   // 27
  /// ```
  ///
  /// - Throws: ``CatalogFileError`` naming the file, the JSON path or line and column, and the problem.
  public static func read(from url: URL) throws(CatalogFileError) -> CatalogFile {
    try decode(try contents(of: url.path), path: url.path)
  }

  /// The bytes of the file at `path`, read with `open` and `read`: FoundationEssentials' `Data(contentsOf:)`
  /// leaks its 4,096-byte buffer for a file whose size reads as 0 (an empty file, a pipe).
  private static func contents(of path: String) throws(CatalogFileError) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, into: $0) }
      if count == 0 { return data }
      guard count > 0 else {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      data.append(contentsOf: chunk[..<count])
    }
  }

  /// Decodes a catalog file's JSON, naming `path` in errors.
  package static func decode(_ data: Data, path: String) throws(CatalogFileError) -> CatalogFile {
    do {
      return try JSONDecoder().decode(CatalogFile.self, from: data)
    } catch let error as CatalogFileError {
      throw error.in(path)
    } catch let error as DecodingError {
      throw CatalogFileError(error, data: data, path: path)
    } catch {
      throw .invalidJSON(path: path, line: nil, column: nil, reason: "\(error)")
    }
  }

  /// The system's reason (`No such file or directory`) when Foundation has one under its own words.
  private static func reason(_ error: any Error) -> String {
    if let posix = (error as? CocoaError)?.underlying as? POSIXError {
      return String(cString: strerror(posix.code.rawValue))
    }
    if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
    return "\(error)"
  }
}

/// POSIX `read` into `buffer` (outside ``CatalogFile``, whose `read(from:)` would hide it).
private func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
  read(descriptor, buffer.baseAddress, buffer.count)
}
