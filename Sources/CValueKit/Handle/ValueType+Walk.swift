// The walk: the field-by-field comparison that writes a comparison's report. It runs only when a plan's
// verdict says the values differ (or only the walk can tell: a tolerance per field, a comparer for the whole
// value), by that plan's rules.

extension ValueType {
  /// The walk of the values in `actual` and `expected` (one value, or the plan's `count` of them) by `plan`,
  /// with the report shaped by `options`.
  @inline(never)
  func walk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, by plan: ComparisonPlan,
    options: ComparisonOptions
  ) throws(ValueError) -> Comparison {
    let layout =
      plan.count == nil ? layout.unsafelyUnwrapped : CLayout(type: plan.named.type, abi: abi, root: plan.rules.node)
    let padding =
      plan.comparesPadding
      ? plan.paddingMismatches(actual.baseAddress.unsafelyUnwrapped, expected.baseAddress.unsafelyUnwrapped) : ([], 0)
    return try walk(
      actual, expected, as: plan.named.type, layout: layout, rules: plan.rules, options: options,
      tolerance: plan.tolerance, strategy: plan.named.strategy, typeName: plan.named.typeName, padding: padding)
  }

  /// The field-by-field comparison that reports every mismatch of a value (or array of values) of `type`,
  /// laid out as `layout`.
  private func walk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, as type: TypeEncoding, layout: CLayout,
    rules: RuleNode, options: ComparisonOptions, tolerance: FloatTolerance, strategy: Comparison.Strategy,
    typeName: String?,
    padding: (mismatches: [Mismatch], rangeCount: Int)
  ) throws(ValueError) -> Comparison {
    // The values are described by the rules they are compared by: the comparison's union members.
    let describer = try makeDescriber(options.descriptionOptions, layout: layout, rules: rules)
    let size = layout.size
    var walk = StructuralComparison(
      actual: actual.baseAddress.unsafelyUnwrapped, expected: expected.baseAddress.unsafelyUnwrapped, options: options
    ) { rule, value, offset, bitOffset in
      // A field comparer's own describer (a C string's text) says what it compared.
      if case .registered(let entry) = rule.rule, let describe = entry.describe {
        return describe(UnsafeRawBufferPointer(start: value + offset, count: rule.node.size))
      }
      return describer.describeMismatch(
        rule.node, kind: rule.leafKind, isText: rule.isText, UnsafeRawBufferPointer(start: value, count: size),
        offset: offset, bitOffset: bitOffset, liveMembers: rule)
    }
    walk.walk(rules, base: 0, bitBase: 0, path: FieldPath(), tolerance: tolerance)
    // Padding mismatches are listed among the fields' by offset, within the same limit.
    let limit = max(0, options.maximumReportedMismatches)
    var mismatches = walk.mismatches
    for mismatch in padding.mismatches {
      // Before the first field after it; the fields keep the walk's order (a tag before its union).
      mismatches.insert(mismatch, at: mismatches.firstIndex { $0.offset > mismatch.offset } ?? mismatches.endIndex)
    }
    mismatches = Array(mismatches.prefix(limit))
    let mismatchCount = walk.mismatchCount + padding.mismatches.count
    let isEqual = mismatchCount == 0
    var ignored: [FieldPath] = []
    rules.ignoredPaths(into: &ignored)
    return Comparison(
      type: type, isEqual: isEqual, strategy: strategy, mismatches: mismatches, mismatchCount: mismatchCount,
      comparedFieldCount: rules.liveFieldCount(
        actual.baseAddress.unsafelyUnwrapped, expected.baseAddress.unsafelyUnwrapped, base: 0) + padding.rangeCount,
      actualDescription: isEqual
        ? nil : describer.describe(actual, differingAt: walk.routes, budget: options.maximumDescriptionLength),
      expectedDescription: isEqual
        ? nil : describer.describe(expected, differingAt: walk.routes, budget: options.maximumDescriptionLength),
      typeName: typeName,
      ignoredPaths: ignored)
  }
}
