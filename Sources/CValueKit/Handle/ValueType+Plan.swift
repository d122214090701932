// Where a handle's plans come from: its own (compiled with the handle), and one compiled for each set of compared
// options and array length it is asked for, kept for the next comparison with the same ones.

extension ValueType {
  /// The plan for comparing under `options` one value, or `count` values as one C array: the handle's own when
  /// the options compare nothing it does not, else found among the plans kept (by the options' reference, then
  /// by what they compare) or compiled once and kept. With `keeping`, options found by reference keep the plan
  /// with them, so that the next comparison finds it without the lock.
  ///
  /// - Throws: The errors of options that do not fit the type, on every call with them (a plan is kept only
  ///   for options that fit).
  func plan(for options: ComparisonOptions, count: Int?, keeping: Bool) throws(ValueError) -> ComparisonPlan {
    if count == nil, options.storage.comparesNothing { return ownPlan }
    if let found = plans.withLock({ $0.find(options, count: count) }) {
      if keeping, found.match == .same { options.storage.keep(found.plan, for: serial, count: count) }
      return found.plan
    }
    let plan = try compilePlan(for: options.compared, count: count)
    let key = ComparisonPlanKey(count: count, options: options)
    return plans.withLock { $0.remember(key, plan) }
  }

  /// How many plans for options the handle keeps (for tests).
  var cachedPlanCount: Int { plans.withLock { $0.count } }

  /// The options of the plans the handle keeps, most recent first (for tests).
  var keptPlanOptions: [ComparisonOptions] { plans.withLock { $0.options } }

  /// The plans for options the handle keeps, most recent first (for tests).
  var keptPlans: [ComparisonPlan] { plans.withLock { $0.kept } }

  /// Compiles the plan for `compared` options and `count` from the handle's rules (a type with a known layout).
  func compilePlan(for compared: ComparedOptions, count: Int?) throws(ValueError) -> ComparisonPlan {
    let rules = rules.unsafelyUnwrapped
    let layout = layout.unsafelyUnwrapped
    let array = count.map { count in
      CLayout.Node(
        type: .array(count: count, element: self.type), size: count * layout.stride, alignment: layout.alignment,
        content: .array(count: count, element: layout.root))
    }
    let named: (type: TypeEncoding, strategy: Comparison.Strategy, typeName: String?) =
      count.map { (.array(count: $0, element: self.type), .structural, nil) } ?? (self.type, self.strategy, name)
    let applied = try apply(compared, to: rules, count: count, array: array)
    // A C function for the whole value decides one value (an array's elements are the walk's).
    var direct: DirectComparator?
    if count == nil, case .registered(let entry) = applied.value.rule { direct = entry.directComparator }
    return ComparisonPlan(
      rules: applied.rules, byteCount: array?.size ?? layout.size, count: count, tolerance: applied.tolerance,
      direct: direct, walks: !compared.fieldTolerances.isEmpty, valueIsRegistered: applied.value.isRegistered,
      comparesPadding: compared.comparesPadding, named: named)
  }
}
