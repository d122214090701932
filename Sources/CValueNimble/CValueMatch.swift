import CValueKit
import Nimble

/// The body both C-value matchers share: compare with the registry and say it the way Nimble's own
/// matchers do, with the comparison's field-level report as the message's details.
///
/// No comparison logic lives here; everything is decided by `ValueType`.
enum CValueMatch {
  /// Matches `actualExpression` against `expected` under `options`.
  ///
  /// - Parameters:
  ///   - expectation: What the matcher expects, before the expected value: `equal C value`.
  ///   - qualifier: Said after the expected value, such as ` (within 0.001)`.
  static func result<Value>(
    _ actualExpression: Expression<Value>, expected: Value, expectation: String, qualifier: String,
    options: ComparisonOptions, encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry
  ) throws -> MatcherResult {
    let actual = try actualExpression.evaluate()
    do throws(ValueError) {
      let type: ValueType
      if let encoding {
        type = try registry.resolve(encoding)
      } else {
        type = try registry.resolve(swiftType: Value.self)
      }
      // The values are shown as the comparison's report shows them: by its live members.
      var shown = options.descriptionOptions
      shown.unionMembers.merge(options.unionMembers) { $1 }
      let expectedText = try type.describe(expected, options: shown)
      let message = "\(expectation) <\(expectedText)>\(qualifier)"
      guard let actual else {
        return MatcherResult(status: .fail, message: .expectedCustomValueTo(message, actual: "<nil>"))
      }
      let comparison = try type.compare(actual, expected, options: options)
      let actualText = try type.describe(actual, options: shown)
      var expectationMessage = ExpectationMessage.expectedCustomValueTo(message, actual: "<\(actualText)>")
      if !comparison.isEqual { expectationMessage = expectationMessage.appended(details: comparison.report) }
      return MatcherResult(bool: comparison.isEqual, message: expectationMessage)
    } catch {
      return MatcherResult(status: .fail, message: .fail("cannot compare C values: \(error)"))
    }
  }
}
