// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two C values are equal field by field, and fails naming every field that differs.
///
/// The XCTest form of `expectCValuesEqual`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// func testCalibratedReading() {
///   let actual = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
///   let expected = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
///   XCTAssertCValuesEqual(actual, expected, within: .absolute(0.001))
/// }
/// ```
///
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Value>(
  _ actual: Value, _ expected: Value, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.values(
    actual, expected, shouldBeEqual: true, options: options.within(tolerance), encoding: encoding, registry: registry,
    message: message()
  ).fail(file: file, line: line)
}

/// Asserts that the C values at two addresses are equal: one value each, or `count` consecutive values.
///
/// The XCTest form of `expectCValuesEqual`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCValuesEqual(pointers: output, reference, count: 4, encoding: "{cv_point=dd}")
/// ```
///
/// - Returns: The comparison, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual(
  pointers actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int? = nil,
  within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.equalPointees(
    actual, expected, count: count, encoding: encoding,
    options: options.within(tolerance),
    registry: registry, message: message()
  ).fail(file: file, line: line)
}
