extension ValueRegistry {
  /// Uses an encoding for a Swift type instead of deriving it.
  ///
  /// Register a type whose encoding cannot be derived (one with a union, a bitfield, an anonymous member,
  /// `_Complex` or `__int128`), or whose derived encoding you want to replace. A registered encoding is also
  /// used for fields of that type when another type is derived.
  ///
  /// ```swift
  /// try registry.register(cv_tagged.self, encoding: "{cv_tagged=\"kind\"i\"u\"(?=\"i\"i\"f\"f)}")
  /// let result = try registry.compare(actual, expected)   // uses the registered encoding
  /// ```
  ///
  /// - Parameters:
  ///   - swiftType: A plain-data Swift type, usually an imported C struct.
  ///   - encoding: An encoding or a readable name whose layout has the Swift type's size (or, for a struct
  ///     declared in Swift, its stride).
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse, ``ValueError/layoutUnknown(_:_:)``
  ///   when it cannot be laid out, ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the sizes
  ///   differ and ``ValueError/notPlainData(swiftType:)`` for a type that holds references.
  public func register<Value>(_ swiftType: Value.Type, encoding: String) throws(ValueError) {
    try ValueType.checkPlainData(Value.self)
    let type: TypeEncoding
    do throws(EncodingError) { type = try TypeEncoding(encoding, catalog: catalog) } catch { throw .encoding(error) }
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    guard ValueType.fits(Value.self, layout) else {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    swiftTypes.register(type, for: Value.self)
    invalidateHandles()
  }

  /// The encoding used for a Swift type: the registered one, else the one derived from the type.
  ///
  /// Derivation reads the type's stored properties with `Mirror` and checks the layout it gives against
  /// `MemoryLayout` and against where each field's bytes really are; it is done once per type.
  ///
  /// ```swift
  /// try ValueRegistry.shared.encoding(of: cv_point.self)   // {cv_point="x"d"y"d}
  /// ```
  ///
  /// - Throws: ``ValueError/cannotDerive(swiftType:_:)`` when the type has members `Mirror` cannot see or
  ///   fields with no C type, and ``ValueError/notPlainData(swiftType:)`` for a type that holds references.
  public func encoding<Value>(of swiftType: Value.Type) throws(ValueError) -> TypeEncoding {
    if let known = swiftTypes.encoding(for: Value.self) { return known }
    try ValueType.checkPlainData(Value.self)
    let derived: TypeEncoding
    do throws(DerivationError) {
      derived = try EncodingDerivation(catalog: catalog, known: swiftTypes).derive(Value.self)
    } catch {
      throw .cannotDerive(swiftType: "\(Value.self)", error)
    }
    swiftTypes.remember(derived, for: Value.self)
    return derived
  }

  /// The reusable handle for a Swift type, with its registered or derived encoding.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve(cv_point.self)
  /// try point.describe(cv_point(x: 1.5, y: -2))   // {.x = 1.5, .y = -2}
  /// ```
  ///
  /// - Throws: What ``encoding(of:)`` throws.
  public func resolve<Value>(_ swiftType: Value.Type, abi: ABI = .host) throws(ValueError) -> ValueType {
    try resolveSwiftType(Value.self, abi: abi)
  }

  /// Compares two values of a plain-data Swift type, such as an imported C struct, by the type's
  /// registered or derived encoding.
  ///
  /// ```swift
  /// let result = try ValueRegistry.shared.compare(actualReading, expectedReading)
  /// if !result.isEqual { print(result.report) }
  /// ```
  ///
  /// Pass the encoding with ``compare(_:_:as:options:)-(Value,Value,_,_)`` to skip derivation.
  ///
  /// - Throws: What ``encoding(of:)`` throws, and the ``ValueError``s of comparing.
  @inlinable
  public func compare<Value>(_ actual: Value, _ expected: Value, options: ComparisonOptions = .default)
    throws(ValueError) -> Comparison
  {
    try resolve(Value.self).compare(actual, expected, options: options)
  }

  /// Whether two values of a plain-data Swift type are equal, by the type's registered or derived
  /// encoding: the answer of ``compare(_:_:options:)`` without building a report.
  ///
  /// - Throws: What ``encoding(of:)`` throws.
  @inlinable
  public func isEqual<Value>(_ actual: Value, _ expected: Value, tolerance: FloatTolerance? = nil)
    throws(ValueError) -> Bool
  {
    try resolve(Value.self).isEqual(actual, expected, tolerance: tolerance)
  }

  /// Describes a value of a plain-data Swift type as a C initializer, by the type's registered or derived
  /// encoding.
  ///
  /// ```swift
  /// try ValueRegistry.shared.describe(cv_point(x: 1.5, y: -2))   // {.x = 1.5, .y = -2}
  /// ```
  ///
  /// - Throws: What ``encoding(of:)`` throws.
  public func describe<Value>(_ value: Value, options: DescriptionOptions = .default) throws(ValueError) -> String {
    try resolve(Value.self).describe(value, options: options)
  }
}
