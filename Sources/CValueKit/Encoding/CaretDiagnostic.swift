/// Messages that point at one byte of a line of input, the form every error with an offset uses:
///
/// ```
/// unterminated struct at offset 11 in "{CGPoint=dd"
///   {CGPoint=dd
///              ^
/// ```
///
/// A value holds the parts of one such message: the problem, where it is (a field path when there is one),
/// the byte offset and the input. ``EncodingError``, value literal errors and the `cvalue` tool's hex reader
/// all word their messages through it, so that they read alike.
package struct CaretDiagnostic: Hashable, Sendable {
  /// The problem without its location, e.g. `unterminated struct`.
  package var problem: String
  /// The field the problem is in; empty when the input is one value, or not a value at all.
  package var field: FieldPath
  /// A UTF-8 byte offset into ``input``.
  package var offset: Int
  /// The text the offset counts into.
  package var input: String
  /// How the message names the input before quoting it, e.g. `<actual>`; `nil` to quote it alone.
  package var inputName: String?

  package init(
    _ problem: String, at field: FieldPath = FieldPath(), offset: Int, in input: String, named inputName: String? = nil
  ) {
    self.problem = problem
    self.field = field
    self.offset = offset
    self.input = input
    self.inputName = inputName
  }

  /// One line: the problem, the field, the byte offset and the input (control characters escaped), e.g.
  /// `300 does not fit in signed char at .x (offset 6 in "{.x = 300}")`.
  package var headline: String {
    let location = "offset \(offset) in \(inputName.map { "\($0) " } ?? "")\"\(Self.escaped(input))\""
    return field.components.isEmpty ? "\(problem) at \(location)" : "\(problem) at \(field) (\(location))"
  }

  /// The headline, then the input and a caret under the byte at the offset.
  package var rendered: String { Self.render(headline, input: input, offset: offset) }

  /// `headline`, then `input` on its own line and a caret under the byte at `offset`.
  ///
  /// - Parameters:
  ///   - headline: The message's first line.
  ///   - input: The text the offset counts into.
  ///   - offset: A UTF-8 byte offset into `input`; the caret stands under the character holding it.
  package static func render(_ headline: String, input: String, offset: Int) -> String {
    let column = escaped(String(decoding: input.utf8.prefix(max(0, offset)), as: UTF8.self)).count
    return "\(headline)\n  \(escaped(input))\n  \(String(repeating: " ", count: column))^"
  }

  /// The text with control characters written as `\u{…}` escapes, so that a message stays on its line and
  /// a caret lines up under it.
  package static func escaped(_ text: some StringProtocol) -> String {
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
