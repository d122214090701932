extension ValueType {
  /// Compares two values given as their bytes, and reports every mismatching field.
  ///
  /// ```swift
  /// let result = try point.compare(actualBytes, expectedBytes, options: ComparisonOptions(tolerance: .ulps(4)))
  /// ```
  ///
  /// When the layout is unknown the bytes are compared one by one (strategy ``Comparison/Strategy/bytes(reason:)``).
  ///
  /// - Throws: ``ValueError/wrongSize(role:byteCount:type:typeSize:)`` when a buffer is not one value,
  ///   ``ValueError/sizesDiffer(actual:expected:)`` for a byte comparison of unequal buffers,
  ///   ``ValueError/invalidTolerance(_:at:)`` and ``ValueError/unknownFieldPath(_:in:)`` for bad options.
  public func compare(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard let layout, let rules else {
      guard actual.count == expected.count else { throw .sizesDiffer(actual: actual.count, expected: expected.count) }
      if let entry = entries.entry(for: type), let compare = entry.compare {
        return compareRegistered(actual, expected, entry: entry, compare: compare, options: options)
      }
      return compareBytes(actual, expected, options: options)
    }
    guard actual.count == layout.size else {
      throw .wrongSize(role: "actual", byteCount: actual.count, type: type, typeSize: layout.size)
    }
    guard expected.count == layout.size else {
      throw .wrongSize(role: "expected", byteCount: expected.count, type: type, typeSize: layout.size)
    }
    let tolerance = try validate(options, rules: rules)
    guard let a = actual.baseAddress, let b = expected.baseAddress else {
      return Comparison(
        type: type, isEqual: true, strategy: strategy, mismatches: [], mismatchCount: 0,
        comparedFieldCount: rules.fieldCount, actualDescription: nil, expectedDescription: nil)
    }
    // A comparator registered for the whole value decides in the walk below; running it twice (here and
    // there) would call a C function twice for every unequal pair.
    if options.fieldTolerances.isEmpty, !rules.isRegistered, ComparisonStep.run(steps, a, b, tolerance: tolerance) {
      return Comparison(
        type: type, isEqual: true, strategy: strategy, mismatches: [], mismatchCount: 0,
        comparedFieldCount: rules.fieldCount, actualDescription: nil, expectedDescription: nil)
    }
    let describer = makeDescriber(options.descriptionOptions)
    var walk = StructuralComparison(actual: a, expected: b, options: options) { rule, value, offset, bitOffset in
      describer.describeMismatch(
        rule, UnsafeRawBufferPointer(start: value, count: layout.size), offset: offset, bitOffset: bitOffset)
    }
    walk.walk(rules, base: 0, bitBase: 0, path: FieldPath(), tolerance: tolerance)
    let isEqual = walk.mismatchCount == 0
    return Comparison(
      type: type, isEqual: isEqual, strategy: strategy, mismatches: walk.mismatches,
      mismatchCount: walk.mismatchCount, comparedFieldCount: rules.fieldCount,
      actualDescription: isEqual ? nil : describer.describe(actual),
      expectedDescription: isEqual ? nil : describer.describe(expected))
  }

  /// Compares two values at two addresses, each assumed to hold one value of the type.
  ///
  /// When the layout is unknown nothing can be read, so the addresses themselves are compared (strategy
  /// ``Comparison/Strategy/pointerIdentity(reason:)``): the same object is equal to itself only.
  public func compare(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    guard let layout else {
      let isEqual = actual == expected
      let reason = layoutError?.description ?? "layout unknown"
      return Comparison(
        type: type, isEqual: isEqual, strategy: .pointerIdentity(reason: reason),
        mismatches: isEqual
          ? [] : [Mismatch(path: FieldPath(), offset: 0, actual: "\(actual)", expected: "\(expected)")],
        mismatchCount: isEqual ? 0 : 1, comparedFieldCount: 1, actualDescription: isEqual ? nil : "\(actual)",
        expectedDescription: isEqual ? nil : "\(expected)")
    }
    return try compare(
      UnsafeRawBufferPointer(start: actual, count: layout.size),
      UnsafeRawBufferPointer(start: expected, count: layout.size), options: options)
  }

  /// Compares two values given as byte arrays, such as what ``parse(_:)`` returns.
  ///
  /// ```swift
  /// let result = try point.compare(point.parse("{1, 2}"), point.parse("{1, 2.5}"))
  /// ```
  public func compare(_ actual: [UInt8], _ expected: [UInt8], options: ComparisonOptions = .default)
    throws(ValueError) -> Comparison
  {
    var result: Result<Comparison, ValueError>!
    actual.withUnsafeBytes { a in
      expected.withUnsafeBytes { b in
        do throws(ValueError) { result = .success(try compare(a, b, options: options)) } catch {
          result = .failure(error)
        }
      }
    }
    return try result.get()
  }

  /// Compares two Swift values that have this C type's layout, such as an imported C struct.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.resolve("rect").compare(actualRect, expectedRect)
  /// ```
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the Swift type's size is not
  ///   the C type's, and the errors of ``compare(_:_:options:)-(UnsafeRawBufferPointer,_,_)``.
  public func compare<Value>(
    _ actual: Value, _ expected: Value, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try Self.checkPlainData(Value.self)
    if let layout, !Self.fits(Value.self, layout) {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    let size = layout?.size ?? MemoryLayout<Value>.size
    var result: Result<Comparison, ValueError>!
    Self.withCBytes(of: actual, size: size) { a in
      Self.withCBytes(of: expected, size: size) { b in
        do throws(ValueError) { result = .success(try compare(a, b, options: options)) } catch {
          result = .failure(error)
        }
      }
    }
    return try result.get()
  }

  /// Checks the options against the type and returns the tolerance for leaves without a field tolerance.
  private func validate(_ options: ComparisonOptions, rules: RuleNode) throws(ValueError) -> FloatTolerance {
    let tolerance = options.tolerance ?? defaultTolerance
    if let problem = tolerance.problem { throw .invalidTolerance(problem, at: FieldPath()) }
    for (path, fieldTolerance) in options.fieldTolerances {
      guard rules.contains(path) else { throw .unknownFieldPath(path, in: type) }
      if let problem = fieldTolerance.problem { throw .invalidTolerance(problem, at: path) }
    }
    return tolerance
  }

  /// A registered comparator for a type whose layout is unknown, given buffers of the same size.
  private func compareRegistered(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, entry: RegisteredEntry,
    compare: RawComparator, options: ComparisonOptions
  ) -> Comparison {
    let isEqual = compare(actual, expected)
    let describe = entry.describe ?? { ValueDescriber.describeBytes($0) }
    let mismatches =
      isEqual ? [] : [Mismatch(path: FieldPath(), offset: 0, actual: describe(actual), expected: describe(expected))]
    return Comparison(
      type: type, isEqual: isEqual, strategy: entry.strategy, mismatches: mismatches,
      mismatchCount: mismatches.count, comparedFieldCount: 1, actualDescription: mismatches.first?.actual,
      expectedDescription: mismatches.first?.expected)
  }

  /// The byte-by-byte comparison for a type whose layout is unknown: each differing byte is a mismatch
  /// reached as `[i]`.
  private func compareBytes(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions
  ) -> Comparison {
    var mismatches: [Mismatch] = []
    var count = 0
    for index in 0..<actual.count where actual[index] != expected[index] {
      count += 1
      if mismatches.count < max(0, options.maximumReportedMismatches) {
        mismatches.append(
          Mismatch(
            path: [.index(index)], offset: index, actual: Self.hexByte(actual[index]),
            expected: Self.hexByte(expected[index])))
      }
    }
    let isEqual = count == 0
    return Comparison(
      type: type, isEqual: isEqual, strategy: strategy, mismatches: mismatches, mismatchCount: count,
      comparedFieldCount: actual.count, actualDescription: isEqual ? nil : ValueDescriber.describeBytes(actual),
      expectedDescription: isEqual ? nil : ValueDescriber.describeBytes(expected))
  }

  /// Refuses Swift types whose bytes are not a C value: ones holding references.
  static func checkPlainData<Value>(_: Value.Type) throws(ValueError) {
    guard _isPOD(Value.self) else { throw .notPlainData(swiftType: "\(Value.self)") }
  }

  private static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}
