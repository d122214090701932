import Testing

/// `--format text|json` in every command that prints a report, and `--json`, the spelling users already have,
/// as the same as `--format json`: the library writes each format, the tool only picks it.
@Suite("--format")
struct FormatOptionTests {
  /// A command of each kind that prints a report, and the status it exits with.
  static let commands: [(arguments: [String], status: Int32)] = [
    (["layout", "{S=cdi}"], 0),
    (["describe", #"{S="a"c"b"i}"#, "41000000 07000000"], 0),
    (["compare", "rect", JSONOutputTests.rect, JSONOutputTests.wider], 1),
    (["check-padding", CheckPaddingCommandTests.message, CheckPaddingCommandTests.number], 0),
    (["check-padding", "{S=cd}", "01aaaaaaaaaaaaaa 0000000000000000"], 1),
  ]

  @Test("--format json is --json, --format text is the default", arguments: 0..<commands.count)
  func sameAsTheSpellingsUsersHave(_ index: Int) async throws {
    let (arguments, status) = Self.commands[index]
    let text = try await CValue.run(arguments)
    let json = try await CValue.run(arguments + ["--json"])
    #expect(text.exited(status), "\(text)")
    #expect(json.exited(status), "\(json)")
    #expect(json.stdout.hasPrefix("{"), "\(json)")
    for (spelling, expected) in [
      (["--format", "text"], text), (["--format", "json"], json), (["--format=json"], json),
    ] {
      let run = try await CValue.run(arguments + spelling)
      #expect(run.exited(status), "\(run)")
      #expect(run.stdout == expected.stdout, "\(arguments + spelling)")
    }
    let both = try await CValue.run(arguments + ["--json", "--format", "json"])
    #expect(both.stdout == json.stdout, "\(both)")
  }

  @Test("check-padding --format json: the padding check's comparison, each run of bytes a mismatch")
  func checkPadding() async throws {
    let run = try await CValue.run(["check-padding", "{S=cd}", "01aaaaaaaaaaaaaa 0000000000000000", "--format", "json"])
    #expect(run.exited(1), "\(run)")
    #expect(
      run.stdout
        == #"{"comparedFieldCount":1,"ignoredPaths":[],"isEqual":false,"mismatchCount":1,"mismatches":[{"#
        + #""actual":"<7 bytes: aa aa aa aa aa aa aa>","expected":"<7 bytes: 00 00 00 00 00 00 00>","offset":1,"#
        + #""padding":{"after":".0","before":".1","offset":1,"size":7},"path":".0+padding"}],"schema":1,"#
        + #""strategy":"padding","type":"{S=cd}","typeName":"S"}"# + "\n")
  }

  @Test("--json with --format text, or a format the library does not have, is bad input")
  func badInput() async throws {
    let both = try await CValue.run([
      "compare", "double", "0000000000003440", "0000000000003440", "--json", "--format", "text",
    ])
    #expect(both.exited(2), "\(both)")
    #expect(both.stdout == "")
    #expect(both.stderr.hasPrefix("--json is --format json: it cannot go with --format text\n"), "\(both)")
    let unknown = try await CValue.run(["layout", "i", "--format", "xml"])
    #expect(unknown.exited(2), "\(unknown)")
    #expect(
      unknown.stderr.hasPrefix(
        "Error: The value 'xml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.\n"),
      "\(unknown)")
  }
}
