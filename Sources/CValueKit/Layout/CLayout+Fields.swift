extension CLayout {
  /// The leaves of a layout, computed from the tree as they are read: indexing costs one walk from the root,
  /// iterating costs O(1) per leaf, and neither allocates the whole list.
  struct Fields: RandomAccessCollection, Sendable {
    let root: Node

    /// The index of the first leaf.
    var startIndex: Int { 0 }
    /// One past the index of the last leaf.
    var endIndex: Int { root.fieldCount }

    /// The leaf at `position`, in depth-first order.
    subscript(position: Int) -> Field {
      precondition(indices.contains(position), "field index \(position) out of range 0..<\(count)")
      var node = root
      var bitBase = 0
      var path = FieldPath()
      var remaining = position
      while true {
        switch node.content {
        case .leaf, .bitfield:
          return Self.leaf(node, bitBase: bitBase, path: path)
        case .array(_, let element):
          let index = remaining / element.fieldCount
          remaining %= element.fieldCount
          bitBase += index * element.size * 8
          path.components.append(.index(index))
          node = element
        case .structure(let members), .union(let members):
          for member in members {
            if remaining < member.fieldCount {
              bitBase += member.bitOffset
              if let component = member.component { path.components.append(component) }
              if member.isFlexibleArray { return Self.leaf(member.node, bitBase: bitBase, path: path) }
              node = member.node
              break
            }
            remaining -= member.fieldCount
          }
        }
      }
    }

    /// Walks the tree depth first with an explicit stack.
    func makeIterator() -> FieldIterator { FieldIterator(root: root) }

    /// Iterates the leaves depth first; with `folding`, an array of scalars (or of arrays of them) is one
    /// leaf, its first element, with the array's dimensions, and an array of records (or of arrays of them)
    /// is walked by its first element alone, each leaf in it carrying the array's count and stride
    /// (``CLayout/foldedFields``).
    struct FieldIterator: IteratorProtocol {
      private struct Frame {
        var node: Node
        var bitBase: Int
        var path: FieldPath
        var next = 0
        /// With `folding`, the arrays of records above the node that are walked by their first element.
        var folds: [ArrayFold] = []
      }
      private var stack: [Frame]
      private let folding: Bool

      init(root: Node, folding: Bool = false) {
        stack = root.fieldCount > 0 ? [Frame(node: root, bitBase: 0, path: FieldPath())] : []
        self.folding = folding
      }

      /// The next leaf, or `nil` after the last.
      mutating func next() -> Field? {
        while var frame = stack.popLast() {
          switch frame.node.content {
          case .leaf, .bitfield:
            return Fields.leaf(frame.node, bitBase: frame.bitBase, path: frame.path, folds: frame.folds)
          case .array(let count, let element):
            if folding, frame.next == 0, let run = Self.scalarRun(frame) { return run }
            if folding, count > 0, element.fieldCount > 0 {
              // An array of records (or of arrays of them): its first element stands for all of them.
              stack.append(
                Frame(
                  node: element, bitBase: frame.bitBase, path: frame.path.appending(.index(0)),
                  folds: frame.folds + [ArrayFold(count: count, stride: element.size)]))
              continue
            }
            guard frame.next < count else { continue }
            let index = frame.next
            frame.next += 1
            stack.append(frame)
            if element.fieldCount > 0 {
              stack.append(
                Frame(
                  node: element, bitBase: frame.bitBase + index * element.size * 8,
                  path: frame.path.appending(.index(index)), folds: frame.folds))
            }
          case .structure(let members), .union(let members):
            guard frame.next < members.count else { continue }
            let member = members[frame.next]
            frame.next += 1
            stack.append(frame)
            if member.fieldCount > 0 {
              let path = member.component.map { frame.path.appending($0) } ?? frame.path
              if member.isFlexibleArray {
                return Fields.leaf(
                  member.node, bitBase: frame.bitBase + member.bitOffset, path: path, folds: frame.folds)
              }
              stack.append(
                Frame(
                  node: member.node, bitBase: frame.bitBase + member.bitOffset, path: path, folds: frame.folds))
            }
          }
        }
        return nil
      }

      /// The one leaf of an array of scalars, or of arrays of them, with its dimensions; `nil` for an array
      /// of records or an empty one.
      private static func scalarRun(_ frame: Frame) -> Field? {
        var counts: [Int] = []
        var node = frame.node
        var path = frame.path
        while case .array(let count, let element) = node.content {
          guard count > 0 else { return nil }
          counts.append(count)
          path = path.appending(.index(0))
          node = element
        }
        guard case .leaf = node.content else { return nil }
        var field = Fields.leaf(node, bitBase: frame.bitBase, path: path, folds: frame.folds)
        field.foldedCounts = counts
        return field
      }
    }

    fileprivate static func leaf(_ node: Node, bitBase: Int, path: FieldPath, folds: [ArrayFold] = []) -> Field {
      var field: Field
      if case .bitfield(let width, let isSigned) = node.content {
        field = Field(
          path: path, offset: bitBase / 8, size: node.size, type: node.type, bits: bitBase..<bitBase + width,
          bitfieldIsSigned: isSigned)
      } else {
        field = Field(
          path: path, offset: bitBase / 8, size: node.size, type: node.type, bits: nil, bitfieldIsSigned: nil)
      }
      field.enumeration = node.enumeration
      field.recordFolds = folds
      return field
    }
  }

  /// ``foldedFields``: the leaves with arrays of scalars folded and arrays of records walked by their first
  /// element, computed as they are read.
  struct FoldedFields: Sequence, Sendable {
    let root: Node

    func makeIterator() -> Fields.FieldIterator { Fields.FieldIterator(root: root, folding: true) }
  }

  /// The byte ranges that belong to no field, in address order: holes between members, tail padding, and
  /// the bytes of a union that no member covers. A byte that holds any bit of a bitfield is not padding.
  ///
  /// Computed as it is read, in O(number of leaves) time and O(nesting depth) memory, except that a union's
  /// members are gathered whole since they overlap.
  public var padding: some Sequence<Range<Int>> { Padding(root: root) }

  /// The padding of a layout, as byte ranges in address order.
  struct Padding: Sequence, Sendable {
    let root: Node

    /// Walks the covered byte ranges in address order and yields the gaps between them.
    func makeIterator() -> PaddingIterator { PaddingIterator(root: root) }

    /// Yields padding ranges one at a time.
    struct PaddingIterator: IteratorProtocol {
      private var covered: CoveredRanges
      private var cursor = 0
      private let size: Int
      private var finished = false

      init(root: Node) {
        covered = CoveredRanges(root: root)
        size = root.size
      }

      /// The next padding range, or `nil` after the last.
      mutating func next() -> Range<Int>? {
        guard !finished else { return nil }
        while let range = covered.next() {
          defer { cursor = Swift.max(cursor, range.upperBound) }
          if range.lowerBound > cursor { return cursor..<range.lowerBound }
        }
        finished = true
        return cursor < size ? cursor..<size : nil
      }
    }
  }
}

/// The byte ranges that leaves cover, in nondecreasing order of their start, adjacent ranges merged.
struct CoveredRanges: IteratorProtocol {
  private enum Frame {
    case node(CLayout.Node, base: Int, next: Int)
    case ranges([Range<Int>], next: Int)
  }

  private var stack: [Frame]
  private var pending: Range<Int>?

  init(root: CLayout.Node) { stack = [.node(root, base: 0, next: 0)] }

  mutating func next() -> Range<Int>? {
    while let range = nextLeafRange() {
      guard range.count > 0 else { continue }
      guard let current = pending else {
        pending = range
        continue
      }
      if range.lowerBound <= current.upperBound {
        pending = current.lowerBound..<max(current.upperBound, range.upperBound)
      } else {
        pending = range
        return current
      }
    }
    defer { pending = nil }
    return pending
  }

  private mutating func nextLeafRange() -> Range<Int>? {
    while let frame = stack.popLast() {
      switch frame {
      case .ranges(let ranges, let next):
        guard next < ranges.count else { continue }
        stack.append(.ranges(ranges, next: next + 1))
        return ranges[next]
      case .node(let node, let base, let next):
        // A subtree without padding is one covered range, however many leaves it has.
        if node.isDense { return base..<(base + node.size) }
        switch node.content {
        case .leaf, .bitfield:
          return base..<(base + node.size)
        case .structure(let members):
          guard next < members.count else { continue }
          stack.append(.node(node, base: base, next: next + 1))
          stack.append(.node(members[next].node, base: base + members[next].offset, next: 0))
        case .array(let count, let element):
          guard next < count, element.size > 0 else { continue }
          stack.append(.node(node, base: base, next: next + 1))
          stack.append(.node(element, base: base + next * element.size, next: 0))
        case .union(let members):
          // Members overlap: gather each one's (merged) ranges, then sort and hand them out in order.
          var ranges: [Range<Int>] = []
          for member in members {
            var inner = CoveredRanges(root: member.node)
            while let range = inner.next() {
              ranges.append((base + member.offset + range.lowerBound)..<(base + member.offset + range.upperBound))
            }
          }
          ranges.sort { $0.lowerBound < $1.lowerBound }
          stack.append(.ranges(ranges, next: 0))
        }
      }
    }
    return nil
  }
}

extension CLayout {
  /// One array of records folded to its first element in ``foldedFields`` and ``foldedPadding``: how many
  /// elements it has and how far apart they lie.
  package struct ArrayFold: Hashable, Sendable {
    /// The array's element count.
    package let count: Int
    /// The distance between its elements, in bytes (the element's size).
    package let stride: Int
  }

  /// A hole of ``foldedPadding``: its bytes in the first element of each folded array it lies in, and the
  /// arrays, outermost first (empty for a hole that stands for itself).
  package struct FoldedHole: Hashable, Sendable {
    /// The hole's bytes, from the start of the value.
    package let range: Range<Int>
    /// The arrays of records whose first element holds the hole, outermost first: the same hole repeats in
    /// every element.
    package let folds: [ArrayFold]
  }

  /// The padding as ``foldedFields`` lists the fields: the holes of an array of records are those of its
  /// first element, marked with the array's count and stride, so that a table or JSON of the layout costs
  /// time in proportion to what it lists, not to the elements it folds. In a union of more than one member,
  /// whose other members may cover some elements' holes and not others', each element's holes are listed,
  /// unless the union has more than 65,536 leaves: then its arrays are folded too, their holes those of the
  /// first element.
  package var foldedPadding: [FoldedHole] {
    var regions: [(range: Range<Int>, fold: ArrayFold)] = []
    let tree = Self.foldedTree(root, base: 0, regions: &regions)
    return Padding(root: tree).map { hole in
      FoldedHole(range: hole, folds: regions.filter { $0.range.contains(hole.lowerBound) }.map(\.fold))
    }
  }

  /// `node` with every array of records replaced by its first element and one dense leaf for the others,
  /// noting each such array's first element (from the start of the value) in `regions`, outermost first.
  private static func foldedTree(
    _ node: Node, base: Int, regions: inout [(range: Range<Int>, fold: ArrayFold)]
  ) -> Node {
    if node.isDense { return node }
    switch node.content {
    case .leaf, .bitfield:
      return node
    case .union(let members) where members.count > 1 && node.leafCount <= 1 << 16:
      // The other members may cover the bytes of some elements of an array and not others: a union of
      // reasonable size keeps each element's holes.
      return node
    case .structure(let members), .union(let members):
      let folded = members.map { member in
        Member(
          component: member.component, bitOffset: member.bitOffset,
          node: foldedTree(member.node, base: base + member.offset, regions: &regions))
      }
      let content: Content = if case .union = node.content { .union(folded) } else { .structure(folded) }
      return Node(
        type: node.type, size: node.size, alignment: node.alignment, content: content, enumeration: node.enumeration)
    case .array(let count, let element):
      guard count > 0 else { return node }
      regions.append((base..<base + element.size, ArrayFold(count: count, stride: element.size)))
      let first = foldedTree(element, base: base, regions: &regions)
      guard count > 1 else {
        return Node(
          type: node.type, size: node.size, alignment: node.alignment, content: .array(count: 1, element: first))
      }
      let rest = Node(type: node.type, size: (count - 1) * element.size, alignment: 1, content: .leaf)
      return Node(
        type: node.type, size: node.size, alignment: node.alignment,
        content: .structure([
          Member(component: nil, bitOffset: 0, node: first),
          Member(component: nil, bitOffset: element.size * 8, node: rest),
        ]))
    }
  }
}
