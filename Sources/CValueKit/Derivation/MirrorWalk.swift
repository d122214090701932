/// One piece of a value whose place derivation checks: a leaf, a field of a type with a registered
/// encoding, or a field that shows `Mirror` no stored properties.
struct ProbeUnit {
  enum Kind: Equatable {
    /// A scalar or pointer.
    case leaf
    /// A field whose Swift type has a registered encoding, checked as one piece.
    case registered
    /// A field of a struct with no stored properties `Mirror` can see, yet a size (an imported C union).
    case opaque(swiftType: String)
  }

  /// How C reaches the piece.
  var path: FieldPath
  var kind: Kind
  /// The piece's size in bytes.
  var size: Int
  /// The byte indices, from the piece's start, that hold its value (not padding), ascending.
  var valueBytes: [Int]
  /// The Swift type's name and alignment, which is the C type's, for the evidence of packing.
  var swiftType: String
  var alignment: Int
}

/// A struct or tuple the walk went into: where it is, what `MemoryLayout` says of its Swift type, and its
/// pieces.
struct WalkedAggregate {
  var path: FieldPath
  var swiftType: String
  var size: Int
  var alignment: Int
  /// The indices of its pieces in the walk's units, which are contiguous.
  var units: Range<Int>
  /// Its derived encoding.
  var encoding: TypeEncoding
  /// A struct, not a tuple (an imported C array).
  var isRecord: Bool
}

/// Walks a value with `Mirror`, building the encoding of its type and collecting the bytes of each piece
/// whose place is checked.
struct MirrorWalk {
  /// Registered encodings for field types.
  let known: SwiftTypeEncodings
  let catalog: TypeCatalog
  /// The pieces, in the order the derived layout has them.
  private(set) var units: [ProbeUnit] = []
  /// The bytes each piece had in the walked value.
  private(set) var bytes: [[UInt8]] = []
  /// The structs and tuples, outermost first.
  private(set) var aggregates: [WalkedAggregate] = []

  init(known: SwiftTypeEncodings, catalog: TypeCatalog) {
    self.known = known
    self.catalog = catalog
  }

  /// The encoding of `value`'s type, reached from the outermost value by `path`.
  mutating func encode(_ value: Any, path: FieldPath) throws(DerivationError) -> TypeEncoding {
    let type = Swift.type(of: value)
    let valueBytes = Self.bytes(of: value)
    func unit(_ kind: ProbeUnit.Kind, size: Int, valueBytes: [Int]) -> ProbeUnit {
      ProbeUnit(
        path: path, kind: kind, size: size, valueBytes: valueBytes, swiftType: "\(type)",
        alignment: SwiftLeafTypes.openAlignment(of: type))
    }
    if !path.components.isEmpty, let registered = known.registered(for: type) {
      let layout: CLayout
      do throws(LayoutError) { layout = try catalog.layout(of: registered) } catch {
        throw .layoutFailed(registered, error)
      }
      add(
        unit(.registered, size: layout.size, valueBytes: Self.valueIndices(of: layout, within: valueBytes.count)),
        valueBytes)
      return registered
    }
    if let leaf = SwiftLeafTypes.encoding(of: type) {
      let count = SwiftLeafTypes.valueByteCount(of: leaf, size: valueBytes.count)
      add(unit(.leaf, size: valueBytes.count, valueBytes: Array(0..<count)), valueBytes)
      return leaf
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct:
      if let scalar = Self.enumScalar(type, mirror) {
        add(unit(.leaf, size: valueBytes.count, valueBytes: Array(valueBytes.indices)), valueBytes)
        return .scalar(scalar)
      }
      guard !mirror.children.isEmpty else {
        guard !valueBytes.isEmpty else { throw .unsupportedType("\(type)", at: path) }
        add(unit(.opaque(swiftType: "\(type)"), size: valueBytes.count, valueBytes: [0]), valueBytes)
        return .array(count: valueBytes.count, element: .scalar(.unsignedChar))
      }
      let aggregate = enter(path, type, size: valueBytes.count, isRecord: true)
      var fields: [TypeEncoding.Field] = []
      for (index, child) in mirror.children.enumerated() {
        let name = child.label ?? "\(index)"
        let field = try encode(child.value, path: path.appending(.member(name)))
        fields.append(TypeEncoding.Field(name: name, type: field))
      }
      return leave(
        aggregate, .structure(TypeEncoding.Record(name: SwiftLeafTypes.recordName(of: type), fields: fields)))
    case .tuple:
      let elementTypes = mirror.children.map { Swift.type(of: $0.value) }
      guard let first = elementTypes.first else { throw .unsupportedType("\(type)", at: path) }
      guard elementTypes.allSatisfy({ $0 == first }) else {
        throw .mixedTuple(at: path, elementTypes: elementTypes.map { "\($0)" })
      }
      let aggregate = enter(path, type, size: valueBytes.count, isRecord: false)
      var element = TypeEncoding.scalar(.void)
      for (index, child) in mirror.children.enumerated() {
        element = try encode(child.value, path: path.appending(.index(index)))
      }
      return leave(aggregate, .array(count: elementTypes.count, element: element))
    default:
      throw .unsupportedType("\(type)", at: path)
    }
  }

  private mutating func add(_ unit: ProbeUnit, _ unitBytes: [UInt8]) {
    units.append(unit)
    bytes.append(unitBytes)
  }

  /// Notes a struct or tuple before its pieces are walked, and returns its index.
  private mutating func enter(_ path: FieldPath, _ type: Any.Type, size: Int, isRecord: Bool) -> Int {
    aggregates.append(
      WalkedAggregate(
        path: path, swiftType: "\(type)", size: size, alignment: SwiftLeafTypes.openAlignment(of: type),
        units: units.count..<units.count, encoding: .scalar(.void), isRecord: isRecord))
    return aggregates.count - 1
  }

  /// Completes a struct or tuple once its pieces are walked.
  private mutating func leave(_ index: Int, _ encoding: TypeEncoding) -> TypeEncoding {
    aggregates[index].units = aggregates[index].units.lowerBound..<units.count
    aggregates[index].encoding = encoding
    return encoding
  }

  /// The byte indices of a registered type's layout that hold its value (not padding), below `count`.
  private static func valueIndices(of layout: CLayout, within count: Int) -> [Int] {
    var holdsValue = [Bool](repeating: true, count: layout.size)
    for range in layout.padding { for index in range { holdsValue[index] = false } }
    return holdsValue.indices.filter { holdsValue[$0] && $0 < count }
  }

  /// The scalar of an imported C enum: a struct from C (module `__C`) holding only an integer `rawValue`.
  /// Clang encodes every 4-byte enum as `i`, whatever its underlying type. (The imported type's conformance
  /// to `RawRepresentable` is not visible at run time, so the name and shape decide.)
  private static func enumScalar(_ type: Any.Type, _ mirror: Mirror) -> TypeEncoding.Scalar? {
    guard String(reflecting: type).hasPrefix("__C."), mirror.children.count == 1,
      let child = mirror.children.first, child.label == "rawValue",
      case .scalar(let scalar)? = SwiftLeafTypes.encoding(of: Swift.type(of: child.value)),
      scalar.isInteger, scalar != .bool
    else { return nil }
    return SwiftLeafTypes.openSize(of: type) == 4 ? .int : scalar
  }

  /// The bytes of a value held in an existential.
  static func bytes(of value: Any) -> [UInt8] {
    func read<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
    return _openExistential(value, do: read)
  }
}
