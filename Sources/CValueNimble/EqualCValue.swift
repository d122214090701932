public import CValueKit
public import Nimble

/// A Nimble matcher that succeeds when the actual C value equals the expected one field by field,
/// padding ignored and floating-point fields exact (or by the registry's default tolerance).
///
/// The values are Swift values of an imported C type. Without `encoding`, the registry derives the type
/// from the Swift type; give one when it cannot (a union, a bitfield, an anonymous member).
///
/// ```swift
/// expect(cv_point(x: 1, y: 2)).to(equalCValue(cv_point(x: 1, y: 2.5)))
/// // expected to equal C value <{.x = 1, .y = 2.5}>, got <{.x = 1, .y = 2}>
/// // cv_point values differ at 1 of 2 fields:
/// //   .y: 2 ≠ 2.5 (difference 0.5)
/// //   actual:   {.x = 1, .y = 2}
/// //   expected: {.x = 1, .y = 2.5}
/// ```
///
/// Values are shown as C initializers. A `ValueError` (an encoding that does not parse, a type that
/// cannot be derived) fails the expectation, with `.to` and `.toNot` alike, and says why.
///
/// Options (tolerances, live union members, ignored paths, field comparers) come as one
/// `ComparisonOptions` value:
///
/// ```swift
/// expect(received).to(
///   equalCValue(sent, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: messageEncoding))
/// ```
///
/// - Parameters:
///   - expected: The value the actual one should equal.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
/// - Returns: The matcher.
public func equalCValue<Value>(
  _ expected: Value, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared
) -> Matcher<Value> {
  Matcher.define { actualExpression in
    try CValueMatch.result(
      actualExpression, expected: expected, expectation: "equal C value", qualifier: "",
      options: options, encoding: encoding,
      registry: registry)
  }
}
