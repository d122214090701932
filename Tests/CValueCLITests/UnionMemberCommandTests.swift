import TestSupport
import Testing

/// `--union-member`, `--union-tag` and `--unknown-tag` on `compare` and `describe`: the live member of a union
/// decides, and bytes only the other members cover do not count.
@Suite("cvalue --union-member and --union-tag")
struct UnionMemberCommandTests {
  /// CTestTypes' `struct cv_message`, as clang's `@encode` gives it with the member names added: `body` is a
  /// union of a 12-byte `text`, an 8-byte `number` and an 8-byte `point`, so bytes 8 to 11 of it are `text`'s.
  static let message = #"{cv_message="kind"i"body"(?="text"[12c]"number"{?="value"i"scale"f}"point"{?="x"f"y"f})}"#
  static let byKind = ".body=.kind:1=text,2=number,3=point"

  /// The bytes of a `cv_message` given as a C initializer, as `cvalue encode` writes them.
  static func encode(_ literal: String) async throws -> String {
    let run = try await CValue.run("encode", message, literal)
    #expect(run.exited(0), "\(run)")
    return String(run.stdout.dropLast())
  }

  /// `cvalue compare` on two messages, with `options`.
  static func compare(_ actual: String, _ expected: String, _ options: [String] = []) async throws -> CValueRun {
    let run = try await CValue.run(
      ["compare", message, try await encode(actual), try await encode(expected)] + options)
    #expect(run.stderr == "", "\(run)")
    return run
  }

  static let number = "{.kind = 2, .body = {.number = {7, 1.5}}}"
  /// The same number with a byte of `text` that `number` does not cover set.
  static let numberWithDeadByte = "{.kind = 2, .body = {.number = {7, 1.5}}, .body.text[10] = 0x55}"

  @Test("compare: equal with the live member named, different without it")
  func deadBytes() async throws {
    let without = try await Self.compare(Self.number, Self.numberWithDeadByte)
    #expect(without.exited(1), "\(without)")
    #expect(
      without.stdout == """
        cv_message values differ at 1 of 6 fields:
          .body.text: "\\007\\000\\000\\000\\000\\000\\300?" ≠ "\\007\\000\\000\\000\\000\\000\\300?\\000\\000U" (first difference at [10])
          actual:   {.kind = 2, .body = {.text = {7, 0, 0, 0, 0, 0, -64, 63, 0, 0, 0, 0}, .number = {.value = 7, .scale = 1.5}, .point = {.x = 1e-44, .y = 1.5}}}
          expected: {.kind = 2, .body = {.text = {7, 0, 0, 0, 0, 0, -64, 63, 0, 0, 85, 0}, .number = {.value = 7, .scale = 1.5}, .point = {.x = 1e-44, .y = 1.5}}}

        """)
    for options in [
      ["--union-member", ".body=number"], ["--union-member", "body=number"], ["--union-tag", Self.byKind],
    ] {
      let with = try await Self.compare(Self.number, Self.numberWithDeadByte, options)
      #expect(with.exited(0), "\(with)")
      #expect(with.stdout == "cv_message values are equal\n", "\(options)")
    }
  }

  @Test("compare: a difference in the live member is reported there alone, and the values show that member")
  func liveMemberDiffers() async throws {
    let report = """
      cv_message values differ at 1 of 3 fields:
        .body.number.value: 7 ≠ 8
        actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
        expected: {.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}

      """
    let other = "{.kind = 2, .body = {.number = {8, 1.5}}, .body.text[10] = 0x55}"
    let named = try await Self.compare(Self.number, other, ["--union-member", ".body=number"])
    #expect(named.exited(1), "\(named)")
    #expect(named.stdout == report)
    let tagged = try await Self.compare(Self.number, other, ["--union-tag", Self.byKind])
    #expect(tagged.exited(1), "\(tagged)")
    #expect(tagged.stdout == report)
  }

  @Test("compare --union-tag: different tags report the tag first and each value's live member")
  func differentTags() async throws {
    let run = try await Self.compare(Self.number, "{.kind = 3, .body.point = {7, 1.5}}", ["--union-tag", Self.byKind])
    #expect(run.exited(1), "\(run)")
    #expect(
      run.stdout == """
        cv_message values differ at 2 of 2 fields:
          .kind: 2 ≠ 3
          .body: {.number = {.value = 7, .scale = 1.5}} ≠ {.point = {.x = 7, .y = 1.5}}
          actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
          expected: {.kind = 3, .body = {.point = {.x = 7, .y = 1.5}}}

        """)
  }

  @Test("compare --unknown-tag: a tag that names no member compares every member, or the union's bytes")
  func unknownTag() async throws {
    let unknown = "{.kind = 9, .body = {.number = {7, 1.5}}}"
    let dead = "{.kind = 9, .body = {.number = {7, 1.5}}, .body.text[10] = 0x55}"
    let untagged = try await Self.compare(unknown, dead)
    let allMembers = try await Self.compare(unknown, dead, ["--union-tag", Self.byKind])
    let named = try await Self.compare(unknown, dead, ["--union-tag", Self.byKind, "--unknown-tag", "all-members"])
    #expect(allMembers.exited(1) && allMembers.stdout == untagged.stdout, "\(allMembers)")
    #expect(named.exited(1) && named.stdout == untagged.stdout, "\(named)")
    let bytes = try await Self.compare(unknown, dead, ["--union-tag", Self.byKind, "--unknown-tag", "bytes"])
    #expect(bytes.exited(1), "\(bytes)")
    #expect(
      bytes.stdout.split(separator: "\n").prefix(2) == [
        "cv_message values differ at 1 of 2 fields:",
        "  .body: <12 bytes: 07 00 00 00 00 00 c0 3f 00 00 00 00> ≠ <12 bytes: 07 00 00 00 00 00 c0 3f 00 00 55 00>",
      ])
  }

  @Test("an anonymous union is named by the record holding it, '.' or nothing for the value itself")
  func anonymousUnion() async throws {
    // {V="t"c(?="i"i"c"c)}: the union at offset 4; its second byte is i's alone.
    let arguments = ["compare", #"{V="t"c(?="i"i"c"c)}"#, "0100000001000000", "0100000001ff0000"]
    let without = try await CValue.run(arguments)
    #expect(without.exited(1), "\(without)")
    for options in [["--union-member", ".=c"], ["--union-member", "=c"], ["--union-tag", "=.t:1=c,2=i"]] {
      let run = try await CValue.run(arguments + options)
      #expect(run.exited(0), "\(run)")
      #expect(run.stdout == "V values are equal\n")
    }
  }

  @Test("glibc's tcphdr: .=syn compares the Linux view alone, =th_flags the BSD one")
  func tcphdrViews() async throws {
    let header = ["--header", "netinet/tcp.h", "tcphdr"]
    let syn = try await CValue.run(["encode"] + header + ["{.source = 0x5000, .syn = 1}"])
    let synAck = try await CValue.run(["encode"] + header + ["{.source = 0x5000, .syn = 1, .ack = 1}"])
    #expect(syn.exited(0) && synAck.exited(0), "\(syn)\n\(synAck)")
    let values = [String(syn.stdout.dropLast()), String(synAck.stdout.dropLast())]
    let linux = try await CValue.run(["compare"] + header + values + ["--union-member", ".=syn"])
    #expect(linux.exited(1), "\(linux)")
    #expect(
      linux.stdout.split(separator: "\n").prefix(2) == ["tcphdr values differ at 1 of 16 fields:", "  .ack: 0 ≠ 1"])
    let bsd = try await CValue.run(["compare"] + header + values + ["--union-member", "=th_flags"])
    #expect(bsd.exited(1), "\(bsd)")
    #expect(
      bsd.stdout.split(separator: "\n").prefix(2) == ["tcphdr values differ at 1 of 10 fields:", "  .th_flags: 2 ≠ 18"])
  }

  @Test("X11's XEvent: .type, which every member starts with, selects the member", .needs(.x11))
  func xeventByItsCommonTag() async throws {
    let header = ["--header", "X11/Xlib.h", "XEvent"]
    let hex = { (byte: Int) in String(repeating: "0", count: byte < 16 ? 1 : 0) + String(byte, radix: 16) }
    // `type` at byte 0, `keycode` (or `button`) at byte 84 of 192.
    let event = { (type: Int, code: Int) in
      hex(type) + String(repeating: "00", count: 83) + hex(code) + String(repeating: "00", count: 107)
    }
    let tag = ["--union-tag", "=.type:2=xkey,3=xkey,4=xbutton,5=xbutton"]
    let keycode = try await CValue.run(["compare"] + header + [event(2, 38), event(2, 39)] + tag)
    #expect(keycode.exited(1), "\(keycode)")
    #expect(
      keycode.stdout.split(separator: "\n").prefix(2) == [
        "XEvent values differ at 1 of 15 fields:", "  .xkey.keycode: 38 ≠ 39",
      ])
    let button = try await CValue.run(["compare"] + header + [event(2, 38), event(4, 1)] + tag)
    #expect(button.exited(1), "\(button)")
    #expect(
      button.stdout.split(separator: "\n").prefix(3).map { String($0.prefix(40)) } == [
        "XEvent values differ at 2 of 2 fields:", "  .type: 2 ≠ 4", "  value: {.xkey = {.type = 2, .serial = ",
      ])
    #expect(button.stdout.contains("≠ {.xbutton = {.type = 4, .serial = 0, "))
  }

  @Test("describe shows only the live member, of every value with --count")
  func describe() async throws {
    let one = try await Self.encode(Self.numberWithDeadByte)
    let shown = "{.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}"
    for options in [["--union-member", ".body=number"], ["--union-tag", Self.byKind, "--unknown-tag", "bytes"]] {
      let run = try await CValue.run(["describe", Self.message, one] + options)
      #expect(run.exited(0), "\(run)")
      #expect(run.stdout == shown + "\n")
    }
    let two = try await CValue.run(
      "describe", Self.message, one + one, "--count", "2", "--union-member", ".body=number")
    #expect(two.exited(0), "\(two)")
    #expect(two.stdout == "{\(shown), \(shown)}\n")
  }

  static let zero = String(repeating: "00", count: 16)

  static let badInput: [BadInputCase] = [
    // Malformed text: refused before the type is read.
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", "body"],
      "--union-member: \"body\" is not .path=name, e.g. .body=number\n"),
    BadInputCase(
      ["describe", message, zero, "--union-member", ".body="], "--union-member: \".body=\" names no member after '='\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", ".bo..dy=text"],
      "--union-member: malformed field path \".bo..dy\" at offset 4\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", ".body=text", "--union-member", "body=number"],
      "--union-member: the union at .body is given more than once\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", "=a", "--union-member", ".=b"],
      "--union-member: the union at . (the value itself) is given more than once\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", ".body=text", "--union-tag", byKind],
      "--union-tag: the union at .body is given more than once\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-tag", ".body=.kind"],
      "--union-tag: \".body=.kind\" is not .path=.tag:value=name,..., e.g. .body=.kind:1=text,2=number\n"),
    BadInputCase(
      ["describe", message, zero, "--union-tag", ".body=.kind:one=text"],
      "--union-tag: \"one\" in \".body=.kind:one=text\" is not an integer tag value\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-tag", ".body=.kind:1=text,,2=number"],
      "--union-tag: \"\" in \".body=.kind:1=text,,2=number\" is not value=name, e.g. 1=text\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-tag", ".body=.kind:1=text,0x1=number"],
      "--union-tag: the tag value 1 is given more than once in \".body=.kind:1=text,0x1=number\"\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-tag", byKind, "--unknown-tag", "maybe"],
      "--unknown-tag must be 'all-members' or 'bytes', not 'maybe'\n"),
    BadInputCase(
      ["describe", message, zero, "--unknown-tag", "bytes"], "--unknown-tag applies to --union-tag, which is missing\n"),
    // Rules that do not fit the type: the library's message, as for every other ValueError.
    BadInputCase(
      ["compare", message, zero, zero, "--union-member", ".body=txt"],
      "struct cv_message: .body: no union there has a member \"txt\", nor an anonymous member holding it "
        + "(members: text, number, point)\n"),
    BadInputCase(
      ["describe", message, zero, "--union-member", ".kind=text"],
      "struct cv_message: .kind is not a union, nor a record holding an anonymous union\n"),
    BadInputCase(
      ["compare", message, zero, zero, "--union-tag", ".body=.body.number.value:2=number"],
      "struct cv_message: .body: the tag .body.number.value is inside the union it selects a member of, and not a field all its members start with\n"
    ),
    // A union of 4,000 characters of encoding is named as C names it; a tag not in the common initial
    // sequence of the members it names is refused.
    BadInputCase(
      [
        "describe", "--header", "X11/Xlib.h", "XEvent", String(repeating: "00", count: 192), "--union-tag",
        "=.xkey.keycode:2=xkey",
      ],
      "union _XEvent: the value: the tag .xkey.keycode is inside the union it selects a member of, and not a field all its members start with\n"
    ),
  ]

  @Test("bad input: the exact message on stderr, nothing on stdout, status 2", arguments: badInput)
  func rejects(_ expected: BadInputCase) async throws {
    try await expected.check()
  }
}
