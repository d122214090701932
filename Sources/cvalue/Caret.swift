import CValueKit

/// Messages that point at a place in an argument, in the form encoding errors use:
///
/// ```
/// invalid hex digit 'g' at offset 6 in <actual> "00 11 g2"
///   00 11 g2
///         ^
/// ```
enum Caret {
  /// `headline` with the quoted input after it, then the input and a caret under the byte at `offset`.
  static func diagnostic(_ headline: String, offset: Int, in input: String) -> String {
    CaretDiagnostic.render("\(headline) \"\(displayed(input))\"", input: input, offset: offset)
  }

  /// The text with control characters escaped, so that a message stays on its line.
  static func displayed(_ text: String) -> String { CaretDiagnostic.escaped(text) }
}
