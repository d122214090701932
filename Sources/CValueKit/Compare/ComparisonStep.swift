/// The steps of a fast equality check, flattened from the rules: adjacent integer and pointer leaves are
/// merged into one byte comparison, floats compared in place, arrays of dense elements compared whole.
enum ComparisonStep: Sendable {
  /// Bytes that must be equal.
  case bytes(offset: Int, count: Int)
  /// Bits that must be equal: byte `offset + i` is compared under `mask[i]`.
  case masked(offset: Int, mask: [UInt8])
  /// `count` `float` leaves one after another (an array of them, or adjacent members).
  case floats(offset: Int, count: Int)
  /// `count` `double` leaves one after another.
  case doubles(offset: Int, count: Int)
  /// Any other leaf that tolerances apply to (long double, complex, vector).
  case leaf(offset: Int, kind: LeafKind)
  /// A registered comparer over `size` bytes. It holds the closure alone, so that running the step
  /// retains one reference rather than copying the whole entry.
  case registered(offset: Int, size: Int, compare: RawComparator)
  /// A registered comparer over `size` bytes, kept by the ``ComparisonPlan`` whose steps these are and read
  /// unretained: running ``registered(offset:size:compare:)`` retained and released the closure's context at
  /// every comparison. Only the steps a plan or a handle owns hold it, and the owner keeps the comparer
  /// (``keepingComparers(of:)``).
  case kept(offset: Int, size: Int, compare: Unmanaged<KeptComparer>)
  /// `count` repetitions of `steps`, `stride` bytes apart.
  case repeated(offset: Int, count: Int, stride: Int, steps: [ComparisonStep])
  /// A tagged union at `offset`: unequal when the tags differ, else the live member's steps.
  case tagged(offset: Int, TaggedUnionSteps)

  /// At most this many steps are unrolled from an array before it is kept as a loop.
  static let unrollLimit = 64

  /// Flattens `rule`, whose node starts at byte `base` (bit `bitBase` for a bitfield), onto `steps`. With
  /// `merging` false, each member keeps its own step (the steps ``InlineWords`` loads member by member): only
  /// whole arrays are still one step.
  static func compile(
    _ rule: RuleNode, base: Int = 0, bitBase: Int = 0, into steps: inout [ComparisonStep], merging: Bool = true
  ) {
    switch rule.rule {
    case .registered(let entry):
      if let compare = entry.compare { steps.append(.registered(offset: base, size: rule.node.size, compare: compare)) }
    case .ignored:
      return
    case .bytes, .text:
      append(.bytes(offset: base, count: rule.node.size), to: &steps, merging: merging)
    case .union(let coverage, let views, let live):
      switch live {
      case nil:
        for step in coverage { append(step.shifted(by: base), to: &steps, merging: merging) }
      case .member(let index)?:
        let (member, rule) = views[index]
        compile(
          rule, base: base + member.offset, bitBase: base * 8 + member.bitOffset, into: &steps, merging: merging)
      case .tagged(let tag, let members, _)?:
        var cases: [Int64: [ComparisonStep]] = [:]
        for (value, index) in members {
          var live: [ComparisonStep] = []
          compile(
            views[index].rule, base: views[index].member.offset, bitBase: views[index].member.bitOffset, into: &live,
            merging: merging)
          cases[value] = live
        }
        steps.append(.tagged(offset: base, TaggedUnionSteps(tag: tag, cases: cases, unknown: coverage)))
      }
    case .leaf(let kind):
      switch kind {
      case .signedInteger, .unsignedInteger, .bool, .address, .quadruple, .opaque:
        append(.bytes(offset: base, count: rule.node.size), to: &steps, merging: merging)
      case .float: append(.floats(offset: base, count: 1), to: &steps, merging: merging)
      case .double: append(.doubles(offset: base, count: 1), to: &steps, merging: merging)
      case .x87Extended, .float16, .bfloat16, .complex, .vector: steps.append(.leaf(offset: base, kind: kind))
      case .bitfield(let width, _):
        append(bits(width: width, at: bitBase), to: &steps, merging: merging)
      }
    case .record(let members, _):
      for (member, child) in members {
        compile(
          child, base: base + member.offset, bitBase: base * 8 + member.bitOffset, into: &steps, merging: merging)
      }
    case .array(let count, let element):
      guard count > 0, element.node.size > 0 else { return }
      var inner: [ComparisonStep] = []
      compile(element, into: &inner, merging: merging)
      // An element with nothing to compare (all padding: MSVC's 4-byte empty struct) adds nothing, however
      // many there are; unrolling it would cost a loop as long as the array.
      guard !inner.isEmpty else { return }
      if let whole = wholeArray(of: inner, count: count, elementSize: element.node.size, at: base) {
        append(whole, to: &steps, merging: merging)
      } else if count * inner.count <= unrollLimit {
        for index in 0..<count {
          compile(
            element, base: base + index * element.node.size, bitBase: (base + index * element.node.size) * 8,
            into: &steps, merging: merging)
        }
      } else {
        steps.append(.repeated(offset: base, count: count, stride: element.node.size, steps: inner))
      }
    }
  }

  /// The bytes and bitfield bits the leaves of `node` (at byte `base`, bit `bitBase`) cover, compared as
  /// bits whatever their type: how a union is compared. A union's members are covered one after another,
  /// so a byte two members share is compared twice; that keeps the steps proportional to the encoding,
  /// never to the union's size (`(U=[100000000{?=ci}])` is one repeated step, not a mask of 800 MB).
  static func compileCoverage(
    of node: CLayout.Node, base: Int = 0, bitBase: Int = 0, into steps: inout [ComparisonStep]
  ) {
    if node.isDense {
      append(.bytes(offset: base, count: node.size), to: &steps)
      return
    }
    switch node.content {
    case .leaf:
      append(.bytes(offset: base, count: node.size), to: &steps)
    case .bitfield(let width, _):
      append(bits(width: width, at: bitBase), to: &steps)
    case .structure(let members), .union(let members):
      for member in members {
        compileCoverage(
          of: member.node, base: base + member.offset, bitBase: base * 8 + member.bitOffset, into: &steps)
      }
    case .array(let count, let element):
      guard count > 0, element.size > 0 else { return }
      var inner: [ComparisonStep] = []
      compileCoverage(of: element, into: &inner)
      guard !inner.isEmpty else { return }
      if count * inner.count <= unrollLimit {
        for index in 0..<count {
          let offset = base + index * element.size
          compileCoverage(of: element, base: offset, bitBase: offset * 8, into: &steps)
        }
      } else {
        steps.append(.repeated(offset: base, count: count, stride: element.size, steps: inner))
      }
    }
  }

  /// One step for a whole array whose element compiles to one step covering all its bytes: one run of
  /// bytes, of floats or of doubles, `count` times as long. `nil` for any other element.
  static func wholeArray(of element: [ComparisonStep], count: Int, elementSize size: Int, at base: Int)
    -> ComparisonStep?
  {
    guard element.count == 1 else { return nil }
    return wholeArray(of: element[0], count: count, elementSize: size, at: base)
  }

  /// ``wholeArray(of:count:elementSize:at:)`` of an element that compiles to the one step `element`.
  static func wholeArray(of element: ComparisonStep, count: Int, elementSize size: Int, at base: Int)
    -> ComparisonStep?
  {
    switch element {
    case .bytes(0, size): return .bytes(offset: base, count: count * size)
    case .floats(0, let leaves) where leaves * 4 == size: return .floats(offset: base, count: count * leaves)
    case .doubles(0, let leaves) where leaves * 8 == size: return .doubles(offset: base, count: count * leaves)
    default: return nil
    }
  }

  /// The comparison of a bitfield `width` bits wide starting at bit `bitBase`.
  private static func bits(width: Int, at bitBase: Int) -> ComparisonStep {
    let touched = (bitBase % 8 + width + 7) / 8
    var mask = [UInt8](repeating: 0, count: touched)
    for bit in 0..<width {
      let position = bitBase % 8 + bit
      mask[position / 8] |= 1 << (position % 8)
    }
    return .masked(offset: bitBase / 8, mask: mask)
  }

  /// The same comparison of a value that starts `base` bytes further on.
  func shifted(by base: Int) -> ComparisonStep {
    switch self {
    case .bytes(let offset, let count): .bytes(offset: base + offset, count: count)
    case .masked(let offset, let mask): .masked(offset: base + offset, mask: mask)
    case .floats(let offset, let count): .floats(offset: base + offset, count: count)
    case .doubles(let offset, let count): .doubles(offset: base + offset, count: count)
    case .leaf(let offset, let kind): .leaf(offset: base + offset, kind: kind)
    case .registered(let offset, let size, let compare):
      .registered(offset: base + offset, size: size, compare: compare)
    case .kept(let offset, let size, let compare): .kept(offset: base + offset, size: size, compare: compare)
    case .repeated(let offset, let count, let stride, let steps):
      .repeated(offset: base + offset, count: count, stride: stride, steps: steps)
    case .tagged(let offset, let steps): .tagged(offset: base + offset, steps)
    }
  }

  /// Appends a byte or bit comparison, merging it with the step before when they touch: bitfield bits always,
  /// bytes and runs of floating-point leaves only when `merging`.
  private static func append(_ step: ComparisonStep, to steps: inout [ComparisonStep], merging: Bool = true) {
    switch (steps.last, step) {
    case (_, .bytes(_, 0)):
      return
    case (.masked(let offset, let mask)?, .masked(let next, let more))
    where next <= offset + mask.count && next >= offset:
      var merged = mask
      let end = max(offset + mask.count, next + more.count)
      merged.append(contentsOf: [UInt8](repeating: 0, count: end - offset - mask.count))
      for (index, byte) in more.enumerated() { merged[next - offset + index] |= byte }
      steps[steps.count - 1] = .masked(offset: offset, mask: merged)
    case _ where !merging:
      steps.append(step)
    case (.bytes(let offset, let count)?, .bytes(let next, let more)) where offset + count == next:
      steps[steps.count - 1] = .bytes(offset: offset, count: count + more)
    case (.floats(let offset, let count)?, .floats(let next, let more)) where offset + count * 4 == next:
      steps[steps.count - 1] = .floats(offset: offset, count: count + more)
    case (.doubles(let offset, let count)?, .doubles(let next, let more)) where offset + count * 8 == next:
      steps[steps.count - 1] = .doubles(offset: offset, count: count + more)
    default:
      steps.append(step)
    }
  }
}

/// The steps of a tagged union, from its first byte: one list per tag value that names a member, and the
/// union's coverage for any other tag.
final class TaggedUnionSteps: Sendable {
  let tag: TagField
  let cases: [Int64: [ComparisonStep]]
  let unknown: [ComparisonStep]

  init(tag: TagField, cases: [Int64: [ComparisonStep]], unknown: [ComparisonStep]) {
    self.tag = tag
    self.cases = cases
    self.unknown = unknown
  }
}

extension ComparisonStep {
  /// Turns each ``registered(offset:size:compare:)`` step of `steps` (not those within a repeated or tagged
  /// step) into a ``kept(offset:size:compare:)`` step, and returns the comparers, which the caller must keep
  /// for as long as it keeps the steps.
  static func keepingComparers(of steps: inout [ComparisonStep]) -> [KeptComparer] {
    var comparers: [KeptComparer] = []
    for index in steps.indices {
      guard case .registered(let offset, let size, let compare) = steps[index] else { continue }
      let kept = KeptComparer(compare)
      comparers.append(kept)
      steps[index] = .kept(offset: offset, size: size, compare: Unmanaged.passUnretained(kept))
    }
    return comparers
  }
}

/// A registered comparer that a ``ComparisonPlan`` (or a handle, for its own steps) keeps for its
/// ``ComparisonStep/kept(offset:size:compare:)`` steps.
final class KeptComparer: Sendable {
  let compare: RawComparator

  init(_ compare: @escaping RawComparator) { self.compare = compare }
}
