// A small record compared member by member, and a C comparator called through its exact function type: the
// forms of a plan's verdict that run inlined into the caller (``Verdict``).

/// A small record whose steps are integers, bitfields, `float` and `double` members (`{char tag; double value;
/// int count;}`), compared as a hand-written `==` compares it: member by member, each loaded at its own width
/// (so that a value the caller has just stored member by member is read back from the store buffer, not
/// stalled by a wider load across two stores), integers and bitfields under a mask that leaves other bits
/// out, floating-point members with `==`. That is what the steps decide at an exact tolerance with NaN never
/// equal to NaN (``FloatRule`` gives `==` there: `-0.0 == 0.0`, a NaN equal to nothing), with no call and no
/// switch over step kinds that hold arrays and closures.
///
/// Fields with a registered comparer may be members too: such a record is never compared by the inlined loop
/// but by ``isEqualCalling(_:_:list:)``, out of line (the plan's ``Verdict/fieldsCalling(_:)``), which calls
/// each comparer unretained.
///
/// The members are kept in memory the plan owns, read through a pointer, so that the inlined loop copies and
/// retains nothing.
@usableFromInline
final class InlineFields: @unchecked Sendable {
  /// One member: what is loaded at `offset`, and for an integer the bits compared; for a field with a comparer,
  /// its size in `mask` and the comparer (a ``KeptComparer`` these fields keep, unretained).
  @usableFromInline
  struct Field: @unchecked Sendable {
    @usableFromInline let offset: Int
    @usableFromInline let mask: UInt64
    @usableFromInline let kind: Kind
    @usableFromInline let comparer: UnsafeRawPointer?

    init(offset: Int, mask: UInt64, kind: Kind, comparer: UnsafeRawPointer? = nil) {
      self.offset = offset
      self.mask = mask
      self.kind = kind
      self.comparer = comparer
    }
  }

  /// The members as the inlined `isEqual` reads them: where they start, and how many. Valid while the
  /// ``InlineFields`` they come from lives (the plan holds both).
  @usableFromInline
  struct List: @unchecked Sendable {
    @usableFromInline let start: UnsafePointer<Field>
    @usableFromInline let count: Int
  }

  /// The members as ``List``.
  var list: List { List(start: UnsafePointer(fields.baseAddress.unsafelyUnwrapped), count: fields.count) }

  /// How a member is loaded and compared.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    case byte, halfWord, word, doubleWord, float, double, comparer
  }

  /// The most members compared inline, and the largest value.
  static var maximumFields: Int { 8 }
  static var maximumSize: Int { 64 }

  /// The members, in the order the steps give them: written once here, never changed, freed with this.
  let fields: UnsafeMutableBufferPointer<Field>
  /// The comparers of the fields of kind ``Kind/comparer``, which they read unretained.
  private let comparers: [KeptComparer]
  /// Whether a field has a comparer.
  var hasComparers: Bool { !comparers.isEmpty }

  /// The inline form of `steps` (compiled without merging members) for a value of `size` bytes, or `nil`
  /// when a step is of another kind or the value has more members than are inlined.
  init?(_ steps: [ComparisonStep], size: Int) {
    guard size > 0, size <= Self.maximumSize else { return nil }
    var found: [Field] = []
    var comparers: [KeptComparer] = []
    // A run of bytes or bits, loaded in the widest pieces its alignment allows (a `char[6]` as 4 and 2 bytes).
    func integers(at offset: Int, mask: [UInt8]) {
      var start = 0
      while start < mask.count {
        var width = 8
        while width > 1 && ((offset + start) % width != 0 || start + width > mask.count) { width /= 2 }
        var bits: UInt64 = 0
        // In the value's own byte order: the mask is read as the values are.
        withUnsafeMutableBytes(of: &bits) { raw in
          for index in 0..<width { raw[index] = mask[start + index] }
        }
        let kind: Kind = width == 8 ? .doubleWord : width == 4 ? .word : width == 2 ? .halfWord : .byte
        if bits != 0 { found.append(Field(offset: offset + start, mask: Self.loaded(bits, width: width), kind: kind)) }
        start += width
      }
    }
    for step in steps {
      switch step {
      case .bytes(let offset, let count):
        integers(at: offset, mask: [UInt8](repeating: 0xFF, count: count))
      case .masked(let offset, let mask):
        integers(at: offset, mask: mask)
      case .floats(let offset, let count):
        found += (0..<count).map { Field(offset: offset + $0 * 4, mask: 0, kind: .float) }
      case .doubles(let offset, let count):
        found += (0..<count).map { Field(offset: offset + $0 * 8, mask: 0, kind: .double) }
      case .registered(let offset, let size, let compare):
        let kept = KeptComparer(compare)
        comparers.append(kept)
        found.append(
          Field(
            offset: offset, mask: UInt64(size), kind: .comparer,
            comparer: UnsafeRawPointer(Unmanaged.passUnretained(kept).toOpaque())))
      case .leaf, .kept, .repeated, .tagged:
        return nil
      }
      guard found.count <= Self.maximumFields else { return nil }
    }
    fields = .allocate(capacity: max(found.count, 1))
    _ = fields.initialize(from: found)
    self.comparers = comparers
  }

  deinit { fields.deallocate() }

  /// The mask as the integer loaded at its width: its first `width` bytes in the value's byte order.
  private static func loaded(_ bits: UInt64, width: Int) -> UInt64 {
    withUnsafeBytes(of: bits) { raw in
      switch width {
      case 1: UInt64(raw.load(as: UInt8.self))
      case 2: UInt64(raw.loadUnaligned(as: UInt16.self))
      case 4: UInt64(raw.loadUnaligned(as: UInt32.self))
      default: raw.loadUnaligned(as: UInt64.self)
      }
    }
  }

  /// Whether the values at `a` and `b` are equal, member by member: `count` members from `fields`.
  @inlinable @inline(__always)
  static func isEqual(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, fields: UnsafePointer<Field>, count: Int
  ) -> Bool {
    var index = 0
    while index < count {
      guard isEqual(a, b, fields[index]) else { return false }
      index += 1
    }
    return true
  }

  /// Whether the values at `a` and `b` are equal, member by member, fields with a comparer too: how the
  /// plan compares a small record that has them (``Verdict/fieldsCalling(_:)``), in one loop rather than its steps.
  /// The members are `list`, read with no retain (the plan keeps the ``InlineFields`` they come from).
  static func isEqualCalling(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, list: List) -> Bool {
    for index in 0..<list.count {
      let field = list.start[index]
      guard field.kind == .comparer ? compare(a, b, field) : isEqual(a, b, field) else { return false }
    }
    return true
  }

  /// Whether one member is equal in the values at `a` and `b`; a field with a comparer is left to
  /// ``isEqualCalling(_:_:list:)``, which calls it (the members of ``Verdict/fields(_:)`` hold none).
  @inlinable @inline(__always)
  static func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ field: Field) -> Bool {
    switch field.kind {
    case .byte: masked(a, b, field, as: UInt8.self)
    case .halfWord: masked(a, b, field, as: UInt16.self)
    case .word: masked(a, b, field, as: UInt32.self)
    case .doubleWord: masked(a, b, field, as: UInt64.self)
    case .float:
      a.loadUnaligned(fromByteOffset: field.offset, as: Float.self)
        == b.loadUnaligned(fromByteOffset: field.offset, as: Float.self)
    case .double:
      a.loadUnaligned(fromByteOffset: field.offset, as: Double.self)
        == b.loadUnaligned(fromByteOffset: field.offset, as: Double.self)
    case .comparer: false
    }
  }

  /// Whether a field with a comparer is equal in the values at `a` and `b`, by its comparer.
  @inline(__always)
  static func compare(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ field: Field) -> Bool {
    // Borrowed from the fields, which the plan keeps: no retain of the closure.
    Unmanaged<KeptComparer>.fromOpaque(field.comparer.unsafelyUnwrapped)._withUnsafeGuaranteedRef { kept in
      kept.compare(
        UnsafeRawBufferPointer(start: a + field.offset, count: Int(field.mask)),
        UnsafeRawBufferPointer(start: b + field.offset, count: Int(field.mask)))
    }
  }

  @inlinable @inline(__always)
  static func masked<Integer: FixedWidthInteger & UnsignedInteger>(
    _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ field: Field, as _: Integer.Type
  ) -> Bool {
    (a.loadUnaligned(fromByteOffset: field.offset, as: Integer.self)
      ^ b.loadUnaligned(fromByteOffset: field.offset, as: Integer.self)) & Integer(truncatingIfNeeded: field.mask) == 0
  }
}

/// A C comparator of two pointers that returns an `int`, registered for the whole value: the inlined
/// `isEqual(pointers:)` calls it through a function pointer of its exact type, as a direct call would.
@usableFromInline
struct InlineComparator: @unchecked Sendable {
  @usableFromInline typealias Function = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32

  @usableFromInline let function: Function
  /// The alignment C promises the values, less one: misaligned values take the plan's path, which copies them.
  /// 32 bits, so that the comparator and a ``Verdict``'s tag fit in what a short run takes.
  @usableFromInline let alignmentMask: UInt32
  @usableFromInline let equalWhenNonZero: Bool

  /// The inline form of `direct`, when it takes two pointers and returns a 4-byte integer.
  init?(_ direct: DirectComparator) {
    guard case .pointers = direct.route, direct.integer.size == 4 else { return nil }
    function = unsafeBitCast(direct.address, to: Function.self)
    alignmentMask = UInt32(truncatingIfNeeded: direct.alignment - 1)
    equalWhenNonZero = direct.equalWhenNonZero
  }

  /// The function's answer for the values at `a` and `b`, or `nil` when they are not aligned as C promises.
  @inlinable @inline(__always)
  func isEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool? {
    guard (UInt(bitPattern: a) | UInt(bitPattern: b)) & UInt(alignmentMask) == 0 else { return nil }
    return (function(a, b) != 0) == equalWhenNonZero
  }
}
