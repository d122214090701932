extension Comparison {
  /// Which values a text report shows after its fields.
  package enum ShownValues: Hashable, Sendable {
    /// Both whole values, as the comparison described them: `actual:` and `expected:` lines.
    case whole
    /// One element of each side of a comparison of arrays, in place of both whole arrays (which may be
    /// long): `actual[1]:` and `expected[1]:` lines.
    case element(index: Int, actual: String, expected: String)
    /// No values, the fields alone.
    case none
  }

  /// The result written in `format`: the ``report`` as text, or the schema 1 JSON object.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.resolve("double").compare(bytes: a, b)
  /// result.report(as: .text)  // double values differ at 1 of 1 field:\n  value: 20 ≠ 20.5 …
  /// result.report(as: .json)  // {"actual":"20","comparedFieldCount":1,…,"typeName":"double"}
  /// ```
  ///
  /// - Parameter format: ``ReportFormat/text`` or ``ReportFormat/json``.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat) -> String {
    write(as: format, headline: nil, values: .whole)
  }

  /// The result written in `format` under a headline of the caller's: what a test door shows, its own first
  /// line (the ``summary`` and the test's message, say) over the report's field lines and values.
  ///
  /// ```swift
  /// result.report(as: .text, headline: "snapshot “origin” differs: \(result.summary)")
  /// // snapshot “origin” differs: cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5)
  /// //   .y: 2 ≠ 2.5 (difference 0.5)
  /// //   actual:   {.x = 1, .y = 2}
  /// //   expected: {.x = 1, .y = 2.5}
  /// ```
  ///
  /// - Parameters:
  ///   - format: ``ReportFormat/text`` or ``ReportFormat/json``; the JSON object has no headline and is the
  ///     same whatever the headline.
  ///   - headline: The first line of the text.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat, headline: String) -> String {
    write(as: format, headline: headline, values: .whole)
  }

  /// ``report(as:headline:)`` with the values a door shows after the fields: one element of each array for a
  /// comparison of arrays, or none.
  package func report(as format: ReportFormat, headline: String, values: ShownValues) -> String {
    write(as: format, headline: headline, values: values)
  }

  private func write(as format: ReportFormat, headline: String?, values: ShownValues) -> String {
    var text = ""
    format.writer.write(self, headline: headline, values: values, to: &text)
    return text
  }

  /// Several lines for a test failure: the summary, each listed mismatch, and both values.
  public var report: String { report(as: .text) }

  /// The ``report``.
  public var description: String { report }

  /// One line: `CGRect values differ at .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`.
  public var summary: String { TextReport.summary(of: self) }
}

extension Mismatch {
  /// The mismatch's line in a report: where it is, then both values and what was applied:
  /// `.size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`, `value: 1 ≠ 2` for the value itself,
  /// `padding 36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: …> ≠ <4 bytes: …>` for padding bytes.
  public var description: String { TextReport.line(of: self) }
}
