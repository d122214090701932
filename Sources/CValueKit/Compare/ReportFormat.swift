/// How a result is written out: the text a person reads, or the JSON a program reads.
///
/// The library owns both forms, so that a Swift caller, a C caller (`cv_compare_json`) and the `cvalue`
/// tool (`--json`) print the same thing for the same result:
///
/// ```swift
/// let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected)
/// print(result.report(as: .json))
/// // {"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,…}
/// ```
///
/// The JSON is schema 1, as the <doc:JSONOutput> article documents it: one object on one line, keys sorted,
/// a key whose value is absent left out.
public enum ReportFormat: Hashable, Sendable {
  /// The text report: ``Comparison/report`` for a comparison, the C initializer for a description.
  case text
  /// One JSON object (schema 1) on one line, keys sorted.
  case json
}

extension Comparison {
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
    switch format {
    case .text: return report
    case .json: return ReportJSON.text(ReportJSON.object(self))
    }
  }
}
