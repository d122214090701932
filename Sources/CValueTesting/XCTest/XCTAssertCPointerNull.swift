// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
import XCTest

/// Asserts that a C pointer is NULL, and fails with its address when it is not.
///
/// Named apart from XCTest's own `XCTAssertNil` so that both read clearly side by side; typed pointers
/// convert to the raw pointer this takes.
///
/// ```swift
/// XCTAssertCPointerNull(cv_find(list, "missing"))
/// // failed - expected a NULL pointer, got 0x0000000000001000
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - message: Appended to the failure text.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: Whether the pointer is NULL.
@discardableResult
public func XCTAssertCPointerNull(
  _ pointer: UnsafeRawPointer?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Bool {
  _ = CValueCheck.null(pointer, message: message()).fail(file: file, line: line)
  return pointer == nil
}

/// Asserts that an opaque C pointer (a handle to an incomplete struct) is NULL.
///
/// ```swift
/// XCTAssertCPointerNull(cv_open("/nonexistent"))
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - message: Appended to the failure text.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: Whether the pointer is NULL.
@discardableResult
public func XCTAssertCPointerNull(
  _ pointer: OpaquePointer?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Bool {
  XCTAssertCPointerNull(UnsafeRawPointer(pointer), message(), file: file, line: line)
}

/// Asserts that a C pointer is not NULL.
///
/// ```swift
/// XCTAssertCPointerNotNull(cv_find(list, "eth0"))
/// // failed - expected a non-NULL pointer, got NULL
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - message: Appended to the failure text.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: Whether the pointer is not NULL.
@discardableResult
public func XCTAssertCPointerNotNull(
  _ pointer: UnsafeRawPointer?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Bool {
  _ = CValueCheck.notNull(pointer, message: message()).fail(file: file, line: line)
  return pointer != nil
}

/// Asserts that an opaque C pointer (a handle to an incomplete struct) is not NULL.
///
/// ```swift
/// XCTAssertCPointerNotNull(cv_open("/dev/null"))
/// ```
///
/// - Parameters:
///   - pointer: The pointer.
///   - message: Appended to the failure text.
///   - file: The file the failure is reported in; the caller's by default.
///   - line: The line the failure is reported at; the caller's by default.
/// - Returns: Whether the pointer is not NULL.
@discardableResult
public func XCTAssertCPointerNotNull(
  _ pointer: OpaquePointer?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Bool {
  XCTAssertCPointerNotNull(UnsafeRawPointer(pointer), message(), file: file, line: line)
}
