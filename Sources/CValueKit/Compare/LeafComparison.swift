import CValueShim

/// Compares one leaf of two values by its kind.
enum LeafComparison {
  /// The outcome for one leaf: equal or not and, for floating-point leaves, how far apart.
  struct Outcome {
    var isEqual: Bool
    var difference: Double?
  }

  /// Compares the leaf of `kind` and `size` bytes at byte `offset` (bit `bitOffset` for a bitfield).
  static func compare(
    _ kind: LeafKind, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, offset: Int, bitOffset: Int, size: Int,
    tolerance: FloatTolerance
  ) -> Outcome {
    switch kind {
    case .float: return floats(Float.self, a, b, offset, tolerance)
    case .float16, .bfloat16:
      let format = HalfFloat.format(of: kind) ?? .binary16
      let x = a.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
      let y = b.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
      let isEqual = HalfFloat.isEqual(x, y, format: format, tolerance)
      let difference = abs(Double(HalfFloat.float(x, format: format)) - Double(HalfFloat.float(y, format: format)))
      return Outcome(isEqual: isEqual, difference: isEqual && x == y ? 0 : difference)
    case .double: return floats(Double.self, a, b, offset, tolerance)
    case .x87Extended:
      #if arch(x86_64) && !os(Windows)
        return floats(Float80.self, a, b, offset, tolerance)
      #else
        return Outcome(isEqual: cvi_bytes_equal(a + offset, b + offset, 10), difference: nil)
      #endif
    case .complex(let component, let componentSize):
      return parts(2, of: component, size: componentSize, a, b, offset, tolerance)
    case .vector(let element, let elementSize, let count):
      return parts(count, of: element, size: elementSize, a, b, offset, tolerance)
    case .bitfield(let width, _):
      let x = RawBits.bits(
        UnsafeRawBufferPointer(start: a, count: (bitOffset + width + 7) / 8), bitOffset: bitOffset, width: width)
      let y = RawBits.bits(
        UnsafeRawBufferPointer(start: b, count: (bitOffset + width + 7) / 8), bitOffset: bitOffset, width: width)
      return Outcome(isEqual: x == y, difference: nil)
    case .signedInteger, .unsignedInteger, .bool, .address, .quadruple, .opaque:
      return Outcome(isEqual: cvi_bytes_equal(a + offset, b + offset, size), difference: nil)
    }
  }

  private static func floats<T: FloatRuleOperand>(
    _: T.Type, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ offset: Int, _ tolerance: FloatTolerance
  ) -> Outcome {
    let x = a.loadUnaligned(fromByteOffset: offset, as: T.self)
    let y = b.loadUnaligned(fromByteOffset: offset, as: T.self)
    let isEqual = FloatRule.isEqual(x, y, tolerance)
    return Outcome(isEqual: isEqual, difference: isEqual && x == y ? 0 : x.distance(to: y))
  }

  /// Compares `count` consecutive parts (a complex number's two, a vector's elements); the difference is
  /// the largest part's.
  private static func parts(
    _ count: Int, of kind: LeafKind, size: Int, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ offset: Int,
    _ tolerance: FloatTolerance
  ) -> Outcome {
    var result = Outcome(isEqual: true, difference: nil)
    for index in 0..<count {
      let part = compare(
        kind, a, b, offset: offset + index * size, bitOffset: (offset + index * size) * 8, size: size,
        tolerance: tolerance)
      result.isEqual = result.isEqual && part.isEqual
      if let difference = part.difference {
        result.difference = max(result.difference ?? 0, difference.isNaN ? .infinity : difference)
      }
    }
    return result
  }
}
