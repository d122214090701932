import Testing

/// `cvalue check-padding`: status 0 and one line when every padding byte is zero, status 1 and each run of
/// non-zero padding bytes with the fields around it when not, status 2 for bad input.
@Suite("cvalue check-padding")
struct CheckPaddingCommandTests {
  /// glibc's x86-64 `struct tm`, filled field by field over 0xAA bytes: clang puts `.tm_isdst` at 32..<36
  /// and `.tm_gmtoff` at 40, so 36..<40 still hold 0xAA.
  static let tm =
    "05000000 04000000 03000000 02000000 01000000 7e000000 01000000 20000000 00000000 aaaaaaaa "
    + "0000000000000000 0000000000000000"
  /// `struct cv_message` (CTestTypes): a number message, with byte 14 (text's alone) set.
  static let message =
    #"{cv_message="kind"i"body"(?="text"[12c]"number"{?="value"i"scale"f}"point"{?="x"f"y"f})}"#
  static let number = "02000000 07000000 0000c03f 00005500"

  @Test("struct tm over 0xAA bytes leaks 36..<40, after .tm_isdst")
  func structTm() async throws {
    let run = try await CValue.run(["check-padding", "--header", "time.h", "struct tm", Self.tm])
    #expect(run.exited(1), "\(run)")
    #expect(
      run.stdout == """
        tm has 4 non-zero padding bytes:
          36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>

        """)
    let zeroed = try await CValue.run([
      "check-padding", "--header", "time.h", "struct tm",
      Self.tm.replacingOccurrences(of: "aaaaaaaa", with: "00000000"),
    ])
    #expect(zeroed.exited(0), "\(zeroed)")
    #expect(zeroed.stdout == "tm has its padding zeroed\n")
  }

  @Test("a union's dead bytes are padding once its live member is named")
  func unionMember() async throws {
    let all = try await CValue.run(["check-padding", Self.message, Self.number])
    #expect(all.exited(0), "\(all)")
    let tagged = try await CValue.run([
      "check-padding", Self.message, Self.number, "--union-tag", ".body=.kind:1=text,2=number,3=point",
    ])
    #expect(tagged.exited(1), "\(tagged)")
    #expect(
      tagged.stdout == """
        cv_message has 1 non-zero padding byte:
          14..<15 (after .body.number.scale): <1 byte: 55>

        """)
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(
      ["check-padding", "{cv_reading=\"tag\"c\"value\"d}", "41"],
      "the value has 1 byte, but {cv_reading=\"tag\"c\"value\"d} is 16 bytes\n"),
    BadInputCase(
      ["check-padding", "{X}", "41"],
      "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is "
        + "registered\n"),
    BadInputCase(
      ["check-padding", "i"], "missing the value's bytes: give them as hex or with --file <path>\n"),
  ]

  @Test("bad input: the exact message on stderr, nothing on stdout, status 2", arguments: badInput)
  func bad(_ input: BadInputCase) async throws { try await input.check() }
}
