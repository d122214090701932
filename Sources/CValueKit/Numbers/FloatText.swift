/// The one way a floating-point number is written in a description, a report or an option's text.
enum FloatText {
  /// The shortest text that reads back to `value` in its own type, without a trailing `.0`: `2`, `2.5`,
  /// `1e-09`, `-0.0`, `nan`, `-inf`.
  static func shortest<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) -> String {
    if value.isNaN { return value.sign == .minus ? "-nan" : "nan" }
    if value.isInfinite { return value.sign == .minus ? "-inf" : "inf" }
    if value == 0 { return value.sign == .minus ? "-0.0" : "0" }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
