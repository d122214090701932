import CValueKit

/// Bytes written as hex on the command line, and printed back the same way.
///
/// Digits are upper or lower case. Spaces, tabs, `_` and `:` may separate groups of digits, and a group may
/// start with `0x`; each group holds whole bytes, two digits apiece, first byte first. `cvalue encode` prints
/// what `cvalue describe` and `cvalue compare` read: lowercase digits, no separators.
enum HexBytes {
  /// The bytes `text` spells.
  ///
  /// - Parameters:
  ///   - text: The argument as given, e.g. `0000803f 00000040`.
  ///   - argument: How messages name the argument, e.g. `<actual>`.
  /// - Throws: ``BadInput`` naming the offending character or group, its byte offset, and a caret under it.
  static func parse(_ text: String, argument: String) throws(BadInput) -> [UInt8] {
    let input = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.count / 2)
    var index = 0
    while index < input.count {
      if isSeparator(input[index]) {
        index += 1
        continue
      }
      let groupStart = index
      if input[index] == UInt8(ascii: "0"), index + 1 < input.count, input[index + 1] | 0x20 == UInt8(ascii: "x") {
        index += 2
      }
      let digitsStart = index
      var high: UInt8?
      while index < input.count, !isSeparator(input[index]) {
        guard let value = ToolText.hexDigitValue(input[index]) else {
          throw problem("invalid hex digit '\(character(at: index, in: input))'", at: index, in: text, argument)
        }
        if let first = high {
          bytes.append(first << 4 | value)
          high = nil
        } else {
          high = value
        }
        index += 1
      }
      let count = index - digitsStart
      if count == 0 {
        throw problem("'0x' without hex digits", at: groupStart, in: text, argument)
      }
      if high != nil {
        throw problem("odd number of hex digits (\(count))", at: digitsStart, in: text, argument)
      }
    }
    return bytes
  }

  /// The bytes as lowercase hex digits without separators: `0000803f`.
  static func format(_ bytes: some Sequence<UInt8>) -> String { ToolText.hexDigits(bytes) }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
  }

  /// The whole character that starts at a byte offset; the parser only stops at ASCII bytes, so `offset` is
  /// always the start of one.
  private static func character(at offset: Int, in input: [UInt8]) -> String {
    let rest = String(decoding: input[offset...], as: UTF8.self)
    return ToolText.escaped(rest.first.map(String.init) ?? "")
  }

  private static func problem(_ problem: String, at offset: Int, in text: String, _ argument: String) -> BadInput {
    BadInput(diagnostic: ToolText.caretDiagnostic(problem, offset: offset, in: text, named: argument))
  }
}
