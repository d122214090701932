import CTestTypes
import CValueKit
import Testing

/// Choosing the live member of a union: by name (per comparison or per registry) or by a tag field. The C
/// types are declared in the CTestTypes target; their encodings are what clang's `@encode` gives, with
/// the member names added.
@Suite struct UnionMemberTests {
  /// `struct cv_message`: `@encode` gives `{cv_message=i(?=[12c]{?=if}{?=ff})}`, 16 bytes, `body` at 4.
  static let message =
    "{cv_message=\"kind\"i\"body\"(?=\"text\"[12c]\"number\"{?=\"value\"i\"scale\"f}\"point\"{?=\"x\"f\"y\"f})}"
  /// `struct cv_trailing_tag`: `@encode` gives `{cv_trailing_tag=(?=if)b1}`, 8 bytes; the bitfield in the
  /// GNU form, which says where it is: bit 32, an `unsigned int`.
  static let trailing = "{cv_trailing_tag=\"value\"(?=\"i\"i\"f\"f)\"is_float\"b32I1}"
  static let byKind = UnionMember.tagged(
    by: ".kind",
    members: [
      Int64(CV_MESSAGE_TEXT.rawValue): "text", Int64(CV_MESSAGE_NUMBER.rawValue): "number",
      Int64(CV_MESSAGE_POINT.rawValue): "point",
    ])

  static func number(_ value: Int32, _ scale: Float) -> cv_message {
    var message = cv_message()
    message.kind = CV_MESSAGE_NUMBER
    message.body.number.value = value
    message.body.number.scale = scale
    return message
  }

  static func point(_ x: Float, _ y: Float) -> cv_message {
    var message = cv_message()
    message.kind = CV_MESSAGE_POINT
    message.body.point.x = x
    message.body.point.y = y
    return message
  }

  /// The same value with byte `index` of the union set: a byte of `text` that `number` and `point` (8
  /// bytes each) do not cover when `index` is 8 or more.
  static func withBodyByte(_ message: cv_message, _ index: Int, _ byte: UInt8) -> cv_message {
    var copy = message
    withUnsafeMutableBytes(of: &copy.body) { $0[index] = byte }
    return copy
  }

  static func tagged() throws -> ValueType {
    let registry = ValueRegistry()
    try registry.register(message, unionMember: byKind, at: ".body")
    return try registry.resolve(message)
  }

  @Test func theSameTagComparesOnlyTheLiveMember() throws {
    let type = try Self.tagged()
    let live = Self.number(7, 1.5)
    let deadBytesDiffer = Self.withBodyByte(live, 10, 0x55)
    #expect(type.isEqual(live, deadBytesDiffer))
    let comparison = try type.compare(live, deadBytesDiffer)
    #expect(comparison.isEqual)
    // kind, and the live member's two fields.
    #expect(comparison.comparedFieldCount == 3)
    // Without the rule the same bytes differ, in the text view.
    let untagged = try ValueRegistry().resolve(Self.message)
    #expect(!untagged.isEqual(live, deadBytesDiffer))
    #expect(try untagged.compare(live, deadBytesDiffer).mismatches.map(\.path) == [".body.text"])
  }

  @Test func aDifferenceInTheLiveMemberIsReportedThereAlone() throws {
    let type = try Self.tagged()
    let report = try type.compare(Self.number(7, 1.5), Self.number(8, 1.5)).report
    #expect(
      report == """
        cv_message values differ at 1 of 3 fields:
          .body.number.value: 7 ≠ 8
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}
        """)
  }

  @Test func differentTagsReportTheTagAndEachLiveMember() throws {
    let type = try Self.tagged()
    let comparison = try type.compare(Self.number(7, 1.5), Self.point(7, 1.5))
    #expect(!type.isEqual(Self.number(7, 1.5), Self.point(7, 1.5)))
    #expect(
      comparison.report == """
        cv_message values differ at 2 of 2 fields:
          .kind: 2 ≠ 3
          .body: {.number = {.value = 7, .scale = 1.5}} ≠ {.point = {.x = 7, .y = 1.5}}
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 3, .body = {.point = {.x = 7, .y = 1.5}}}
        """)
  }

  @Test func anUnknownTagComparesEveryMemberOrTheBytes() throws {
    var one = Self.number(7, 1.5)
    one.kind = cv_message_kind(rawValue: 9)
    let two = Self.withBodyByte(one, 0, 8)
    // All members (the default): as a union with no rule.
    let allMembers = try Self.tagged().compare(one, two)
    let untagged = try ValueRegistry().resolve(Self.message).compare(one, two)
    #expect(allMembers.mismatches == untagged.mismatches)
    #expect(allMembers.comparedFieldCount == untagged.comparedFieldCount)
    #expect(allMembers.mismatches.map(\.path) == [".body.text", ".body.number.value", ".body.point.x"])
    // Bytes: one field, the union's bytes.
    let registry = ValueRegistry()
    guard case .tagged(let tag, let members, _) = Self.byKind else { return }
    try registry.register(
      Self.message, unionMember: .tagged(by: tag, members: members, unknownAsBytes: true), at: ".body")
    let bytes = try registry.resolve(Self.message).compare(one, two)
    #expect(
      bytes.report.split(separator: "\n").prefix(2) == [
        "cv_message values differ at 1 of 2 fields:",
        "  .body: <12 bytes: 07 00 00 00 00 00 c0 3f 00 00 00 00> ≠ <12 bytes: 08 00 00 00 00 00 c0 3f 00 00 00 00>",
      ])
    // The same unknown tag, the same bytes: equal either way.
    #expect(try registry.resolve(Self.message).compare(one, one).isEqual)
  }

  @Test func describeShowsOnlyTheLiveMember() throws {
    let type = try Self.tagged()
    #expect(try type.describe(Self.number(7, 1.5)) == "{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}")
    #expect(try type.describe(Self.point(1, 2)) == "{.kind = 3, .body = {.point = {.x = 1, .y = 2}}}")
    // An unknown tag shows every member; the description reads back to the same bytes.
    var unknown = Self.number(7, 1.5)
    unknown.kind = cv_message_kind(rawValue: 0)
    let text = try type.describe(unknown)
    #expect(text.hasPrefix("{.kind = 0, .body = {.text = "))
    #expect(try type.parse(text) == withUnsafeBytes(of: unknown) { Array($0) })
    // The live member's description reads back too.
    #expect(try type.parse(type.describe(Self.point(1, 2))) == withUnsafeBytes(of: Self.point(1, 2)) { Array($0) })
  }

  @Test func aTagAfterTheUnionIsReportedFirst() throws {
    let registry = ValueRegistry()
    try registry.register(
      Self.trailing, unionMember: .tagged(by: ".is_float", members: [0: "i", 1: "f"]), at: ".value")
    let type = try registry.resolve(Self.trailing)
    var integer = cv_trailing_tag()
    integer.value.i = 1_065_353_216
    var float = cv_trailing_tag()
    float.value.f = 1
    float.is_float = 1
    // The same bits, read as different members.
    #expect(
      try type.compare(integer, float).report == """
        cv_trailing_tag values differ at 2 of 2 fields:
          .is_float: 0 ≠ 1
          .value: {.i = 1065353216} ≠ {.f = 1}
          actual:   {.value = {.i = 1065353216}, .is_float = 0}
          expected: {.value = {.f = 1}, .is_float = 1}
        """)
    var other = float
    other.value.f = 2
    #expect(try type.compare(float, other).mismatches.map(\.path) == [".value.f"])
  }

  @Test func aNamedMemberPerComparison() throws {
    let type = try ValueRegistry().resolve(Self.message)
    let one = Self.point(1, 2)
    let two = Self.withBodyByte(one, 8, 1)
    var options = ComparisonOptions()
    options.unionMembers[".body"] = "point"
    let chosen = try type.compare(one, two, options: options)
    #expect(chosen.isEqual)
    #expect(chosen.comparedFieldCount == 3)
    #expect(try !type.compare(one, two).isEqual)
    var third = one
    third.body.point.y = 3
    #expect(
      try type.compare(one, third, options: options).report == """
        cv_message values differ at 1 of 3 fields:
          .body.point.y: 2 ≠ 3 (difference 1)
          actual:   {.kind = 3, .body = {.point = {.x = 1, .y = 2}}}
          expected: {.kind = 3, .body = {.point = {.x = 1, .y = 3}}}
        """)
    // Per description, too.
    #expect(
      try type.describe(one, options: DescriptionOptions(unionMembers: [".body": "point"]))
        == "{.kind = 3, .body = {.point = {.x = 1, .y = 2}}}")
  }

  @Test func aComparisonsRuleReplacesTheRegisteredOne() throws {
    let type = try Self.tagged()
    let one = Self.number(7, 1.5)
    let two = Self.withBodyByte(one, 10, 1)
    #expect(try type.compare(one, two).isEqual)
    let options = ComparisonOptions(unionMembers: [".body": "text"])
    #expect(try type.compare(one, two, options: options).mismatches.map(\.path) == [".body.text"])
  }

  @Test func aRegisteredRuleAppliesWhereverTheRecordIs() throws {
    let registry = ValueRegistry()
    try registry.register(Self.message, unionMember: Self.byKind, at: ".body")
    let pair = try registry.resolve("{pair=\"first\"\(Self.message)\"rest\"[2\(Self.message)]}")
    let values = (Self.number(1, 1), (Self.point(1, 2), Self.number(3, 4)))
    var changed = values
    changed.1.1 = Self.withBodyByte(changed.1.1, 9, 7)  // dead bytes of a number
    changed.1.0.body.point.y = 5
    let comparison = try pair.compare(values, changed)
    #expect(comparison.mismatches.map(\.path) == [".rest[0].body.point.y"])
    #expect(comparison.comparedFieldCount == 9)
    // A run of values, each by its own tag.
    let run = [Self.number(1, 1), Self.point(1, 2)]
    var other = run
    other[0] = Self.withBodyByte(other[0], 11, 3)
    let message = try registry.resolve(Self.message)
    let result = try run.withUnsafeBytes { a in
      try other.withUnsafeBytes { b in try message.compare(pointers: a.baseAddress!, b.baseAddress!, count: 2) }
    }
    #expect(result.isEqual)
  }

  @Test func aRunOfValuesIsDescribedByEachElementsRules() throws {
    let type = try ValueRegistry().resolve(Self.message)
    let run = [Self.point(1, 2), Self.point(3, 4)]
    var other = run
    other[1].body.point.y = 5
    let options = ComparisonOptions(unionMembers: [".body": "point"])
    let result = try run.withUnsafeBytes { a in
      try other.withUnsafeBytes { b in
        try type.compare(pointers: a.baseAddress!, b.baseAddress!, count: 2, options: options)
      }
    }
    #expect(result.mismatches.map(\.path) == ["[1].body.point.y"])
    #expect(
      result.actualDescription
        == "{{.kind = 3, .body = {.point = {.x = 1, .y = 2}}}, {.kind = 3, .body = {.point = {.x = 3, .y = 4}}}}")
  }

  @Test func rulesForATypeWithNoLayoutAreRefused() throws {
    let type = try ValueRegistry().resolve("{Opaque}")
    let bytes: [UInt8] = [1, 2, 3, 4]
    #expect(throws: ValueError.self) {
      try type.compare(bytes: bytes, bytes, options: ComparisonOptions(unionMembers: [".body": "text"]))
    }
    #expect(throws: ValueError.self) {
      try type.describe(bytes: bytes, options: DescriptionOptions(unionMembers: [".body": "text"]))
    }
    let value = 7
    #expect(throws: ValueError.self) {
      try withUnsafeBytes(of: value) { a in
        try type.compare(
          pointers: a.baseAddress!, a.baseAddress!, options: ComparisonOptions(unionMembers: [".u": "a"]))
      }
    }
    // Without rules the same calls compare by bytes and by address.
    #expect(try type.compare(bytes: bytes, bytes).isEqual)
  }

  @Test func unregisteringRemovesTheRule() throws {
    let registry = ValueRegistry()
    try registry.register(Self.message, unionMember: Self.byKind, at: ".body")
    #expect(try registry.unionMembers(of: Self.message) == [".body": Self.byKind])
    let one = Self.number(7, 1.5)
    let two = Self.withBodyByte(one, 10, 1)
    #expect(try registry.resolve(Self.message).isEqual(one, two))
    #expect(try registry.unregister(Self.message))
    #expect(try registry.unionMembers(of: Self.message).isEmpty)
    #expect(try !registry.resolve(Self.message).isEqual(one, two))
  }

  @Test func rulesThatDoNotFitAreTypedErrors() throws {
    let registry = ValueRegistry()
    let type = try TypeEncoding(Self.message)
    /// The error a rule at `path` is refused with, when it is a union member error for `path`.
    func error(_ member: UnionMember, at path: FieldPath) -> ValueError? {
      do {
        try registry.register(Self.message, unionMember: member, at: path)
        return nil
      } catch {
        guard case .unionMember(let errorPath, _, let inType) = error, inType == type, errorPath == path else {
          Issue.record("unexpected error \(error)")
          return nil
        }
        return error
      }
    }
    func refusal(_ reason: UnionMemberError.Reason, at path: FieldPath) -> ValueError {
      UnionMemberError(path: path, reason: reason).valueError(in: type)
    }
    #expect(
      error("txt", at: ".body")
        == refusal(.noSuchMember("txt", members: ["text", "number", "point"]), at: ".body"))
    #expect(error("value", at: ".kind") == refusal(.notAUnion, at: ".kind"))
    #expect(error("text", at: ".bod") == refusal(.noSuchField(".bod"), at: ".bod"))
    #expect(error("text", at: ".body.text[2]") == refusal(.throughArray(".body.text[2]"), at: ".body.text[2]"))
    #expect(
      error(.tagged(by: ".body.number.value", members: [1: "text"]), at: ".body")
        == refusal(.tagInsideUnion(".body.number.value"), at: ".body"))
    #expect(error(.tagged(by: ".kind", members: [:]), at: ".body") == refusal(.noTaggedMembers, at: ".body"))
    let twoUnions = "{D=\"t\"i(?=\"a\"i\"b\"f)(?=\"c\"i\"d\"f)}"
    #expect(
      throws: UnionMemberError(path: FieldPath(), reason: .membersInDifferentUnions("a", "c")).valueError(
        in: try TypeEncoding(twoUnions))
    ) {
      try registry.register(twoUnions, unionMember: .tagged(by: ".t", members: [1: "a", 2: "c"]), at: FieldPath())
    }
    let float = "{F=\"tag\"f\"u\"(?=\"a\"i\"b\"f)}"
    #expect(
      throws: UnionMemberError(path: ".u", reason: .tagNotAnInteger(".tag", .scalar(.float))).valueError(
        in: try TypeEncoding(float))
    ) {
      try registry.register(float, unionMember: .tagged(by: ".tag", members: [1: "a"]), at: ".u")
    }
    // Nothing was registered by the refusals.
    #expect(try registry.unionMembers(of: Self.message).isEmpty)
    #expect(
      "\(UnionMemberError(path: ".body", reason: .noSuchMember("txt", members: ["text", "number"])).valueError(in: type))"
        == "struct cv_message: .body: no union there has a member \"txt\", nor an anonymous member holding it (members: text, number)"
    )
    // Per comparison, the same errors.
    let handle = try registry.resolve(Self.message)
    #expect(throws: ValueError.self) {
      try handle.compare(
        Self.number(1, 1), Self.number(1, 1), options: ComparisonOptions(unionMembers: [".body": "txt"]))
    }
  }
}
