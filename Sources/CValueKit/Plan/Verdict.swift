import CValueShim

// How a plan decides whether two values are equal: chosen once, when the plan is compiled, from what its steps
// are. The first four run inlined into the caller of the type's own plan's `isEqual` (what a hand-written `==`
// on a `CGRect`, or on a small struct with padding, would do); the rest are one call into the plan.

/// How a ``ComparisonPlan`` decides equality, chosen when it is compiled.
@usableFromInline
enum Verdict: Sendable {
  /// `count` `double` values from byte `offset`, each compared with `==` (an exact tolerance, not bitwise, NaN
  /// never equal to NaN: ``FloatRule`` gives `==` for every pair there). Inlined.
  case doubles(offset: Int, count: Int)
  /// `count` `float` values from byte `offset`, as ``doubles(offset:count:)``. Inlined.
  case floats(offset: Int, count: Int)
  /// A small record of integers, bitfields, `float` and `double` members, member by member. Inlined.
  case fields(InlineFields.List)
  /// A C function of two pointers registered for the whole value, called through its exact type. Inlined;
  /// misaligned values are copied to aligned storage, out of line.
  case function(InlineComparator)
  /// One run of `count` bytes from byte `offset`: `memcmp`.
  case bytes(offset: Int, count: Int)
  /// One run of `count` `double` values from byte `offset` under the plan's tolerance: one vectorized loop.
  case doublesWithin(offset: Int, count: Int)
  /// One run of `count` `float` values from byte `offset` under the plan's tolerance.
  case floatsWithin(offset: Int, count: Int)
  /// A small record with fields compared by a registered comparer: member by member, the comparers called
  /// unretained, in one loop.
  case fieldsCalling(InlineFields.List)
  /// A C function registered for the whole value that takes a value by value: through its prepared libffi call.
  case cFunction
  /// The plan's steps, in order, at its tolerance: anything else (floating-point runs under a tolerance, a
  /// registered comparer, a tagged union, arrays).
  case steps
  /// The steps, and the padding bytes, which must be equal too.
  case stepsAndPadding
  /// Only the walk sees every rule (a tolerance per field): it decides, and writes the report at once.
  case walk
  /// The layout is unknown: a value is equal only to the value at its own address.
  case address

  /// The longest run of floating-point values compared inline: a `CGRect`.
  static var longestRun: Int { 4 }

  /// The verdict for `steps` (compiled with merging) and `fields` (the same rules compiled member by member,
  /// when the value is small enough) at `tolerance`.
  init(
    steps: [ComparisonStep], fields: InlineFields?, direct: DirectComparator?, tolerance: FloatTolerance,
    walks: Bool, comparesPadding: Bool, laidOut: Bool
  ) {
    guard laidOut else {
      self = .address
      return
    }
    if walks {
      self = .walk
      return
    }
    if comparesPadding {
      self = .stepsAndPadding
      return
    }
    if let direct {
      self = InlineComparator(direct).map(Verdict.function) ?? .cFunction
      return
    }
    let exact = Self.floatsByEquality(tolerance)
    // One run: the value is all `double`, all `float`, all integers, or one registered comparer.
    let run: ComparisonStep? = steps.count == 1 ? steps[0] : nil
    switch run {
    case .doubles(let offset, let count)? where count <= Self.longestRun && exact:
      self = .doubles(offset: offset, count: count)
      return
    case .floats(let offset, let count)? where count <= Self.longestRun && exact:
      self = .floats(offset: offset, count: count)
      return
    case .doubles(let offset, let count)?:
      // A longer run, or one under a tolerance: one vectorized loop.
      self = .doublesWithin(offset: offset, count: count)
      return
    case .floats(let offset, let count)?:
      self = .floatsWithin(offset: offset, count: count)
      return
    case .registered(0, _, _)?:
      // A comparer for the whole value: one call, its step.
      self = .steps
      return
    case nil where steps.isEmpty:
      // Nothing to compare: always equal.
      self = .steps
      return
    default: break
    }
    // Member by member, when every floating-point member is compared with `==` here (integers are compared
    // alike at any tolerance).
    if let fields, exact || !fields.fields.contains(where: { $0.kind == .float || $0.kind == .double }) {
      self = fields.hasComparers ? .fieldsCalling(fields.list) : .fields(fields.list)
      return
    }
    if case .bytes(let offset, let count)? = run {
      self = .bytes(offset: offset, count: count)
      return
    }
    self = .steps
  }

  /// Whether `==` on every floating-point leaf gives what the rules give at `tolerance`: an exact tolerance,
  /// not bitwise, with NaN never equal to NaN.
  static func floatsByEquality(_ tolerance: FloatTolerance) -> Bool {
    tolerance.isExact && !tolerance.isBitwise && !tolerance.nanEqualsNaN
  }

  /// Whether the verdict runs inlined into the caller, with no call into the plan.
  var isInlined: Bool {
    switch self {
    case .doubles, .floats, .fields, .function: true
    default: false
    }
  }

  /// Whether the verdict reads floating-point members at the plan's tolerance: another tolerance needs the steps.
  var dependsOnTolerance: Bool {
    switch self {
    case .function, .cFunction, .bytes, .address, .walk: false
    default: true
    }
  }

  @inlinable @inline(__always)
  static func run<Value: BinaryFloatingPoint>(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int, as _: Value.Type
  ) -> Bool {
    // Wrapping arithmetic: the run lies inside the value, so no offset can overflow, and a checked one cost a
    // compare and a branch per member.
    var offset = 0
    let end = count &* MemoryLayout<Value>.size
    while offset < end {
      guard
        a.loadUnaligned(fromByteOffset: offset, as: Value.self)
          == b.loadUnaligned(fromByteOffset: offset, as: Value.self)
      else { return false }
      offset &+= MemoryLayout<Value>.size
    }
    return true
  }
}
