public import CValueKit
import CValueTesting
public import Nimble

/// A Nimble matcher that succeeds when every padding byte of the actual C value, given as its bytes, is
/// zero, and otherwise names each run of non-zero padding bytes by offset and the fields it lies between.
///
/// The bytes are the value as C wrote it (a Swift value of an imported struct would not do: Swift copies
/// its fields, not its padding).
///
/// ```swift
/// expect(reply).to(haveZeroedCPadding(encoding: "struct tm"))
/// // expected to have zeroed C padding, got <tm has 4 non-zero padding bytes>
/// // tm has 4 non-zero padding bytes:
/// //   36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
/// ```
///
/// A union's bytes that only other members cover are padding too when `unionMembers` (or a rule registered
/// for the type) says which member is live. A `ValueError` fails the expectation and says why.
///
/// - Parameters:
///   - unionMembers: The live member of unions, by the union's path (`[".body": "number"]`).
///   - encoding: The C type as an encoding or readable name.
///   - registry: The registry that resolves the type.
/// - Returns: The matcher.
public func haveZeroedCPadding<Bytes: Collection<UInt8>>(
  unionMembers: [FieldPath: UnionMember] = [:], encoding: any TypeEncodingConvertible,
  registry: ValueRegistry = .shared
) -> Matcher<Bytes> {
  Matcher.define { actualExpression in
    guard let bytes = try actualExpression.evaluate() else {
      return MatcherResult(status: .fail, message: .expectedActualValueTo("have zeroed C padding"))
    }
    let (failure, found) = Array(bytes).withUnsafeBytes {
      CValueCheck.paddingZeroed(
        bytes: $0, unionMembers: unionMembers, encoding: encoding, registry: registry, message: "")
    }
    guard let check = found else { return MatcherResult(status: .fail, message: .fail(failure ?? "")) }
    let summary = check.isEqual ? "zeroed padding" : check.summary
    var message = ExpectationMessage.expectedCustomValueTo("have zeroed C padding", actual: "<\(summary)>")
    if !check.isEqual { message = message.appended(details: check.report) }
    return MatcherResult(bool: check.isEqual, message: message)
  }
}
