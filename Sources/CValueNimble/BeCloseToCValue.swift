public import CValueKit
public import Nimble

/// A Nimble matcher that succeeds when every floating-point field of the actual C value is within a
/// tolerance of the expected one, and every other field is equal.
///
/// ```swift
/// let options = ComparisonOptions(fieldTolerances: [".value": .relative(1e-3)])
/// expect(reading).to(beCloseToCValue(expected, within: .absolute(0.001), options: options))
/// // expected to be close to C value <{.tag = 65, .value = 20, .count = 3, .unit = "C"}> (within 0.001;
/// // .value within 0.001 relative), got <{.tag = 65, .value = 20.5, .count = 3, .unit = "C"}>
/// // cv_reading values differ at 1 of 4 fields:
/// //   .value: 20.5 ≠ 20 (difference 0.5, tolerance 0.001 relative)
/// //   …
/// ```
///
/// Unlike Nimble's `beCloseTo`, nothing is close by default: give the tolerance (absolute, relative,
/// ULPs, NaN handling; see `FloatTolerance`).
///
/// - Parameters:
///   - expected: The value the actual one should be close to.
///   - tolerance: How close floating-point fields must be; it wins over `options.tolerance`.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
/// - Returns: The matcher.
public func beCloseToCValue<Value>(
  _ expected: Value, within tolerance: FloatTolerance, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared
) -> Matcher<Value> {
  let fields = options.fieldTolerances.sorted { $0.key.description < $1.key.description }
    .map { "; \($0.key) within \($0.value)" }.joined()
  return Matcher.define { actualExpression in
    try CValueMatch.result(
      actualExpression, expected: expected, expectation: "be close to C value",
      qualifier: " (within \(tolerance)\(fields))",
      options: options.within(tolerance),
      encoding: encoding, registry: registry)
  }
}
