import CValueShim

// One comparison plan, one verdict, one walk: what a comparison runs, compiled once per (type, compared
// options, count). Every door asks a plan for its verdict, and the walk that writes the report (the handle's,
// ValueType+Walk.swift) runs only when the verdict says the values differ.

/// A type's rules compiled for one set of compared options (``ComparedOptions``) and one array length: the
/// rules the values are compared, described and counted by, how equality is decided (its ``Verdict``, chosen
/// here once), and what equal values compare to. A handle keeps its own plan (no options, one value) and the
/// plans it compiled for options (``ComparisonPlans``).
@usableFromInline
final class ComparisonPlan: Sendable {
  /// How equality is decided.
  @usableFromInline let verdict: Verdict
  /// The comparison equal values get when it is always the same one and the verdict alone decides (no tagged
  /// union counts fields by the value, no padding is counted, no comparer for the whole value decides in the
  /// walk, and the tolerance is valid): what the inlined `compare(_:_:)` returns for values its check finds equal.
  @usableFromInline let equalComparison: Comparison?
  /// The rules, or `nil` when the layout is unknown.
  let laidOutRules: RuleNode?
  /// The tolerance for leaves without a field tolerance.
  let tolerance: FloatTolerance
  /// Why ``tolerance`` is not valid, when it is not: options given with it are refused (``ValueError/invalidTolerance(_:at:)``),
  /// while a comparison without options runs at it, as it always has.
  let toleranceProblem: String?
  /// The array length, or `nil` for one value.
  let count: Int?
  /// The bytes each buffer holds: one value's size, or `count` values'.
  let byteCount: Int
  /// Whether the walk decides rather than the verdict, so that nothing is checked twice: a tolerance per
  /// field (``Verdict/walk``), or a comparer registered for the whole value (an element's, for an array), whose
  /// one call is the walk's.
  let decidesInWalk: Bool
  /// Whether the verdict alone decides whether the values are equal: the layout is known, and the walk does not
  /// decide (``decidesInWalk``). What the inlined `difference(pointers:_:)` asks before the verdict.
  @usableFromInline let verdictDecides: Bool
  /// Whether padding bytes are compared too.
  let comparesPadding: Bool
  /// The steps compiled from the rules, in memory the plan owns: reading them from an array kept here retained
  /// and released the array at every comparison. Written once, before the plan is shared, and only read after.
  nonisolated(unsafe) let steps: UnsafeBufferPointer<ComparisonStep>
  /// The comparers ``steps`` read unretained (``ComparisonStep/kept(offset:size:compare:)``).
  private let comparers: [KeptComparer]
  /// The members ``Verdict/fields(_:)`` and ``Verdict/fieldsCalling(_:)`` compare, owned here.
  let inlineFields: InlineFields?
  /// The C function registered for the whole value, for ``Verdict/function(_:)`` and ``Verdict/cFunction``.
  let direct: DirectComparator?
  /// What the report names: the value's type (or the array's), how it was compared, and its typedef name.
  let named: (type: TypeEncoding, strategy: Comparison.Strategy, typeName: String?)
  /// What equal values compare to, when that does not depend on their bytes; built once, so that an equal
  /// `compare` returns it.
  let equalOutcome: Comparison?

  /// Compiles `rules` (`nil` for a type whose layout is unknown) for values of `byteCount` bytes.
  ///
  /// - Parameters:
  ///   - direct: The C function registered for the whole value, which then decides.
  ///   - walks: Whether only the walk sees every rule (a tolerance per field).
  ///   - valueIsRegistered: Whether a comparer registered for the whole value decides (in the walk).
  init(
    rules: RuleNode?, byteCount: Int, count: Int?, tolerance: FloatTolerance, direct: DirectComparator?,
    walks: Bool, valueIsRegistered: Bool, comparesPadding: Bool,
    named: (type: TypeEncoding, strategy: Comparison.Strategy, typeName: String?)
  ) {
    laidOutRules = rules
    self.byteCount = byteCount
    self.count = count
    self.tolerance = tolerance
    toleranceProblem = tolerance.problem
    self.direct = direct
    self.comparesPadding = comparesPadding
    self.named = named
    decidesInWalk = walks || valueIsRegistered
    verdictDecides = rules != nil && !decidesInWalk
    var steps: [ComparisonStep] = []
    var fieldSteps: [ComparisonStep] = []
    if let rules {
      ComparisonStep.compile(rules, into: &steps)
      if byteCount <= InlineFields.maximumSize { ComparisonStep.compile(rules, into: &fieldSteps, merging: false) }
    }
    let fields = InlineFields(fieldSteps, size: byteCount)
    verdict = Verdict(
      steps: steps, fields: fields, direct: direct, tolerance: tolerance, walks: walks,
      comparesPadding: comparesPadding, laidOut: rules != nil)
    switch verdict {
    case .fields, .fieldsCalling: inlineFields = fields
    default: inlineFields = nil
    }
    // The comparers of the plan's own steps are kept here, and the steps read them unretained.
    comparers = ComparisonStep.keepingComparers(of: &steps)
    let owned = UnsafeMutableBufferPointer<ComparisonStep>.allocate(capacity: steps.count)
    _ = owned.initialize(from: steps)
    self.steps = UnsafeBufferPointer(owned)
    equalOutcome = rules.flatMap { rules in
      rules.hasTaggedUnion || comparesPadding
        ? nil : Self.equal(named, fieldCount: rules.fieldCount, rules: rules)
    }
    equalComparison = valueIsRegistered || toleranceProblem != nil ? nil : equalOutcome
  }

  deinit {
    let owned = UnsafeMutableBufferPointer(mutating: steps)
    owned.deinitialize()
    owned.deallocate()
  }

  /// The rules of a type whose layout is known.
  var rules: RuleNode { laidOutRules.unsafelyUnwrapped }

  // MARK: - The verdict

  /// Whether the values at `a` and `b` (``byteCount`` bytes each) are equal: inlined into the caller, where a
  /// short run of doubles or floats, a small record or a C comparator of two pointers runs with no call in
  /// between; everything else is one call into the plan. ``Verdict/walk`` is never equal here: the walk decides.
  @inlinable @inline(__always)
  func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    switch verdict {
    case .doubles(let offset, let count): return Verdict.run(a + offset, b + offset, count: count, as: Double.self)
    case .floats(let offset, let count): return Verdict.run(a + offset, b + offset, count: count, as: Float.self)
    case .fields(let list): return InlineFields.isEqual(a, b, fields: list.start, count: list.count)
    case .function(let function):
      if let equal = function.isEqual(a, b) { return equal }
      return decide(a, b)
    default: return decide(a, b)
    }
  }

  /// ``isEqual(_:_:)`` out of line: the verdicts that are one call.
  @usableFromInline
  func decide(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
    switch verdict {
    case .doubles(let offset, let count): return Verdict.run(a + offset, b + offset, count: count, as: Double.self)
    case .floats(let offset, let count): return Verdict.run(a + offset, b + offset, count: count, as: Float.self)
    case .fields(let list): return InlineFields.isEqual(a, b, fields: list.start, count: list.count)
    case .function, .cFunction: return direct.unsafelyUnwrapped.isEqual(pointers: a, b, size: byteCount)
    case .bytes(let offset, let count): return cvi_bytes_equal(a + offset, b + offset, count)
    case .doublesWithin(let offset, let count):
      return FloatRun<Double>.isEqual(a + offset, b + offset, count: count, tolerance: tolerance)
    case .floatsWithin(let offset, let count):
      return FloatRun<Float>.isEqual(a + offset, b + offset, count: count, tolerance: tolerance)
    case .fieldsCalling(let list): return InlineFields.isEqualCalling(a, b, list: list)
    case .steps: return ComparisonStep.run(steps, a, b, tolerance: tolerance)
    case .stepsAndPadding:
      return paddingMismatches(a, b).mismatches.isEmpty && ComparisonStep.run(steps, a, b, tolerance: tolerance)
    case .walk: return false
    case .address: return a == b
    }
  }

  /// Whether the values at `a` and `b` are equal at `tolerance` rather than the plan's: the steps take the
  /// tolerance as they run, so a tolerance alone needs no plan of its own.
  @usableFromInline
  func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, tolerance: FloatTolerance) -> Bool {
    guard verdict.dependsOnTolerance, tolerance != self.tolerance else { return isEqual(a, b) }
    if comparesPadding, !paddingMismatches(a, b).mismatches.isEmpty { return false }
    return ComparisonStep.run(steps, a, b, tolerance: tolerance)
  }

  /// The padding bytes that differ, for a plan that compares them, and how many padding ranges are counted.
  func paddingMismatches(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> (mismatches: [Mismatch], rangeCount: Int) {
    guard comparesPadding else { return ([], 0) }
    return CoveredFields(rules, value: a).paddingMismatches(
      UnsafeRawBufferPointer(start: a, count: byteCount), UnsafeRawBufferPointer(start: b, count: byteCount))
  }

  // MARK: - Equal values

  /// The comparison of the equal values in `a` and `b`: built once, or counted for these values (a tagged
  /// union's live member, the padding ranges).
  @inline(__always)
  func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Comparison {
    if let equalOutcome { return equalOutcome }
    return counted(a, b)
  }

  /// The comparison of the equal values in `a` and `b`, its fields counted for these values.
  private func counted(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Comparison {
    guard let a = a.baseAddress, let b = b.baseAddress else {
      return Self.equal(named, fieldCount: rules.fieldCount, rules: rules)
    }
    return Self.equal(
      named, fieldCount: rules.liveFieldCount(a, b, base: 0) + paddingMismatches(a, b).rangeCount, rules: rules)
  }

  /// The comparison of equal values named as `named`, compared by `rules`.
  static func equal(
    _ named: (type: TypeEncoding, strategy: Comparison.Strategy, typeName: String?), fieldCount: Int,
    rules: RuleNode
  ) -> Comparison {
    var ignored: [FieldPath] = []
    rules.ignoredPaths(into: &ignored)
    return Comparison(
      type: named.type, isEqual: true, strategy: named.strategy, mismatches: [], mismatchCount: 0,
      comparedFieldCount: fieldCount, actualDescription: nil, expectedDescription: nil, typeName: named.typeName,
      ignoredPaths: ignored)
  }
}
