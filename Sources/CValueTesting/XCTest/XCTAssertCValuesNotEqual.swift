// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two C values differ in at least one field, and fails showing the value they share when
/// they do not.
///
/// The XCTest form of `expectCValuesNotEqual`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCValuesNotEqual(moved, origin)
/// // failed - cv_point values are equal, but should differ
/// //   value: {.x = 0, .y = 0}
/// ```
///
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesNotEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.values(
    actual, expected, shouldBeEqual: false, options: options.within(tolerance), encoding: encoding, registry: registry,
    message: message()
  ).fail(file: file, line: line)
}
