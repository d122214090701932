import CValueKit
import CValueTesting
import Nimble

/// The body both C-value matchers share: the assertion core CValueTesting's assertions use
/// (`CValueCheck`) compares and describes; this only says it the way Nimble's own matchers do, with the
/// comparison's field-level report as the message's details.
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
      let found = try CValueCheck.compared(
        actual, expected, options: options, encoding: encoding, registry: registry)
      let message = "\(expectation) <\(found.expected)>\(qualifier)"
      guard let comparison = found.comparison, let actualText = found.actual else {
        return MatcherResult(status: .fail, message: .expectedCustomValueTo(message, actual: "<nil>"))
      }
      var expectationMessage = ExpectationMessage.expectedCustomValueTo(message, actual: "<\(actualText)>")
      if !comparison.isEqual { expectationMessage = expectationMessage.appended(details: comparison.report) }
      return MatcherResult(bool: comparison.isEqual, message: expectationMessage)
    } catch {
      return MatcherResult(status: .fail, message: .fail("cannot compare C values: \(error)"))
    }
  }
}
