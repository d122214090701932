/// How a result is written out: the text a person reads, or the JSON a program reads.
///
/// The library writes every report — of a comparison, a layout, a description, a log's entries — in the
/// format asked for, from the value alone, so that a Swift caller, a C caller (`cv_compare_report`) and the
/// `cvalue` tool (`--format`) print the same thing for the same result:
///
/// ```swift
/// let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected)
/// print(result.report(as: .json))
/// // {"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,…}
/// ReportFormat(rawValue: "json")   // .json, as `cvalue --format json` names it
/// ```
///
/// The JSON is schema 1, as the <doc:JSONOutput> article documents it: one object on one line, keys sorted,
/// a key whose value is absent left out.
public enum ReportFormat: String, CaseIterable, Hashable, Sendable {
  /// The text report: ``Comparison/report`` for a comparison, a table for a layout, the C initializer for a
  /// description, a line an entry for a log.
  case text
  /// One JSON object (schema 1) on one line, keys sorted (a layout's in their documented order, a field a
  /// line).
  case json

  /// The format's writer: the one place a format is chosen.
  var writer: any ReportWriter {
    switch self {
    case .text: TextReport()
    case .json: JSONReport()
    }
  }

  /// A description in this format: `value` is the value described, with its C initializer (`text`, which the
  /// handle's `describe` calls pass first) and its leaves, which only a format that lists them reads.
  @usableFromInline
  func description(_ text: String, of value: () -> DescribedValue) -> String {
    var output = ""
    writer.write(value(), to: &output)
    return output
  }
}
