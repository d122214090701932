import Testing

@testable import CValueKit

/// The plans a handle compiles once for a comparison's options and keeps: a kept plan reports what a plan
/// compiled afresh reports, other options get their own, and options that do not fit are refused every time.
@Suite struct OptionPlanTests {
  static let rect = "{CGRect=\"origin\"{CGPoint=\"x\"d\"y\"d}\"size\"{CGSize=\"width\"d\"height\"d}}"
  static let base: [Double] = [1, 2, 3, 4]
  static let other: [Double] = [1.5, 2, 3, 4.25]

  static func bytes(_ values: [Double]) -> [UInt8] { values.withUnsafeBytes { Array($0) } }

  static var ignoringX: ComparisonOptions {
    var options = ComparisonOptions()
    options.ignoredPaths = [".origin.x"]
    options.fieldComparers[".size.height"] = FieldComparer(Double.self) { abs($0 - $1) < 0.5 }
    return options
  }

  @Test func aKeptPlanReportsWhatAFreshOneReports() throws {
    let options = Self.ignoringX
    let type = try ValueRegistry().resolve(Self.rect)
    let first = try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options)
    #expect(type.cachedPlanCount == 1)
    let again = try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options)
    #expect(type.cachedPlanCount == 1)
    let fresh = try ValueRegistry().resolve(Self.rect).compare(
      bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options)
    #expect(first == fresh)
    #expect(again == fresh)
    #expect(first.isEqual)
    #expect(first.comparedFieldCount == 3)
    #expect(first.ignoredPaths == [".origin.x"])
    // Values that differ where the plan still compares are walked by the same plan.
    let differing = try type.compare(bytes: Self.bytes(Self.base), Self.bytes([1, 2, 3.5, 4]), options: options)
    #expect(differing.summary == "CGRect values differ at .size.width: 3 ≠ 3.5 (difference 0.5)")
  }

  @Test func changedOptionsGetTheirOwnPlan() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    var options = Self.ignoringX
    #expect(try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options).isEqual)
    options.ignoredPaths = []
    let compared = try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options)
    #expect(compared.summary == "CGRect values differ at .origin.x: 1 ≠ 1.5 (difference 0.5)")
    // With neither, the options change nothing the handle's own plan compares: it is used, and none is kept.
    options.fieldComparers = [:]
    let plain = try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options)
    #expect(plain.mismatchCount == 2)
    options.tolerance = .absolute(0.5)
    #expect(try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options).isEqual)
    #expect(type.cachedPlanCount == 3)
    // Options that only shape the report share the handle's own plan and keep none.
    let own = try ValueRegistry().resolve(Self.rect)
    _ = try own.compare(
      bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: ComparisonOptions(maximumReportedMismatches: 1))
    #expect(own.cachedPlanCount == 0)
  }

  @Test func optionsAreFoundByTheirReferenceAndAChangedCopyIsNot() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    var options = Self.ignoringX
    let comparers = options.fieldComparers
    // Options no one else holds change in place.
    let unshared = ObjectIdentifier(options.storage)
    options.maximumReportedMismatches = 3
    #expect(ObjectIdentifier(options.storage) == unshared)
    #expect(try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options).isEqual)
    // The handle keeps them: a change now copies them, and the copy is not the kept plan's options.
    options.ignoredPaths = []
    #expect(ObjectIdentifier(options.storage) != unshared)
    #expect(type.keptPlanOptions.map { ObjectIdentifier($0.storage) } == [unshared])
    #expect(try !type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: options).isEqual)
    #expect(type.cachedPlanCount == 2)
    // Options built again, equal in what they compare, find the plan, which then keeps them.
    let rebuilt = ComparisonOptions(
      maximumReportedMismatches: 3, ignoredPaths: [".origin.x"], fieldComparers: comparers)
    #expect(try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.other), options: rebuilt).isEqual)
    #expect(type.cachedPlanCount == 2)
    #expect(type.keptPlanOptions.first?.storage === rebuilt.storage)
  }

  @Test func aHandleKeepsAFewPlans() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    for index in 0..<(ComparisonPlans.capacity * 2) {
      let options = ComparisonOptions(tolerance: .absolute(Double(index)))
      _ = try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.base), options: options)
    }
    #expect(type.cachedPlanCount == ComparisonPlans.capacity)
  }

  @Test func optionsThatDoNotFitAreRefusedEveryTime() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    var options = ComparisonOptions()
    options.ignoredPaths = [".origin.z"]
    for _ in 0..<2 {
      #expect(throws: ValueError.unknownFieldPath(".origin.z", in: type.type)) {
        try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.base), options: options)
      }
    }
    #expect(type.cachedPlanCount == 0)
  }

  @Test func anArrayPlanIsKeptPerCount() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    let two = Self.bytes(Self.base + Self.base)
    let changed = Self.bytes(Self.base + Self.other)
    let equal = try type.compare(bytes: two, two, count: 2)
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 8)
    #expect(try type.compare(bytes: changed, two, count: 2).mismatchCount == 2)
    #expect(try type.compare(bytes: Self.bytes(Self.base), Self.bytes(Self.base), count: 1).comparedFieldCount == 4)
    #expect(type.cachedPlanCount == 2)
  }

  /// Equal values compare to the comparison the handle built once, named as the handle was resolved.
  @Test func equalValuesAreNamedByTheNameResolved() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(#"{?="a"i"b"c}"#, name: "pair")
    let pair = try ValueRegistry(catalog: catalog).resolve("pair")
    let value: [UInt8] = [1, 0, 0, 0, 120, 0, 0, 0]
    let equal = try pair.compare(bytes: value, value)
    #expect(equal.typeName == "pair")
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 2)
  }
}

/// `compare(_:_:)` with no options answers as `compare(_:_:options: .default)` does, for equal values (the
/// comparison the handle built once), for values that differ, and for the cases its shortcut leaves to the
/// full path: a comparer registered for the whole value, a Swift type of another size, a tagged union.
@Suite struct CompareWithoutOptionsTests {
  private struct Padded {
    var tag: CChar
    var value: Double
    var count: Int32
  }

  static let padded = #"{P="tag"c"value"d"count"i}"#

  @Test func equalValuesGetTheHandlesOwnComparison() throws {
    let type = try ValueRegistry().resolve(Self.padded)
    let a = Padded(tag: 1, value: 2.5, count: 3)
    var b = a
    b.value = -0.0 + 2.5
    let quick = try type.compare(a, b)
    let full = try type.compare(a, b, options: .default)
    #expect(quick == full)
    #expect(quick.isEqual)
    #expect(quick.comparedFieldCount == 3)
    #expect(quick == type.equalComparison)
    b.count = 4
    let differing = try type.compare(a, b)
    #expect(differing == (try type.compare(a, b, options: .default)))
    #expect(differing.summary == "P values differ at .count: 3 ≠ 4")
  }

  @Test func aComparerForTheWholeValueAndAnInvalidToleranceTakeTheFullPath() throws {
    let registry = ValueRegistry()
    try registry.register("{T=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 })
    let registered = try registry.resolve("{T=d}")
    #expect(registered.equalComparison == nil)
    #expect(try registered.compare(1.0, 1.25) == (try registered.compare(1.0, 1.25, options: .default)))
    let invalid = try ValueRegistry(defaultTolerance: .absolute(-1)).resolve(Self.padded)
    #expect(invalid.equalComparison == nil)
    let a = Padded(tag: 1, value: 2.5, count: 3)
    #expect(throws: ValueError.self) { try invalid.compare(a, a) }
  }

  @Test func aSwiftTypeOfAnotherSizeIsRefusedAsWithOptions() throws {
    let type = try ValueRegistry().resolve(Self.padded)
    #expect(throws: ValueError.swiftTypeSize(swiftType: "Int16", size: 2, type: type.type, typeSize: 24)) {
      try type.compare(Int16(1), Int16(1))
    }
  }
}
