public import CValueKit

extension TargetLog {
  /// The log written in `format`: each entry's text (an assertion's verdict with the comparison's report, a
  /// logged value as a C initializer) and a closing count, or one schema 1 JSON object, as CValueKit's report
  /// writes any log's entries (`LogEntry.report(_:as:)`).
  ///
  /// ```text
  /// test.c:31: passed: struct reading values are equal
  /// test.c:33: failed: struct reading values differ at .volts: 3.3 ≠ 3.301 (difference 0.001)
  ///   .volts: 3.3 ≠ 3.301 (difference 0.001)
  ///   actual:   {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
  ///   expected: {.channel = 1, .raw = -5, .volts = 3.301, .mode = MODE_RUN}
  /// test.c:35: struct reading = {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
  /// 2 assertions, 1 failed; 1 value logged
  /// ```
  ///
  /// The JSON object: `schema` 1, `assertionCount`, `failedCount`, `valueCount`, and `entries`, each with
  /// `kind` (`assertion` or `value`), `file`, `line`, `type`, `offset` (the record's byte offset in the log),
  /// `count` for the array forms, `message` when the site has one, and `comparison` (the comparison's schema
  /// 1 object, as `cvalue compare --json` prints it) or `description`. Keys are sorted.
  ///
  /// - Parameter format: `ReportFormat.text` or `ReportFormat.json`.
  /// - Returns: The text, without a final newline.
  public func report(as format: ReportFormat) -> String {
    LogEntry.report(entries.map(\.logEntry), as: format)
  }

  /// The closing line: `3 assertions, 1 failed; 2 values logged`.
  public var summary: String { LogEntry.summary(of: entries.map(\.logEntry)) }
}

extension TargetLog.Entry {
  /// The entry as the report writes it: its site's place, type and message, its offset in the log, and the
  /// count of an array form.
  var logEntry: LogEntry {
    let isArray = site.kind == .assertionArray || site.kind == .valueArray
    let count = isArray ? count : nil
    switch result {
    case .assertion(let comparison):
      return LogEntry(
        file: site.file, line: site.line, type: site.type, message: site.message, offset: offset, count: count,
        assertion: comparison)
    case .value(let description):
      return LogEntry(
        file: site.file, line: site.line, type: site.type, message: site.message, offset: offset, count: count,
        value: description)
    }
  }
}
