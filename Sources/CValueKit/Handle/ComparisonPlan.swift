import Synchronization

// What one `compare` runs, compiled once per handle and options (and array length) rather than per call: the
// options checked and applied to the rules, the steps that decide equality without the walk, and the
// comparison equal values get. ValueType+Compare.swift decides with it.

/// A handle's rules compiled for one comparison's options: made by `ValueType.plan(for:given:count:)` and kept
/// by the handle, so that a comparison repeated with the same options checks and applies them once.
final class ComparisonPlan: Sendable {
  /// The rules the values are compared, described and counted by (an array's, for `count` values).
  let rules: RuleNode
  /// The tolerance for leaves without a field tolerance.
  let tolerance: FloatTolerance
  /// How far the comparison may go without the walk.
  let shortcut: ComparisonOptions.Shortcut
  /// Whether a comparer registered for the whole value (an element's, for an array) decides: it decides in
  /// the walk, never in a shortcut as well.
  let valueIsRegistered: Bool
  /// The steps compiled from ``rules`` when the shortcut is ``ComparisonOptions/Shortcut/rules``, in memory the
  /// plan owns: reading them from an array kept here retained and released the array at every comparison. Written
  /// once, before the plan is shared, and only read after; the steps themselves are `Sendable`.
  nonisolated(unsafe) let steps: UnsafeBufferPointer<ComparisonStep>
  /// The comparers ``steps`` read unretained (``ComparisonStep/kept(offset:size:compare:)``).
  private let comparers: [KeptComparer]
  /// Whether padding bytes are compared too.
  let comparesPadding: Bool
  /// What equal values compare to, when that does not depend on their bytes (no tagged union decides which
  /// fields are counted, and no padding is counted): built once, so that an equal `compare` copies it.
  let equalOutcome: ValueType.Outcome?

  init(
    rules: RuleNode, tolerance: FloatTolerance, shortcut: ComparisonOptions.Shortcut, valueIsRegistered: Bool,
    comparesPadding: Bool, equal: (_ fieldCount: Int) -> Comparison
  ) {
    self.rules = rules
    self.tolerance = tolerance
    self.shortcut = shortcut
    self.valueIsRegistered = valueIsRegistered
    self.comparesPadding = comparesPadding
    var steps: [ComparisonStep] = []
    if shortcut == .rules { ComparisonStep.compile(rules, into: &steps) }
    // The comparers of the plan's own steps are kept here, and the steps read them unretained.
    comparers = ComparisonStep.keepingComparers(of: &steps)
    let owned = UnsafeMutableBufferPointer<ComparisonStep>.allocate(capacity: steps.count)
    _ = owned.initialize(from: steps)
    self.steps = UnsafeBufferPointer(owned)
    equalOutcome = rules.hasTaggedUnion || comparesPadding ? nil : .compared(equal(rules.fieldCount))
  }

  deinit {
    let owned = UnsafeMutableBufferPointer(mutating: steps)
    owned.deinitialize()
    owned.deallocate()
  }
}

/// A plan kept with the options it was compiled for (``ComparisonOptions/Storage``), for one handle, known
/// by its serial number (``ValueType/serial``: never reused, as an address would be), and one array length.
final class OptionsPlan: Sendable {
  let handle: UInt64
  let count: Int?
  let plan: ComparisonPlan

  init(handle: UInt64, count: Int?, plan: ComparisonPlan) {
    self.handle = handle
    self.count = count
    self.plan = plan
  }
}

extension ComparisonOptions.Storage {
  /// The plan kept here for the handle numbered `handle` and `count`, unretained: these options (and so this
  /// storage, which owns it) outlive its use.
  @inline(__always)
  func plan(keptFor handle: UInt64, count: Int?) -> Unmanaged<ComparisonPlan>? {
    guard let kept = keptByHandle.load(ordering: .acquiring) else { return nil }
    return kept._withUnsafeGuaranteedRef { object in
      let kept = unsafeDowncast(object, to: OptionsPlan.self)
      return kept.handle == handle && kept.count == count ? Unmanaged.passUnretained(kept.plan) : nil
    }
  }

  /// Keeps `plan` for the handle numbered `handle` and `count`, unless a plan is kept already (by another
  /// handle, or by another thread a moment before).
  func keep(_ plan: ComparisonPlan, for handle: UInt64, count: Int?) {
    guard keptByHandle.load(ordering: .relaxed) == nil else { return }
    let kept = Unmanaged<AnyObject>.passRetained(OptionsPlan(handle: handle, count: count, plan: plan))
    if !keptByHandle.compareExchange(expected: nil, desired: kept, ordering: .acquiringAndReleasing).exchanged {
      kept.release()
    }
  }
}

/// What a plan depends on: the array length, and every option that changes what is compared (the ones that
/// only shape a report are read from the options of each call).
struct ComparisonPlanKey: Sendable {
  var count: Int?
  /// Whether options were given at all: `nil` options are the handle's own rules, never checked.
  var hasOptions: Bool
  /// The options the plan was compiled for, or last found for: options are one reference that never changes
  /// while another copy holds it (``ComparisonOptions/storage``), so options passed again are found by that
  /// reference alone, and options equal in what is compared by comparing those options.
  var options: ComparisonOptions

  init(_ options: ComparisonOptions, given: Bool, count: Int?) {
    self.count = count
    hasOptions = given
    self.options = options
  }

  /// How a key matches options.
  enum Match {
    /// The same options: the same reference.
    case same
    /// Other options, equal in every option that changes what is compared.
    case equivalent
  }

  /// Whether this is the key of `options` (given or not) and `count`, read in place: building a key to compare
  /// copies (retains and releases) every collection of the options, most of a lookup.
  @inline(__always)
  func matches(_ options: ComparisonOptions, given: Bool, count: Int?) -> Match? {
    guard self.count == count, hasOptions == given else { return nil }
    guard given, self.options.storage !== options.storage else { return .same }
    return Self.compareTheSame(self.options.values, options.values) ? .equivalent : nil
  }

  /// Whether two sets of options compare values alike: equal in every option a plan depends on.
  static func compareTheSame(_ a: ComparisonOptions.Values, _ b: ComparisonOptions.Values) -> Bool {
    a.comparesPadding == b.comparesPadding && a.tolerance == b.tolerance && a.ignoredPaths == b.ignoredPaths
      && a.fieldComparers == b.fieldComparers && a.fieldTolerances == b.fieldTolerances
      && a.descriptionOptions.unionMembers == b.descriptionOptions.unionMembers
  }
}

/// The plans a handle compiled for options, most recently used first; the least recent is forgotten beyond
/// ``capacity``, so a program that builds ever new options does not grow the handle.
struct ComparisonPlans: Sendable {
  /// How many plans a handle keeps.
  static var capacity: Int { 8 }

  private var keys: [ComparisonPlanKey] = []
  private var plans: [ComparisonPlan] = []

  /// How many plans are kept (for tests).
  var count: Int { keys.count }

  /// The options of the plans kept, most recent first (for tests).
  var options: [ComparisonOptions] { keys.map(\.options) }

  /// The plans kept, most recent first (for tests).
  var kept: [ComparisonPlan] { plans }

  /// The plan for `options` (given or not) and `count`, which moves to the front, and how the key matched.
  /// Found for other options that compare alike, the key keeps these options instead, so that passing them
  /// again finds it by reference.
  mutating func find(_ options: ComparisonOptions, given: Bool, count: Int?) -> (
    plan: ComparisonPlan, match: ComparisonPlanKey.Match
  )? {
    for index in keys.indices {
      guard let match = keys[index].matches(options, given: given, count: count) else { continue }
      if match == .equivalent { keys[index].options = options }
      if index > 0 {
        keys.swapAt(index, 0)
        plans.swapAt(index, 0)
      }
      return (plans[0], match)
    }
    return nil
  }

  /// Keeps `plan` as the most recent, and returns it; or, when another thread kept a plan for the same key while
  /// this one compiled, returns that one, so that every comparison with these options shares one plan.
  mutating func remember(_ key: ComparisonPlanKey, _ plan: ComparisonPlan) -> ComparisonPlan {
    if let kept = find(key.options, given: key.hasOptions, count: key.count) { return kept.plan }
    if keys.count == Self.capacity {
      keys.removeLast()
      plans.removeLast()
    }
    keys.insert(key, at: 0)
    plans.insert(plan, at: 0)
    return plan
  }
}

extension ValueType {
  /// Whether `options` change nothing of what the handle's own plan compares: only the report's shape. Such
  /// options are checked only for the default tolerance, which ``ownPlanChecks`` says was valid.
  @inline(__always)
  static func appliesNothing(_ options: ComparisonOptions) -> Bool {
    options.tolerance == nil && options.fieldTolerances.isEmpty && options.unionMembers.isEmpty
      && options.ignoredPaths.isEmpty && options.fieldComparers.isEmpty && !options.comparesPadding
  }

  /// The plan for comparing under `options` (the handle's own rules when not `given`) one value, or `count`
  /// values as one C array: the handle's own when the options change nothing, else compiled once and kept.
  ///
  /// - Throws: The errors of options that do not fit the type, on every call with them (a plan is kept only
  ///   for options that fit).
  func plan(for options: ComparisonOptions, given: Bool, count: Int?) throws(ValueError) -> ComparisonPlan {
    if count == nil, let own = ownPlan, !given || (ownPlanChecks && Self.appliesNothing(options)) {
      return own
    }
    if let found = plans.withLock({ $0.find(options, given: given, count: count) }) {
      // Options passed again by reference (not rebuilt for each call) keep the plan with them, so that the next
      // comparison finds it without the lock (``decide``).
      if given, found.match == .same { options.storage.keep(found.plan, for: serial, count: count) }
      return found.plan
    }
    // The handle's rules are read only here: reading them retained and released them at every comparison.
    let plan = try compilePlan(for: given ? options : nil, count: count, rules: rules.unsafelyUnwrapped)
    let key = ComparisonPlanKey(options, given: given, count: count)
    return plans.withLock { $0.remember(key, plan) }
  }

  /// How many plans for options the handle keeps (for tests).
  var cachedPlanCount: Int { plans.withLock { $0.count } }

  /// The options of the plans the handle keeps, most recent first (for tests).
  var keptPlanOptions: [ComparisonOptions] { plans.withLock { $0.options } }

  /// The plans for options the handle keeps, most recent first (for tests).
  var keptPlans: [ComparisonPlan] { plans.withLock { $0.kept } }

  /// Compiles the plan for `options` and `count` from the handle's `rules`.
  func compilePlan(for options: ComparisonOptions?, count: Int?, rules: RuleNode) throws(ValueError)
    -> ComparisonPlan
  {
    let array = count.map { count in
      let layout = layout.unsafelyUnwrapped
      return CLayout.Node(
        type: .array(count: count, element: self.type), size: count * layout.stride, alignment: layout.alignment,
        content: .array(count: count, element: layout.root))
    }
    let named: (type: TypeEncoding, strategy: Comparison.Strategy) =
      count.map { (.array(count: $0, element: self.type), .structural) } ?? (self.type, self.strategy)
    func equal(_ rules: RuleNode) -> (Int) -> Comparison {
      { fieldCount in self.equal(named, fieldCount: fieldCount, rules: rules) }
    }
    guard let options else {
      let compared = array.map { RuleNode(node: $0, rule: .array(count: count ?? 0, element: rules)) } ?? rules
      return ComparisonPlan(
        rules: compared, tolerance: defaultTolerance, shortcut: .plan, valueIsRegistered: rules.isRegistered,
        comparesPadding: false, equal: equal(compared))
    }
    let applied = try apply(options, to: rules, count: count, array: array)
    return ComparisonPlan(
      rules: applied.rules, tolerance: applied.tolerance, shortcut: applied.shortcut,
      valueIsRegistered: applied.value.isRegistered, comparesPadding: options.comparesPadding,
      equal: equal(applied.rules))
  }
}
