import Foundation
import Testing

/// `cvalue describe`: bytes in hex (or a file) to a C initializer, and every way the input can be wrong.
@Suite("cvalue describe")
struct DescribeCommandTests {
  struct Case: Sendable, CustomStringConvertible {
    var arguments: [String]
    var output: String
    var description: String { arguments.map { "[\($0)]" }.joined(separator: " ") }

    init(_ arguments: String..., output: String) {
      self.arguments = arguments
      self.output = output
    }
  }

  static let rectHex = "0000000000000000" + "0000000000000000" + "0000000000002440" + "0000000000003440"

  static let described: [Case] = [
    Case(
      "describe", "rect", rectHex,
      output: "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}\n"),
    Case(
      "describe", "{CGRect={CGPoint=dd}{CGSize=dd}}",
      "00000000 00000000  00000000 00000000 0000000000002440 0x0000000000003440",
      output: "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}\n"),
    Case("describe", "int32", "2a000000", output: "42\n"),
    Case("describe", "int32", "0x2A_00_00_00", output: "42\n"),
    Case("describe", "int32", "ff:ff:ff:ff", output: "-1\n"),
    Case("describe", "{S=cdi}", "41 00000000000000 000000000000f03f 07000000 00000000", output: "{65, 1, 7}\n"),
    Case("describe", "int32", "01000000 02000000 03000000", "--count", "3", output: "{1, 2, 3}\n"),
    Case(
      "describe", "point", "000000000000f03f 0000000000000040 0000000000000840 0000000000001040", "--count", "2",
      output: "{{.x = 1, .y = 2}, {.x = 3, .y = 4}}\n"),
    // A char is a number; the layout of {X} is unknown, so its bytes are dumped.
    Case("describe", "{X}", "0102 03", output: "<3 bytes: 01 02 03>\n"),
    Case("describe", "[4c]", "61620000", output: "\"ab\"\n"),
    Case("describe", "^v", "0010000000000000", output: "0x1000\n"),
  ]

  @Test("the bytes are printed as a C initializer", arguments: described)
  func describe(_ expected: Case) async throws {
    let run = try await CValue.run(expected.arguments)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(run.stdout == expected.output)
  }

  @Test("long arrays show 256 elements and how many more, unless --all-elements")
  func longArrays() async throws {
    let hex = String(repeating: "01000000", count: 300)
    let shown = try await CValue.run("describe", "int32", hex, "--count", "300")
    #expect(shown.exited(0), "\(shown)")
    #expect(shown.stdout == "{" + Array(repeating: "1", count: 256).joined(separator: ", ") + ", … 44 more}\n")

    let all = try await CValue.run("describe", "[300i]", hex, "--all-elements")
    #expect(all.exited(0), "\(all)")
    #expect(all.stdout == "{" + Array(repeating: "1", count: 300).joined(separator: ", ") + "}\n")
  }

  @Test("--file reads the raw bytes of a file")
  func file() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-describe-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rect.bin").path
    var rect = [0.0, 0.0, 10.0, 20.0]
    try Data(bytes: &rect, count: 32).write(to: URL(fileURLWithPath: path))
    let run = try await CValue.run("describe", "rect", "--file", path)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(run.stdout == "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}\n")

    let values = try await CValue.run("describe", "double", "--file", path, "--count", "4")
    #expect(values.exited(0), "\(values)")
    #expect(values.stdout == "{0, 0, 10, 20}\n")

    let short = try await CValue.run("describe", "point", "--file", path)
    #expect(short.exited(2), "\(short)")
    #expect(short.stdout == "")
    #expect(short.stderr == "the value has 32 bytes, but {CGPoint=dd} is 16 bytes\n")
  }

  @Test("a file that cannot be read: its path and the reason, status 2")
  func missingFile() async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-missing-\(UUID()).bin").path
    let run = try await CValue.run("describe", "rect", "--file", path)
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "")
    #expect(run.stderr == "cannot read --file \"\(path)\": No such file or directory\n")

    let folder = try await CValue.run("describe", "rect", "--file", "/")
    #expect(folder.exited(2), "\(folder)")
    #expect(folder.stderr == "cannot read --file \"/\": Is a directory\n")
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(
      ["describe", "point", "000000000000f03f 00000000000000"],
      "the value has 15 bytes, but {CGPoint=dd} is 16 bytes\n"),
    BadInputCase(
      ["describe", "int32", "01000000 02000000", "--count", "3"],
      "the 3 values have 8 bytes, but 3 × i is 12 bytes (stride 4)\n"),
    BadInputCase(["describe", "int32", "2a000000", "--count", "0"], "--count must be 1 or more, not 0\n"),
    BadInputCase(
      ["describe", "int32", "2a00000"],
      """
      odd number of hex digits (7) at offset 0 in <bytes> "2a00000"
        2a00000
        ^

      """),
    BadInputCase(
      ["describe", "int32", "2a 00 0 00"],
      """
      odd number of hex digits (1) at offset 6 in <bytes> "2a 00 0 00"
        2a 00 0 00
              ^

      """),
    BadInputCase(
      ["describe", "int32", "2a 00 0g 00"],
      """
      invalid hex digit 'g' at offset 7 in <bytes> "2a 00 0g 00"
        2a 00 0g 00
               ^

      """),
    // The offset counts bytes (é is two), the caret counts characters.
    BadInputCase(
      ["describe", "int16", "é 2a00"],
      """
      invalid hex digit 'é' at offset 0 in <bytes> "é 2a00"
        é 2a00
        ^

      """),
    BadInputCase(
      ["describe", "int16", "2a00 0x"],
      """
      '0x' without hex digits at offset 5 in <bytes> "2a00 0x"
        2a00 0x
             ^

      """),
    BadInputCase(
      ["describe", "int16", "2a,00"],
      """
      invalid hex digit ',' at offset 2 in <bytes> "2a,00"
        2a,00
          ^

      """),
    BadInputCase(
      ["describe", "{CGPoint=dd", "00"],
      """
      unterminated struct at offset 11 in "{CGPoint=dd"
        {CGPoint=dd
                   ^

      """),
    BadInputCase(
      ["describe", "int32", "2a000000", "--abi", "sparc"],
      "unknown ABI \"sparc\"; choose one of x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin, i386-linux, armv7-linux, riscv64-linux, "
        + "x86_64-windows, s390x-linux, arm-eabi, arm-eabihf, riscv32-elf\n"),
    BadInputCase(
      ["describe", "int32", "2a000000", "--file", "/dev/null"],
      "give the bytes either as hex or with --file, not both\n"),
    BadInputCase(["describe", "int32"], "missing the value's bytes: give them as hex or with --file <path>\n"),
    BadInputCase(
      ["describe", "{X}", "00", "--count", "1"],
      "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is registered\n"
    ),
  ]

  @Test("bad input: the exact message on stderr, nothing on stdout, status 2", arguments: badInput)
  func rejects(_ expected: BadInputCase) async throws {
    try await expected.check()
  }
}

/// A run of `cvalue` that must fail with status 2 and exactly this message on stderr.
struct BadInputCase: Sendable, CustomStringConvertible {
  var arguments: [String]
  var stderr: String
  var description: String { arguments.map { "[\($0)]" }.joined(separator: " ") }

  init(_ arguments: [String], _ stderr: String) {
    self.arguments = arguments
    self.stderr = stderr
  }

  func check() async throws {
    let run = try await CValue.run(arguments)
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "", "\(run)")
    #expect(run.stderr == stderr)
  }
}
