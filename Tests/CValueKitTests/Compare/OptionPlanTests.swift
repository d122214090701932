import Synchronization
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
    #expect(quick == type.ownPlan.equalComparison)
    b.count = 4
    let differing = try type.compare(a, b)
    #expect(differing == (try type.compare(a, b, options: .default)))
    #expect(differing.summary == "P values differ at .count: 3 ≠ 4")
  }

  @Test func aComparerForTheWholeValueAndAnInvalidToleranceTakeTheFullPath() throws {
    let registry = ValueRegistry()
    try registry.register("{T=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 })
    let registered = try registry.resolve("{T=d}")
    #expect(registered.ownPlan.equalComparison == nil)
    #expect(try registered.compare(1.0, 1.25) == (try registered.compare(1.0, 1.25, options: .default)))
    let invalid = try ValueRegistry(defaultTolerance: .absolute(-1)).resolve(Self.padded)
    #expect(invalid.ownPlan.equalComparison == nil)
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

/// Options passed again by reference keep the plan the handle compiled for them, so that the handle finds it
/// without its lock: for that handle and array length only, never once the options change, and the same plan
/// under comparisons from many threads.
@Suite struct OptionsKeepTheirPlanTests {
  static let rect = OptionPlanTests.rect
  static let base = OptionPlanTests.bytes(OptionPlanTests.base)
  static let other = OptionPlanTests.bytes(OptionPlanTests.other)
  static let widthDiffers = OptionPlanTests.bytes([1, 2, 3.5, 4])

  @Test func optionsPassedAgainKeepTheHandlesPlan() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    let options = OptionPlanTests.ignoringX
    #expect(try type.compare(bytes: Self.base, Self.other, options: options).isEqual)
    // Compiled: the handle keeps the plan, the options not yet (options built for one call never pay for it).
    #expect(options.storage.plan(keptFor: type.serial, count: nil) == nil)
    #expect(try type.compare(bytes: Self.base, Self.other, options: options).isEqual)
    // Found again by reference: the options keep it too, the very plan the handle keeps.
    let kept = try #require(options.storage.plan(keptFor: type.serial, count: nil))
    #expect(type.keptPlans.count == 1)
    #expect(kept.takeUnretainedValue() === type.keptPlans.first)
    // Comparisons by the kept plan: equal values, and values that differ where it compares (walked by it).
    let equal = try type.compare(bytes: Self.base, Self.other, options: options)
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 3)
    #expect(equal.ignoredPaths == [".origin.x"])
    let differing = try type.compare(bytes: Self.base, Self.widthDiffers, options: options)
    #expect(differing.summary == "CGRect values differ at .size.width: 3 ≠ 3.5 (difference 0.5)")
    #expect(try type.difference(bytes: Self.base, Self.other, options: options) == nil)
    #expect(type.keptPlans.count == 1)
  }

  @Test func anArrayLengthKeepsItsOwnPlan() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    let options = ComparisonOptions(tolerance: .absolute(0.3))
    let two = Self.base + Self.base
    for _ in 0..<2 { #expect(try type.compare(bytes: Self.base, Self.base, count: 1, options: options).isEqual) }
    let one = try #require(options.storage.plan(keptFor: type.serial, count: 1))
    #expect(one.takeUnretainedValue() === type.keptPlans.first)
    // Not for one value, nor for two: each is the handle's to find.
    #expect(options.storage.plan(keptFor: type.serial, count: nil) == nil)
    #expect(options.storage.plan(keptFor: type.serial, count: 2) == nil)
    let differing = try type.compare(bytes: two, Self.base + Self.widthDiffers, count: 2, options: options)
    #expect(differing.mismatches.map(\.path) == ["[1].size.width"])
    #expect(try type.compare(bytes: Self.base, Self.widthDiffers, count: 1, options: options).mismatchCount == 1)
    #expect(try type.compare(bytes: Self.base, Self.widthDiffers, options: options).mismatchCount == 1)
    #expect(type.keptPlans.count == 3)
  }

  @Test func anotherHandleDoesNotFindThePlan() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(Self.rect, name: "rect_t")
    let registry = ValueRegistry(catalog: catalog)
    let type = try registry.resolve(Self.rect)
    // The same rules under a typedef name: another handle, whose equal values are named by it.
    let named = try registry.resolve("rect_t")
    #expect(named.serial != type.serial)
    let options = OptionPlanTests.ignoringX
    for _ in 0..<3 {
      #expect(try type.compare(bytes: Self.base, Self.other, options: options).typeName == "CGRect")
    }
    for _ in 0..<3 {
      let compared = try named.compare(bytes: Self.base, Self.other, options: options)
      #expect(compared.isEqual)
      #expect(compared.typeName == "rect_t")
    }
    // The options keep the first handle's plan only; the second finds its own under its lock.
    #expect(options.storage.plan(keptFor: named.serial, count: nil) == nil)
    #expect(options.storage.plan(keptFor: type.serial, count: nil)?.takeUnretainedValue() === type.keptPlans.first)
    #expect(named.keptPlans.count == 1)
  }

  @Test func optionsKeepingAPlanAreCopiedWhenChangedEvenWhenNoOneElseHoldsThem() throws {
    let type = try ValueRegistry().resolve(Self.rect)
    var options = OptionPlanTests.ignoringX
    for _ in 0..<2 { #expect(try type.compare(bytes: Self.base, Self.other, options: options).isEqual) }
    #expect(options.storage.holdsPlan)
    // The handle forgets its plan for them: these options are now the storage's only holder.
    for index in 0..<ComparisonPlans.capacity {
      _ = try type.compare(bytes: Self.base, Self.base, options: ComparisonOptions(tolerance: .absolute(Double(index))))
    }
    #expect(!type.keptPlanOptions.contains { $0.storage === options.storage })
    let keeping = ObjectIdentifier(options.storage)
    options.ignoredPaths = []
    // Changed in place, the storage would still hold the plan that ignores `.origin.x`.
    #expect(ObjectIdentifier(options.storage) != keeping)
    #expect(!options.storage.holdsPlan)
    let compared = try type.compare(bytes: Self.base, Self.other, options: options)
    #expect(compared.summary == "CGRect values differ at .origin.x: 1 ≠ 1.5 (difference 0.5)")
  }

  @Test func aPlansStepsCallItsComparersUnretained() throws {
    let calls = Mutex(0)
    var options = ComparisonOptions()
    options.ignoredPaths = [".origin.x"]
    options.fieldComparers[".size.height"] = FieldComparer(Double.self) { a, b in
      calls.withLock { $0 += 1 }
      return abs(a - b) < 0.5
    }
    let type = try ValueRegistry().resolve(Self.rect)
    for _ in 0..<3 { #expect(try type.compare(bytes: Self.base, Self.other, options: options).isEqual) }
    let plan = try #require(type.keptPlans.first)
    #expect(ComparisonPlanTests.render(Array(plan.steps)) == "doubles 8×2; kept 24+8")
    #expect(calls.withLock { $0 } == 3)
    let far = OptionPlanTests.bytes([1, 2, 3, 9])
    #expect(try type.compare(bytes: Self.base, far, options: options).mismatches.map(\.path) == [".size.height"])
    // Checked once by the steps, then once by the walk that reports it.
    #expect(calls.withLock { $0 } == 5)
  }

  @Test func aHandlesOwnStepsCallARegisteredComparerUnretained() throws {
    let calls = Mutex(0)
    let registry = ValueRegistry()
    try registry.register(Self.rect, ignoring: [".origin.x"])
    try registry.register(
      Self.rect,
      comparer: FieldComparer(Double.self) { a, b in
        calls.withLock { $0 += 1 }
        return a == b
      }, at: ".size.width")
    let type = try registry.resolve(Self.rect)
    #expect(ComparisonPlanTests.render(type.steps) == "doubles 8×1; kept 16+8; doubles 24×1")
    let a: [Double] = [1, 2, 3, 4]
    let xDiffers: [Double] = [9, 2, 3, 4]
    let widthDiffers: [Double] = [1, 2, 3.5, 4]
    #expect(type.isEqual(pointers: a, xDiffers))
    #expect(!type.isEqual(pointers: a, widthDiffers))
    #expect(calls.withLock { $0 } == 2)
  }

  @Test func comparisonsFromManyThreadsShareOneKeptPlan() async throws {
    let type = try ValueRegistry().resolve(Self.rect)
    let options = OptionPlanTests.ignoringX
    let outcomes = try await withThrowingTaskGroup(of: [Bool].self, returning: [[Bool]].self) { group in
      for _ in 0..<8 {
        group.addTask {
          try (0..<200).map { index in
            try type.compare(bytes: Self.base, index % 2 == 0 ? Self.other : Self.widthDiffers, options: options)
              .isEqual
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.count == 8)
    for outcome in outcomes { #expect(outcome == (0..<200).map { $0 % 2 == 0 }) }
    #expect(type.keptPlans.count == 1)
    #expect(options.storage.plan(keptFor: type.serial, count: nil)?.takeUnretainedValue() === type.keptPlans.first)
  }
}
