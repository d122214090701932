// The spellings of 0.x that 1.0 renamed or folded into a handle, kept for one release so that callers get a
// fix-it rather than an error. Each forwards to the 1.0 form; none is documented, so that DocC links to the
// 1.0 names need no disambiguation.

extension ValueRegistry {
  /// Deprecated: renamed `setEncoding(_:for:)` in 1.0.
  @available(*, deprecated, renamed: "setEncoding(_:for:)")
  @_documentation(visibility: internal)
  public func register<Value>(_ swiftType: Value.Type, encoding: String) throws(ValueError) {
    try setEncoding(encoding, for: swiftType)
  }

  /// Deprecated: renamed `resolve(swiftType:abi:)` in 1.0.
  @available(*, deprecated, renamed: "resolve(swiftType:abi:)")
  @_documentation(visibility: internal)
  public func resolve<Value>(_ swiftType: Value.Type, abi: ABI = .host) throws(ValueError) -> ValueType {
    try resolve(swiftType: swiftType, abi: abi)
  }

  /// Deprecated in 1.0: use resolve(encoding).compare(bytes:_:options:).
  @available(*, deprecated, message: "use resolve(encoding).compare(bytes:_:options:)")
  @_documentation(visibility: internal)
  public func compare(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, as encoding: String,
    options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(bytes: actual, expected, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).compare(bytes:_:options:).
  @available(*, deprecated, message: "use resolve(encoding).compare(bytes:_:options:)")
  @_documentation(visibility: internal)
  public func compare(
    _ actual: [UInt8], _ expected: [UInt8], as encoding: String, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(bytes: actual, expected, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).compare(_:_:options:).
  @available(*, deprecated, message: "use resolve(encoding).compare(_:_:options:)")
  @_documentation(visibility: internal)
  public func compare<Value>(
    _ actual: Value, _ expected: Value, as encoding: String, options: ComparisonOptions = .default
  ) throws(ValueError) -> Comparison {
    try resolve(encoding).compare(actual, expected, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).isEqual(_:_:tolerance:).
  @available(*, deprecated, message: "use resolve(encoding).isEqual(_:_:tolerance:)")
  @_documentation(visibility: internal)
  public func isEqual<Value>(
    _ actual: Value, _ expected: Value, as encoding: String, tolerance: FloatTolerance? = nil
  ) throws(ValueError) -> Bool {
    try resolve(encoding).isEqual(actual, expected, tolerance: tolerance)
  }

  /// Deprecated in 1.0: use resolve(swiftType:).isEqual(_:_:tolerance:).
  @available(*, deprecated, message: "use resolve(swiftType:).isEqual(_:_:tolerance:)")
  @_documentation(visibility: internal)
  public func isEqual<Value>(_ actual: Value, _ expected: Value, tolerance: FloatTolerance? = nil)
    throws(ValueError) -> Bool
  {
    try resolve(swiftType: Value.self).isEqual(actual, expected, tolerance: tolerance)
  }

  /// Deprecated in 1.0: use resolve(encoding).describe(bytes:options:).
  @available(*, deprecated, message: "use resolve(encoding).describe(bytes:options:)")
  @_documentation(visibility: internal)
  public func describe(
    _ bytes: UnsafeRawBufferPointer, as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(bytes: bytes, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).describe(bytes:options:).
  @available(*, deprecated, message: "use resolve(encoding).describe(bytes:options:)")
  @_documentation(visibility: internal)
  public func describe(
    _ bytes: [UInt8], as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(bytes: bytes, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).describe(_:options:).
  @available(*, deprecated, message: "use resolve(encoding).describe(_:options:)")
  @_documentation(visibility: internal)
  public func describe<Value>(
    _ value: Value, as encoding: String, options: DescriptionOptions = .default
  ) throws(ValueError) -> String {
    try resolve(encoding).describe(value, options: options)
  }

  /// Deprecated in 1.0: use resolve(swiftType:).describe(_:options:).
  @available(*, deprecated, message: "use resolve(swiftType:).describe(_:options:)")
  @_documentation(visibility: internal)
  public func describe<Value>(_ value: Value, options: DescriptionOptions = .default) throws(ValueError) -> String {
    try resolve(swiftType: Value.self).describe(value, options: options)
  }

  /// Deprecated in 1.0: use resolve(encoding).parse(_:).
  @available(*, deprecated, message: "use resolve(encoding).parse(_:)")
  @_documentation(visibility: internal)
  public func parse(_ literal: String, as encoding: String) throws(ValueError) -> [UInt8] {
    try resolve(encoding).parse(literal)
  }
}
