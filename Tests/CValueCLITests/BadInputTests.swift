import Testing

/// Bad input of every kind, the tool's own and ArgumentParser's: the exact message on stderr, nothing on stdout,
/// and exit status 2.
@Suite("cvalue rejects bad input with status 2")
struct BadInputTests {
  typealias Case = BadInputCase

  static let encodingErrors: [Case] = [
    Case(
      layout: "{CGPoint=dd",
      """
      unterminated struct at offset 11 in "{CGPoint=dd"
        {CGPoint=dd
                   ^

      """),
    Case(
      layout: "",
      """
      empty type encoding at offset 0 in ""
        
        ^

      """),
    Case(
      layout: "[4ii]",
      """
      expected ']' at offset 3 in "[4ii]"
        [4ii]
           ^

      """),
    Case(
      layout: "int",
      """
      unknown type name "int" at offset 0 in "int"
        int
        ^

      """),
    Case(
      layout: "{S=ii}x",
      """
      unexpected characters after a complete type at offset 6 in "{S=ii}x"
        {S=ii}x
              ^

      """),
    Case(
      layout: "^",
      """
      expected a type at offset 1 in "^"
        ^
         ^

      """),
    // The offset counts bytes (é is two), the caret counts characters.
    Case(
      layout: "{S=é}",
      """
      unknown type code 'é' at offset 3 in "{S=é}"
        {S=é}
           ^

      """),
    Case(
      layout: "[99999999999999999999i]",
      """
      number larger than 1099511627776 at offset 1 in "[99999999999999999999i]"
        [99999999999999999999i]
         ^

      """),
  ]

  static let layoutErrors: [Case] = [
    Case(
      layout: "{X}",
      "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is registered\n"
    ),
    Case(
      layout: "{B=b3b5}",
      "cannot lay out {B=b3b5}: bitfield b3 has no offset or declared type (Apple form); use the GNU form "
        + "b<offset><type><width> or register a layout override (at .0)\n"),
    Case(layout: "v", "cannot lay out v: void has no size\n"),
    Case(layout: "?", "cannot lay out ?: '?' (an unknown type, such as a function) has no size\n"),
    Case(layout: "b0I3", "cannot lay out b0I3: a bitfield can only be a member of a struct or union\n"),
    Case(
      layout: "{S=b0I33}", "cannot lay out {S=b0I33}: bitfield of width 33 does not fit its declared type I (at .0)\n"),
    Case(
      ["layout", "{S=cD}", "--abi", "sparc"],
      "unknown ABI \"sparc\"; choose one of x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin, i386-linux, armv7-linux, riscv64-linux, "
        + "x86_64-windows, s390x-linux, arm-eabi, arm-eabihf, riscv32-elf\n"),
    Case(["layout", "{E=IQ}", "--size", "12"], "--size and --alignment go together (and --offsets needs both)\n"),
    Case(
      ["layout", "{E=IQ}", "--size", "12", "--alignment", "1", "--offsets", "0,four"],
      "--offsets: \"four\" is not a byte offset or b<bit offset>\n"),
    Case(
      ["layout", "{E=IQ}", "--size", "12", "--alignment", "1", "--offsets", "0,2"],
      "cannot lay out {E=IQ}: invalid layout override: member .1 at bit 16 overlaps the member before it, "
        + "which ends at bit 32 for struct E\n"),
    Case(
      ["layout", "{E=IQ}", "--size", "12", "--alignment", "3"],
      "cannot lay out {E=IQ}: invalid layout override: alignment 3 is not a power of two for struct E\n"),
    Case(
      ["layout", "i", "--size", "4", "--alignment", "4"],
      "cannot lay out i: invalid layout override: an override needs a struct or union with its members, not i\n"),
  ]

  static let usageErrors: [Case] = [
    // An unknown option whose letters include h is not a cluster holding -h (which would print help and exit 0,
    // and for compare mean equal): it is refused by its name.
    Case(
      ["compare", "int32", "01000000", "02000000", "-fshort"],
      """
      Error: Unknown option '-fshort'
      Usage: cvalue compare [<options>] <type> <actual> <expected>
        See 'cvalue compare --help' for more information.

      """),
    Case(
      ["layout", "rect", "-help"],
      """
      Error: Unknown option '-help'
      Usage: cvalue layout [<options>] <type>
        See 'cvalue layout --help' for more information.

      """),
    Case(
      ["layout"],
      """
      Error: Missing expected argument '<type>'
      Help:  <type>  A type encoding such as '{CGPoint=dd}', a readable name such as 'rect' or 'uint32', or with --header a C type name such as 'struct tcphdr'.
      Usage: cvalue layout [<options>] <type>
        See 'cvalue layout --help' for more information.

      """),
    Case(
      ["frob"],
      """
      Error: Unexpected argument 'frob'
      Usage: cvalue <subcommand>
        See 'cvalue --help' for more information.

      """),
    Case(
      ["layout", "rect", "--frob"],
      """
      Error: Unknown option '--frob'. Did you mean '--json'?
      Usage: cvalue layout [<options>] <type>
        See 'cvalue layout --help' for more information.

      """),
    Case(
      ["layout", "rect", "extra"],
      """
      Error: Unexpected argument 'extra'
      Usage: cvalue layout [<options>] <type>
        See 'cvalue layout --help' for more information.

      """),
    Case(
      ["layout", "rect", "--abi"],
      """
      Error: Missing value for '--abi <abi>'
      Help:  --abi <abi>  The ABI to lay out for, without clang (default: the one --target names, else the host's).
      Usage: cvalue layout [<options>] <type>
        See 'cvalue layout --help' for more information.

      """),
  ]

  @Test("a malformed encoding: the problem, its byte offset and a caret", arguments: encodingErrors)
  func encodingError(_ expected: Case) async throws {
    try await check(expected)
  }

  @Test("a type that has no layout, or an unknown ABI", arguments: layoutErrors)
  func layoutError(_ expected: Case) async throws {
    try await check(expected)
  }

  @Test("ArgumentParser's usage errors also exit with 2, not 64", arguments: usageErrors)
  func usageError(_ expected: Case) async throws {
    try await check(expected)
  }

  @Test("--json does not change how bad input is reported")
  func jsonBadInput() async throws {
    let run = try await CValue.run("layout", "{CGPoint=dd", "--json")
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "")
    #expect(run.stderr.hasPrefix("unterminated struct at offset 11 in \"{CGPoint=dd\"\n"))
  }

  private func check(_ expected: Case) async throws {
    let run = try await CValue.run(expected.arguments)
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "", "\(run)")
    #expect(run.stderr == expected.stderr)
  }
}

extension BadInputCase {
  /// `cvalue layout <type>` with the given type text.
  init(layout type: String, _ stderr: String) {
    self.init(["layout", type], stderr)
  }
}
