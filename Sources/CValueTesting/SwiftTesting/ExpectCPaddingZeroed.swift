public import CValueKit
public import Testing

/// Expects every padding byte of a C value to be zero, and records an issue naming each run of non-zero
/// padding bytes by offset and the fields it lies between: what a struct copied out of a trust boundary
/// (kernel to user, process to network) would leak (CERT DCL39-C).
///
/// The value is given as the bytes C wrote (a buffer a C function filled, a `recv` buffer): a Swift value
/// of an imported struct would not do, since Swift copies its fields and not its padding. For memory
/// behind a pointer, use ``expectCPaddingZeroed(pointer:unionMembers:encoding:registry:_:sourceLocation:)``.
///
/// ```swift
/// @Test func replyLeaksNothing() {
///   expectCPaddingZeroed(bytes: reply, encoding: "struct tm")
///   // tm has 4 non-zero padding bytes
///   //   36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
/// }
/// ```
///
/// A union's bytes that only other members cover are padding too when `unionMembers` (or a rule registered
/// for the type) says which member is live. A `ValueError` is recorded as an issue, never thrown.
///
/// - Parameters:
///   - bytes: The value's bytes, exactly the type's size.
///   - unionMembers: The live member of unions, by the union's path (`[".body": "number"]`).
///   - encoding: The C type as an encoding or readable name (`"struct tm"`, `"{cv_reading=cdi[4c]}"`).
///   - registry: The registry that resolves the type.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The check, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCPaddingZeroed(
  bytes: some Collection<UInt8>, unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  let (failure, check) = Array(bytes).withUnsafeBytes {
    CValueCheck.paddingZeroed(
      bytes: $0, unionMembers: unionMembers, encoding: encoding, registry: registry, message: comment.text)
  }
  if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
  return check
}

/// Expects every padding byte of the C value at an address to be zero: `expectCPaddingZeroed(bytes:…)` for
/// memory a C API hands back. A NULL pointer is an issue.
///
/// ```swift
/// expectCPaddingZeroed(pointer: cv_next_reply(queue), encoding: "struct tm")
/// ```
///
/// - Parameters:
///   - pointer: The value's first byte.
///   - unionMembers: The live member of unions, by the union's path.
///   - encoding: The C type as an encoding or readable name.
///   - registry: The registry that resolves the type.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The check, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCPaddingZeroed(
  pointer: UnsafeRawPointer?, unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  let (failure, check) = CValueCheck.paddingZeroed(
    bytes: nil, pointer: pointer, unionMembers: unionMembers, encoding: encoding, registry: registry,
    message: comment.text)
  if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
  return check
}
