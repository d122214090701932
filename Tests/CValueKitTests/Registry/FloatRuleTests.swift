import CValueKit
import Testing

/// The floating-point rules, as a table: every row is compared as `double` and as `float`.
@Suite struct FloatRuleTests {
  struct Row: CustomTestStringConvertible, Sendable {
    let actual: Double
    let expected: Double
    let tolerance: FloatTolerance
    let isEqual: Bool
    let why: String
    var testDescription: String { "\(actual) vs \(expected) under \(tolerance): \(why)" }
  }

  static let rows: [Row] = [
    Row(actual: 1, expected: 1, tolerance: .exact, isEqual: true, why: "equal values"),
    Row(actual: 1, expected: 1.5, tolerance: .exact, isEqual: false, why: "exact by default"),
    Row(actual: .nan, expected: .nan, tolerance: .exact, isEqual: false, why: "NaN ≠ NaN"),
    Row(actual: .nan, expected: .nan, tolerance: .absolute(1e300), isEqual: false, why: "no tolerance makes NaN equal"),
    Row(
      actual: .nan, expected: .nan, tolerance: FloatTolerance(nanEqualsNaN: true), isEqual: true,
      why: "unless the caller opts in"),
    Row(
      actual: .nan, expected: 1, tolerance: FloatTolerance(nanEqualsNaN: true), isEqual: false,
      why: "NaN ≠ a number, even so"),
    Row(actual: -0.0, expected: 0.0, tolerance: .exact, isEqual: true, why: "−0.0 == +0.0"),
    Row(actual: -0.0, expected: 0.0, tolerance: .bitwise, isEqual: false, why: "unless comparing bitwise"),
    Row(actual: .infinity, expected: .infinity, tolerance: .exact, isEqual: true, why: "+inf == +inf"),
    Row(actual: .infinity, expected: .infinity, tolerance: .absolute(0.001), isEqual: true, why: "under any tolerance"),
    Row(actual: .infinity, expected: .infinity, tolerance: .relative(0.5), isEqual: true, why: "relative too"),
    Row(actual: .infinity, expected: .infinity, tolerance: .ulps(4), isEqual: true, why: "ULPs too"),
    Row(
      actual: -.infinity, expected: .infinity, tolerance: .absolute(.greatestFiniteMagnitude), isEqual: false,
      why: "−inf ≠ +inf"),
    Row(
      actual: 1e300, expected: .infinity, tolerance: .absolute(.greatestFiniteMagnitude), isEqual: false,
      why: "finite never within tolerance of inf"),
    Row(actual: 1e300, expected: .infinity, tolerance: .relative(1), isEqual: false, why: "not relatively either"),
    Row(actual: 20, expected: 20.5, tolerance: .absolute(0.5), isEqual: true, why: "absolute is inclusive"),
    Row(actual: 20, expected: 20.5, tolerance: .absolute(0.499), isEqual: false, why: "just outside"),
    Row(actual: 100, expected: 101, tolerance: .relative(0.01), isEqual: true, why: "1% of the larger magnitude"),
    Row(actual: 100, expected: 102, tolerance: .relative(0.01), isEqual: false, why: "2% is outside 1%"),
    Row(actual: 1, expected: 1.0.nextUp, tolerance: .ulps(1), isEqual: true, why: "adjacent values are 1 ULP apart"),
    Row(actual: 1, expected: 1.0.nextUp.nextUp, tolerance: .ulps(1), isEqual: false, why: "2 ULPs"),
    Row(
      actual: 1, expected: 2, tolerance: FloatTolerance(absolute: 0.1, relative: 0.6), isEqual: true,
      why: "any part suffices"),
  ]

  @Test(arguments: rows)
  func double(_ row: Row) throws {
    let result = try ValueRegistry.shared.resolve("d").compare(
      row.actual, row.expected, options: ComparisonOptions(tolerance: row.tolerance))
    #expect(result.isEqual == row.isEqual)
    #expect(result.strategy == .builtIn)
  }

  /// The rows that mean the same in `float`: no ULP rows (a `double` ULP is not a `float` one) and no
  /// values beyond `float`'s range.
  @Test(
    arguments: rows.filter {
      $0.tolerance.ulps == 0 && Float($0.actual).isFinite == $0.actual.isFinite
        && Float($0.expected).isFinite == $0.expected.isFinite
    })
  func float(_ row: Row) throws {
    let result = try ValueRegistry.shared.resolve("f").compare(
      Float(row.actual), Float(row.expected), options: ComparisonOptions(tolerance: row.tolerance))
    #expect(result.isEqual == row.isEqual)
  }

  @Test func floatULPsCountFloatSteps() throws {
    let one: Float = 1
    let options = ComparisonOptions(tolerance: .ulps(1))
    #expect(try ValueRegistry.shared.resolve("f").compare(one, one.nextUp, options: options).isEqual)
    #expect(try !ValueRegistry.shared.resolve("f").compare(one, one.nextUp.nextUp, options: options).isEqual)
    // Widened to double, adjacent floats would be 2^29 ULPs apart.
    #expect(try !ValueRegistry.shared.resolve("d").compare(Double(one), Double(one.nextUp), options: options).isEqual)
  }

  @Test func floatsAreDescribedAsFloats() throws {
    let result = try ValueRegistry.shared.resolve("f").compare(Float(0.1), Float(0.2))
    #expect(
      result.report == """
        float values differ at 1 of 1 field:
          value: 0.1 ≠ 0.2 (difference 0.10000000149011612)
          actual:   0.1
          expected: 0.2
        """)
  }

  @Test func theDifferenceAndToleranceAreReported() throws {
    let result = try ValueRegistry.shared.resolve("d").compare(
      1.0, 1.5, options: ComparisonOptions(tolerance: FloatTolerance(absolute: 0.25, ulps: 4)))
    #expect(result.mismatches.first?.difference == 0.5)
    #expect(result.mismatches.first?.tolerance == FloatTolerance(absolute: 0.25, ulps: 4))
    #expect(result.summary == "double values differ: 1 ≠ 1.5 (difference 0.5, tolerance 0.25 or 4 ulps)")
  }

  @Test func badTolerancesAreErrors() {
    #expect(throws: ValueError.invalidTolerance("absolute tolerance -1 is not a finite number ≥ 0", at: FieldPath())) {
      try ValueRegistry.shared.resolve("d").compare(1.0, 1.0, options: ComparisonOptions(tolerance: .absolute(-1)))
    }
    #expect(throws: ValueError.invalidTolerance("relative tolerance nan is not a finite number ≥ 0", at: FieldPath())) {
      try ValueRegistry.shared.resolve("d").compare(1.0, 1.0, options: ComparisonOptions(tolerance: .relative(.nan)))
    }
  }

  /// A tolerance reads in a report as its numbers do in the values beside it: `1`, not `1.0` (the one float format).
  @Test func aToleranceReadsInTheOneFloatFormat() {
    #expect(FloatTolerance.absolute(1).description == "1")
    #expect(FloatTolerance.absolute(0.25).description == "0.25")
    #expect(FloatTolerance.relative(2).description == "2 relative")
    #expect(FloatTolerance(absolute: 1e-9, relative: 1e-6, ulps: 4).description == "1e-09 or 1e-06 relative or 4 ulps")
    #expect(FloatTolerance(ulps: 1, nanEqualsNaN: true).description == "1 ulp or nan == nan")
    #expect(FloatTolerance.exact.description == "exact")
    #expect(FloatTolerance.absolute(-1).problem == "absolute tolerance -1 is not a finite number ≥ 0")
  }
}
