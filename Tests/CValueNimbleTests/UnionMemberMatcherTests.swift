import CTestTypes
import CValueKit
import CValueNimble
import Nimble
import Testing

/// The matchers' `unionMembers:` on `struct cv_message` (CTestTypes), whose `body` is a union of a 12-byte
/// `text`, an 8-byte `number` and an 8-byte `point`: bytes 8 to 11 of it are `text`'s alone. In the
/// serialized suite, because Nimble's assertion handler is global.
extension CValueMatcherTests {
  /// `struct cv_message`, as clang's `@encode` gives it with the member names added.
  static let message =
    #"{cv_message="kind"i"body"(?="text"[12c]"number"{?="value"i"scale"f}"point"{?="x"f"y"f})}"#

  /// A number message whose byte 10 of `body` (`text`'s alone) is `deadByte`, and the rest of `text` zero.
  static func number(_ value: Int32, _ scale: Float, deadByte: UInt8 = 0) -> cv_message {
    var message = cv_message()
    (message.kind, message.body.number) = (CV_MESSAGE_NUMBER, .init(value: value, scale: scale))
    withUnsafeMutableBytes(of: &message.body) { $0[10] = deadByte }
    return message
  }

  @Test("equalCValue: the chosen member decides, and bytes only the other members cover do not count")
  func equalWithTheLiveMember() {
    let live = Self.number(7, 1.5)
    let deadBytesDiffer = Self.number(7, 1.5, deadByte: 0x55)
    // CV_MESSAGE_NUMBER is 2.
    let byKind = UnionMember.tagged(by: ".kind", members: [2: "number"])
    #expect(
      failures {
        expect(live).to(
          equalCValue(
            deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message))
        expect(live).to(
          equalCValue(
            deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": byKind]), encoding: Self.message))
        expect(live).toNot(equalCValue(deadBytesDiffer, encoding: Self.message))
      } == [])
    #expect(
      failures {
        expect(live).toNot(
          equalCValue(
            deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message))
      } == [
        """
        expected to not equal C value <{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}>, \
        got <{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}>
        """
      ])
  }

  @Test("equalCValue with a chosen member reports and shows that member alone")
  func equalFailsAtTheLiveMember() {
    #expect(
      failures {
        expect(Self.number(7, 1.5)).to(
          equalCValue(
            Self.number(8, 1.5), options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message))
      } == [
        """
        expected to equal C value <{.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}>, \
        got <{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}>
        cv_message values differ at 1 of 3 fields:
          .body.number.value: 7 ≠ 8
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}
        """
      ])
  }

  @Test("beCloseToCValue: a tolerance on the live member, dead bytes ignored")
  func closeWithTheLiveMember() {
    let close = Self.number(7, 1.5001, deadByte: 0x55)
    #expect(
      failures {
        expect(Self.number(7, 1.5)).to(
          beCloseToCValue(
            close, within: .absolute(0.001), options: ComparisonOptions(unionMembers: [".body": "number"]),
            encoding: Self.message))
        expect(Self.number(7, 1.5)).toNot(beCloseToCValue(close, within: .absolute(0.001), encoding: Self.message))
      } == [])
    #expect(
      failures {
        expect(Self.number(7, 1.5)).to(
          beCloseToCValue(
            Self.number(7, 1.6), within: .absolute(0.001),
            options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message))
      } == [
        """
        expected to be close to C value <{.kind = 2, .body = {.number = {.value = 7, .scale = 1.6}}}> (within 0.001), \
        got <{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}>
        cv_message values differ at 1 of 3 fields:
          .body.number.scale: 1.5 ≠ 1.6 (difference 0.10000002384185791, tolerance 0.001)
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 2, .body = {.number = {.value = 7, .scale = 1.6}}}
        """
      ])
  }

  @Test("a union member rule that does not fit fails with .to and .toNot alike, naming the members")
  func ruleThatDoesNotFit() {
    let message =
      "cannot compare C values: struct cv_message: .body: no union there has a member \"txt\", nor an anonymous "
      + "member holding it (members: text, number, point)"
    #expect(
      failures {
        expect(Self.number(7, 1.5)).to(
          equalCValue(
            Self.number(7, 1.5), options: ComparisonOptions(unionMembers: [".body": "txt"]), encoding: Self.message))
        expect(Self.number(7, 1.5)).toNot(
          equalCValue(
            Self.number(7, 1.5), options: ComparisonOptions(unionMembers: [".body": "txt"]), encoding: Self.message))
      } == [message, message])
  }
}
