import Testing

/// `--abi` changes the layout where the ABIs differ: `long double` is `double` on arm64 Apple platforms and
/// 16 bytes, 16-aligned elsewhere.
@Suite("cvalue layout --abi")
struct ABITests {
  struct Case: Sendable, CustomStringConvertible {
    var abi: String
    var size: Int
    var alignment: Int
    var longDoubleOffset: Int
    var description: String { abi }
  }

  static let cases: [Case] = [
    Case(abi: "arm64-darwin", size: 16, alignment: 8, longDoubleOffset: 8),
    Case(abi: "x86_64-linux", size: 32, alignment: 16, longDoubleOffset: 16),
    Case(abi: "x86_64-darwin", size: 32, alignment: 16, longDoubleOffset: 16),
    Case(abi: "arm64-linux", size: 32, alignment: 16, longDoubleOffset: 16),
  ]

  @Test("{S=cD} under each ABI", arguments: cases)
  func longDouble(_ expected: Case) async throws {
    let run = try await CValue.run("layout", "{S=cD}", "--json", "--abi", expected.abi)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    let report = try LayoutReport.decode(run.stdout)
    #expect(report.encoding == "{S=cD}")
    #expect(report.size == expected.size)
    #expect(report.alignment == expected.alignment)
    #expect(report.stride == expected.size)
    #expect(report.fields.map(\.offset) == [0, expected.longDoubleOffset])
    #expect(report.fields.map(\.size) == [1, expected.longDoubleOffset])
    #expect(report.paddingRanges == [1..<expected.longDoubleOffset])
  }

  @Test("--abi=NAME is the same option")
  func equalsForm() async throws {
    let run = try await CValue.run("layout", "{S=cD}", "--json", "--abi=arm64-darwin")
    #expect(run.exited(0), "\(run)")
    #expect(try LayoutReport.decode(run.stdout).size == 16)
  }

  @Test("without --abi, the host's ABI is used")
  func hostDefault() async throws {
    let implicit = try await CValue.run("layout", "{S=cD}", "--json")
    let explicit = try await CValue.run("layout", "{S=cD}", "--json", "--abi", hostABI)
    #expect(implicit.exited(0), "\(implicit)")
    let (a, b) = (try LayoutReport.decode(implicit.stdout), try LayoutReport.decode(explicit.stdout))
    #expect([a.size, a.alignment, a.stride] == [b.size, b.alignment, b.stride] as [Int])
    #expect(a.fields == b.fields)
  }
}
