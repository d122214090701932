import CValueKit

/// The failure text every assertion shows, shared by XCTest and Swift Testing so that it reads the same
/// in both.
///
/// The first line stands alone (it is what an editor shows beside the failing line) and ends with the
/// caller's message after ` — `; the lines after it are the comparison's report, rendered by the library
/// under that headline (`Comparison.report(as:headline:values:)`):
///
/// ```
/// cv_point values differ at .y: 2 ≠ 2.5 — after scaling
///   .y: 2 ≠ 2.5
///   actual:   {.x = 1, .y = 2}
///   expected: {.x = 1, .y = 2.5}
/// ```
enum FailureText {
  /// `text`, then ` — message` when there is a message.
  static func headline(_ text: String, message: String) -> String {
    message.isEmpty ? text : "\(text) — \(message)"
  }

  /// Values that should be equal and are not: the summary and the caller's message over the library's
  /// report (each listed mismatch, how many more there are, the ignored fields and both values).
  static func differ(_ comparison: Comparison, message: String) -> String {
    comparison.report(as: .text, headline: headline(comparison.summary, message: message))
  }

  /// Arrays whose elements differ: the summary and each listed mismatch, then the first mismatching
  /// element of each side rather than both whole arrays (which may be long).
  static func elementsDiffer(
    _ comparison: Comparison, firstElement: (index: Int, actual: String, expected: String)?, message: String
  ) -> String {
    comparison.report(
      as: .text, headline: headline(comparison.summary, message: message),
      values: firstElement.map { .element(index: $0.index, actual: $0.actual, expected: $0.expected) } ?? .none)
  }

  /// Values that should differ and are equal, with the value they share.
  static func equalButShouldDiffer(_ comparison: Comparison, value: String, message: String) -> String {
    let ignoring =
      comparison.ignoredPaths.isEmpty
      ? "" : " (ignoring \(comparison.ignoredPaths.map(\.description).joined(separator: ", ")))"
    return headline("\(comparison.typeName) values are equal\(ignoring), but should differ", message: message)
      + "\n  value: \(value)"
  }

  /// A value with non-zero padding: the summary and the caller's message over the library's report (one
  /// line a run of non-zero bytes with the fields it lies between).
  static func paddingNotZeroed(_ check: Comparison, message: String) -> String {
    check.report(as: .text, headline: headline(check.summary, message: message))
  }

  /// A padding check that could not be made.
  static func cannotCheckPadding(_ reason: String, message: String) -> String {
    headline("cannot check C padding: \(reason)", message: message)
  }

  /// Arrays of different lengths.
  static func countsDiffer(elementName: String, actual: Int, expected: Int, message: String) -> String {
    headline(
      "\(elementName) arrays differ in length: actual has \(actual) \(actual == 1 ? "element" : "elements"), "
        + "expected has \(expected)", message: message)
  }

  /// A comparison that could not be made: a bad encoding, a derivation failure, a size mismatch.
  static func cannotCompare(_ reason: String, message: String) -> String {
    headline("cannot compare C values: \(reason)", message: message)
  }

  /// A pointer that should be NULL and is not.
  static func notNull(_ pointer: UnsafeRawPointer, message: String) -> String {
    headline("expected a NULL pointer, got \(pointer)", message: message)
  }

  /// A pointer that should not be NULL and is.
  static func null(message: String) -> String {
    headline("expected a non-NULL pointer, got NULL", message: message)
  }

  /// How a resolved type is named in texts: the record's tag (`cv_point`) or the C spelling (`double`).
  static func name(of type: ValueType) -> String {
    type.type.record?.name ?? type.type.cTypeName
  }
}
