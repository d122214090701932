// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two C values are equal field by field, and fails naming every field that differs.
///
/// The values are Swift values of an imported C type (or any plain-data Swift type with the C type's
/// layout). Without `encoding`, the registry derives the type from the Swift type; give one when it
/// cannot (a union, a bitfield, an anonymous member) or to compare under another type.
///
/// ```swift
/// func testCalibratedReading() {
///   let actual = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
///   let expected = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
///   XCTAssertCValuesEqual(actual, expected, within: .absolute(0.001))
/// }
/// ```
///
/// The failure text is the comparison's summary, the message after ` — `, then every mismatching field
/// and both values (XCTest puts `failed - ` before it):
///
/// ```
/// cv_point values differ at .y: 2.0 ≠ 2.5 (difference 0.5) — after scaling
///   .y: 2.0 ≠ 2.5 (difference 0.5)
///   actual:   {.x = 1, .y = 2}
///   expected: {.x = 1, .y = 2.5}
/// ```
///
/// A function cannot see its arguments' source text, so the failure carries the caller's file and line.
/// A `ValueError` (an encoding that does not parse, a type that cannot be derived, a size that does not
/// match) fails the test with its message, never throws or traps.
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should have produced.
///   - tolerance: How close floating-point fields must be; `nil` uses the registry's default tolerance.
///   - fieldTolerances: Tolerances for particular fields (`".value"`) and everything inside them.
///   - unionMembers: The live member of unions, by the union's path (`[".body": "number"]`, see
///     `UnionMember`): only that member is compared and shown, and bytes only other members cover are not.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparators.
///   - message: Appended to the failure's first line.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  fieldTolerances: [FieldPath: FloatTolerance] = [:], unionMembers: [FieldPath: UnionMember] = [:],
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.equal(
    actual, expected,
    options: ComparisonOptions(tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers),
    encoding: encoding, registry: registry, message: message()
  ).fail(file: file, line: line)
}

/// Asserts that the C values at two addresses are equal: one value each, or `count` consecutive values.
///
/// A NULL pointer fails. With a count, mismatches are reported by index and field path (`[3].y`) and
/// the first mismatching element of each side is shown. The arguments after `count` come in the order
/// every other assertion takes them.
///
/// ```swift
/// XCTAssertCValuesEqual(pointers: output, reference, count: 4, encoding: "{cv_point=dd}")
/// ```
///
/// - Parameters:
///   - actual: The first byte of the actual value or values.
///   - expected: The first byte of the expected value or values.
///   - count: How many consecutive values to compare; `nil` for one value.
///   - tolerance: How close floating-point fields must be; `nil` uses the registry's default tolerance.
///   - fieldTolerances: Tolerances for particular fields of one value (`".y"`).
///   - unionMembers: The live member of unions, by the union's path in one value (`[".body": "number"]`, see
///     `UnionMember`): only that member is compared and shown, and bytes only other members cover are not.
///   - encoding: The C type of one value, as an encoding or readable name.
///   - registry: The registry that resolves the type and holds your comparators.
///   - message: Appended to the failure's first line.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual(
  pointers actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int? = nil,
  within tolerance: FloatTolerance? = nil, fieldTolerances: [FieldPath: FloatTolerance] = [:],
  unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.equalPointees(
    actual, expected, count: count, encoding: encoding,
    options: ComparisonOptions(tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers),
    registry: registry, message: message()
  ).fail(file: file, line: line)
}
