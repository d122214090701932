extension CLayout {
  /// The leaves of a layout, computed from the tree as they are read: indexing costs one walk from the root,
  /// iterating costs O(1) per leaf, and neither allocates the whole list.
  public struct Fields: RandomAccessCollection, Sendable {
    let root: Node

    /// The index of the first leaf.
    public var startIndex: Int { 0 }
    /// One past the index of the last leaf.
    public var endIndex: Int { root.leafCount }

    /// The leaf at `position`, in depth-first order.
    public subscript(position: Int) -> Field {
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
          let index = remaining / element.leafCount
          remaining %= element.leafCount
          bitBase += index * element.size * 8
          path.components.append(.index(index))
          node = element
        case .structure(let members), .union(let members):
          for member in members {
            if remaining < member.node.leafCount {
              bitBase += member.bitOffset
              if let component = member.component { path.components.append(component) }
              node = member.node
              break
            }
            remaining -= member.node.leafCount
          }
        }
      }
    }

    /// Walks the tree depth first with an explicit stack.
    public func makeIterator() -> Iterator { Iterator(root: root) }

    /// Iterates the leaves depth first.
    public struct Iterator: IteratorProtocol {
      private struct Frame {
        var node: Node
        var bitBase: Int
        var path: FieldPath
        var next = 0
      }
      private var stack: [Frame]

      init(root: Node) { stack = root.leafCount > 0 ? [Frame(node: root, bitBase: 0, path: FieldPath())] : [] }

      /// The next leaf, or `nil` after the last.
      public mutating func next() -> Field? {
        while var frame = stack.popLast() {
          switch frame.node.content {
          case .leaf, .bitfield:
            return Fields.leaf(frame.node, bitBase: frame.bitBase, path: frame.path)
          case .array(let count, let element):
            guard frame.next < count else { continue }
            let index = frame.next
            frame.next += 1
            stack.append(frame)
            if element.leafCount > 0 {
              stack.append(
                Frame(
                  node: element, bitBase: frame.bitBase + index * element.size * 8,
                  path: frame.path.appending(.index(index))))
            }
          case .structure(let members), .union(let members):
            guard frame.next < members.count else { continue }
            let member = members[frame.next]
            frame.next += 1
            stack.append(frame)
            if member.node.leafCount > 0 {
              let path = member.component.map { frame.path.appending($0) } ?? frame.path
              stack.append(Frame(node: member.node, bitBase: frame.bitBase + member.bitOffset, path: path))
            }
          }
        }
        return nil
      }
    }

    fileprivate static func leaf(_ node: Node, bitBase: Int, path: FieldPath) -> Field {
      var bits: BitRange?
      if case .bitfield(let width, let isSigned) = node.content {
        bits = BitRange(offset: bitBase, width: width, isSigned: isSigned)
      }
      return Field(path: path, offset: bitBase / 8, size: node.size, type: node.type, bits: bits)
    }
  }

  /// The byte ranges that belong to no field, in address order: holes between members, tail padding, and
  /// the bytes of a union that no member covers. A byte that holds any bit of a bitfield is not padding.
  ///
  /// Computed on each access in O(``size``) time and memory.
  public var padding: [Range<Int>] {
    var covered = [Bool](repeating: false, count: size)
    Self.markCovered(root, at: 0, in: &covered)
    var ranges: [Range<Int>] = []
    var start: Int?
    for (offset, isCovered) in covered.enumerated() {
      if !isCovered, start == nil { start = offset }
      if isCovered, let begin = start {
        ranges.append(begin..<offset)
        start = nil
      }
    }
    if let begin = start { ranges.append(begin..<size) }
    return ranges
  }

  private static func markCovered(_ node: Node, at base: Int, in covered: inout [Bool]) {
    switch node.content {
    case .leaf, .bitfield:
      for offset in base..<(base + node.size) { covered[offset] = true }
    case .structure(let members), .union(let members):
      for member in members {
        markCovered(member.node, at: base + member.offset, in: &covered)
      }
    case .array(let count, let element):
      guard count > 0, element.size > 0 else { return }
      // Mark one element on its own, then OR it into every element's bytes: other members of an
      // enclosing union may already have marked some of them.
      var one = [Bool](repeating: false, count: element.size)
      markCovered(element, at: 0, in: &one)
      for index in 0..<count {
        let start = base + index * element.size
        for (offset, isCovered) in one.enumerated() where isCovered { covered[start + offset] = true }
      }
    }
  }
}
