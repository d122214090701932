import CFFI

/// What a C comparer's integer result means.
public enum CComparerConvention: Hashable, Sendable {
  /// Non-zero means equal, as with `bool CGPointEqualToPoint(CGPoint, CGPoint)`.
  case nonZeroMeansEqual
  /// Zero means equal, as with `memcmp` and ordering functions such as `int tm_cmp(const tm *, const tm *)`.
  case zeroMeansEqual
}

/// Turns a C comparison function into a ``RawComparator``: called directly through a typed function
/// pointer when both arguments are pointers, through a prepared libffi call otherwise.
enum CComparator {
  /// The comparer as a closure (for the registry's entry, which keeps what the function needs alive) and
  /// in the closure-free form a plan's verdict calls.
  static func make(
    _ function: CFunction, signature text: String, valueType: TypeEncoding,
    layout: Result<CLayout, LayoutError>, result: CComparerConvention
  ) throws(CFunctionError) -> (compare: RawComparator, direct: DirectComparator) {
    let signature = try CFunctionSignature(text, function: function, valueType: valueType)
    try signature.requireArity([2], role: "comparator")
    let passing = [try signature.passing(ofArgument: 0), try signature.passing(ofArgument: 1)]
    let integer = try signature.integerReturn(role: "a comparator")
    let equalWhenNonZero = result == .nonZeroMeansEqual
    // With the layout unknown only pointers can be passed; align as strictly as any C type needs.
    let alignment = (try? layout.get())?.alignment ?? 16
    let direct: DirectComparator
    // Captured by the closure: the library the function came from stays open, and the prepared call
    // (which the direct form refers to without retaining) stays alive, as long as the entry does.
    let keepAlive: (any AnyObject & Sendable)?
    if passing == [.byPointer, .byPointer] {
      direct = DirectComparator(
        address: function.address, route: .pointers, integer: integer, equalWhenNonZero: equalWhenNonZero,
        alignment: alignment)
      keepAlive = function.library
    } else {
      let call = try prepare(
        function, returning: integer, passing: passing, valueType: valueType, layout: layout.get(valueType))
      direct = DirectComparator(
        address: function.address, route: .libffi(Unmanaged.passUnretained(call), passing[0], passing[1]),
        integer: integer, equalWhenNonZero: equalWhenNonZero, alignment: alignment)
      keepAlive = call
    }
    return ({ actual, expected in withExtendedLifetime(keepAlive) { direct.isEqual(actual, expected) } }, direct)
  }

  /// Prepares the libffi call for a comparer taking at least one argument by value.
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
    case 1: return integer.isSigned ? cvi_ffi_type_sint8() : cvi_ffi_type_uint8()
    case 2: return integer.isSigned ? cvi_ffi_type_sint16() : cvi_ffi_type_uint16()
    case 4: return integer.isSigned ? cvi_ffi_type_sint32() : cvi_ffi_type_uint32()
    default: return integer.isSigned ? cvi_ffi_type_sint64() : cvi_ffi_type_uint64()
    }
  }
}

/// A registered C comparer in the form a handle calls with nothing in between: no closure, no retain.
///
/// It holds no reference: the registry entry's closure keeps the function's library and the prepared
/// call alive, and every handle that can reach this value also holds that closure.
struct DirectComparator: @unchecked Sendable {
  enum Route {
    /// Two pointers: called through a function pointer of the exact C type, no libffi.
    case pointers
    /// At least one argument by value: through the prepared libffi call.
    case libffi(Unmanaged<PreparedCall>, CFunctionSignature.Passing, CFunctionSignature.Passing)
  }

  let address: UnsafeRawPointer
  let route: Route
  let integer: CFunctionSignature.IntegerReturn
  let equalWhenNonZero: Bool
  /// The alignment C promises the values; misaligned bytes are copied to aligned storage first.
  let alignment: Int

  /// Whether the function says the two values are equal.
  @inline(__always)
  func isEqual(_ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer) -> Bool {
    ArgumentAlignment.withAligned(actual, expected, alignment) { a, b in (call(a, b) != 0) == equalWhenNonZero }
  }

  /// Whether the function says the values of `size` bytes at `actual` and `expected` are equal: the
  /// handle's path, with the alignment test and the call inline and the copy for misaligned values not.
  @inline(__always)
  func isEqual(pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, size: Int) -> Bool {
    guard (Int(bitPattern: actual) | Int(bitPattern: expected)) & (alignment - 1) == 0 else {
      return isEqualCopying(actual, expected, size: size)
    }
    return (call(actual, expected) != 0) == equalWhenNonZero
  }

  @inline(never)
  private func isEqualCopying(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, size: Int) -> Bool {
    isEqual(UnsafeRawBufferPointer(start: actual, count: size), UnsafeRawBufferPointer(start: expected, count: size))
  }

  /// The function's result for the values at `a` and `b`, truncated to its width.
  @inline(__always)
  private func call(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> UInt64 {
    switch route {
    case .pointers:
      // A C function type cannot be generic, so each result width has its own function pointer type.
      switch integer.size {
      case 1:
        typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt8
        return UInt64(unsafeBitCast(address, to: Compare.self)(a, b))
      case 2:
        typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt16
        return UInt64(unsafeBitCast(address, to: Compare.self)(a, b))
      case 4:
        typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt32
        return UInt64(unsafeBitCast(address, to: Compare.self)(a, b))
      default:
        typealias Compare = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> UInt64
        return unsafeBitCast(address, to: Compare.self)(a, b)
      }
    case .libffi(let prepared, let first, let second):
      return prepared._withUnsafeGuaranteedRef { $0.callReturningInteger(integer, passing: first, second, a, b) }
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
