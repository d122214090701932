/// The tool's own small text rules: its messages quote arguments with control characters escaped and point a
/// caret at a byte, worded as CValueKit words its own (`EncodingError.caretDiagnostic`), and it reads hex and
/// C identifiers. The tool keeps them here rather than borrow CValueKit's `package` helpers, since it uses
/// the public API only, as a third-party tool would (Scripts/check-public-use.py).
enum ToolText {
  /// The text with control characters written as `\u{…}` escapes, so that a message stays on its line and
  /// a caret lines up under it.
  static func escaped(_ text: some StringProtocol) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `problem at offset N in <name> "input"`, then the input and a caret under the byte at `offset` (a
  /// UTF-8 offset).
  static func caretDiagnostic(_ problem: String, offset: Int, in input: String, named name: String) -> String {
    let column = escaped(String(decoding: input.utf8.prefix(max(0, offset)), as: UTF8.self)).count
    return "\(problem) at offset \(offset) in \(name) \"\(escaped(input))\"\n  \(escaped(input))\n  "
      + String(repeating: " ", count: column) + "^"
  }

  /// The value of an ASCII hex digit, upper or lower case; `nil` for any other byte.
  static func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// The bytes as lowercase hex digits, two apiece without separators, first byte first: `0a1b`.
  static func hexDigits(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// Whether the whole text is one C identifier, such as `tcphdr` or `uint8_t`.
  static func isIdentifier(_ text: some StringProtocol) -> Bool {
    func isStart(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) }
    guard let first = text.utf8.first, isStart(first) else { return false }
    return text.utf8.allSatisfy { isStart($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}
