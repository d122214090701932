import Foundation

@testable import CValueKit

/// Helpers shared by the description and value-literal tests: layouts for the x86_64 Linux ABI (the
/// vectors' ABI, so the expectations hold on any host), bytes from hex and from Swift values.
enum DescribeFixture {
  static func layout(_ encoding: String, abi: ABI = .x86_64Linux) throws -> CLayout {
    try TypeCatalog.shared.layout(of: encoding, abi: abi)
  }

  /// `describe` of the bytes under the layout of `encoding`.
  static func describe(
    _ encoding: String, _ bytes: [UInt8], abi: ABI = .x86_64Linux, options: DescriptionOptions = .default
  ) throws -> String {
    let layout = try layout(encoding, abi: abi)
    precondition(bytes.count == layout.size, "\(bytes.count) bytes for \(encoding) of size \(layout.size)")
    return bytes.withUnsafeBytes { ValueDescriber(layout: layout, options: options).describe($0) }
  }

  /// `parse` of a literal under the layout of `encoding`, as hex.
  static func parse(_ encoding: String, _ literal: String, abi: ABI = .x86_64Linux) throws -> String {
    hex(try ValueLiteralParser(layout: layout(encoding, abi: abi)).parse(literal))
  }

  /// The error `parse` throws, or `nil`.
  static func parseError(_ encoding: String, _ literal: String, abi: ABI = .x86_64Linux) throws -> ValueLiteralError? {
    let parser = ValueLiteralParser(layout: try layout(encoding, abi: abi))
    do {
      _ = try parser.parse(literal)
      return nil
    } catch {
      return error
    }
  }

  static func bytes<T>(of value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

  static func bytes(hex text: String) -> [UInt8] {
    var result: [UInt8] = []
    var characters = Array(text.filter { !$0.isWhitespace })
    while characters.count >= 2 {
      result.append(UInt8(String(characters[0..<2]), radix: 16) ?? 0)
      characters.removeFirst(2)
    }
    return result
  }

  static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  static func hex<T>(of value: T) -> String { hex(bytes(of: value)) }

  /// The little-endian bytes of the low `count` bytes of an integer, as hex.
  static func hex(_ value: UInt128, bytes count: Int) -> String {
    hex((0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) })
  }
}
