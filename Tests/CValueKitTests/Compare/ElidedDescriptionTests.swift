import CValueKit
import Testing

/// The `actual:` and `expected:` lines of a report on a value longer than
/// `ComparisonOptions.maximumDescriptionLength`: the differing fields, what encloses them, and `…`.
@Suite struct ElidedDescriptionTests {
  static func report(_ encoding: String, _ actual: String, _ expected: String, budget: Int?) throws -> Comparison {
    let type = try ValueRegistry().resolve(encoding)
    var options = ComparisonOptions()
    options.maximumDescriptionLength = budget
    return try type.compare(bytes: type.parse(actual), type.parse(expected), options: options)
  }

  static let message = #"{msg="kind"i"body"(?="text"[16c]"numbers"[4i])"count"I}"#
  static let abcd = #"{.kind = 1, .body = {.text = "abcd"}, .count = 2}"#
  static let abce = #"{.kind = 1, .body = {.text = "abce"}, .count = 2}"#

  @Test func aUnionWithoutARuleIsShownByTheViewOfItsFirstDifference() throws {
    // Whole, every view; within 60, the view of the first difference with the scalars beside the union.
    let whole = try Self.report(Self.message, Self.abcd, Self.abce, budget: nil)
    #expect(
      whole.actualDescription == #"{.kind = 1, .body = {.text = "abcd", .numbers = {1684234849, 0, 0, 0}}, .count = 2}"#
    )
    #expect(
      try Self.report(Self.message, Self.abcd, Self.abce, budget: 60).report == #"""
        msg values differ at 2 of 7 fields:
          .body.text: "abcd" ≠ "abce" (first difference at [3])
          .body.numbers[0]: 1684234849 ≠ 1701012065
          actual:   {.kind = 1, .body = {.text = "abcd", …}, .count = 2}
          expected: {.kind = 1, .body = {.text = "abce", …}, .count = 2}
        """#)
    // Within 40, the differing field alone.
    #expect(
      try Self.report(Self.message, Self.abcd, Self.abce, budget: 40).actualDescription
        == #"{…, .body = {.text = "abcd", …}, …}"#)
  }

  @Test func positionalMembersAreNamedByTheirPathStep() throws {
    #expect(
      try Self.report("{S=i[8i]d}", "{1, {[3] = 4}, 2}", "{1, {[3] = 9}, 2}", budget: 20).report == """
        S values differ at 1 of 10 fields:
          .1[3]: 4 ≠ 9
          actual:   {…, .1 = {…, [3] = 4, …}, …}
          expected: {…, .1 = {…, [3] = 9, …}, …}
        """)
    // A value that fits is shown whole, positionally, as before.
    #expect(
      try Self.report("{S=i[8i]d}", "{1, {[3] = 4}, 2}", "{1, {[3] = 9}, 2}", budget: 400).actualDescription
        == "{1, {0, 0, 0, 4, 0, 0, 0, 0}, 2}")
  }

  @Test func anonymousMembersHaveNoDesignator() throws {
    let result = try Self.report(
      #"{S="a"i{?="b"i"c"[10i]}}"#, "{.a = 1, .b = 2, .c = {[9] = 3}}", "{.a = 1, .b = 2, .c = {[9] = 4}}",
      budget: 20)
    #expect(result.actualDescription == "{…, {…, .c = {…, [9] = 3}}}")
    #expect(result.expectedDescription == "{…, {…, .c = {…, [9] = 4}}}")
  }
}
