// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that two arrays of C values are equal element by element, and fails naming each mismatching
/// field by its index and path (`[3].size.height`).
///
/// The arrays are compared as one C array of their element type. The failure lists at most
/// `ComparisonOptions/maximumReportedMismatches` fields, then the first mismatching element of each
/// side; arrays of different lengths fail without element comparison.
///
/// ```swift
/// XCTAssertCValuesEqual(track, expectedTrack, within: .absolute(1e-9))
/// ```
///
/// - Parameters:
///   - actual: The values the code under test produced.
///   - expected: The values it should have produced.
///   - tolerance: How close floating-point fields must be; `nil` uses the registry's default tolerance.
///   - fieldTolerances: Tolerances for particular fields, with the index (`"[2].y"`).
///   - unionMembers: The live member of unions, by the union's path from one element (`[".body": "number"]`,
///     see `UnionMember`): only that member is compared and shown, in every element.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparators.
///   - message: Appended to the failure's first line.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: The comparison of the arrays, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Element>(
  _ actual: [Element], _ expected: [Element], within tolerance: FloatTolerance? = nil,
  fieldTolerances: [FieldPath: FloatTolerance] = [:], unionMembers: [FieldPath: UnionMember] = [:],
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "",
  file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  let message = message()
  return actual.withUnsafeBufferPointer { actual in
    expected.withUnsafeBufferPointer { expected in
      CValueCheck.equalElements(
        actual, expected,
        options: ComparisonOptions(tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers),
        encoding: encoding, registry: registry, message: message
      ).fail(file: file, line: line)
    }
  }
}

/// Asserts that two buffers of C values are equal element by element, and fails naming each mismatching
/// field by its index and path (`[3].size.height`).
///
/// ```swift
/// output.withUnsafeBufferPointer { XCTAssertCValuesEqual($0, reference, within: .ulps(4)) }
/// ```
///
/// - Parameters:
///   - actual: The values the code under test produced.
///   - expected: The values it should have produced.
///   - tolerance: How close floating-point fields must be; `nil` uses the registry's default tolerance.
///   - fieldTolerances: Tolerances for particular fields, with the index (`"[2].y"`).
///   - unionMembers: The live member of unions, by the union's path from one element (`[".body": "number"]`,
///     see `UnionMember`): only that member is compared and shown, in every element.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparators.
///   - message: Appended to the failure's first line.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: The comparison of the buffers, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCValuesEqual<Element>(
  _ actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>,
  within tolerance: FloatTolerance? = nil, fieldTolerances: [FieldPath: FloatTolerance] = [:],
  unionMembers: [FieldPath: UnionMember] = [:], encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) -> Comparison? {
  CValueCheck.equalElements(
    actual, expected,
    options: ComparisonOptions(tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers),
    encoding: encoding, registry: registry, message: message()
  ).fail(file: file, line: line)
}
