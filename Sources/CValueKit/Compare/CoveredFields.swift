/// `after .a, before .b`, `before .a` (at the start), `after .b` (at the end); `the value` for the empty
/// path: the fields a run of padding bytes lies between, as reports name them.
func paddingNeighbours(_ after: FieldPath?, _ before: FieldPath?) -> String {
  func name(_ path: FieldPath) -> String { path.components.isEmpty ? "the value" : path.description }
  let parts = [after.map { "after \(name($0))" }, before.map { "before \(name($0))" }].compactMap { $0 }
  return parts.isEmpty ? "no field" : parts.joined(separator: ", ")
}

extension RuleNode {
  /// Whether the node is compared as one field (a leaf, text, a registered or ignored field).
  var isLeafRule: Bool {
    switch rule {
    case .registered, .leaf, .bytes, .text, .ignored: return true
    case .record, .union, .array: return false
    }
  }
}

/// The bytes the fields of a value cover, by the rules (a union's live member alone when a rule names
/// it), each field by its path: what is not covered is padding.
struct CoveredFields {
  struct Leaf {
    let range: Range<Int>
    let path: FieldPath
  }

  private(set) var leaves: [Leaf] = []
  /// A value whose tagged unions decide which members are live.
  let value: UnsafeRawPointer

  init(_ rules: RuleNode, value: UnsafeRawPointer) {
    self.value = value
    collect(rules, base: 0, path: FieldPath())
    leaves.sort { $0.range.lowerBound < $1.range.lowerBound }
  }

  private mutating func collect(_ rule: RuleNode, base: Int, path: FieldPath) {
    switch rule.rule {
    case .registered, .leaf, .bytes, .text, .ignored:
      leaves.append(Leaf(range: base..<(base + rule.node.size), path: path))
    case .array(_, let element) where rule.node.isDense && element.isLeafRule:
      // Every byte of an array of plain leaves is a field's.
      leaves.append(Leaf(range: base..<(base + rule.node.size), path: path))
    case .record(let members, _):
      collect(members, base: base, path: path)
    case .union(_, let views, let live):
      switch live {
      case .member(let index)?: collect([views[index]], base: base, path: path)
      case .tagged(let tag, let members, _)?:
        if let index = members[tag.value(at: value, unionBit: base * 8)] {
          collect([views[index]], base: base, path: path)
        } else {
          collect(views, base: base, path: path)
        }
      case nil: collect(views, base: base, path: path)
      }
    case .array(let count, let element):
      for index in 0..<count {
        collect(element, base: base + index * element.node.size, path: path.appending(.index(index)))
      }
    }
  }

  private mutating func collect(_ members: [(member: CLayout.Member, rule: RuleNode)], base: Int, path: FieldPath) {
    for (member, rule) in members {
      let childPath = member.component.map { path.appending($0) } ?? path
      if case .bitfield(let width, _) = member.node.content {
        // A byte that holds any bit of a bitfield is the bitfield's.
        let first = base * 8 + member.bitOffset
        leaves.append(Leaf(range: (first / 8)..<((first + width + 7) / 8), path: childPath))
        continue
      }
      collect(rule, base: base + member.offset, path: childPath)
    }
  }
}

extension CoveredFields {
  /// The byte ranges of a value `size` bytes long that no field covers, each with the fields it lies
  /// between, in address order.
  func gaps(size: Int) -> [(range: Range<Int>, after: FieldPath?, before: FieldPath?)] {
    var gaps: [(range: Range<Int>, after: FieldPath?, before: FieldPath?)] = []
    var cursor = 0
    var lastEnded: Leaf?
    for leaf in leaves {
      if leaf.range.lowerBound > cursor {
        gaps.append((cursor..<leaf.range.lowerBound, lastEnded?.path, leaf.path))
      }
      if leaf.range.upperBound >= cursor {
        cursor = leaf.range.upperBound
        lastEnded = leaf
      }
    }
    if cursor < size { gaps.append((cursor..<size, lastEnded?.path, nil)) }
    return gaps
  }

  /// The non-zero bytes of `bytes` that no field covers, in runs, each with the fields it lies between, as
  /// mismatches against zero bytes.
  func nonZeroPadding(_ bytes: UnsafeRawBufferPointer) -> [Mismatch] {
    var runs: [Mismatch] = []
    for gap in gaps(size: bytes.count) {
      var start: Int?
      for offset in gap.range.lowerBound...gap.range.upperBound {
        let isNonZero = offset < gap.range.upperBound && bytes[offset] != 0
        if isNonZero, start == nil { start = offset }
        if !isNonZero, let first = start {
          let zeros = [UInt8](repeating: 0, count: offset - first)
          runs.append(
            Mismatch(
              path: FieldPath(), offset: first,
              actual: ValueDescriber.describeBytes(UnsafeRawBufferPointer(rebasing: bytes[first..<offset])),
              expected: zeros.withUnsafeBytes { ValueDescriber.describeBytes($0) }, paddingRange: first..<offset,
              paddingAfter: gap.after, paddingBefore: gap.before))
          start = nil
        }
      }
    }
    return runs
  }

  /// A mismatch for every padding range whose bytes differ between two values.
  func paddingMismatches(_ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer)
    -> (mismatches: [Mismatch], rangeCount: Int)
  {
    let gaps = gaps(size: actual.count)
    var mismatches: [Mismatch] = []
    for gap in gaps where !actual[gap.range].elementsEqual(expected[gap.range]) {
      mismatches.append(
        Mismatch(
          path: FieldPath(), offset: gap.range.lowerBound,
          actual: ValueDescriber.describeBytes(UnsafeRawBufferPointer(rebasing: actual[gap.range])),
          expected: ValueDescriber.describeBytes(UnsafeRawBufferPointer(rebasing: expected[gap.range])),
          paddingRange: gap.range, paddingAfter: gap.after, paddingBefore: gap.before))
    }
    return (mismatches, gaps.count)
  }
}
