// The two shapes of comparison a handle's `isEqual` runs inlined into its caller, with no call into the
// library: what a hand-written `==` on a `CGRect` would do, so that the handle costs about what it costs.

/// A whole value that is one short run of `double` or `float` compared with `==` at the handle's default
/// tolerance: under an exact tolerance with NaN never equal to NaN, ``FloatRule`` gives `==` for every pair,
/// so the run is `count` comparisons the caller's optimizer sees.
@usableFromInline
enum InlineRun: Sendable {
  /// Not such a value: the plan decides.
  case none
  /// `count` `double` values from byte `offset`.
  case doubles(offset: Int, count: Int)
  /// `count` `float` values from byte `offset`.
  case floats(offset: Int, count: Int)

  /// The longest run inlined: a `CGRect`.
  static var longest: Int { 4 }

  /// The inline run for a handle's shortcut, or ``none``: a C comparator decides first, and a tolerance that
  /// accepts anything `==` does not (or is bitwise, or lets NaN equal NaN) needs the rules.
  init(_ shortcut: ComparisonShortcut, direct: DirectComparator?, tolerance: FloatTolerance) {
    guard direct == nil, tolerance.isExact, !tolerance.isBitwise, !tolerance.nanEqualsNaN else {
      self = .none
      return
    }
    switch shortcut {
    case .doubles(let offset, let count) where count <= Self.longest: self = .doubles(offset: offset, count: count)
    case .floats(let offset, let count) where count <= Self.longest: self = .floats(offset: offset, count: count)
    default: self = .none
    }
  }

  /// Whether the values at `a` and `b` are equal, or `nil` when the plan must decide.
  @inlinable @inline(__always)
  func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool? {
    switch self {
    case .none: return nil
    case .doubles(let offset, let count): return Self.run(a + offset, b + offset, count: count, as: Double.self)
    case .floats(let offset, let count): return Self.run(a + offset, b + offset, count: count, as: Float.self)
    }
  }

  @inlinable @inline(__always)
  static func run<Value: BinaryFloatingPoint>(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, as _: Value.Type
  ) -> Bool {
    var index = 0
    while index < count {
      let size = MemoryLayout<Value>.size
      guard
        a.loadUnaligned(fromByteOffset: index * size, as: Value.self)
          == b.loadUnaligned(fromByteOffset: index * size, as: Value.self)
      else { return false }
      index += 1
    }
    return true
  }
}

/// A C comparator of two pointers that returns an `int`, registered for the whole value: the inlined
/// `isEqual(pointers:)` calls it through a function pointer of its exact type, as a direct call would.
@usableFromInline
struct InlineComparator: @unchecked Sendable {
  @usableFromInline typealias Function = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32

  @usableFromInline let function: Function
  /// The alignment C promises the values, less one: misaligned values take the plan's path, which copies them.
  @usableFromInline let alignmentMask: Int
  @usableFromInline let equalWhenNonZero: Bool

  /// The inline form of `direct`, when it takes two pointers and returns a 4-byte integer.
  init?(_ direct: DirectComparator) {
    guard case .pointers = direct.route, direct.integer.size == 4 else { return nil }
    function = unsafeBitCast(direct.address, to: Function.self)
    alignmentMask = direct.alignment - 1
    equalWhenNonZero = direct.equalWhenNonZero
  }

  /// The function's answer for the values at `a` and `b`, or `nil` when they are not aligned as C promises.
  @inlinable @inline(__always)
  func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool? {
    guard (Int(bitPattern: a) | Int(bitPattern: b)) & alignmentMask == 0 else { return nil }
    return (function(a, b) != 0) == equalWhenNonZero
  }
}
