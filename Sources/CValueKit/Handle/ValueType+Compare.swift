extension ValueType {
  /// Compares two values given as their bytes, and reports every mismatching field.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve("point")
  /// let result = try point.compare(bytes: point.parse("{1, 2}"), point.parse("{1, 2.5}"))
  /// result.report   // CGPoint values differ at 1 of 2 fields: .y: 2 ≠ 2.5 …
  /// ```
  ///
  /// When the layout is unknown the bytes are compared one by one (strategy ``Comparison/Strategy/bytes(reason:)``).
  ///
  /// - Parameters:
  ///   - actual: One value's bytes: an `UnsafeRawBufferPointer`, a `[UInt8]` such as ``parse(_:count:)`` returns,
  ///     or any other collection of bytes.
  ///   - expected: The other value's bytes.
  ///   - options: Tolerances and how much the report holds.
  /// - Throws: ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when a buffer is not one value,
  ///   ``ValueError/sizesDiffer(actual:expected:)`` for a byte comparison of unequal buffers,
  ///   ``ValueError/invalidTolerance(_:at:)`` and ``ValueError/unknownFieldPath(_:in:)`` for bad options,
  ///   ``ValueError/unionMember(path:problem:in:)`` for a union member rule that does not fit the type, and
  ///   ``ValueError/layoutUnknown(_:_:)`` for union member rules on a type whose layout is unknown.
  @inlinable
  public func compare(
    bytes actual: some Collection<UInt8>, _ expected: some Collection<UInt8>, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try ValueType.withRawBytes(of: actual) { (a) throws(ValueError) in
      try ValueType.withRawBytes(of: expected) { (b) throws(ValueError) in try compareRaw(a, b, options: options) }
    }
  }

  /// ``compare(bytes:_:options:)`` on two buffers.
  @usableFromInline
  func compareRaw(_ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions)
    throws(ValueError) -> Comparison
  {
    // Equal values are reported too, so there is always a comparison.
    try compareChecked(actual, expected, count: nil, options: options, given: true, reportsEqual: true).comparison
      .unsafelyUnwrapped
  }

  /// Compares two buffers of Swift values with this C type's layout, element by element, as one C array
  /// `[count T]`: the reporting counterpart of ``isEqual(elements:_:tolerance:)``.
  ///
  /// ```swift
  /// let points: [cv_point] = …, expected: [cv_point] = …
  /// let result = try points.withUnsafeBufferPointer { a in
  ///   try expected.withUnsafeBufferPointer { b in try point.compare(elements: a, b) }
  /// }
  /// print(result.mismatches.first?.path)   // [3].y
  /// ```
  ///
  /// - Throws: ``ValueError/notPlainData(swiftType:)`` for elements that are not plain data,
  ///   ``ValueError/sizesDiffer(actual:expected:)`` (in bytes) for buffers of different lengths,
  ///   ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the element's stride is not the C
  ///   type's, and the errors of ``compare(bytes:_:count:options:)``.
  public func compare<Element>(
    elements actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard _isPOD(Element.self) else { throw .notPlainData(swiftType: "\(Element.self)") }
    let stride = MemoryLayout<Element>.stride
    guard actual.count == expected.count else {
      throw .sizesDiffer(actual: actual.count * stride, expected: expected.count * stride)
    }
    if let layout, layout.stride != stride {
      throw .swiftTypeSize(swiftType: "\(Element.self)", size: stride, type: type, typeSize: layout.stride)
    }
    return try compareRaw(
      UnsafeRawBufferPointer(actual), UnsafeRawBufferPointer(expected), count: actual.count, options: options)
  }

  /// Compares `count` consecutive values in each buffer as one C array `[count T]`, and reports every
  /// mismatching field by its index and path (`[3].size.height`).
  ///
  /// Equal runs cost what ``isEqual(pointers:_:count:tolerance:)`` costs. However many elements differ,
  /// the report holds at most ``ComparisonOptions/maximumReportedMismatches`` of them (all are counted),
  /// and the array descriptions at most ``DescriptionOptions/maximumElements`` elements, so a report on two
  /// arrays of a million values takes time in proportion to their length and no more.
  ///
  /// - Throws: ``ValueError/invalidCount(_:)`` for a negative count or one whose byte count overflows or
  ///   exceeds ``CLayout/maximumSize``, ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when a
  ///   buffer is not `count` values, ``ValueError/layoutUnknown(_:_:)`` when the layout is unknown, and the
  ///   errors of ``compare(bytes:_:options:)`` for bad options.
  @inlinable
  public func compare(
    bytes actual: some Collection<UInt8>, _ expected: some Collection<UInt8>, count: Int,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try ValueType.withRawBytes(of: actual) { (a) throws(ValueError) in
      try ValueType.withRawBytes(of: expected) { (b) throws(ValueError) in
        try compareRaw(a, b, count: count, options: options)
      }
    }
  }

  /// ``compare(bytes:_:count:options:)`` on two buffers.
  @usableFromInline
  func compareRaw(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int, options: ComparisonOptions
  ) throws(ValueError) -> Comparison {
    try compareChecked(actual, expected, count: count, options: options, given: true, reportsEqual: true).comparison
      .unsafelyUnwrapped
  }

  /// Every comparison of two buffers: one value when `count` is `nil`, else `count` values as one C array. The
  /// buffers are checked against the type, then `decide` decides; with `reportsEqual` false, equal values are
  /// ``Outcome/equal``. With `given` false there are no options (`options` is ``ComparisonOptions/default``,
  /// for the walk): the handle's own rules, never checked.
  ///
  /// The options are borrowed, not wrapped in an `Optional`: a `ComparisonOptions?` is built and copied on the
  /// stack at every call, and for `cv_compare` that copy was a third of an equal comparison.
  @usableFromInline
  func compareChecked(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, options: ComparisonOptions,
    given: Bool, reportsEqual: Bool
  ) throws(ValueError) -> Outcome {
    // Options passed again with one value: the plan kept with them, before anything else is read of them.
    if count == nil, given, actual.count == valueSize, expected.count == valueSize,
      let kept = options.storage.plan(keptFor: serial, count: nil)
    {
      return try decide(actual, expected, count: nil, by: kept, options: options, reportsEqual: reportsEqual)
    }
    // Then the common case, with nothing looked up or copied: one value of the type's size by the handle's own
    // plan (no options, or options that change nothing), checked once by the inlined `isEqual`; what `decide`
    // would do, without its steps.
    // The plan itself is read (and so retained) only past the check: a retain and a release cost an equal value
    // more than its check.
    if count == nil, ownPlanDecides, actual.count == valueSize, expected.count == valueSize,
      !given || (ownPlanChecks && Self.appliesNothing(options)), let a = actual.baseAddress,
      let b = expected.baseAddress
    {
      if isEqual(pointers: a, b) {
        guard reportsEqual else { return .equal }
        if let equal = equalComparison { return .compared(equal) }
        let own = ownPlan.unsafelyUnwrapped
        if let equal = own.equalOutcome { return equal }
        return .compared(
          equal((type, strategy), fieldCount: own.rules.liveFieldCount(a, b, base: 0), rules: own.rules))
      }
      let result = try walkByOwnPlan(actual, expected, options: options)
      return result.isEqual && !reportsEqual ? .equal : .compared(result)
    }
    guard rules != nil else {
      // The handle's own plan, without a layout, knows a value (or a run of them) by its address.
      if !given, !reportsEqual, actual.baseAddress == expected.baseAddress { return .equal }
      guard count == nil else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
      let result = try compareUnlaidOut(actual, expected, options: options)
      return result.isEqual && !reportsEqual ? .equal : .compared(result)
    }
    // Only the sizes are read here: the layout is copied only for what needs it (an array, the walk).
    let (byteCount, overflow) = (count ?? 1).multipliedReportingOverflow(by: count == nil ? valueSize : stride)
    if let count, count < 0 || overflow || byteCount > CLayout.maximumSize { throw .invalidCount(count) }
    func check(_ buffer: UnsafeRawBufferPointer, role: String) throws(ValueError) {
      guard buffer.count != byteCount else { return }
      throw .wrongSize(
        role: role, byteCount: buffer.count, type: count.map { .array(count: $0, element: type) } ?? type,
        typeSize: byteCount)
    }
    try check(actual, role: "actual")
    try check(expected, role: "expected")
    return try decide(actual, expected, count: count, options: options, given: given, reportsEqual: reportsEqual)
  }

  /// ``difference(bytes:_:count:options:)`` with no options: `compareChecked` by the handle's own rules, with equal values decided before ``ComparisonOptions/default`` is read (its
  /// copy, six collections retained and released, cost an equal value more than its check).
  @usableFromInline
  func differenceByOwnRules(_ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?)
    throws(ValueError) -> Comparison?
  {
    if count == nil, ownPlanDecides, actual.count == valueSize, expected.count == valueSize,
      let a = actual.baseAddress, let b = expected.baseAddress
    {
      // Checked once: values that differ are walked, not checked again.
      if isEqual(pointers: a, b) { return nil }
      return try differenceWalked(a, b)
    }
    return try compareChecked(actual, expected, count: count, options: .default, given: false, reportsEqual: false)
      .comparison
  }

  /// The comparison of one value at each address that ``isEqual(pointers:_:tolerance:)`` found unequal, by the
  /// handle's own plan (``ownPlanDecides`` is true): the walk alone, or `nil` if it finds them equal after all.
  @usableFromInline
  func differenceWalked(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer) throws(ValueError) -> Comparison? {
    let (a, b) = (
      UnsafeRawBufferPointer(start: actual, count: valueSize), UnsafeRawBufferPointer(start: expected, count: valueSize)
    )
    let result = try walkByOwnPlan(a, b, options: .default)
    return result.isEqual ? nil : result
  }

  /// ``difference(pointers:_:)`` when the handle's own plan does not decide alone (a comparer registered for the
  /// whole value, a tagged union, no layout): `compareChecked` over the layout's size, once.
  @usableFromInline
  func differenceByOwnRules(pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer) throws(ValueError)
    -> Comparison?
  {
    guard valueSize >= 0 else {
      // What `isEqual(pointers:)` says of a type with no layout: a value is equal to the value at its address.
      if actual == expected { return nil }
      throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize))
    }
    let (a, b) = (
      UnsafeRawBufferPointer(start: actual, count: valueSize), UnsafeRawBufferPointer(start: expected, count: valueSize)
    )
    return try differenceByOwnRules(a, b, count: nil)
  }

  /// The walk of one value by the handle's own plan (``ownPlanDecides`` is true).
  private func walkByOwnPlan(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions
  ) throws(ValueError) -> Comparison {
    let own = ownPlan.unsafelyUnwrapped
    return try walk(
      actual, expected, as: type, layout: layout.unsafelyUnwrapped, rules: own.rules, options: options,
      tolerance: own.tolerance, strategy: strategy)
  }

  /// What a comparison found, passed back through every step of the pipeline: equal, or a comparison (one
  /// reference to its parts).
  @usableFromInline
  enum Outcome: Sendable {
    /// Equal, with no comparison built.
    case equal
    /// The comparison: built only for values that differ, or when equal values are reported too.
    case compared(Comparison)

    /// The comparison, or `nil` for ``equal``.
    @usableFromInline
    var comparison: Comparison? {
      guard case .compared(let comparison) = self else { return nil }
      return comparison
    }
  }

  /// The distance between two values of an array: the layout's stride (a type with a known layout only).
  private var stride: Int { layout.unsafelyUnwrapped.stride }

  /// A value of a type whose layout is unknown: its bytes, or the comparer registered for it, decide.
  private func compareUnlaidOut(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions
  ) throws(ValueError) -> Comparison {
    _ = try refusingOtherABI()
    try refuseUnionMembers(options)
    guard actual.count == expected.count else { throw .sizesDiffer(actual: actual.count, expected: expected.count) }
    if let entry = entries.entry(for: type), let compare = entry.compare {
      return compareRegistered(actual, expected, entry: entry, compare: compare, options: options)
    }
    return compareBytes(actual, expected, options: options)
  }

  /// The one decision of every comparison with a known layout, for one value (`count` is `nil`) and for
  /// `count` values as one C array: the options' plan (compiled once), then padding, then the shortcut, then
  /// the walk. `nil` options are the handle's own rules: only the plan runs before the walk.
  ///
  /// With `reportsEqual` false, equal values are ``Outcome/equal``, and values found equal before the walk build
  /// no `Comparison`.
  private func decide(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, options: ComparisonOptions,
    given: Bool, reportsEqual: Bool
  ) throws(ValueError) -> Outcome {
    // Options passed again find the plan this handle keeps with them: one atomic load, no lock, and the plan
    // borrowed (the options own it), not retained.
    if given, let kept = options.storage.plan(keptFor: serial, count: count) {
      return try decide(actual, expected, count: count, by: kept, options: options, reportsEqual: reportsEqual)
    }
    let plan = try plan(for: options, given: given, count: count)
    let before = decideBeforeWalk(actual, expected, count: count, plan: plan, reportsEqual: reportsEqual)
    guard case .walk(let padding) = before else { return before.outcome.unsafelyUnwrapped }
    return try walk(
      actual, expected, count: count, plan: plan, options: options, padding: padding, reportsEqual: reportsEqual)
  }

  /// ``decide`` by a plan kept with the options (which own it): borrowed, not retained.
  @inline(__always)
  private func decide(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?,
    by kept: Unmanaged<ComparisonPlan>, options: ComparisonOptions, reportsEqual: Bool
  ) throws(ValueError) -> Outcome {
    let before = kept._withUnsafeGuaranteedRef { plan in
      decideBeforeWalk(actual, expected, count: count, plan: plan, reportsEqual: reportsEqual)
    }
    guard case .walk(let padding) = before else { return before.outcome.unsafelyUnwrapped }
    return try walk(
      actual, expected, count: count, plan: kept.takeUnretainedValue(), options: options, padding: padding,
      reportsEqual: reportsEqual)
  }

  /// What ``decide`` finds before the walk.
  private enum BeforeWalk {
    /// The values are decided.
    case decided(Outcome)
    /// The walk decides, with these padding mismatches.
    case walk(padding: (mismatches: [Mismatch], rangeCount: Int))

    var outcome: Outcome? {
      guard case .decided(let outcome) = self else { return nil }
      return outcome
    }
  }

  /// What the report names: the value's type, or the array's of `count` values.
  private func named(count: Int?) -> (type: TypeEncoding, strategy: Comparison.Strategy) {
    count.map { (.array(count: $0, element: self.type), .structural) } ?? (self.type, self.strategy)
  }

  /// ``decide`` by `plan` up to the walk: padding, then the shortcut.
  @inline(__always)
  private func decideBeforeWalk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, plan: ComparisonPlan,
    reportsEqual: Bool
  ) -> BeforeWalk {
    guard let a = actual.baseAddress, let b = expected.baseAddress else {
      guard reportsEqual else { return .decided(.equal) }
      return .decided(.compared(equal(named(count: count), fieldCount: plan.rules.fieldCount, rules: plan.rules)))
    }
    let padding: (mismatches: [Mismatch], rangeCount: Int) =
      plan.comparesPadding ? Self.paddingMismatches(actual, expected, plan: plan) : ([], 0)
    if padding.mismatches.isEmpty, plan.shortcut != .walk, !plan.valueIsRegistered,
      plan.shortcut == .plan
        ? planIsEqual(a, b, count: count, tolerance: plan.tolerance)
        : ComparisonStep.run(plan.steps, a, b, tolerance: plan.tolerance)
    {
      guard reportsEqual else { return .decided(.equal) }
      if let equal = plan.equalOutcome { return .decided(equal) }
      return .decided(
        .compared(
          equal(
            named(count: count), fieldCount: plan.rules.liveFieldCount(a, b, base: 0) + padding.rangeCount,
            rules: plan.rules)))
    }
    return .walk(padding: padding)
  }

  /// The padding bytes that differ under `plan`, which compares them; out of line, so that ``decideBeforeWalk``
  /// stays small where it is inlined.
  @inline(never)
  private static func paddingMismatches(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, plan: ComparisonPlan
  ) -> (mismatches: [Mismatch], rangeCount: Int) {
    CoveredFields(plan.rules, value: actual.baseAddress.unsafelyUnwrapped).paddingMismatches(actual, expected)
  }

  /// ``decide``'s walk by `plan`: out of line, so that the decision before it is small enough to inline.
  @inline(never)
  private func walk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, plan: ComparisonPlan,
    options: ComparisonOptions, padding: (mismatches: [Mismatch], rangeCount: Int), reportsEqual: Bool
  ) throws(ValueError) -> Outcome {
    let (type, strategy) = named(count: count)
    let array = count.map { _ in CLayout(type: type, abi: abi, root: plan.rules.node) }
    let result = try walk(
      actual, expected, as: type, layout: array ?? layout.unsafelyUnwrapped, rules: plan.rules,
      options: options, tolerance: plan.tolerance, strategy: strategy, padding: padding)
    return result.isEqual && !reportsEqual ? .equal : .compared(result)
  }

  /// Whether one value (`count` is `nil`) or `count` values at two addresses are equal by the handle's own
  /// compiled plan: the shortcut when no option is applied.
  private func planIsEqual(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int?, tolerance: FloatTolerance?
  ) -> Bool {
    guard let count else { return isEqual(pointers: a, b, tolerance: tolerance) }
    return isEqual(pointers: a, b, count: count, tolerance: tolerance)
  }

  /// The comparison of equal values, named as `named` says.
  func equal(
    _ named: (type: TypeEncoding, strategy: Comparison.Strategy), fieldCount: Int, rules: RuleNode
  ) -> Comparison {
    Self.equalComparison(
      named.type, strategy: named.strategy, typeName: named.type == self.type ? name : nil, fieldCount: fieldCount,
      rules: rules)
  }

  /// The comparison of equal values of `type`, compared by `rules`.
  static func equalComparison(
    _ type: TypeEncoding, strategy: Comparison.Strategy, typeName: String?, fieldCount: Int, rules: RuleNode
  ) -> Comparison {
    var ignored: [FieldPath] = []
    rules.ignoredPaths(into: &ignored)
    return Comparison(
      type: type, isEqual: true, strategy: strategy, mismatches: [], mismatchCount: 0,
      comparedFieldCount: fieldCount, actualDescription: nil, expectedDescription: nil, typeName: typeName,
      ignoredPaths: ignored)
  }

  /// The field-by-field comparison that reports every mismatch of a value (or array of values) of `type`,
  /// laid out as `layout`.
  private func walk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, as type: TypeEncoding, layout: CLayout,
    rules: RuleNode, options: ComparisonOptions, tolerance: FloatTolerance, strategy: Comparison.Strategy,
    padding: (mismatches: [Mismatch], rangeCount: Int) = ([], 0)
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
      typeName: type == self.type ? name : nil,
      ignoredPaths: ignored)
  }

  /// Compares two values at two addresses, each assumed to hold one value of the type.
  ///
  /// When the layout is unknown nothing can be read, so the addresses themselves are compared (strategy
  /// ``Comparison/Strategy/pointerIdentity(reason:)``): the same object is equal to itself only.
  public func compare(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard let layout else {
      try refuseUnionMembers(options)
      let isEqual = actual == expected
      let reason = layoutError?.description ?? "layout unknown"
      return Comparison(
        type: type, isEqual: isEqual, strategy: .pointerIdentity(reason: reason),
        mismatches: isEqual
          ? [] : [Mismatch(path: FieldPath(), offset: 0, actual: "\(actual)", expected: "\(expected)")],
        mismatchCount: isEqual ? 0 : 1, comparedFieldCount: 1, actualDescription: isEqual ? nil : "\(actual)",
        expectedDescription: isEqual ? nil : "\(expected)", typeName: name)
    }
    return try compareRaw(
      UnsafeRawBufferPointer(start: actual, count: layout.size),
      UnsafeRawBufferPointer(start: expected, count: layout.size), options: options)
  }

  /// Compares `count` consecutive values at two addresses as one C array `[count T]`, and reports every
  /// mismatching field by its index and path (`[3].size.height`): ``compare(bytes:_:count:options:)`` for
  /// memory a C function handed you.
  ///
  /// ```swift
  /// let result = try vertex.compare(pointers: actualVertices, expectedVertices, count: 1_000)
  /// ```
  ///
  /// - Throws: ``ValueError/invalidCount(_:)`` for a negative count or one whose byte count overflows or
  ///   exceeds ``CLayout/maximumSize``, ``ValueError/layoutUnknown(_:_:)`` when the layout is unknown, and
  ///   the errors of ``compare(bytes:_:options:)`` for bad options.
  public func compare(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard let layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    let (byteCount, overflow) = count.multipliedReportingOverflow(by: layout.stride)
    guard count >= 0, !overflow, byteCount <= CLayout.maximumSize else { throw .invalidCount(count) }
    return try compareRaw(
      UnsafeRawBufferPointer(start: actual, count: byteCount),
      UnsafeRawBufferPointer(start: expected, count: byteCount),
      count: count, options: options)
  }

  /// Compares two Swift values that have this C type's layout, such as an imported C struct.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.resolve("rect").compare(actualRect, expectedRect)
  /// ```
  ///
  /// A Swift pointer or buffer pointer (`UnsafeRawPointer`, `UnsafePointer<T>`, `OpaquePointer`,
  /// `UnsafeMutableRawBufferPointer`, …) is refused unless the C type is itself a pointer: compare the
  /// memory it points to with ``compare(pointers:_:options:)`` or ``compare(bytes:_:options:)``.
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the Swift type's size is not
  ///   the C type's, ``ValueError/pointerValue(swiftType:type:)`` for a pointer given as the value, and the
  ///   errors of ``compare(bytes:_:options:)``.
  @inlinable
  public func compare<Value>(
    _ actual: Value, _ expected: Value, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    // Inlined into the caller, where the size test folds away: a plain C struct goes straight to the
    // byte comparison, with no generic code in between.
    guard _isPOD(Value.self), !Self.isPointerValue(Value.self), MemoryLayout<Value>.size == valueSize,
      valueSize > 0
    else {
      return try compareConverting(actual, expected, options: options)
    }
    return try withUnsafeBytes(of: actual) { (a) throws(ValueError) -> Comparison in
      try withUnsafeBytes(of: expected) { (b) throws(ValueError) -> Comparison in try compareRaw(a, b, options: options)
      }
    }
  }

  /// Compares two Swift values that have this C type's layout with the default options: what
  /// ``compare(_:_:options:)`` gives with ``ComparisonOptions/default``.
  ///
  /// ```swift
  /// let rect = try ValueRegistry.shared.resolve("rect")
  /// #expect(try rect.compare(actualRect, expectedRect).isEqual)
  /// ```
  ///
  /// Equal values cost about what ``isEqual(_:_:tolerance:)`` costs: the check runs in the caller and the
  /// comparison of equal values is the one the handle built once, with no options copied or checked.
  ///
  /// - Throws: The errors of ``compare(_:_:options:)``.
  @inlinable
  public func compare<Value>(_ actual: Value, _ expected: Value) throws(ValueError) -> Comparison {
    if let equal = equalComparison, isEqual(actual, expected) { return equal }
    return try compare(actual, expected, options: .default)
  }

  /// `compare` for Swift values that are not a plain C value of the type's size: checks the Swift type,
  /// and pads a Swift struct shorter than its C type.
  @usableFromInline
  func compareConverting<Value>(_ actual: Value, _ expected: Value, options: ComparisonOptions)
    throws(ValueError) -> Comparison
  {
    try Self.checkPlainData(Value.self)
    if Self.isPointerValue(Value.self), !isAddressType {
      throw .pointerValue(swiftType: "\(Value.self)", type: type)
    }
    if let layout, !Self.fits(Value.self, layout) {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    let size = layout?.size ?? MemoryLayout<Value>.size
    return try Self.withCBytes(of: actual, size: size) { (a) throws(ValueError) in
      try Self.withCBytes(of: expected, size: size) { (b) throws(ValueError) in try compareRaw(a, b, options: options) }
    }
  }

  /// Refuses Swift types whose bytes are not a C value: ones holding references.
  static func checkPlainData<Value>(_: Value.Type) throws(ValueError) {
    guard _isPOD(Value.self) else { throw .notPlainData(swiftType: "\(Value.self)") }
  }

}
