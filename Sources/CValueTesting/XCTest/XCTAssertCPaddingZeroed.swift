// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
import XCTest

/// Asserts that every padding byte of a C value, given as its bytes, is zero, and fails naming each run of
/// non-zero padding bytes by offset and the fields it lies between.
///
/// The XCTest form of `expectCPaddingZeroed(bytes:…)`: the same arguments, in the same order, and the same
/// failure text (<doc:Assertions>), recorded through `XCTFail` at the caller's file and line (XCTest puts
/// `failed - ` before it).
///
/// ```swift
/// XCTAssertCPaddingZeroed(bytes: reply, encoding: "struct tm")
/// // failed - tm has 4 non-zero padding bytes
/// //   36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
/// ```
///
/// - Returns: The check, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCPaddingZeroed(
  bytes: some Collection<UInt8>, unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Comparison? {
  let text = message()
  let (failure, check) = Array(bytes).withUnsafeBytes {
    CValueCheck.paddingZeroed(
      bytes: $0, unionMembers: unionMembers, encoding: encoding, registry: registry, message: text)
  }
  if let failure { XCTFail(failure, file: file, line: line) }
  return check
}

/// Asserts that every padding byte of the C value at an address is zero. A NULL pointer fails.
///
/// The XCTest form of `expectCPaddingZeroed(pointer:…)` (<doc:Assertions>).
///
/// ```swift
/// XCTAssertCPaddingZeroed(pointer: cv_next_reply(queue), encoding: "struct tm")
/// ```
///
/// - Returns: The check, or `nil` when none could be made (the failure says why).
@discardableResult
public func XCTAssertCPaddingZeroed(
  pointer: UnsafeRawPointer?, unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared, _ message: @autoclosure () -> String = "", file: StaticString = #filePath,
  line: UInt = #line
) -> Comparison? {
  let (failure, check) = CValueCheck.paddingZeroed(
    bytes: nil, pointer: pointer, unionMembers: unionMembers, encoding: encoding, registry: registry,
    message: message())
  if let failure { XCTFail(failure, file: file, line: line) }
  return check
}
