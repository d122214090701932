/// The Swift types that are C leaves (scalars and pointers), and how each is encoded the way clang's
/// `@encode` encodes the C type Swift imported it from.
enum SwiftLeafTypes {
  /// The scalar for each Swift number type. `Int` and `UInt` are `long` (`q`/`Q` on LP64, as clang encodes
  /// `long` there); `CChar` is `Int8` and so `c`.
  static let scalars: [ObjectIdentifier: TypeEncoding.Scalar] = {
    var table: [ObjectIdentifier: TypeEncoding.Scalar] = [
      ObjectIdentifier(Int8.self): .char, ObjectIdentifier(UInt8.self): .unsignedChar,
      ObjectIdentifier(Int16.self): .short, ObjectIdentifier(UInt16.self): .unsignedShort,
      ObjectIdentifier(Int32.self): .int, ObjectIdentifier(UInt32.self): .unsignedInt,
      ObjectIdentifier(Int64.self): .longLong, ObjectIdentifier(UInt64.self): .unsignedLongLong,
      ObjectIdentifier(Int.self): MemoryLayout<Int>.size == 8 ? .longLong : .long,
      ObjectIdentifier(UInt.self): MemoryLayout<UInt>.size == 8 ? .unsignedLongLong : .unsignedLong,
      ObjectIdentifier(Int128.self): .int128, ObjectIdentifier(UInt128.self): .unsignedInt128,
      ObjectIdentifier(Float.self): .float, ObjectIdentifier(Double.self): .double,
      ObjectIdentifier(Bool.self): .bool,
    ]
    #if arch(x86_64) && !os(Windows)
      table[ObjectIdentifier(Float80.self)] = .longDouble
    #endif
    return table
  }()

  /// The encoding of a Swift type that is a C leaf, or `nil` when it is not one (a struct, a tuple, or a type
  /// with no C encoding).
  static func encoding(of type: Any.Type) -> TypeEncoding? {
    if let scalar = scalars[ObjectIdentifier(type)] { return .scalar(scalar) }
    if let scalar = cgFloat(type) { return .scalar(scalar) }
    if let pointer = pointer(type) { return pointer }
    if let optional = type as? any OptionalTypeProbe.Type { return pointer(optional.wrappedType) }
    return nil
  }

  /// The number of bytes of a leaf that hold its value: 10 for an x87 `long double`, else its size.
  static func valueByteCount(of encoding: TypeEncoding, size: Int) -> Int {
    encoding == .scalar(.longDouble) ? min(size, 10) : size
  }

  /// `CGFloat` (a struct wrapping `native`, in Foundation and CoreGraphics) is `double` on 64-bit targets.
  private static func cgFloat(_ type: Any.Type) -> TypeEncoding.Scalar? {
    guard String(reflecting: type).hasSuffix(".CGFloat") else { return nil }
    return openSize(of: type) == 8 ? .double : .float
  }

  /// A pointer, encoded as clang encodes a struct's pointer members: `*` for any pointer to a `char`-sized
  /// integer, `^v` for raw and opaque pointers, `^?` for C function pointers, `^{Name}` for a pointer to a
  /// struct (without its members), and `const` dropped.
  private static func pointer(_ type: Any.Type) -> TypeEncoding? {
    if type == UnsafeRawPointer.self || type == UnsafeMutableRawPointer.self || type == OpaquePointer.self {
      return .pointer(.scalar(.void))
    }
    if isCFunction(type) { return .pointer(.scalar(.unknown)) }
    guard let probe = type as? any PointerTypeProbe.Type else { return nil }
    let pointee = probe.pointeeType
    if pointee == Int8.self || pointee == UInt8.self { return .scalar(.cString) }
    return .pointer(pointeeEncoding(pointee))
  }

  /// What a pointer points to, as clang writes it inside a struct: records by name only.
  private static func pointeeEncoding(_ type: Any.Type) -> TypeEncoding {
    if type == Void.self { return .scalar(.void) }
    if let leaf = encoding(of: type) { return leaf }
    guard let zero = zeroValue(of: type) else { return .scalar(.unknown) }
    let mirror = Mirror(reflecting: zero)
    switch mirror.displayStyle {
    case .struct:
      return .structure(TypeEncoding.Record(name: recordName(of: type), fields: nil))
    case .tuple:
      guard let first = mirror.children.first else { return .scalar(.unknown) }
      return .array(count: mirror.children.count, element: pointeeEncoding(Swift.type(of: first.value)))
    default:
      return .scalar(.unknown)
    }
  }

  /// Whether a type is a C function pointer (`@convention(c)`), which Swift imports function pointers as.
  private static func isCFunction(_ type: Any.Type) -> Bool {
    String(describing: type).hasPrefix("@convention(c)")
  }

  /// The C tag name for a Swift type: its name, with the characters the encoding grammar reserves replaced.
  static func recordName(of type: Any.Type) -> String {
    let reserved: Set<Character> = ["=", "{", "}", "(", ")", "[", "]", "\"", "^"]
    return String(String(describing: type).map { reserved.contains($0) ? "_" : $0 })
  }

  /// A zero-filled value of a plain-data type, or `nil` for a type whose zero bytes are not a value.
  static func zeroValue(of type: Any.Type) -> Any? {
    func make<T>(_: T.Type) -> Any? {
      guard _isPOD(T.self) else { return nil }
      return withUnsafeTemporaryAllocation(byteCount: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment) {
        buffer in
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        return buffer.baseAddress.map { $0.load(as: T.self) }
      }
    }
    return _openExistential(type, do: make)
  }

  /// `MemoryLayout<T>.alignment` for a type known only at run time.
  static func openAlignment(of type: Any.Type) -> Int {
    func alignment<T>(_: T.Type) -> Int { MemoryLayout<T>.alignment }
    return _openExistential(type, do: alignment)
  }

  /// `MemoryLayout<T>.size` for a type known only at run time.
  static func openSize(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }
}

/// Gives the pointee type of `UnsafePointer` and `UnsafeMutablePointer` when only the metatype is known.
protocol PointerTypeProbe {
  static var pointeeType: Any.Type { get }
}

extension UnsafePointer: PointerTypeProbe {
  static var pointeeType: Any.Type { Pointee.self }
}

extension UnsafeMutablePointer: PointerTypeProbe {
  static var pointeeType: Any.Type { Pointee.self }
}

/// Gives the wrapped type of an `Optional` when only the metatype is known.
protocol OptionalTypeProbe {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalTypeProbe {
  static var wrappedType: Any.Type { Wrapped.self }
}
