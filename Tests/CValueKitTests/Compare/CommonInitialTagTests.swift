import CValueKit
import Testing

/// A tag inside the union it selects a member of, where every member the rule names starts with it (C11
/// 6.5.2.3, the common initial sequence: X11's `XEvent`, SDL's `SDL_Event`): read at its one offset.
@Suite struct CommonInitialTagTests {
  /// `union cv_event { int type; struct { int type; unsigned code; } key; struct { int type; unsigned char
  /// button; } button; long pad[2]; }`: 16 bytes, every member but `pad` starting with `int type`.
  static let event =
    #"(cv_event="type"i"key"{?="type"i"code"I}"button"{?="type"i"button"C}"pad"[2q])"#
  /// The same union in a record, after a serial number: at byte 8, the union's alignment.
  static let holder = "{cv_holder=\"serial\"I\"event\"\(event)}"
  static let byType = UnionMember.tagged(by: ".type", members: [1: "key", 2: "button"])

  /// A 16-byte event: `type`, then `word` at byte 4 (`key.code`, or `button.button` in its low byte).
  static func event(type: UInt8, word: UInt8, tail: UInt8 = 0) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 16)
    bytes[0] = type
    bytes[4] = word
    bytes[12] = tail
    return bytes
  }

  static func eventType() throws -> ValueType {
    let registry = ValueRegistry()
    try registry.register(event, unionMember: byType, at: "")
    return try registry.resolve(event)
  }

  /// Key 38 against another event, and the exact report: the same tag reports the live member's field;
  /// different tags the tag, then the union as one field with each value's own live member.
  static let reports: [(other: [UInt8], report: String)] = [
    (
      event(type: 1, word: 39),
      """
      cv_event values differ at 1 of 2 fields:
        .key.code: 38 ≠ 39
        actual:   {.key = {.type = 1, .code = 38}}
        expected: {.key = {.type = 1, .code = 39}}
      """
    ),
    (
      event(type: 2, word: 3),
      """
      cv_event values differ at 2 of 2 fields:
        .type: 1 ≠ 2
        value: {.key = {.type = 1, .code = 38}} ≠ {.button = {.type = 2, .button = 3}}
        actual:   {.key = {.type = 1, .code = 38}}
        expected: {.button = {.type = 2, .button = 3}}
      """
    ),
  ]

  @Test(arguments: reports.indices) func keyAgainst(_ index: Int) throws {
    let type = try Self.eventType()
    #expect(
      try type.compare(bytes: Self.event(type: 1, word: 38), Self.reports[index].other).report
        == Self.reports[index].report)
  }

  @Test func theLiveMemberAloneIsComparedAndDescribed() throws {
    let type = try Self.eventType()
    // Byte 12 is pad's alone: the key member does not cover it.
    #expect(try type.compare(bytes: Self.event(type: 1, word: 38), Self.event(type: 1, word: 38, tail: 9)).isEqual)
    #expect(try type.describe(bytes: Self.event(type: 2, word: 3)) == "{.button = {.type = 2, .button = 3}}")
  }

  @Test func aTagNoRuleNamesFollowsUnknownTag() throws {
    let all = try Self.eventType()
    let seven = Self.event(type: 7, word: 1)
    let sevenOther = Self.event(type: 7, word: 2)
    #expect(
      try all.compare(bytes: seven, sevenOther).mismatches.map(\.path.description) == [
        ".key.code", ".button.button", ".pad[0]",
      ])
    let registry = ValueRegistry()
    try registry.register(
      Self.event, unionMember: .tagged(by: ".type", members: [1: "key", 2: "button"], unknownAsBytes: true), at: "")
    #expect(
      try registry.resolve(Self.event).compare(bytes: seven, sevenOther).report == """
        cv_event values differ at 1 of 1 field:
          value: <16 bytes: 07 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00> ≠ <16 bytes: 07 00 00 00 02 00 00 00 00 00 00 00 00 00 00 00>
          actual:   {.type = 7, .key = {.type = 7, .code = 1}, .button = {.type = 7, .button = 1}, .pad = {4294967303, 0}}
          expected: {.type = 7, .key = {.type = 7, .code = 2}, .button = {.type = 7, .button = 2}, .pad = {8589934599, 0}}
        """)
  }

  @Test func aUnionInARecordByItsPath() throws {
    let registry = ValueRegistry()
    try registry.register(
      Self.holder, unionMember: .tagged(by: ".event.type", members: [1: "key", 2: "button"]), at: ".event")
    let type = try registry.resolve(Self.holder)
    let key = [5, 0, 0, 0, 0, 0, 0, 0] + Self.event(type: 1, word: 38)
    let button = [5, 0, 0, 0, 0, 0, 0, 0] + Self.event(type: 2, word: 3)
    #expect(
      try type.compare(bytes: key, button).report == """
        cv_holder values differ at 2 of 3 fields:
          .event.type: 1 ≠ 2
          .event: {.key = {.type = 1, .code = 38}} ≠ {.button = {.type = 2, .button = 3}}
          actual:   {.serial = 5, .event = {.key = {.type = 1, .code = 38}}}
          expected: {.serial = 5, .event = {.button = {.type = 2, .button = 3}}}
        """)
    // Per comparison too, with the key's own tag path.
    var options = ComparisonOptions()
    options.unionMembers[".event"] = .tagged(by: ".event.key.type", members: [1: "key", 2: "button"])
    #expect(
      try ValueRegistry().resolve(Self.holder).compare(
        bytes: key, [5, 0, 0, 0, 0, 0, 0, 0] + Self.event(type: 1, word: 39), options: options
      )
      .summary == "cv_holder values differ at .event.key.code: 38 ≠ 39")
  }

  /// A tag not at the same place in every member it names is still refused, by the union's C name.
  @Test func aTagOutsideTheCommonInitialSequenceIsRefused() throws {
    let registry = ValueRegistry()
    let notCommon: [(UnionMember, String)] = [
      // The code is the key's alone.
      (
        .tagged(by: ".key.code", members: [1: "key"]),
        "the tag .key.code is inside the union it selects a member of, and not a field all its members start with"
      ),
      // pad starts with a long, not with the int tag.
      (
        .tagged(by: ".type", members: [1: "key", 9: "pad"]),
        "the tag .type is inside the union it selects a member of, and not a field all its members start with"
      ),
    ]
    for (rule, message) in notCommon {
      let error = #expect(throws: ValueError.self) { try registry.register(Self.event, unionMember: rule, at: "") }
      #expect(error?.description == "union cv_event: the value: \(message)")
    }
  }
}
