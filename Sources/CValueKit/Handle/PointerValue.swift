/// The Swift types whose bytes are an address (or an address and a count) rather than a C value.
///
/// Handed to the generic ``ValueType/compare(_:_:options:)`` or ``ValueType/isEqual(_:_:tolerance:)`` for
/// a C type that is not itself a pointer, such a value is refused: its own bits would otherwise be compared
/// as if they were the value it points to. A generic cannot be constrained against these types without
/// refusing plain C structs too, so the check is made at run time, where the type is known.
@usableFromInline protocol PointerValue {}

extension UnsafeRawPointer: PointerValue {}
extension UnsafeMutableRawPointer: PointerValue {}
extension UnsafePointer: PointerValue {}
extension UnsafeMutablePointer: PointerValue {}
extension OpaquePointer: PointerValue {}
extension UnsafeRawBufferPointer: PointerValue {}
extension UnsafeMutableRawBufferPointer: PointerValue {}
extension UnsafeBufferPointer: PointerValue {}
extension UnsafeMutableBufferPointer: PointerValue {}
extension Optional: PointerValue where Wrapped: PointerValue {}

extension ValueType {
  /// Whether `Value` is a Swift pointer or buffer pointer. The size test folds away where the call is
  /// inlined, so a value of any other size pays nothing for the check.
  @inlinable static func isPointerValue<Value>(_: Value.Type) -> Bool {
    let size = MemoryLayout<Value>.size
    return (size == MemoryLayout<UnsafeRawPointer>.size || size == MemoryLayout<UnsafeRawBufferPointer>.size)
      && Value.self is any PointerValue.Type
  }
}

extension TypeEncoding {
  /// Whether a value of the type is an address: a pointer, `char *`, an object, a class, a selector, an
  /// atom or a block.
  var holdsAddress: Bool {
    switch self {
    case .pointer, .object, .block: return true
    case .scalar(let scalar): return scalar.isAddress
    case .qualified(_, let base): return base.holdsAddress
    default: return false
    }
  }
}
