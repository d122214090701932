import CValueKit

/// The failure text every assertion shows, shared by XCTest and Swift Testing so that it reads the same
/// in both.
///
/// The first line stands alone (it is what an editor shows beside the failing line) and ends with the
/// caller's message after ` — `; the lines after it are the comparison's field-level report, built from its
/// mismatches (each worded by the library) and values:
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

  /// Values that should be equal and are not: the summary, then each listed mismatch, how many more there
  /// are, the ignored fields and both values.
  static func differ(_ comparison: Comparison, message: String) -> String {
    var lines = [headline(comparison.summary, message: message)] + fieldLines(comparison)
    if let actual = comparison.actualDescription { lines.append("  actual:   \(actual)") }
    if let expected = comparison.expectedDescription { lines.append("  expected: \(expected)") }
    return lines.joined(separator: "\n")
  }

  /// Arrays whose elements differ: the summary and each listed mismatch, then the first mismatching
  /// element of each side rather than both whole arrays (which may be long).
  static func elementsDiffer(
    _ comparison: Comparison, firstElement: (index: Int, actual: String, expected: String)?, message: String
  ) -> String {
    var lines = [headline(comparison.summary, message: message)] + fieldLines(comparison)
    if let firstElement {
      lines.append("  actual[\(firstElement.index)]:   \(firstElement.actual)")
      lines.append("  expected[\(firstElement.index)]: \(firstElement.expected)")
    }
    return lines.joined(separator: "\n")
  }

  /// The report's lines for the fields: each listed mismatch (its own line, as the library words it), how
  /// many more mismatch, and the fields that were not compared.
  private static func fieldLines(_ comparison: Comparison) -> [String] {
    var lines = comparison.mismatches.map { "  \($0)" }
    lines += more(comparison)
    if !comparison.ignoredPaths.isEmpty {
      lines.append("  ignored: \(comparison.ignoredPaths.map(\.description).joined(separator: ", "))")
    }
    return lines
  }

  /// `  … and 3 more` when mismatches were counted but not listed.
  private static func more(_ comparison: Comparison) -> [String] {
    let unlisted = comparison.mismatchCount - comparison.mismatches.count
    return unlisted > 0 ? ["  … and \(unlisted) more"] : []
  }

  /// Values that should differ and are equal, with the value they share.
  static func equalButShouldDiffer(_ comparison: Comparison, value: String, message: String) -> String {
    let ignoring =
      comparison.ignoredPaths.isEmpty
      ? "" : " (ignoring \(comparison.ignoredPaths.map(\.description).joined(separator: ", ")))"
    return headline("\(comparison.typeName) values are equal\(ignoring), but should differ", message: message)
      + "\n  value: \(value)"
  }

  /// A value with non-zero padding: the summary, the caller's message, then one line a run of non-zero
  /// bytes with the fields it lies between.
  static func paddingNotZeroed(_ check: Comparison, message: String) -> String {
    var lines = [headline(check.summary, message: message)]
    for run in check.mismatches {
      let range = run.paddingRange ?? run.offset..<run.offset
      lines.append("  \(range) (\(run.paddingNeighbours ?? "no field")): \(run.actual)")
    }
    return (lines + more(check)).joined(separator: "\n")
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
