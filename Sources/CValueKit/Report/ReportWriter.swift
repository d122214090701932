/// One output format's writer: the only place a format spells the library's results.
///
/// Every report CValueKit makes is written through this seam, fed from values alone — a ``Comparison``,
/// a ``CLayout``, a described value, a log's entries — as swift-testing's event recorders are fed from
/// events and libabigail's reporters from one diff tree. A writer computes nothing about the values; it
/// only spells them. The doors (test assertions, snapshots, the C library, the tool, a target's log) choose
/// a ``ReportFormat`` and supply at most a headline of their own, so that the same bytes read the same at
/// every door, and a new format is one writer and one case of ``ReportFormat``.
///
/// A layout is written line by line as it is made, ending with a newline, so that one of millions of fields
/// starts at once in bounded memory; the other reports are one text a door places, without a final newline.
protocol ReportWriter {
  /// A comparison's report.
  ///
  /// - Parameters:
  ///   - comparison: The result.
  ///   - headline: The first line of a format that has one: a door's own (the summary and a test's message,
  ///     say); `nil` for the format's own.
  ///   - values: Which values a format that shows them shows after the fields.
  ///   - output: Where the text goes.
  func write(
    _ comparison: Comparison, headline: String?, values: Comparison.ShownValues, to output: inout some TextOutputStream)

  /// A layout: every field, where it lies and what it is, and the padding.
  ///
  /// - Parameters:
  ///   - layout: The layout.
  ///   - name: The name the type was asked by, for a format that shows it; `nil` for none.
  ///   - alignmentSource: How the record's alignment was known (`natural`, `attribute`, `unknown`, …).
  ///   - output: Where the text goes, ending with a newline.
  func write(_ layout: CLayout, name: String?, alignmentSource: String, to output: inout some TextOutputStream)

  /// A value's description: its C initializer, and for a format that lists them, its leaves.
  func write(_ description: DescribedValue, to output: inout some TextOutputStream)

  /// A log's entries, in order, and what they add up to.
  func write(_ entries: [LogEntry], to output: inout some TextOutputStream)
}
