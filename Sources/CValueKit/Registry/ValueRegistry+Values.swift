extension ValueRegistry {
  /// Compares two values of the type an encoding or readable name gives, passed as their bytes.
  ///
  /// Resolving costs a cache lookup by the encoding text; when comparing many values of one type, keep the
  /// ``ValueType`` from ``resolve(_:abi:)-(String,_)`` instead.
  ///
  /// - Throws: ``ValueError`` for an encoding that does not parse, a buffer that is not one value, or
  ///   options that do not fit the type.
  public func compare(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, as encoding: String,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(actual, expected, options: options)
  }

  /// Compares two values given as byte arrays, such as what ``parse(_:as:)`` returns.
  ///
  /// ```swift
  /// let registry = ValueRegistry.shared
  /// let result = try registry.compare(registry.parse("{1, 2}", as: "point"), registry.parse("{1, 3}", as: "point"), as: "point")
  /// ```
  public func compare(
    _ actual: [UInt8], _ expected: [UInt8], as encoding: String, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(actual, expected, options: options)
  }

  /// Compares two Swift values that have the C type's layout, such as imported C structs.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.compare(actualRect, expectedRect, as: "rect")
  /// ```
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the sizes differ, and the
  ///   other ``ValueError``s of comparing.
  @inlinable
  public func compare<Value>(
    _ actual: Value, _ expected: Value, as encoding: String, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(actual, expected, options: options)
  }

  /// Whether two values of the type an encoding or readable name gives are equal: the answer of
  /// ``compare(_:_:as:options:)-(Value,Value,_,_)`` without building a report.
  ///
  /// ```swift
  /// try ValueRegistry.shared.isEqual(actualRect, expectedRect, as: "rect")   // true
  /// ```
  ///
  /// The handle is found by the encoding's text, among the last few texts by `==` before the cache is
  /// searched by hash; a value whose size is not the type's is never equal (``compare(_:_:as:options:)-(Value,Value,_,_)``
  /// says why).
  ///
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse.
  @inlinable
  public func isEqual<Value>(
    _ actual: Value, _ expected: Value, as encoding: String, tolerance: FloatTolerance? = nil
  ) throws(ValueError) -> Bool {
    try resolve(encoding).isEqual(actual, expected, tolerance: tolerance)
  }

  /// Describes a value, given as its bytes, as a C initializer.
  ///
  /// - Throws: ``ValueError`` for an encoding that does not parse or a buffer that is not one value.
  public func describe(
    _ bytes: UnsafeRawBufferPointer, as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(bytes, options: options)
  }

  /// Describes a value given as a byte array, such as what ``parse(_:as:)`` returns.
  public func describe(
    _ bytes: [UInt8], as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(bytes, options: options)
  }

  /// Describes a Swift value that has the C type's layout as a C initializer.
  ///
  /// ```swift
  /// try ValueRegistry.shared.describe(CGPoint(x: 1.5, y: -2), as: "point")   // {.x = 1.5, .y = -2}
  /// ```
  public func describe<Value>(
    _ value: Value, as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(value, options: options)
  }

  /// Turns a C initializer back into the bytes of one value, padding zero.
  ///
  /// ```swift
  /// try ValueRegistry.shared.parse("{.x = 1.5, .y = -2}", as: "point")   // 16 bytes
  /// ```
  public func parse(_ literal: String, as encoding: String) throws(ValueError) -> [UInt8] {
    try resolve(encoding).parse(literal)
  }
}
