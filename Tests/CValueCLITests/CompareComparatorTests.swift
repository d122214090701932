import TestSupport
import Testing

/// `cvalue compare --library … --comparer … --signature …`: a C function from a real shared library
/// decides, end to end, with the exit statuses of `compare`.
@Suite("cvalue compare --comparer")
struct CompareComparatorTests {
  static let encoding = "{s_dd=dd}"
  /// {1, 2} and {1, 2.5}.
  static let a = "000000000000f03f 0000000000000040"
  static let b = "000000000000f03f 0000000000000440"

  func run(_ arguments: [String]) async throws -> CValueRun {
    try await CValue.run(["compare", "--library", try FixtureLibrary.path()] + arguments)
  }

  @Test func byValueThroughLibffi() async throws {
    let signature = ["--comparer", "s_dd_equal", "--signature", "B{s_dd=dd}{s_dd=dd}"]
    let equal = try await run(signature + [Self.encoding, Self.a, Self.a])
    #expect(equal.status == 0 && !equal.crashed)
    #expect(equal.stdout == "s_dd values are equal (C function s_dd_equal)\n")
    let different = try await run(signature + [Self.encoding, Self.a, Self.b])
    #expect(different.status == 1 && !different.crashed)
    #expect(
      different.stdout == """
        s_dd values differ at 1 of 1 field (C function s_dd_equal):
          value: {1, 2} ≠ {1, 2.5}
          actual:   {1, 2}
          expected: {1, 2.5}

        """)
  }

  @Test func byPointerWithAnOrderingResult() async throws {
    let arguments = [
      "--comparer", "s_dd_compare", "--signature", "i^{s_dd}^{s_dd}", "--equal-when", "zero", Self.encoding,
    ]
    #expect(try await run(arguments + [Self.a, Self.a]).status == 0)
    #expect(try await run(arguments + [Self.a, Self.b]).status == 1)
  }

  @Test(arguments: [
    (
      ["--comparer", "rect_equal", "--signature", "B{s_dd=dd}{s_dd=dd}"],
      "undefined symbol: rect_equal"
    ),
    (
      ["--comparer", "s_dd_equal", "--signature", "B{s_dd=dd}{s_i=i}"],
      "argument 2 of s_dd_equal is {s_i=i}, but the values are {s_dd=dd}: pass the value or a pointer to it"
    ),
    (
      ["--comparer", "s_dd_compare", "--signature", "i^{s_dd}^{s_dd}"],
      "--equal-when zero|nonzero is needed: s_dd_compare returns an integer"
    ),
    (["--comparer", "s_dd_equal"], "--comparer needs --signature"),
    (
      ["--comparer", "s_dd_equal", "--signature", "B{s_dd=dd}{s_dd=dd}", "--equal-when", "maybe"],
      "--equal-when must be 'zero' or 'nonzero', not 'maybe'"
    ),
  ])
  func badComparatorsAreBadInput(options: [String], message: String) async throws {
    let result = try await run(options + [Self.encoding, Self.a, Self.b])
    #expect(result.status == 2 && !result.crashed, "\(result)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func aMissingLibraryIsBadInput() async throws {
    let result = try await CValue.run(
      "compare", "--library", "/nonexistent/libgeom.so", "--comparer", "rect_equal", "--signature", "B{R=d}{R=d}",
      "{R=d}", "0000000000000000", "0000000000000000")
    #expect(result.status == 2 && !result.crashed)
    #expect(
      result.stderr.contains(
        "cannot open library /nonexistent/libgeom.so: /nonexistent/libgeom.so: cannot open shared object file"))
  }

  @Test func libraryWithoutAComparatorIsBadInput() async throws {
    let result = try await run([Self.encoding, Self.a, Self.b])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--library needs --comparer"))
  }
}
