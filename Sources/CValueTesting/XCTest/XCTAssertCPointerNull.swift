// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
import XCTest

/// Asserts that a C pointer is NULL, and fails with its address when it is not.
///
/// The XCTest form of `expectCPointerNull`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCPointerNull(cv_find(list, "missing"))
/// // failed - expected a NULL pointer, got 0x0000000000001000
/// ```
///
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
/// The XCTest form of `expectCPointerNull`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCPointerNull(cv_open("/nonexistent"))
/// ```
///
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
/// The XCTest form of `expectCPointerNotNull`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCPointerNotNull(cv_find(list, "eth0"))
/// // failed - expected a non-NULL pointer, got NULL
/// ```
///
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
/// The XCTest form of `expectCPointerNotNull`: the same arguments, in the same order, and the same failure
/// text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCPointerNotNull(cv_open("/dev/null"))
/// ```
///
/// - Returns: Whether the pointer is not NULL.
@discardableResult
public func XCTAssertCPointerNotNull(
  _ pointer: OpaquePointer?, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Bool {
  XCTAssertCPointerNotNull(UnsafeRawPointer(pointer), message(), file: file, line: line)
}
