import CFFI

/// What a C comparator's integer result means.
public enum CComparatorResult: Hashable, Sendable {
  /// Non-zero means equal, as with `bool CGPointEqualToPoint(CGPoint, CGPoint)`.
  case nonZeroMeansEqual
  /// Zero means equal, as with `memcmp` and ordering functions such as `int tm_cmp(const tm *, const tm *)`.
  case zeroMeansEqual
}

/// Turns a C comparison function into a ``RawComparator``: called directly through a typed function
/// pointer when both arguments are pointers, through a prepared libffi call otherwise.
enum CComparator {
  static func make(
    _ function: CFunction, signature text: String, valueType: TypeEncoding,
    layout: Result<CLayout, LayoutError>, result: CComparatorResult
  ) throws(CFunctionError) -> RawComparator {
    let signature = try CFunctionSignature(text, function: function, valueType: valueType)
    try signature.requireArity([2], role: "comparator")
    let passing = [try signature.passing(ofArgument: 0), try signature.passing(ofArgument: 1)]
    let integer = try signature.integerReturn(role: "a comparator")
    let equalWhenNonZero = result == .nonZeroMeansEqual
    // With the layout unknown only pointers can be passed; align as strictly as any C type needs.
    let alignment = (try? layout.get())?.alignment ?? 16
    if passing == [.byPointer, .byPointer] {
      return direct(function, returning: integer, equalWhenNonZero: equalWhenNonZero, alignment: alignment)
    }
    let call = try prepare(
      function, returning: integer, passing: passing, valueType: valueType, layout: layout.get(valueType))
    let (first, second) = (passing[0], passing[1])
    return { actual, expected in
      ArgumentAlignment.withAligned(actual, expected, alignment) { a, b in
        (call.callReturningInteger(integer, passing: first, second, a, b) != 0) == equalWhenNonZero
      }
    }
  }

  /// Prepares the libffi call for a comparator taking at least one argument by value.
  private static func prepare(
    _ function: CFunction, returning integer: CFunctionSignature.IntegerReturn,
    passing: [CFunctionSignature.Passing], valueType: TypeEncoding, layout: CLayout
  ) throws(CFunctionError) -> PreparedCall {
    let arena = FFITypeArena()
    var builder = FFITypeBuilder(arena: arena, valueType: valueType)
    let valueArgument = try builder.argumentType(layout.root)
    let arguments = passing.map { $0 == .byValue ? valueArgument : FFITypeBuilder.pointer }
    let call = try PreparedCall(
      function: function, returning: integerType(integer), arguments: arguments, arena: arena)
    try builder.checkLayouts()
    return call
  }

  static func integerType(_ integer: CFunctionSignature.IntegerReturn) -> UnsafeMutablePointer<ffi_type> {
    switch integer.size {
    case 1: return integer.isSigned ? cv_ffi_type_sint8() : cv_ffi_type_uint8()
    case 2: return integer.isSigned ? cv_ffi_type_sint16() : cv_ffi_type_uint16()
    case 4: return integer.isSigned ? cv_ffi_type_sint32() : cv_ffi_type_uint32()
    default: return integer.isSigned ? cv_ffi_type_sint64() : cv_ffi_type_uint64()
    }
  }

  /// A comparator taking two pointers, called through a function pointer of its exact C type: no libffi.
  private static func direct(
    _ function: CFunction, returning integer: CFunctionSignature.IntegerReturn, equalWhenNonZero: Bool,
    alignment: Int
  ) -> RawComparator {
    // A C function type cannot be generic, so each result width has its own closure. Each captures
    // `library`, which keeps a library the function came from open.
    let library = function.library
    let address = function.address
    switch integer.size {
    case 1:
      let entry = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt8).self)
      return { actual, expected in
        withExtendedLifetime(library) {
          ArgumentAlignment.withAligned(actual, expected, alignment) { (entry($0, $1) != 0) == equalWhenNonZero }
        }
      }
    case 2:
      let entry = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt16).self)
      return { actual, expected in
        withExtendedLifetime(library) {
          ArgumentAlignment.withAligned(actual, expected, alignment) { (entry($0, $1) != 0) == equalWhenNonZero }
        }
      }
    case 4:
      let entry = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt32).self)
      return { actual, expected in
        withExtendedLifetime(library) {
          ArgumentAlignment.withAligned(actual, expected, alignment) { (entry($0, $1) != 0) == equalWhenNonZero }
        }
      }
    default:
      let entry = unsafeBitCast(address, to: (@convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt64).self)
      return { actual, expected in
        withExtendedLifetime(library) {
          ArgumentAlignment.withAligned(actual, expected, alignment) { (entry($0, $1) != 0) == equalWhenNonZero }
        }
      }
    }
  }
}

extension PreparedCall {
  /// Calls a two-argument function with the values at `first` and `second`, each passed by value or as a
  /// pointer, and returns its integer result truncated to its width. Allocates nothing on the heap.
  func callReturningInteger(
    _ integer: CFunctionSignature.IntegerReturn, passing first: CFunctionSignature.Passing,
    _ second: CFunctionSignature.Passing, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer
  ) -> UInt64 {
    withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 4) { slots in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2) { result in
        let base = slots.baseAddress.unsafelyUnwrapped
        slots[2] = UnsafeMutableRawPointer(mutating: a)
        slots[3] = UnsafeMutableRawPointer(mutating: b)
        slots[0] = first == .byValue ? slots[2] : UnsafeMutableRawPointer(base + 2)
        slots[1] = second == .byValue ? slots[3] : UnsafeMutableRawPointer(base + 3)
        result.initialize(repeating: 0)
        call(base, result: UnsafeMutableRawPointer(result.baseAddress.unsafelyUnwrapped))
        let bits = integer.size * 8
        return bits >= 64 ? result[0] : result[0] & ((1 << UInt64(bits)) - 1)
      }
    }
  }
}
