// The spellings of 0.x that 1.0 renamed, kept for one release so that callers get a fix-it rather than an
// error. Each forwards to its new name; none is documented, so that DocC links to the new names need no
// disambiguation.

extension ValueType {
  /// Deprecated: renamed `compare(bytes:_:options:)` in 1.0.
  @available(*, deprecated, renamed: "compare(bytes:_:options:)")
  @_documentation(visibility: internal)
  public func compare(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try compare(bytes: actual, expected, options: options)
  }

  /// Deprecated: renamed `compare(bytes:_:options:)` in 1.0.
  @available(*, deprecated, renamed: "compare(bytes:_:options:)")
  @_documentation(visibility: internal)
  public func compare(_ actual: [UInt8], _ expected: [UInt8], options: ComparisonOptions = .default)
    throws(ValueError) -> Comparison
  {
    try compare(bytes: actual, expected, options: options)
  }

  /// Deprecated: renamed `compare(bytes:_:count:options:)` in 1.0.
  @available(*, deprecated, renamed: "compare(bytes:_:count:options:)")
  @_documentation(visibility: internal)
  public func compare(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, count: Int,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try compare(bytes: actual, expected, count: count, options: options)
  }

  /// Deprecated: renamed `describe(bytes:options:)` in 1.0.
  @available(*, deprecated, renamed: "describe(bytes:options:)")
  @_documentation(visibility: internal)
  public func describe(_ bytes: UnsafeRawBufferPointer, options: DescriptionOptions = .default) throws(ValueError)
    -> String
  {
    try describe(bytes: bytes, options: options)
  }

  /// Deprecated: renamed `describe(bytes:options:)` in 1.0.
  @available(*, deprecated, renamed: "describe(bytes:options:)")
  @_documentation(visibility: internal)
  public func describe(_ bytes: [UInt8], options: DescriptionOptions = .default) throws(ValueError) -> String {
    try describe(bytes: bytes, options: options)
  }

  /// Deprecated: renamed `describe(bytes:count:options:)` in 1.0.
  @available(*, deprecated, renamed: "describe(bytes:count:options:)")
  @_documentation(visibility: internal)
  public func describe(_ bytes: UnsafeRawBufferPointer, count: Int, options: DescriptionOptions = .default)
    throws(ValueError) -> String
  {
    try describe(bytes: bytes, count: count, options: options)
  }

  /// Deprecated: renamed `isEqual(elements:_:tolerance:)` in 1.0.
  @available(*, deprecated, renamed: "isEqual(elements:_:tolerance:)")
  @_documentation(visibility: internal)
  public func isEqual<Element>(
    _ actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>, tolerance: FloatTolerance? = nil
  ) -> Bool {
    isEqual(elements: actual, expected, tolerance: tolerance)
  }
}
