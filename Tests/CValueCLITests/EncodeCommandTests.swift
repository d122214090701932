import Testing

/// `cvalue encode`: a C initializer to one line of hex, which `cvalue describe` reads back.
@Suite("cvalue encode")
struct EncodeCommandTests {
  struct RoundTrip: Sendable, CustomStringConvertible {
    var type: String
    var literal: String
    var hex: String
    /// What `cvalue describe` prints for the bytes: the literal in the describer's own spelling.
    var described: String
    var description: String { "\(type) \(literal)" }
  }

  /// A char array and two bitfields. A GNU-form bitfield's offset counts bits from the start of the struct, so
  /// the bitfields after the 8 chars start at bit 64.
  static let flags = #"{S="name"[8c]"flags"b64I3"mode"b67I5}"#

  static let roundTrips: [RoundTrip] = [
    RoundTrip(
      type: "rect", literal: "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}",
      hex: "0000000000000000000000000000000000000000000024400000000000003440",
      described: "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}"),
    RoundTrip(
      type: "rect", literal: "{{0, 0}, {10, 20.5}}",
      hex: "0000000000000000000000000000000000000000000024400000000000803440",
      described: "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}"),
    RoundTrip(
      type: flags, literal: #"{.name = "cvalue", .flags = 5, .mode = 2}"#,
      hex: "6376616c7565000015000000",
      described: #"{.name = "cvalue", .flags = 5, .mode = 2}"#),
    RoundTrip(type: "int32", literal: "-2", hex: "feffffff", described: "-2"),
    RoundTrip(type: "uint16", literal: "0xBEEF", hex: "efbe", described: "48879"),
    // Padding and members left out are zero.
    RoundTrip(type: "{S=cd}", literal: "{'A'}", hex: "41000000000000000000000000000000", described: "{65, 0}"),
    RoundTrip(
      type: "[4i]", literal: "{[2] = 5, 7}", hex: "00000000000000000500000007000000", described: "{0, 0, 5, 7}"),
    RoundTrip(type: "double", literal: "-1e-3", hex: "fca9f1d24d6250bf", described: "-0.001"),
  ]

  @Test("encode prints one line of lowercase hex, and describe reads it back", arguments: roundTrips)
  func roundTrip(_ expected: RoundTrip) async throws {
    let encoded = try await CValue.run("encode", expected.type, expected.literal)
    #expect(encoded.exited(0), "\(encoded)")
    #expect(encoded.stderr == "", "\(encoded)")
    #expect(encoded.stdout == expected.hex + "\n")

    let described = try await CValue.run("describe", expected.type, expected.hex)
    #expect(described.exited(0), "\(described)")
    #expect(described.stdout == expected.described + "\n")

    // The description is itself a literal that encodes to the same bytes.
    let again = try await CValue.run("encode", expected.type, expected.described)
    #expect(again.exited(0), "\(again)")
    #expect(again.stdout == expected.hex + "\n")
  }

  @Test("a negative number is a literal, not an option, wherever --abi stands")
  func negativeLiteral() async throws {
    for arguments in [["-2"], ["-2", "--abi", "arm64-linux"], ["--abi", "arm64-linux", "-2"], ["--", "-2"]] {
      let run = try await CValue.run(["encode", "int32"] + arguments)
      #expect(run.exited(0), "\(run)")
      #expect(run.stdout == "feffffff\n", "\(run)")
    }
  }

  @Test("compare reads what encode prints")
  func compareEncoded() async throws {
    let actual = try await CValue.run("encode", "rect", "{{0, 0}, {10, 20}}")
    let expected = try await CValue.run("encode", "rect", "{{0, 0}, {10, 20.5}}")
    let run = try await CValue.run(
      "compare", "rect", String(actual.stdout.dropLast()), String(expected.stdout.dropLast()))
    #expect(run.exited(1), "\(run)")
    #expect(run.stdout == CompareCommandTests.rectReport)
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(
      ["encode", "point", "{.x = 1, .z = 2}"],
      """
      no member named 'z' in struct CGPoint at offset 10 in "{.x = 1, .z = 2}"
        {.x = 1, .z = 2}
                  ^

      """),
    BadInputCase(
      ["encode", "int8", "300"],
      """
      300 does not fit in signed char at offset 0 in "300"
        300
        ^

      """),
    BadInputCase(
      ["encode", "point", "{.x = 1"],
      """
      unterminated '{' at offset 0 in "{.x = 1"
        {.x = 1
        ^

      """),
    // A mistyped option is not an option: it is read as part of the literal.
    BadInputCase(
      ["encode", "int32", "1", "--abbi", "x"],
      """
      unexpected characters after a complete value at offset 2 in "1 --abbi x"
        1 --abbi x
          ^

      """),
    BadInputCase(
      ["encode", "{P=dd", "{1, 2}"],
      """
      unterminated struct at offset 5 in "{P=dd"
        {P=dd
             ^

      """),
    BadInputCase(
      ["encode", "{X}", "{}"],
      "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is registered\n"
    ),
    BadInputCase(
      ["encode", "int32", "1", "--abi", "vax"],
      "unknown ABI \"vax\"; choose one of x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin, i386-linux, armv7-linux, riscv64-linux, "
        + "x86_64-windows, s390x-linux, arm-eabi, arm-eabihf, riscv32-elf\n"),
    BadInputCase(
      ["encode", #"{S="name"[8c]"flags"b0I3b3I5}"#, "{}"],
      #"cannot lay out {S="name"[8c]"flags"b0I3b3I5}: bitfield at bit 0 overlaps the member before it, "#
        + "which ends at bit 64 (at .flags)\n"),
    BadInputCase(["encode", "int32"], "missing the literal, such as '{.x = 1, .y = 2}'\n"),
  ]

  @Test("a literal that does not fit: the message and a caret, status 2", arguments: badInput)
  func rejects(_ expected: BadInputCase) async throws {
    try await expected.check()
  }
}
