public import CValueKit
public import Testing

/// Expects two C values to be equal field by field, and records an issue naming every field that differs.
///
/// The values are Swift values of an imported C type (or any plain-data Swift type with the C type's
/// layout). Without `encoding`, the registry derives the type from the Swift type; give one when it
/// cannot (a union, a bitfield, an anonymous member) or to compare under another type.
///
/// ```swift
/// @Test func calibratedReading() {
///   let actual = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
///   let expected = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
///   expectCValuesEqual(actual, expected, within: .absolute(0.001))
/// }
/// ```
///
/// When they differ, the comment is the comparison's summary, the caller's comment after ` — `,
/// then every mismatching field and both values:
///
/// ```
/// cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5) — after scaling
///   .y: 2 ≠ 2.5 (difference 0.5)
///   actual:   {.x = 1, .y = 2}
///   expected: {.x = 1, .y = 2.5}
/// ```
///
/// A function cannot see its arguments' source text, so the issue carries the caller's file, line and
/// column instead. A `ValueError` (an encoding that does not parse, a type that cannot be derived, a
/// size that does not match) is recorded as an issue too, never thrown or trapped.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should have produced.
///   - tolerance: How close floating-point fields must be; it wins over `options.tolerance`, and with
///     neither the registry's default tolerance applies.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type as an encoding or readable name (`"{cv_point=dd}"`, `"rect"`); `nil` derives
///     it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The comparison, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCValuesEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  CValueCheck.values(
    actual, expected, shouldBeEqual: true, options: options.within(tolerance), encoding: encoding, registry: registry,
    message: comment.text
  ).record(sourceLocation: sourceLocation)
}

/// Expects the C values at two addresses to be equal: one value each, or `count` consecutive values.
///
/// Use it for memory a C API hands back: the encoding says what is there. A NULL pointer is an issue.
///
/// ```swift
/// expectCValuesEqual(pointers: output, expectedBytes.baseAddress, count: 4, encoding: "{cv_point=dd}")
/// ```
///
/// With a count, mismatches are reported by index and field path (`[3].y`), the first mismatching
/// element of each side is shown, and at most `ComparisonOptions/maximumReportedMismatches` fields are
/// listed. The arguments after `count` come in the order every other assertion takes them.
///
/// - Parameters:
///   - actual: The first byte of the actual value or values.
///   - expected: The first byte of the expected value or values.
///   - count: How many consecutive values to compare; `nil` for one value.
///   - tolerance: How close floating-point fields must be; it wins over `options.tolerance`, and with
///     neither the registry's default tolerance applies.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type of one value, as an encoding or readable name.
///   - registry: The registry that resolves the type and holds your comparers.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The comparison, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCValuesEqual(
  pointers actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int? = nil,
  within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared,
  _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  CValueCheck.equalPointees(
    actual, expected, count: count, encoding: encoding,
    options: options.within(tolerance),
    registry: registry, message: comment.text
  ).record(sourceLocation: sourceLocation)
}
