extension ValueType {
  /// Compares two values (or two runs of `count` values, as one C array `[count T]`) given as their bytes, and
  /// builds a ``Comparison`` only when they differ: `nil` for equal values.
  ///
  /// This is the comparison a test door wants, which reports failures only: equal values cost what
  /// ``isEqual(pointers:_:tolerance:)`` costs, and values that differ are checked once and then walked field
  /// by field, never checked again. `cv_compare` in `cvalue.h` is this function.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve("point")
  /// if let failure = try point.difference(bytes: point.parse("{1, 2}"), point.parse("{1, 2.5}")) {
  ///   print(failure.report)   // CGPoint values differ at 1 of 2 fields: .y: 2 ≠ 2.5 …
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actual: One value's bytes (or `count` values').
  ///   - expected: The other value's bytes.
  ///   - count: How many values each buffer holds, ``CLayout/stride`` bytes apart, or `nil` for one value.
  ///   - options: Tolerances and how much the report holds, or `nil` for the handle's own rules at its
  ///     ``defaultTolerance`` (``ComparisonOptions/default``): its compiled plan decides, and a value whose
  ///     layout is unknown is equal to the value at the same address.
  /// - Returns: `nil` when the values are equal, else their comparison.
  /// - Throws: The errors of ``compare(bytes:_:count:options:)``, or with a `count` of
  ///   ``compare(bytes:_:count:options:)``.
  @inlinable
  public func difference(
    bytes actual: some Collection<UInt8>, _ expected: some Collection<UInt8>, count: Int? = nil,
    options: ComparisonOptions? = nil
  ) throws(ValueError) -> Comparison? {
    try ValueType.withRawBytes(of: actual) { (a) throws(ValueError) in
      try ValueType.withRawBytes(of: expected) { (b) throws(ValueError) in
        // Borrowed, not passed on as an `Optional` (see `comparison`).
        if let options {
          try comparison(a, b, count: count, options: options, given: true, reportsEqual: false)
        } else {
          try comparison(a, b, count: count, options: .default, given: false, reportsEqual: false)
        }
      }
    }
  }

  /// Compares one value at each address, ``CLayout/size`` bytes, by the handle's own rules, and builds a
  /// ``Comparison`` only when they differ: ``difference(bytes:_:count:options:)`` with no options, for values
  /// that are already in memory.
  ///
  /// Equal values cost what ``isEqual(pointers:_:tolerance:)`` costs, inlined into the caller as it is; values
  /// that differ are walked field by field, never checked again. `cv_compare` of one value with no options is
  /// this function.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve("point")
  /// var a = (x: 1.0, y: 2.0), b = (x: 1.0, y: 2.5)
  /// if let failure = try point.difference(pointers: &a, &b) {
  ///   print(failure.report)   // CGPoint values differ at 1 of 2 fields: .y: 2 ≠ 2.5 …
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actual: The first byte of one value.
  ///   - expected: The first byte of the other.
  /// - Returns: `nil` when the values are equal, else their comparison.
  /// - Throws: The errors of ``compare(bytes:_:count:options:)``; for a type whose layout is unknown (and so whose
  ///   size is), ``ValueError/layoutUnknown(_:_:)`` unless both addresses are the same value.
  @inlinable @inline(__always)
  public func difference(pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer) throws(ValueError)
    -> Comparison?
  {
    // The own plan's verdict, inlined: values that differ are walked once, never checked again.
    if ownPlan.verdictDecides {
      if ownPlan.isEqual(actual, expected) { return nil }
      return try differenceWalked(actual, expected)
    }
    return try differenceByOwnRules(pointers: actual, expected)
  }
}
