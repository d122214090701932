// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two C values differ in at least one field, and fails showing the value they share when
/// they do not.
///
/// ```swift
/// XCTAssertCValuesNotEqual(moved, origin)
/// // failed - cv_point values are equal, but should differ
/// //   value: {.x = 0, .y = 0}
/// ```
///
/// - Parameters:
///   - actual: The value the code under test produced.
///   - expected: The value it should differ from.
///   - tolerance: How close floating-point fields may be and still count as equal.
///   - fieldTolerances: Tolerances for particular fields and everything inside them.
///   - unionMembers: The live member of unions, by the union's path (`[".body": "number"]`, see
///     `UnionMember`): only that member is compared and shown, and bytes only other members cover are not.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparators.
///   - message: Appended to the failure's first line.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesNotEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  fieldTolerances: [FieldPath: FloatTolerance] = [:], unionMembers: [FieldPath: UnionMember] = [:],
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.notEqual(
    actual, expected,
    options: ComparisonOptions(tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers),
    encoding: encoding, registry: registry, message: message()
  ).fail(file: file, line: line)
}
