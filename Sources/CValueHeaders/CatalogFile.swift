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

/// Imported types as a JSON file that a `TypeCatalog` loads without their source: for machines that have
/// no libclang, and to pin the layouts of a set of headers in a repository.
///
/// The file holds an `ImportedTypes` value, whatever made it: the records (encodings with C's member
/// names, and the layout as an override where the encoding cannot carry it), the typedef names, the
/// constants of members declared with an enum type, what was left out and why, the ABI the layouts are
/// for, and where the types came from (for headers: the headers, clang's arguments, target triple and
/// version). It is written with sorted keys and one value a line, so that a regenerated file diffs line by
/// line.
///
/// ```swift
/// let catalog = TypeCatalog()
/// let file = CatalogFile(try catalog.importHeaders(["netinet/tcp.h", "netinet/ip.h"]))
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
  /// The types the file holds.
  public var types: ImportedTypes

  /// The file of imported types, in the format this version writes.
  ///
  /// ```swift
  /// let file = CatalogFile(try catalog.importHeaders(["sys/epoll.h"]))
  /// ```
  ///
  /// - Parameter types: The types, as `TypeCatalog.importHeaders(_:arguments:types:)` or another source
  ///   made them.
  public init(_ types: ImportedTypes) {
    self.formatVersion = Self.currentFormatVersion
    self.types = types
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
  /// file.types.records.count   // 27
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
