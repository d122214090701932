// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The spelling before 1.0, kept for one release so that callers get a deprecation warning that names the new
// spelling rather than an error. It is one forwarding call; remove this file in the release after 1.0.
public import CValueKit
import XCTest

// `renamed:` would offer a fix-it that relabels by position (`encoding:` would become `within:`), so the
// message says what changed instead, and the compiler's own fix-it moves `encoding:`.
/// The pre-1.0 spelling of ``XCTAssertCValuesEqual(pointers:_:count:within:fieldTolerances:unionMembers:encoding:registry:_:file:line:)``,
/// which takes `pointers:` and the tolerances before `encoding:` like every other assertion.
///
/// ```swift
/// XCTAssertCValuesEqual(pointer: output, reference, count: 4, encoding: "{cv_point=dd}")   // before
/// XCTAssertCValuesEqual(pointers: output, reference, count: 4, encoding: "{cv_point=dd}")  // now
/// ```
@available(
  *, deprecated,
  message: "renamed to XCTAssertCValuesEqual(pointers:…); encoding: now follows within: and fieldTolerances:"
)
@discardableResult
public func XCTAssertCValuesEqual(
  pointer actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int? = nil, encoding: String,
  within tolerance: FloatTolerance? = nil, fieldTolerances: [FieldPath: FloatTolerance] = [:],
  registry: ValueRegistry = .shared, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Comparison? {
  XCTAssertCValuesEqual(
    pointers: actual, expected, count: count, within: tolerance, fieldTolerances: fieldTolerances,
    encoding: encoding, registry: registry, message(), file: file, line: line)
}
