extension ValueType {
  /// Compares two values given as their bytes, and reports every mismatching field.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve("point")
  /// let result = try point.compare(bytes: point.parse("{1, 2}"), point.parse("{1, 2.5}"))
  /// result.report   // CGPoint values differ at 1 of 2 fields: .y: 2 ≠ 2.5 …
  /// ```
  ///
  /// When the layout is unknown the bytes of one value are compared one by one (strategy `bytes` in the
  /// report); an array of values with no layout is refused.
  ///
  /// Equal arrays cost what ``isEqual(pointers:_:count:tolerance:)`` costs. However many elements differ, the
  /// report holds at most ``ComparisonOptions/maximumReportedMismatches`` of them (all are counted), and the array
  /// descriptions at most ``DescriptionOptions/maximumElements`` elements, so a report on two arrays of a million
  /// values takes time in proportion to their length and no more.
  ///
  /// - Parameters:
  ///   - actual: One value's bytes: an `UnsafeRawBufferPointer`, a `[UInt8]` such as ``parse(_:count:)`` returns,
  ///     or any other collection of bytes.
  ///   - expected: The other value's bytes.
  ///   - count: `nil` for one value; a number of values to compare as one C array `[count T]`, each mismatch
  ///     reported by its index and path (`[3].size.height`).
  ///   - options: Tolerances and how much the report holds.
  /// - Throws: ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when a buffer is not one value (or not
  ///   `count` values), ``ValueError/invalidCount(_:)`` for a negative count or one whose byte count overflows,
  ///   ``ValueError/sizesDiffer(actual:expected:)`` for a byte comparison of unequal buffers,
  ///   ``ValueError/invalidTolerance(_:at:)`` and ``ValueError/unknownFieldPath(_:in:)`` for bad options,
  ///   ``ValueError/unionMember(path:problem:in:)`` for a union member rule that does not fit the type, and
  ///   ``ValueError/layoutUnknown(_:_:)`` for union member rules on a type whose layout is unknown.
  @inlinable
  public func compare(
    bytes actual: some Collection<UInt8>, _ expected: some Collection<UInt8>, count: Int? = nil,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try ValueType.withRawBytes(of: actual) { (a) throws(ValueError) in
      try ValueType.withRawBytes(of: expected) { (b) throws(ValueError) in
        guard let count else { return try compareRaw(a, b, options: options) }
        return try compareRaw(a, b, count: count, options: options)
      }
    }
  }

  /// ``compare(bytes:_:count:options:)`` on two buffers.
  @usableFromInline
  func compareRaw(_ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions)
    throws(ValueError) -> Comparison
  {
    // Equal values are reported too, so there is always a comparison.
    try comparison(actual, expected, count: nil, options: options, given: true, reportsEqual: true).unsafelyUnwrapped
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

  /// ``compare(bytes:_:count:options:)`` on two buffers.
  @usableFromInline
  func compareRaw(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int, options: ComparisonOptions
  ) throws(ValueError) -> Comparison {
    try comparison(actual, expected, count: count, options: options, given: true, reportsEqual: true).unsafelyUnwrapped
  }

  /// Every comparison of two buffers, at every door: one value when `count` is `nil`, else `count` values as
  /// one C array. The buffers are checked against the type, then the plan for the options decides (the
  /// handle's own when they compare nothing it does not), and the walk writes the report only when it says the
  /// values differ. With `reportsEqual` false, equal values are `nil`; with it true there is always a
  /// comparison. With `given` false there are no options (`options` is ``ComparisonOptions/default``, for the
  /// walk): the handle's own rules at its default tolerance, never checked.
  ///
  /// The options are borrowed, not wrapped in an `Optional`: a `ComparisonOptions?` is built and copied on the
  /// stack at every call, and for `cv_compare` that copy was a third of an equal comparison.
  @usableFromInline
  func comparison(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, options: ComparisonOptions,
    given: Bool, reportsEqual: Bool
  ) throws(ValueError) -> Comparison? {
    guard valueSize >= 0 else {
      return try comparisonUnlaidOut(
        actual, expected, count: count, options: options, given: given, reportsEqual: reportsEqual)
    }
    // The buffers first: a buffer that is not the values is refused before the options are read.
    let byteCount = try byteCount(of: count)
    try check(actual, role: "actual", byteCount: byteCount, count: count)
    try check(expected, role: "expected", byteCount: byteCount, count: count)
    // The plan: kept with options passed before (one atomic load, no lock, borrowed: the options own it), the
    // handle's own when the options compare nothing it does not, else found or compiled once and kept.
    if given, let kept = options.storage.plan(keptFor: serial, count: count) {
      return try decide(actual, expected, by: kept, options: options, given: true, reportsEqual)
    }
    if count == nil, !given || options.storage.comparesNothing {
      return try decide(actual, expected, by: .passUnretained(ownPlan), options: options, given: given, reportsEqual)
    }
    let plan = try plan(for: options, count: count, keeping: given)
    return try withExtendedLifetime(plan) { () throws(ValueError) -> Comparison? in
      try decide(actual, expected, by: .passUnretained(plan), options: options, given: given, reportsEqual)
    }
  }

  /// The bytes one value (`count` is `nil`) or `count` values take.
  @inline(__always)
  private func byteCount(of count: Int?) throws(ValueError) -> Int {
    guard let count else { return valueSize }
    let (byteCount, overflow) = count.multipliedReportingOverflow(by: layout.unsafelyUnwrapped.stride)
    if count < 0 || overflow || byteCount > CLayout.maximumSize { throw .invalidCount(count) }
    return byteCount
  }

  /// Refuses a buffer that is not `byteCount` bytes: one value, or `count` of them.
  @inline(__always)
  private func check(_ buffer: UnsafeRawBufferPointer, role: String, byteCount: Int, count: Int?) throws(ValueError) {
    guard buffer.count != byteCount else { return }
    throw .wrongSize(
      role: role, byteCount: buffer.count, type: count.map { .array(count: $0, element: type) } ?? type,
      typeSize: byteCount)
  }

  /// The plan's verdict on the checked buffers, then the walk when it says they differ: the one decision of every
  /// comparison with a known layout. The plan is borrowed (its owner, the handle or the options, outlives the
  /// call).
  @inline(__always)
  private func decide(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, by plan: Unmanaged<ComparisonPlan>,
    options: ComparisonOptions, given: Bool, _ reportsEqual: Bool
  ) throws(ValueError) -> Comparison? {
    let equal = plan._withUnsafeGuaranteedRef { plan -> Bool in
      guard !given || plan.toleranceProblem == nil else { return false }
      // No bytes: nothing differs.
      guard let a = actual.baseAddress, let b = expected.baseAddress else { return true }
      return !plan.decidesInWalk && plan.isEqual(a, b)
    }
    if equal {
      guard reportsEqual else { return nil }
      return plan._withUnsafeGuaranteedRef { $0.equal(actual, expected) }
    }
    return try walk(actual, expected, by: plan.takeUnretainedValue(), options: options, given: given, reportsEqual)
  }

  /// ``decide(_:_:by:options:given:_:)`` past a verdict of unequal: options that do not fit refused, or the walk.
  @inline(never)
  private func walk(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, by plan: ComparisonPlan,
    options: ComparisonOptions, given: Bool, _ reportsEqual: Bool
  ) throws(ValueError) -> Comparison? {
    if given, let problem = plan.toleranceProblem { throw .invalidTolerance(problem, at: FieldPath()) }
    let result = try walk(actual, expected, by: plan, options: options)
    return result.isEqual && !reportsEqual ? nil : result
  }

  /// A comparison of a type whose layout is unknown: a value is its bytes (or the comparer registered for it
  /// decides), and without options it is equal to the value at its own address.
  private func comparisonUnlaidOut(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int?, options: ComparisonOptions,
    given: Bool, reportsEqual: Bool
  ) throws(ValueError) -> Comparison? {
    if !given, !reportsEqual, actual.baseAddress == expected.baseAddress { return nil }
    guard count == nil else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    _ = try refusingOtherABI()
    try refuseUnionMembers(options)
    guard actual.count == expected.count else { throw .sizesDiffer(actual: actual.count, expected: expected.count) }
    let result =
      if let entry = entries.entry(for: type), let compare = entry.compare {
        compareRegistered(actual, expected, entry: entry, compare: compare, options: options)
      } else {
        compareBytes(actual, expected, options: options)
      }
    return result.isEqual && !reportsEqual ? nil : result
  }

  /// The comparison of one value at each address that the own plan's verdict found unequal (it decides:
  /// ``ComparisonPlan/verdictDecides``): the walk alone, or `nil` if it finds them equal after all.
  @usableFromInline
  func differenceWalked(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer) throws(ValueError) -> Comparison? {
    let result = try walk(
      UnsafeRawBufferPointer(start: actual, count: valueSize),
      UnsafeRawBufferPointer(start: expected, count: valueSize),
      by: ownPlan, options: .default)
    return result.isEqual ? nil : result
  }

  /// ``difference(pointers:_:)`` when the own plan's verdict does not decide alone (a comparer registered for the
  /// whole value, no layout): ``comparison(_:_:count:options:given:reportsEqual:)`` over the layout's size, once.
  @usableFromInline
  func differenceByOwnRules(pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer) throws(ValueError)
    -> Comparison?
  {
    guard valueSize >= 0 else {
      // What `isEqual(pointers:)` says of a type with no layout: a value is equal to the value at its address.
      if actual == expected { return nil }
      throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize))
    }
    return try comparison(
      UnsafeRawBufferPointer(start: actual, count: valueSize),
      UnsafeRawBufferPointer(start: expected, count: valueSize),
      count: nil, options: .default, given: false, reportsEqual: false)
  }

  /// Compares the values at two addresses: one value each, or `count` consecutive values as one C array
  /// `[count T]` with every mismatch reported by its index and path (`[3].size.height`), as
  /// ``compare(bytes:_:count:options:)`` does for memory a C function handed you.
  ///
  /// ```swift
  /// let result = try vertex.compare(pointers: actualVertices, expectedVertices, count: 1_000)
  /// ```
  ///
  /// When the layout is unknown nothing can be read: for one value the addresses themselves are compared
  /// (strategy `pointer identity` in the report), so the same object is equal to itself only; an
  /// array is refused.
  ///
  /// - Parameters:
  ///   - actual: Where one value (or the first of `count`) is.
  ///   - expected: Where the other is.
  ///   - count: `nil` for one value; else how many values each address holds.
  ///   - options: Tolerances and how much the report holds.
  /// - Throws: ``ValueError/invalidCount(_:)`` for a negative count or one whose byte count overflows or
  ///   exceeds ``CLayout/maximumSize``, ``ValueError/layoutUnknown(_:_:)`` for an array whose layout is
  ///   unknown, and the errors of ``compare(bytes:_:count:options:)`` for bad options.
  public func compare(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int? = nil,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard let count else { return try compareOne(pointers: actual, expected, options: options) }
    guard let layout else { throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize)) }
    let (byteCount, overflow) = count.multipliedReportingOverflow(by: layout.stride)
    guard count >= 0, !overflow, byteCount <= CLayout.maximumSize else { throw .invalidCount(count) }
    return try compareRaw(
      UnsafeRawBufferPointer(start: actual, count: byteCount),
      UnsafeRawBufferPointer(start: expected, count: byteCount),
      count: count, options: options)
  }

  /// One value at each address; with no layout, the addresses.
  private func compareOne(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, options: ComparisonOptions
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

  /// Compares two Swift values that have this C type's layout, such as an imported C struct.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.resolve("rect").compare(actualRect, expectedRect)
  /// ```
  ///
  /// A Swift pointer or buffer pointer (`UnsafeRawPointer`, `UnsafePointer<T>`, `OpaquePointer`,
  /// `UnsafeMutableRawBufferPointer`, …) is refused unless the C type is itself a pointer: compare the
  /// memory it points to with ``compare(pointers:_:count:options:)`` or ``compare(bytes:_:count:options:)``.
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the Swift type's size is not
  ///   the C type's, ``ValueError/pointerValue(swiftType:type:)`` for a pointer given as the value, and the
  ///   errors of ``compare(bytes:_:count:options:)``.
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
    if let equal = ownPlan.equalComparison, isEqual(actual, expected) { return equal }
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
