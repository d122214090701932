import CValueKit

/// How a node container's elements are reached in the running process: its first node and count in the
/// container, each node's links and element.
struct NodeWalk: Sendable {
  enum Links: Sendable {
    /// The offset of the pointer to the next node.
    case next(Int)
    /// The offsets of a tree node's pointers to its children and its parent.
    case tree(left: Int, right: Int, parent: Int)
  }

  var order: NodeContainer.Order
  var first: Int
  var count: Int?
  var links: Links
  /// The offset of the element in a node.
  var elementOffset: Int
  /// The offset of the hash an unordered container's node keeps, if it keeps one.
  var hashOffset: Int?

  /// No tree the library builds is deeper than this (a red-black tree of n nodes is at most 2 log2(n + 1)
  /// deep): a walk that goes further is reading something else, and stops.
  private static let deepest = 2 * 64

  private static func pointer(_ at: UnsafeRawPointer) -> UnsafeRawPointer? {
    UnsafeRawPointer(bitPattern: at.loadUnaligned(as: UInt.self))
  }

  /// The node after `node` in order of a tree's keys, or `nil` where a link is NULL or the walk goes too deep.
  private func successor(_ node: UnsafeRawPointer, left: Int, right: Int, parent: Int) -> UnsafeRawPointer? {
    if var next = Self.pointer(node + right) {
      for _ in 0..<Self.deepest {
        guard let smaller = Self.pointer(next + left) else { return next }
        next = smaller
      }
      return nil
    }
    var node = node
    for _ in 0..<Self.deepest {
      guard let up = Self.pointer(node + parent) else { return nil }
      if Self.pointer(up + left) == node { return up }
      node = up
    }
    return nil
  }

  /// The container's element count in `value`, `nil` for one that keeps none or a count past `Int.max`.
  func count(_ value: UnsafeRawBufferPointer) -> Int? {
    guard let count else { return nil }
    let stored = value.loadUnaligned(fromByteOffset: count, as: UInt.self)
    return stored <= UInt(Int.max) ? Int(stored) : nil
  }

  /// A `std::forward_list` of more nodes than this is not walked to its end (its description and
  /// comparison say so): no test value is that long, and a list whose links run on is not read forever.
  static let longestUncounted = 1 << 26

  /// The addresses of the elements of the container in `value`, in the running process, in its order; `nil`
  /// when a link is NULL before the count is reached.
  func elements(_ value: UnsafeRawBufferPointer) -> [UnsafeRawPointer]? {
    // A list that keeps no count ends at its first NULL link.
    let count: Int
    if self.count == nil {
      count = Self.longestUncounted
    } else {
      guard let stored = self.count(value) else { return nil }
      count = stored
    }
    guard count > 0 else { return [] }
    var result: [UnsafeRawPointer] = []
    result.reserveCapacity(min(count, 1 << 16))
    guard var node = UnsafeRawPointer(bitPattern: value.loadUnaligned(fromByteOffset: first, as: UInt.self))
    else { return self.count == nil ? [] : nil }
    while true {
      result.append(node + elementOffset)
      guard result.count < count else { return self.count == nil ? nil : result }
      switch links {
      case .next(let next):
        guard let following = Self.pointer(node + next) else { return self.count == nil ? result : nil }
        node = following
      case .tree(let left, let right, let parent):
        guard let following = successor(node, left: left, right: right, parent: parent) else { return nil }
        node = following
      }
    }
  }
}

extension NodeWalk {
  /// What equal elements at `element` (in a node) share, to match only those: the hash the node keeps, or the
  /// element's first member when it is an integer (`int`, a map's integer key), equal only when its bytes are,
  /// or a `float` or `double` compared exactly (the registry's default), equal only when its value is (`-0.0`
  /// grouped with `0.0`); `nil` when there is none of these, and every element is a candidate.
  private func group(_ element: ValueType) -> (@Sendable (UnsafeRawPointer) -> UInt64)? {
    if let hashOffset {
      let back = hashOffset - elementOffset
      return { $0.loadUnaligned(fromByteOffset: back, as: UInt64.self) }
    }
    guard let first = element.layout?.fields.first, first.bits == nil,
      case .scalar(let scalar) = first.type.unqualified
    else { return nil }
    let offset = first.offset
    if scalar == .double, first.size == 8, element.defaultTolerance == .exact {
      return { address in
        let value = address.loadUnaligned(fromByteOffset: offset, as: Double.self)
        return value == 0 ? 0 : value.bitPattern
      }
    }
    if scalar == .float, first.size == 4, element.defaultTolerance == .exact {
      return { address in
        let value = address.loadUnaligned(fromByteOffset: offset, as: Float.self)
        return value == 0 ? 0 : UInt64(value.bitPattern)
      }
    }
    guard scalar.isInteger, [1, 2, 4, 8].contains(first.size) else { return nil }
    let size = first.size
    return { address in
      var value: UInt64 = 0
      withUnsafeMutableBytes(of: &value) {
        $0.copyMemory(from: UnsafeRawBufferPointer(start: address + offset, count: size))
      }
      return value
    }
  }

  /// Whether each element at `x` equals one element at `y`, one to one: an unordered container's equality.
  /// The elements of its own group (``group(_:)``) are tried first, then every other unmatched one, so that
  /// the groups only make it faster: a hasher with a seed of its own, or a rule that ignores an element's
  /// first member, never makes equal elements differ.
  private func matchOneToOne(_ x: [UnsafeRawPointer], _ y: [UnsafeRawPointer], _ element: ValueType) -> Bool {
    let key = group(element) ?? { _ in 0 }
    var candidates: [UInt64: [UnsafeRawPointer]] = [:]
    for second in y { candidates[key(second), default: []].append(second) }
    func take(_ first: UnsafeRawPointer, from group: UInt64) -> Bool {
      guard var unmatched = candidates[group],
        let index = unmatched.firstIndex(where: { element.isEqual(pointers: first, $0) })
      else { return false }
      unmatched.swapAt(index, unmatched.count - 1)
      unmatched.removeLast()
      candidates[group] = unmatched
      return true
    }
    for first in x {
      let own = key(first)
      guard !take(first, from: own) else { continue }
      let others = candidates.keys.filter { $0 != own }
      guard others.contains(where: { take(first, from: $0) }) else { return false }
    }
    return true
  }

  /// At most this many of a node container's elements are described (a report of two containers that differ
  /// says where they first differ, however long).
  static let describedElements = 256

  /// Registers the comparer and describer of a node container of `type` in `registry`, its elements of
  /// `elementType`, `size` bytes each.
  func register(for type: TypeEncoding, element elementType: TypeEncoding, size: Int, in registry: ValueRegistry) {
    let resolve = StandardContainer.resolver(elementType, in: registry)
    let order = self.order
    let compare: RawComparator = { a, b in
      guard let element = resolve(), let x = self.elements(a), let y = self.elements(b), x.count == y.count
      else { return false }
      if zip(x, y).allSatisfy({ $0 == $1 || element.isEqual(pointers: $0, $1) }) { return true }
      return order == .unordered && self.matchOneToOne(x, y, element)
    }
    let describe: RawDescriber = { value in
      guard let nodes = self.elements(value) else {
        guard let count = self.count(value) else {
          return "/* a list whose links run past \(Self.longestUncounted) nodes */"
        }
        return "/* a container whose nodes end before its count of \(count) */"
      }
      guard let element = resolve() else { return "/* \(elementType) no longer resolves */" }
      var parts: [String] = []
      for node in nodes.prefix(Self.describedElements) {
        do throws(ValueError) {
          parts.append(try element.describe(bytes: UnsafeRawBufferPointer(start: node, count: size)))
        } catch {
          return "/* \(error) */"
        }
      }
      let more = nodes.count - parts.count
      return "{" + parts.joined(separator: ", ") + (more > 0 ? " /* … \(more) more elements */" : "") + "}"
    }
    guard order != .unordered else {
      // No element of one has a place in the other: the report lists the container as one field.
      registry.register(type, comparer: compare, describer: describe)
      return
    }
    registry.register(
      type, comparer: compare, describer: describe,
      firstDifference: { a, b in
        guard let element = resolve(), let x = self.elements(a), let y = self.elements(b) else { return nil }
        let common = min(x.count, y.count)
        return (0..<common).first { !element.isEqual(pointers: x[$0], y[$0]) } ?? common
      },
      inside: { a, b in
        // As many elements on each side: each differing one by its own paths, `[3].second`.
        guard let element = resolve(), let x = self.elements(a), let y = self.elements(b), x.count == y.count
        else { return nil }
        var found: [Mismatch] = []
        for (index, (first, second)) in zip(x, y).enumerated() where found.count < StandardContainer.reportedElements {
          guard !element.isEqual(pointers: first, second) else { continue }
          guard
            let inside = StandardContainer.mismatches(
              of: element, first, second, size: size, prefix: [.index(index)])
          else { return nil }
          found += inside
        }
        return found
      })
  }
}
