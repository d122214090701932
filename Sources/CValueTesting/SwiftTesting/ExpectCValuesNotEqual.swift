public import CValueKit
public import Testing

/// Expects two C values to differ in at least one field, and records an issue showing the value they
/// share when they do not.
///
/// ```swift
/// expectCValuesNotEqual(moved, origin)
/// // cv_point values are equal, but should differ
/// //   value: {.x = 0, .y = 0}
/// ```
///
/// With a tolerance, values within it count as equal, so the expectation asks for a difference larger
/// than the tolerance.
///
/// The arguments are `expectCValuesEqual`'s, in the same order, and mean the same.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should differ from.
///   - tolerance: How close floating-point fields may be and still count as equal; it wins over
///     `options.tolerance`.
///   - options: How the values are compared (`ComparisonOptions`, documented there).
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The comparison, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCValuesNotEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  CValueCheck.values(
    actual, expected, shouldBeEqual: false, options: options.within(tolerance), encoding: encoding, registry: registry,
    message: comment.text
  ).record(sourceLocation: sourceLocation)
}
