public import CValueKit
public import Testing

// The spellings before 1.0, kept for one release so that callers get a deprecation warning that names the
// new spelling rather than an error. Each is one forwarding call; remove this file in the release after 1.0.

// `renamed:` would offer a fix-it that relabels by position (`encoding:` would become `within:`), so the
// message says what changed instead, and the compiler's own fix-it moves `encoding:`.
/// The pre-1.0 spelling of ``expectCValuesEqual(pointers:_:count:within:fieldTolerances:unionMembers:encoding:registry:_:sourceLocation:)``,
/// which takes `pointers:` and the tolerances before `encoding:` like every other assertion.
///
/// ```swift
/// expectCValuesEqual(pointer: output, reference, count: 4, encoding: "{cv_point=dd}")   // before
/// expectCValuesEqual(pointers: output, reference, count: 4, encoding: "{cv_point=dd}")  // now
/// ```
@available(
  *, deprecated,
  message: "renamed to expectCValuesEqual(pointers:…); encoding: now follows within: and fieldTolerances:"
)
@discardableResult
public func expectCValuesEqual(
  pointer actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int? = nil, encoding: String,
  within tolerance: FloatTolerance? = nil, fieldTolerances: [FieldPath: FloatTolerance] = [:],
  registry: ValueRegistry = .shared, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  expectCValuesEqual(
    pointers: actual, expected, count: count, within: tolerance, fieldTolerances: fieldTolerances,
    encoding: encoding, registry: registry, comment, sourceLocation: sourceLocation)
}

/// The pre-1.0 name of ``expectCPointerNull(_:_:sourceLocation:)``, which matches `XCTAssertCPointerNull`.
///
/// ```swift
/// expectNull(cv_find(list, "missing"))         // before
/// expectCPointerNull(cv_find(list, "missing"))  // now
/// ```
@available(*, deprecated, renamed: "expectCPointerNull(_:_:sourceLocation:)")
@discardableResult
public func expectNull(
  _ pointer: UnsafeRawPointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNull(pointer, comment, sourceLocation: sourceLocation)
}

/// The pre-1.0 name of ``expectCPointerNull(_:_:sourceLocation:)`` for opaque pointers.
///
/// ```swift
/// expectNull(cv_open("/nonexistent"))         // before
/// expectCPointerNull(cv_open("/nonexistent"))  // now
/// ```
@available(*, deprecated, renamed: "expectCPointerNull(_:_:sourceLocation:)")
@discardableResult
public func expectNull(
  _ pointer: OpaquePointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNull(pointer, comment, sourceLocation: sourceLocation)
}

/// The pre-1.0 name of ``expectCPointerNotNull(_:_:sourceLocation:)``, which matches
/// `XCTAssertCPointerNotNull`.
///
/// ```swift
/// expectNotNull(cv_find(list, "eth0"))         // before
/// expectCPointerNotNull(cv_find(list, "eth0"))  // now
/// ```
@available(*, deprecated, renamed: "expectCPointerNotNull(_:_:sourceLocation:)")
@discardableResult
public func expectNotNull(
  _ pointer: UnsafeRawPointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNotNull(pointer, comment, sourceLocation: sourceLocation)
}

/// The pre-1.0 name of ``expectCPointerNotNull(_:_:sourceLocation:)`` for opaque pointers.
///
/// ```swift
/// expectNotNull(cv_open("/dev/null"))         // before
/// expectCPointerNotNull(cv_open("/dev/null"))  // now
/// ```
@available(*, deprecated, renamed: "expectCPointerNotNull(_:_:sourceLocation:)")
@discardableResult
public func expectNotNull(
  _ pointer: OpaquePointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNotNull(pointer, comment, sourceLocation: sourceLocation)
}
