/// The character classes of C's grammar, byte by byte, for every parser in the package.
///
/// Only ASCII counts: C (and the type-encoding grammar) has no other digits or letters, and a byte of UTF-8
/// past `0x7F` is never one of them, whatever Unicode calls the character it belongs to.
package enum ASCII {
  /// Whether the byte is a decimal digit, `0`…`9`.
  package static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// The value of a decimal digit, or `nil` for any other byte.
  package static func digitValue(_ byte: UInt8) -> UInt8? { isDigit(byte) ? byte - UInt8(ascii: "0") : nil }

  /// The value of a hexadecimal digit, `0`…`9`, `a`…`f` or `A`…`F`, or `nil` for any other byte.
  package static func hexDigitValue(_ byte: UInt8) -> UInt8? {
    if let value = digitValue(byte) { return value }
    let lowercase = byte | 0x20
    guard lowercase >= UInt8(ascii: "a"), lowercase <= UInt8(ascii: "f") else { return nil }
    return lowercase - UInt8(ascii: "a") + 10
  }

  /// Whether the byte is a letter, `a`…`z` or `A`…`Z`.
  package static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

  /// Whether the byte can start a C identifier: a letter or `_`.
  package static func isIdentifierStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == UInt8(ascii: "_") }

  /// Whether the byte can stand inside a C identifier: a letter, `_` or a digit.
  package static func isIdentifierCharacter(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

  /// Whether the whole text is one C identifier, such as `origin` or `uint8`.
  package static func isIdentifier(_ text: some StringProtocol) -> Bool {
    guard let first = text.utf8.first, isIdentifierStart(first) else { return false }
    return text.utf8.allSatisfy(isIdentifierCharacter)
  }

  /// The bytes as lowercase hexadecimal digits, two apiece without separators, first byte first: `0a1b`.
  package static func hexDigits(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.underestimatedCount * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
