import CTestTypes
import Testing

@testable import CValueKit

/// `ComparisonOptions` as one value: what is compared (the key of a handle's plan) and what only shapes the report
/// are each declared once, so an option that
/// changes equality is never skipped; union member rules live in one place; the initializer takes every
/// property.
@Suite struct ComparisonOptionsTests {
  /// `struct cv_reading`: 24 bytes, padding 1..<8.
  static let reading = "{cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}"

  /// Sets each stored property of `ComparisonOptions` to a value other than its default, by the name
  /// `Mirror` gives it.
  static let nonDefault: [String: @Sendable (inout ComparisonOptions) -> Void] = [
    "tolerance": { $0.tolerance = .absolute(1) },
    "fieldTolerances": { $0.fieldTolerances = [".value": .absolute(1)] },
    "maximumReportedMismatches": { $0.maximumReportedMismatches = 1 },
    "descriptionOptions": {
      $0.descriptionOptions.showsCStringText = true
      $0.descriptionOptions.maximumElements = 2
    },
    "ignoredPaths": { $0.ignoredPaths = [".tag"] },
    "fieldComparers": { $0.fieldComparers = [".tag": .cString] },
    "comparesPadding": { $0.comparesPadding = true },
    "maximumDescriptionLength": { $0.maximumDescriptionLength = 10 },
  ]
  /// What only shapes the report.
  static let keepThePlan: Set<String> = ["maximumReportedMismatches", "descriptionOptions", "maximumDescriptionLength"]

  @Test func everyStoredPropertyIsEitherComparedOrReported() {
    let names = Mirror(reflecting: ComparisonOptions.default).children.compactMap(\.label)
    // Every property printed is one the tests set (and so thought about).
    #expect(Set(names) == Set(Self.nonDefault.keys))
    #expect(ComparisonOptions.default.compared == .none)
    #expect(ComparisonOptions.default.storage.comparesNothing)
    for name in names {
      var options = ComparisonOptions.default
      Self.nonDefault[name]?(&options)
      #expect(options != .default, "\(name)")
      // Each property is kept in one part: what is compared (the plan's key) or what is reported.
      let compares = options.compared != .none
      let reports = options.reported != ComparisonOptions.default.reported
      #expect(compares != reports, "\(name)")
      #expect(options.storage.comparesNothing == !compares, "\(name)")
      #expect(compares == !Self.keepThePlan.contains(name), "\(name)")
    }
  }

  /// Two readings equal field by field, 20.0 and 20.4 apart at `.value` under the given options.
  func compare(value actual: Double, _ expected: Double, padding: UInt8 = 0, _ options: ComparisonOptions)
    throws -> Bool
  {
    let type = try ValueRegistry().resolve(Self.reading)
    var a = try type.parse("{.tag = 65, .value = \(actual), .count = 3, .unit = \"C\"}")
    let b = try type.parse("{.tag = 65, .value = \(expected), .count = 3, .unit = \"C\"}")
    a[3] = padding
    return try type.compare(bytes: a, b, options: options).isEqual
  }

  @Test func eachOptionThatChangesEqualityChangesTheResultWhereThePlanWouldSayEqual() throws {
    let loose = ComparisonOptions(tolerance: .absolute(1))
    #expect(try compare(value: 20, 20.4, loose))
    // A field tolerance tighter than the tolerance.
    #expect(
      try !compare(value: 20, 20.4, ComparisonOptions(tolerance: .absolute(1), fieldTolerances: [".value": .exact])))
    // A comparer that sees a difference the type's rules do not.
    let never = FieldComparer(Int8.self) { _, _ in false }
    #expect(try compare(value: 20, 20, .default))
    #expect(try !compare(value: 20, 20, ComparisonOptions(fieldComparers: [".tag": never])))
    // Padding, which the type's rules skip.
    #expect(try compare(value: 20, 20, padding: 0xaa, .default))
    #expect(try !compare(value: 20, 20, padding: 0xaa, ComparisonOptions(comparesPadding: true)))
    // An ignored path and a union member make unequal values equal.
    #expect(try !compare(value: 20, 21, .default))
    #expect(try compare(value: 20, 21, ComparisonOptions(ignoredPaths: [".value"])))
    let message = try ValueRegistry().resolve(UnionMemberTests.message)
    let number = UnionMemberTests.number(7, 1.5)
    let deadBytesDiffer = UnionMemberTests.withBodyByte(number, 9, 7)
    #expect(try !message.compare(number, deadBytesDiffer).isEqual)
    #expect(
      try message.compare(number, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]))
        .isEqual)
  }

  @Test func whatOnlyShapesTheReportLeavesEqualityAlone() throws {
    for name in Self.keepThePlan {
      var options = ComparisonOptions.default
      Self.nonDefault[name]?(&options)
      #expect(try compare(value: 20, 20, options), "\(name)")
      #expect(try !compare(value: 20, 20.4, options), "\(name)")
    }
  }

  @Test func unionMemberRulesHaveOnePlace() throws {
    // Kept in descriptionOptions: the comparison compares, reports and describes by the same rules.
    var options = ComparisonOptions.default
    options.descriptionOptions.unionMembers = [".body": "number"]
    #expect(options.unionMembers == [".body": "number"])
    #expect(options == ComparisonOptions(unionMembers: [".body": "number"]))
    #expect(options.compared.unionMembers == [".body": "number"])
    #expect(options.reported.descriptionOptions.unionMembers.isEmpty)
    let message = try ValueRegistry().resolve(UnionMemberTests.message)
    let number = UnionMemberTests.number(7, 1.5)
    #expect(try message.compare(number, UnionMemberTests.withBodyByte(number, 9, 7), options: options).isEqual)
    // The initializer's rules are added to the description's, and win for the same union.
    let both = ComparisonOptions(
      descriptionOptions: DescriptionOptions(unionMembers: [".body": "text", ".other": "a"]),
      unionMembers: [".body": "number"])
    #expect(both.descriptionOptions.unionMembers == [".body": "number", ".other": "a"])
  }

  @Test func theInitializerTakesEveryProperty() {
    let options = ComparisonOptions(
      tolerance: .absolute(1), fieldTolerances: [".value": .absolute(1)], maximumReportedMismatches: 1,
      descriptionOptions: DescriptionOptions(showsCStringText: true, maximumElements: 2),
      unionMembers: [".body": "number"], ignoredPaths: [".tag"], fieldComparers: [".tag": .cString],
      comparesPadding: true, maximumDescriptionLength: 10)
    // Each stored property already holds the value its setter gives: the initializer took it.
    for name in Mirror(reflecting: options).children.compactMap(\.label) {
      var set = options
      Self.nonDefault[name]?(&set)
      #expect(Self.nonDefault[name] != nil && set == options, "\(name)")
    }
    #expect(ComparisonOptions() == .default)
    // Printed by its properties, as a struct of stored properties is.
    let printed = String(describing: ComparisonOptions(maximumReportedMismatches: 1))
    #expect(printed.hasPrefix("ComparisonOptions(tolerance: nil, fieldTolerances: [:], maximumReportedMismatches: 1,"))
    #expect(ComparisonOptions.default.maximumDescriptionLength == 400)
    #expect(!ComparisonOptions.default.comparesPadding)
  }
}
