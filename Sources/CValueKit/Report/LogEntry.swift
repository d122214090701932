/// One entry of a log: an assertion's verdict or a logged value, sent from a place in a program's source.
///
/// A door that reads a log (a target's log decoded on the host, `TargetLog` in CValueTargetLog) hands its
/// entries to the report, which writes them and what they add up to in any ``ReportFormat``:
///
/// ```swift
/// let entry = LogEntry(file: "test.c", line: 31, type: "struct reading", assertion: comparison)
/// print(LogEntry.report([entry], as: .text))
/// // test.c:31: passed: reading values are equal
/// // 1 assertion, 0 failed; 0 values logged
/// ```
public struct LogEntry: Hashable, Sendable {
  /// What the entry says: ``comparison`` for an assertion, ``value`` for a logged value.
  package enum Result: Hashable, Sendable {
    /// An assertion's verdict: equal or not, with every mismatching field.
    case assertion(Comparison)
    /// A logged value (or array of values) as a C initializer.
    case value(String)
  }

  /// The source file, as the compiler was given it (`__FILE__`).
  public var file: String
  /// The line (`__LINE__`).
  public var line: Int
  /// The type as the source spells it: `struct reading`, `uint16_t`.
  public var type: String
  /// The message the source gave the entry; empty for none.
  public var message: String
  /// Where the entry is in the log, as a byte offset; `nil` when the log does not say.
  public var offset: Int?
  /// How many values each side holds, for an entry of an array of values; `nil` for one value.
  public var count: Int?
  /// The verdict or the description.
  package var result: Result

  /// The verdict of an assertion entry; `nil` for a logged value.
  public var comparison: Comparison? {
    if case .assertion(let comparison) = result { return comparison }
    return nil
  }

  /// The C initializer of a logged value; `nil` for an assertion.
  public var value: String? {
    if case .value(let description) = result { return description }
    return nil
  }

  /// An assertion's entry: its verdict, with every mismatching field.
  ///
  /// ```swift
  /// LogEntry(file: "test.c", line: 31, type: "struct reading", assertion: comparison)
  /// // test.c:31: passed: reading values are equal
  /// ```
  ///
  /// - Parameters:
  ///   - file: The source file.
  ///   - line: The line.
  ///   - type: The type as the source spells it.
  ///   - message: The source's message; empty for none.
  ///   - offset: The entry's byte offset in the log, when it has one.
  ///   - count: How many values each side holds, for an array; `nil` for one value.
  ///   - assertion: The comparison the assertion made.
  public init(
    file: String, line: Int, type: String, message: String = "", offset: Int? = nil, count: Int? = nil,
    assertion: Comparison
  ) {
    self.init(
      file: file, line: line, type: type, message: message, offset: offset, count: count, result: .assertion(assertion))
  }

  /// A logged value's entry: the value (or array of values) as a C initializer.
  ///
  /// ```swift
  /// LogEntry(file: "test.c", line: 46, type: "uint16_t", count: 3, value: "{100, 200, 300}")
  /// // test.c:46: uint16_t[3] = {100, 200, 300}
  /// ```
  ///
  /// - Parameters:
  ///   - file: The source file.
  ///   - line: The line.
  ///   - type: The type as the source spells it.
  ///   - message: The source's message; empty for none.
  ///   - offset: The entry's byte offset in the log, when it has one.
  ///   - count: How many values, for an array; `nil` for one value.
  ///   - value: The description.
  public init(
    file: String, line: Int, type: String, message: String = "", offset: Int? = nil, count: Int? = nil,
    value: String
  ) {
    self.init(file: file, line: line, type: type, message: message, offset: offset, count: count, result: .value(value))
  }

  package init(
    file: String, line: Int, type: String, message: String, offset: Int?, count: Int?, result: Result
  ) {
    self.file = file
    self.line = line
    self.type = type
    self.message = message
    self.offset = offset
    self.count = count
    self.result = result
  }

  /// `file:line`, as a compiler names a place: `test.c:31`.
  public var location: String { "\(file):\(line)" }

  /// Whether this is an assertion whose values differ.
  public var failed: Bool {
    if case .assertion(let comparison) = result { return !comparison.isEqual }
    return false
  }

  /// Whether this is an assertion, passed or failed.
  var isAssertion: Bool {
    if case .assertion = result { return true }
    return false
  }

  /// The entries written in `format`: each entry's text (an assertion's verdict with the comparison's report,
  /// a logged value as a C initializer) and the ``summary(of:)`` line, or one schema 1 JSON object.
  ///
  /// ```swift
  /// LogEntry.report(entries, as: .json)
  /// // {"assertionCount":1,"entries":[{"comparison":{…},"file":"test.c","kind":"assertion",…}],"failedCount":0,…}
  /// ```
  ///
  /// The JSON object: `schema` 1, `assertionCount`, `failedCount`, `valueCount`, and `entries`, each with
  /// `kind` (`assertion` or `value`), `file`, `line`, `type`, `offset` when the entry has one, `count` for
  /// an array, `message` when there is one, and `comparison` (the comparison's schema 1 object, as
  /// ``Comparison/report(as:)`` writes it) or `description`. Keys are sorted.
  ///
  /// - Parameters:
  ///   - entries: The log's entries, in order.
  ///   - format: ``ReportFormat/text`` or ``ReportFormat/json``.
  /// - Returns: The text, without a final newline.
  public static func report(_ entries: [LogEntry], as format: ReportFormat) -> String {
    var text = ""
    format.writer.write(entries, to: &text)
    return text
  }

  /// The closing line of a log's text: `3 assertions, 1 failed; 2 values logged`.
  ///
  /// - Parameter entries: The log's entries.
  /// - Returns: The line.
  public static func summary(of entries: [LogEntry]) -> String { TextReport.summary(of: entries) }
}
