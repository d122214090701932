import CValueShim

extension ComparisonStep {
  /// Whether `a` and `b` are equal under every step, with one tolerance for every floating-point leaf.
  static func run(
    _ steps: [ComparisonStep], _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, tolerance: FloatTolerance
  ) -> Bool {
    steps.withUnsafeBufferPointer { steps in run(steps, a, b, tolerance: tolerance) }
  }

  /// ``run(_:_:_:tolerance:)`` on steps in memory the caller keeps alive.
  static func run(
    _ steps: UnsafeBufferPointer<ComparisonStep>, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer,
    tolerance: FloatTolerance
  ) -> Bool {
    // By index into the buffer, so that reading a step copies (and retains) nothing.
    for index in steps.indices {
      guard steps[index].run(a, b, tolerance: tolerance) else { return false }
    }
    return true
  }

  /// Whether `a` and `b` are equal under this step.
  @inline(__always)
  func run(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, tolerance: FloatTolerance) -> Bool {
    switch self {
    case .bytes(let offset, let count):
      // The short runs between padding (a char, an int) compare in a register, not through a call.
      switch count {
      case 1: return a.load(fromByteOffset: offset, as: UInt8.self) == b.load(fromByteOffset: offset, as: UInt8.self)
      case 2: return Self.equal(a, b, offset, as: UInt16.self)
      case 4: return Self.equal(a, b, offset, as: UInt32.self)
      case 8: return Self.equal(a, b, offset, as: UInt64.self)
      default: return cvi_bytes_equal(a + offset, b + offset, count)
      }
    case .floats(let offset, let count):
      // One member equal by `==` is equal under every tolerance but the bitwise one (`FloatRule`'s first test),
      // decided here without the call.
      if count == 1, !tolerance.isBitwise,
        a.loadUnaligned(fromByteOffset: offset, as: Float.self)
          == b.loadUnaligned(fromByteOffset: offset, as: Float.self)
      {
        return true
      }
      return FloatRun<Float>.isEqual(a + offset, b + offset, count: count, tolerance: tolerance)
    case .doubles(let offset, let count):
      if count == 1, !tolerance.isBitwise,
        a.loadUnaligned(fromByteOffset: offset, as: Double.self)
          == b.loadUnaligned(fromByteOffset: offset, as: Double.self)
      {
        return true
      }
      return FloatRun<Double>.isEqual(a + offset, b + offset, count: count, tolerance: tolerance)
    case .masked(let offset, let mask):
      return mask.withUnsafeBufferPointer { cvi_bytes_equal_masked(a + offset, b + offset, $0.baseAddress, $0.count) }
    case .leaf(let offset, let kind):
      return LeafComparison.compare(kind, a, b, offset: offset, bitOffset: offset * 8, size: 0, tolerance: tolerance)
        .isEqual
    case .registered(let offset, let size, let compare):
      return compare(
        UnsafeRawBufferPointer(start: a + offset, count: size), UnsafeRawBufferPointer(start: b + offset, count: size))
    case .kept(let offset, let size, let compare):
      // Borrowed from the plan, which outlives the steps' run: no retain of the closure.
      return compare._withUnsafeGuaranteedRef { kept in
        kept.compare(
          UnsafeRawBufferPointer(start: a + offset, count: size), UnsafeRawBufferPointer(start: b + offset, count: size)
        )
      }
    case .repeated(let offset, let count, let stride, let inner):
      for index in 0..<count {
        guard Self.run(inner, a + offset + index * stride, b + offset + index * stride, tolerance: tolerance) else {
          return false
        }
      }
      return true
    case .tagged(let offset, let union):
      let tag = union.tag.value(at: a, unionBit: offset * 8)
      guard tag == union.tag.value(at: b, unionBit: offset * 8) else { return false }
      return Self.run(union.cases[tag] ?? union.unknown, a + offset, b + offset, tolerance: tolerance)
    }
  }
}

extension ComparisonStep {
  @inline(__always)
  fileprivate static func equal<Word: FixedWidthInteger>(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ offset: Int, as _: Word.Type
  ) -> Bool {
    a.loadUnaligned(fromByteOffset: offset, as: Word.self) == b.loadUnaligned(fromByteOffset: offset, as: Word.self)
  }
}

/// A run of `count` floating-point values compared pairwise, in a loop chosen once for the tolerance.
///
/// Exact and absolute tolerances, the common ones, are first tested by a vectorized C loop
/// (`cvi_float_equal_prefix` and its kin) with a test only pairs equal under the tolerance pass: `==` for
/// exact, and for absolute a difference computed in the values' own type within a bound shrunk by the
/// rounding that computation can add. The first pair that does not pass (a NaN, an infinity, a difference
/// near the bound) is decided by the full rules and the loop goes on after it, so the answer is always
/// the one ``FloatRule`` gives.
enum FloatRun<Value: FloatRuleOperand & CFloatPrefix> {
  /// Runs up to this long (a point, a rect) are compared by the rules inline, with no call into C.
  static var shortRun: Int { 4 }

  static func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, tolerance: FloatTolerance) -> Bool {
    if count <= shortRun { return rules(a, b, range: 0..<count, tolerance: tolerance) }
    if tolerance.isBitwise { return cvi_bytes_equal(a, b, count * MemoryLayout<Value>.size) }
    if tolerance.isExact {
      return resuming(a, b, count: count, tolerance: tolerance) { Value.equalPrefix($0, $1, $2) }
    }
    if tolerance.relative == 0, tolerance.ulps == 0, tolerance.absolute.isFinite {
      let bound = safeBound(tolerance.absolute)
      return resuming(a, b, count: count, tolerance: tolerance) { Value.closePrefix($0, $1, $2, bound) }
    }
    return rules(a, b, range: 0..<count, tolerance: tolerance)
  }

  /// A bound `B` such that a difference `fl(x − y)` computed in `Value` with `|fl(x − y)| ≤ B` proves
  /// `|x − y| ≤ absolute`: `fl(x − y)` is within a factor `1 ± u` of the exact difference, so `B` is the
  /// tolerance rounded down into `Value` and shrunk by four units of rounding.
  static func safeBound(_ absolute: Double) -> Value {
    var bound = Value(absolute)
    if Double(bound) > absolute { bound = bound.nextDown }
    return bound * (1 - 4 * Value.ulpOfOne)
  }

  /// Runs `prefix` (how many pairs from a start pass the fast test), deciding each pair that does not pass
  /// by the full rules and resuming after it.
  @inline(__always)
  private static func resuming(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, tolerance: FloatTolerance,
    prefix: (UnsafeRawPointer, UnsafeRawPointer, Int) -> Int
  ) -> Bool {
    let size = MemoryLayout<Value>.size
    var start = 0
    while start < count {
      start += prefix(a + start * size, b + start * size, count - start)
      guard start < count else { return true }
      guard rules(a, b, range: start..<(start + 1), tolerance: tolerance) else { return false }
      start += 1
    }
    return true
  }

  /// The full rules, value by value.
  @inline(__always)
  private static func rules(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, range: Range<Int>, tolerance: FloatTolerance
  ) -> Bool {
    let size = MemoryLayout<Value>.size
    for index in range {
      let x = a.loadUnaligned(fromByteOffset: index * size, as: Value.self)
      let y = b.loadUnaligned(fromByteOffset: index * size, as: Value.self)
      guard FloatRule.isEqual(x, y, tolerance) else { return false }
    }
    return true
  }
}

/// The vectorized C prefix tests for one floating-point type.
protocol CFloatPrefix {
  static func equalPrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int
  static func closePrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int, _ bound: Self) -> Int
}

extension Float: CFloatPrefix {
  static func equalPrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int {
    cvi_float_equal_prefix(a, b, count)
  }
  static func closePrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int, _ bound: Float) -> Int {
    cvi_float_close_prefix(a, b, count, bound)
  }
}

extension Double: CFloatPrefix {
  static func equalPrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int {
    cvi_double_equal_prefix(a, b, count)
  }
  static func closePrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int, _ bound: Double) -> Int {
    cvi_double_close_prefix(a, b, count, bound)
  }
}
