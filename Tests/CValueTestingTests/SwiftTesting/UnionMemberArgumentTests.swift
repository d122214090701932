import CTestTypes
import CValueKit
import CValueTesting
import Testing

/// The `unionMembers:` argument: the live member of a union decides, and bytes only the other members cover
/// do not count. `struct cv_message` (CTestTypes) is a tagged message whose `body` is a union of a 12-byte
/// `text`, an 8-byte `number` and an 8-byte `point`.
@Suite("unionMembers: in the expectations")
struct UnionMemberArgumentTests {
  /// `struct cv_message`, as clang's `@encode` gives it with the member names added.
  static let message =
    "{cv_message=\"kind\"i\"body\"(?=\"text\"[12c]\"number\"{?=\"value\"i\"scale\"f}\"point\"{?=\"x\"f\"y\"f})}"
  /// The live member by `kind`: `CV_MESSAGE_TEXT` is 1, `CV_MESSAGE_NUMBER` 2 and `CV_MESSAGE_POINT` 3.
  static let byKind = UnionMember.tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"])

  /// A number message, every byte of `text` beyond `number` zero (`cv_message(kind:body:)` with the union's
  /// `init(number:)` would leave them undefined).
  static func number(_ value: Int32, _ scale: Float) -> cv_message {
    var message = cv_message()
    (message.kind, message.body.number) = (CV_MESSAGE_NUMBER, .init(value: value, scale: scale))
    return message
  }

  /// The same message with byte 10 of the union set: a byte of `text` that `number` does not cover.
  static func withDeadByte(_ message: cv_message, _ byte: UInt8 = 0x55) -> cv_message {
    var copy = message
    withUnsafeMutableBytes(of: &copy.body) { $0[10] = byte }
    return copy
  }

  let live = Self.number(7, 1.5)
  let deadBytesDiffer = Self.withDeadByte(Self.number(7, 1.5))

  @Test("the chosen member decides: dead bytes that differ are equal with it and differ without it")
  func chosenMemberDecides() {
    let chosen = expectCValuesEqual(
      live, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message)
    #expect(chosen?.isEqual == true)
    #expect(chosen?.comparedFieldCount == 3)
    #expect(
      expectCValuesEqual(
        live, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": Self.byKind]), encoding: Self.message)?
        .isEqual == true)
    let text = RecordedIssue.text { expectCValuesEqual(live, deadBytesDiffer, encoding: Self.message) }
    #expect(text?.hasPrefix("cv_message values differ at .body.text: ") == true, "\(text ?? "")")
  }

  @Test("a difference in the live member is reported there alone, and the values show only that member")
  func reportNamesTheLiveMember() {
    let text = RecordedIssue.text {
      expectCValuesEqual(
        live, Self.number(8, 1.5), options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message
      )
    }
    #expect(
      text == """
        cv_message values differ at .body.number.value: 7 ≠ 8
          .body.number.value: 7 ≠ 8
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}
        """)
  }

  @Test("expectCValuesNotEqual: dead bytes are no difference, and the shared value shows the live member")
  func notEqual() {
    #expect(expectCValuesNotEqual(live, deadBytesDiffer, encoding: Self.message)?.isEqual == false)
    let text = RecordedIssue.text {
      expectCValuesNotEqual(
        live, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message)
    }
    #expect(
      text == """
        cv_message values are equal, but should differ
          value: {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
        """)
  }

  @Test("arrays, buffers and pointers take the path from one element, and the rule applies to every element")
  func elements() {
    let run = [Self.number(1, 1), Self.number(2, 2)]
    let dead = [Self.number(1, 1), Self.withDeadByte(Self.number(2, 2))]
    #expect(
      expectCValuesEqual(
        run, dead, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message)?.isEqual
        == true)
    #expect(
      RecordedIssue.text { expectCValuesEqual(run, dead, encoding: Self.message) }?
        .hasPrefix("struct cv_message [2] values differ at [1].body.text: ") == true)
    let text = RecordedIssue.text {
      expectCValuesEqual(
        run, [Self.number(1, 1), Self.number(2, 3)], options: ComparisonOptions(unionMembers: [".body": Self.byKind]),
        encoding: Self.message)
    }
    #expect(
      text == """
        struct cv_message [2] values differ at [1].body.number.scale: 2 ≠ 3 (difference 1)
          [1].body.number.scale: 2 ≠ 3 (difference 1)
          actual[1]:   {.kind = 2, .body = {.number = {.value = 2, .scale = 2}}}
          expected[1]: {.kind = 2, .body = {.number = {.value = 2, .scale = 3}}}
        """)
    run.withUnsafeBufferPointer { actual in
      dead.withUnsafeBufferPointer { expected in
        #expect(
          expectCValuesEqual(
            actual, expected, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: Self.message)?
            .isEqual
            == true)
        #expect(
          expectCValuesEqual(
            pointers: actual.baseAddress, expected.baseAddress, count: 2,
            options: ComparisonOptions(unionMembers: [".body": "number"]),
            encoding: Self.message)?.isEqual == true)
        #expect(
          expectCValuesEqual(
            pointers: actual.baseAddress! + 1, expected.baseAddress! + 1,
            options: ComparisonOptions(unionMembers: [".body": "number"]),
            encoding: Self.message)?.isEqual == true)
        #expect(
          RecordedIssue.text {
            expectCValuesEqual(pointers: actual.baseAddress, expected.baseAddress, count: 2, encoding: Self.message)
          }?.hasPrefix("struct cv_message [2] values differ at [1].body.text: ") == true)
      }
    }
  }

  @Test("a rule that does not fit the type is an issue naming the union and the members it has")
  func ruleThatDoesNotFit() {
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(
          live, live, options: ComparisonOptions(unionMembers: [".body": "txt"]), encoding: Self.message)
      }
        == "cannot compare C values: struct cv_message: .body: no union there has a member \"txt\", nor an "
        + "anonymous member holding it (members: text, number, point)")
  }
}
