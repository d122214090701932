// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two arrays of C values are equal element by element, and fails naming each mismatching
/// field by its index and path (`[3].size.height`).
///
/// The XCTest form of `expectCValuesEqual`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCValuesEqual(track, expectedTrack, within: .absolute(1e-9))
/// ```
///
/// - Returns: The comparison of the arrays, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Element>(
  _ actual: [Element], _ expected: [Element], within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  let message = message()
  return actual.withUnsafeBufferPointer { actual in
    expected.withUnsafeBufferPointer { expected in
      CValueCheck.equalElements(
        actual, expected,
        options: options.within(tolerance),
        encoding: encoding, registry: registry, message: message
      ).fail(file: file, line: line)
    }
  }
}

/// Asserts that two buffers of C values are equal element by element, and fails naming each mismatching
/// field by its index and path (`[3].size.height`).
///
/// The XCTest form of `expectCValuesEqual`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// output.withUnsafeBufferPointer { XCTAssertCValuesEqual($0, reference, within: .ulps(4)) }
/// ```
///
/// - Returns: The comparison of the buffers, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Element>(
  _ actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>,
  within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.equalElements(
    actual, expected,
    options: options.within(tolerance),
    encoding: encoding, registry: registry, message: message()
  ).fail(file: file, line: line)
}
