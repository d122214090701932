import Testing

/// `--help` documents the grammar, the JSON shape and examples, and exits with status 0.
@Suite("cvalue --help")
struct HelpTests {
  struct Case: Sendable, CustomStringConvertible {
    var arguments: [String]
    var mentions: [String]
    var description: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["--help"],
      mentions: [
        "OVERVIEW: Lay out raw C values by their Objective-C type encoding.",
        "USAGE: cvalue <subcommand>",
        "Bitfields bN Apple form: width only",
        "b<offset><type><width> GNU form: bit offset and type",
        "{Name=TU} struct; {Name} by name, {?=TU} anonymous",
        "rect ({CGRect={CGPoint=dd}{CGSize=dd}})",
        "A _Atomic (changes size and alignment)",
        "Examples: cvalue layout rect cvalue layout '{S=cdi}' --json cvalue layout '(U=if)'",
        "exits with status 2",
        "layout Print the exact C memory layout of a type",
      ]),
    Case(
      arguments: ["layout", "--help"],
      mentions: [
        "USAGE: cvalue layout <type> [--json] [--abi <abi>]",
        "--json prints one object:",
        #""fields": [{"path": ".origin.x", "offset": 0, "size": 8, "encoding": "d"}, ...]"#,
        #""bitOffset" (bits from the start of the value) and "bitWidth""#,
        "Examples: cvalue layout rect cvalue layout '{S=cdi}' --json",
        "--abi arm64-linux",
        "--json Print the layout as JSON instead of a table.",
        "x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin",
        "cvalue layout '{epoll_event=IQ}' --size 12 --alignment 1 --offsets 0,4",
        "b<N> for a bitfield's bit offset",
      ]),
    Case(
      arguments: ["help", "layout"],
      mentions: ["USAGE: cvalue layout <type> [--json] [--abi <abi>]", "--json prints one object:"]),
  ]

  @Test("help exits 0 and mentions the grammar and examples", arguments: cases)
  func help(_ expected: Case) async throws {
    let run = try await CValue.run(expected.arguments)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    // Help is wrapped to the terminal's width, so compare with every run of white space made one space.
    let text = Self.collapsingWhiteSpace(run.stdout)
    for phrase in expected.mentions {
      #expect(text.contains(phrase), "help does not mention \(phrase.debugDescription)")
    }
  }

  @Test("--version prints the version")
  func version() async throws {
    let run = try await CValue.run("--version")
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout == "0.1.0\n")
  }

  private static func collapsingWhiteSpace(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
