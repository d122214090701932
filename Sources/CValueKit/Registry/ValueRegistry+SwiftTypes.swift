extension ValueRegistry {
  /// Sets the encoding used for a Swift type, instead of deriving it.
  ///
  /// Register a type whose encoding cannot be derived (one with a union, a bitfield, an anonymous member,
  /// `_Complex` or `__int128`), or whose derived encoding you want to replace. A registered encoding is also
  /// used for fields of that type when another type is derived.
  ///
  /// ```swift
  /// try registry.register("{cv_tagged=\"kind\"i\"u\"(?=\"i\"i\"f\"f)}", swiftType: cv_tagged.self)
  /// let result = try registry.compare(actual, expected)   // uses the set encoding
  /// ```
  ///
  /// - Parameters:
  ///   - type: An encoding or a readable name, or a ``TypeEncoding``, whose layout has the Swift type's
  ///     size (or, for a struct declared in Swift, its stride).
  ///   - swiftType: A plain-data Swift type, usually an imported C struct.
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse, ``ValueError/layoutUnknown(_:_:)``
  ///   when it cannot be laid out, ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the sizes
  ///   differ and ``ValueError/notPlainData(swiftType:)`` for a type that holds references.
  public func register<Value>(_ type: some TypeEncodingConvertible, swiftType: Value.Type) throws(ValueError) {
    try ValueType.checkPlainData(Value.self)
    let type = try parse(type)
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    guard ValueType.fits(Value.self, layout) else {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    swiftTypes.register(type, for: Value.self)
    invalidateHandles()
  }

  /// The encoding used for a Swift type: the one set with ``register(_:swiftType:)``; else, for a C type
  /// imported into Swift whose C name the catalog knows (a struct or union tag, or a typedef name, as
  /// an imported header registers them), the catalog's definition; else the one derived from the type.
  ///
  /// Derivation reads the type's stored properties with `Mirror` and checks the layout it gives against
  /// `MemoryLayout` and against where each field's bytes really are; it is done once per type.
  ///
  /// ```swift
  /// try ValueRegistry.shared.encoding(of: cv_point.self)   // {cv_point="x"d"y"d}
  /// ```
  ///
  /// - Throws: ``ValueError/cannotDerive(swiftType:reason:)`` when the type has members `Mirror` cannot see or
  ///   fields with no C type, and ``ValueError/notPlainData(swiftType:)`` for a type that holds references.
  public func encoding<Value>(of swiftType: Value.Type) throws(ValueError) -> TypeEncoding {
    if let set = swiftTypes.registered(for: Value.self) { return set }
    try ValueType.checkPlainData(Value.self)
    // Looked up each time (a handle for the type is cached, so that is once per catalog change): a header
    // imported after a first derivation replaces what was derived.
    if let defined = try catalogDefinition(of: Value.self) { return defined }
    if let known = swiftTypes.encoding(for: Value.self) { return known }
    let derived: TypeEncoding
    do throws(DerivationError) {
      derived = try EncodingDerivation(catalog: catalog, known: swiftTypes).derive(Value.self)
    } catch {
      throw error.valueError(swiftType: "\(Value.self)")
    }
    swiftTypes.remember(derived, for: Value.self)
    return derived
  }

  /// The reusable handle for a Swift type, with its set or derived encoding.
  ///
  /// ```swift
  /// let point = try ValueRegistry.shared.resolve(swiftType: cv_point.self)
  /// try point.describe(cv_point(x: 1.5, y: -2))   // {.x = 1.5, .y = -2}
  /// ```
  ///
  /// - Throws: What ``encoding(of:)`` throws.
  public func resolve<Value>(swiftType: Value.Type, abi: ABI = .host) throws(ValueError) -> ValueType {
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
  /// This is the registry's one convenience; every other job goes through a handle, from
  /// ``resolve(swiftType:abi:)`` for a Swift type or ``resolve(_:abi:)`` for an encoding (which skips
  /// derivation).
  ///
  /// - Throws: What ``encoding(of:)`` throws, and the ``ValueError``s of comparing.
  @inlinable
  public func compare<Value>(_ actual: Value, _ expected: Value, options: ComparisonOptions = .default)
    throws(ValueError) -> Comparison
  {
    try resolve(swiftType: Value.self).compare(actual, expected, options: options)
  }
}

extension ValueRegistry {
  /// The C name of a C type imported into Swift (`tcphdr` for Glibc's `tcphdr`, whose `String(reflecting:)`
  /// is `__C.tcphdr`), or `nil` for a Swift type; see ``cName(reflecting:)``.
  static func cName<Value>(of _: Value.Type) -> String? {
    cName(reflecting: String(reflecting: Value.self))
  }

  /// The C or C++ name of a type imported into Swift, from its `String(reflecting:)`: `tcphdr` for
  /// `__C.tcphdr`; with C++ interoperability, the qualified name Swift keeps as its last part (`geo::circle`
  /// for `__C.geo.geo::circle`, `geo::inner::tag` for `__C.geo.geo::inner.geo::inner::tag`), and a class
  /// template's instance in its scope with its arguments spelled as C++ spells them (`geo::box<double>` for
  /// `__C.geo.box<CDouble>`); `nil` for a Swift type.
  static func cName(reflecting reflected: String) -> String? {
    guard reflected.hasPrefix("__C.") else { return nil }
    let parts = topLevelParts(of: String(reflected.dropFirst(4)))
    guard var name = parts.last else { return nil }
    if let open = name.firstIndex(of: "<"), name.hasSuffix(">") {
      let inside = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
      let arguments = topLevelParts(of: inside, at: ",").map(cppArgument)
      name = String(name[..<open]) + "<" + arguments.joined(separator: ", ") + ">"
    }
    // A name Swift left unqualified in a namespace or class (a template's instance): in its scope, which
    // Swift writes qualified (`geo::inner`) past the first level.
    if parts.count > 1, !name.prefix(while: { $0 != "<" }).contains("::") {
      name = parts[parts.count - 2] + "::" + name
    }
    return name
  }

  /// A template argument as C++ spells it: `double` for Swift's `CDouble`, an imported type by its C++ name.
  private static func cppArgument(_ argument: String) -> String {
    let argument = String(argument.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    if let name = cName(reflecting: argument) { return name }
    return cppScalars[argument] ?? argument
  }

  /// Swift's names of C's scalar types, as C++ names them in a template's arguments.
  private static let cppScalars: [String: String] = [
    "CBool": "bool", "Bool": "bool", "CChar": "char", "CSignedChar": "signed char", "CUnsignedChar": "unsigned char",
    "CShort": "short", "CUnsignedShort": "unsigned short", "CInt": "int", "CUnsignedInt": "unsigned int",
    "CLong": "long", "CUnsignedLong": "unsigned long", "CLongLong": "long long",
    "CUnsignedLongLong": "unsigned long long", "CFloat": "float", "CDouble": "double", "Int32": "int",
    "UInt32": "unsigned int", "Int64": "long", "UInt64": "unsigned long", "Int16": "short",
    "UInt16": "unsigned short", "Int8": "signed char", "UInt8": "unsigned char", "Float": "float",
    "Double": "double",
  ]

  /// `text` split at `separator` where it is outside `<…>`.
  private static func topLevelParts(of text: String, at separator: Character = ".") -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      if character == "<" { depth += 1 }
      if character == ">" { depth -= 1 }
      if character == separator, depth == 0 {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }

  /// The encoding set for a Swift type with ``register(_:swiftType:)``, if any.
  func registered<Value>(_: Value.Type) -> TypeEncoding? { swiftTypes.registered(for: Value.self) }

  /// The catalog's definition of an imported C type, found by the C name Swift keeps for it
  /// (`String(reflecting:)` is `__C.tcphdr` for Glibc's `tcphdr`): a typedef name first, then a struct
  /// tag, then a union tag. Readable names the catalog has built in (`point`, `rect`) are not C names.
  ///
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the definition does not
  ///   have the Swift type's size: a definition for another ABI is an error, not a guess.
  func catalogDefinition<Value>(of _: Value.Type) throws(ValueError) -> TypeEncoding? {
    guard let name = Self.cName(of: Value.self) else { return nil }
    let typedef = TypeCatalog.builtinNames[name] == nil ? catalog.encoding(named: name) : nil
    guard let type = typedef ?? catalog.record(named: name) ?? catalog.record(named: "union \(name)") else {
      return nil
    }
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    guard ValueType.fits(Value.self, layout) else {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    return type
  }
}
