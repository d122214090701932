/// Messages that point at one byte of a line of input, the form every error with an offset uses:
///
/// ```
/// unterminated struct at offset 11 in "{CGPoint=dd"
///   {CGPoint=dd
///              ^
/// ```
public enum CaretDiagnostic {
  /// `headline`, then `input` on its own line and a caret under the byte at `offset`.
  ///
  /// - Parameters:
  ///   - headline: The message's first line.
  ///   - input: The text the offset counts into.
  ///   - offset: A UTF-8 byte offset into `input`; the caret stands under the character holding it.
  public static func render(_ headline: String, input: String, offset: Int) -> String {
    let column = escaped(String(decoding: input.utf8.prefix(max(0, offset)), as: UTF8.self)).count
    return "\(headline)\n  \(escaped(input))\n  \(String(repeating: " ", count: column))^"
  }

  /// The text with control characters written as `\u{…}` escapes, so that a message stays on its line and
  /// a caret lines up under it.
  public static func escaped(_ text: some StringProtocol) -> String {
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
}
