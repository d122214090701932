public import Testing

/// Expects a C pointer to be NULL, and records an issue with its address when it is not.
///
/// Typed pointers (`UnsafePointer<cv_point>?`, `UnsafeMutablePointer<T>?`) convert to the raw pointer
/// this takes; an overload of the same name takes opaque handles (`OpaquePointer?`). The XCTest form is
/// `XCTAssertCPointerNull`.
///
/// ```swift
/// expectCPointerNull(cv_find(list, "missing"))
/// // expected a NULL pointer, got 0x0000000000001000
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - comment: Appended to the failure text.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: Whether the pointer is NULL.
@discardableResult
public func expectCPointerNull(
  _ pointer: UnsafeRawPointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  _ = CValueCheck.null(pointer, message: comment.text).record(sourceLocation: sourceLocation)
  return pointer == nil
}

/// Expects an opaque C pointer (a handle to an incomplete struct) to be NULL.
///
/// ```swift
/// expectCPointerNull(cv_open("/nonexistent"))
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - comment: Appended to the failure text.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: Whether the pointer is NULL.
@discardableResult
public func expectCPointerNull(
  _ pointer: OpaquePointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNull(UnsafeRawPointer(pointer), comment, sourceLocation: sourceLocation)
}

/// Expects a C pointer not to be NULL.
///
/// ```swift
/// expectCPointerNotNull(cv_find(list, "eth0"))
/// // expected a non-NULL pointer, got NULL
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - comment: Appended to the failure text.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: Whether the pointer is not NULL.
@discardableResult
public func expectCPointerNotNull(
  _ pointer: UnsafeRawPointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  _ = CValueCheck.notNull(pointer, message: comment.text).record(sourceLocation: sourceLocation)
  return pointer != nil
}

/// Expects an opaque C pointer (a handle to an incomplete struct) not to be NULL.
///
/// ```swift
/// expectCPointerNotNull(cv_open("/dev/null"))
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - comment: Appended to the failure text.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: Whether the pointer is not NULL.
@discardableResult
public func expectCPointerNotNull(
  _ pointer: OpaquePointer?, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectCPointerNotNull(UnsafeRawPointer(pointer), comment, sourceLocation: sourceLocation)
}
