import CValueKit

/// A C++ standard container whose elements live in nodes of their own: `std::list`, `std::forward_list`, the
/// ordered `std::map`, `std::set`, `std::multimap` and `std::multiset` (a red-black tree), and the unordered
/// `std::unordered_map`, `std::unordered_set` and their multi forms (a hash table's one list of every node).
///
/// Recognised from the container's own layout (its pointer to the first node and its element count) and
/// name; the node's layout (where its links and its element are) is read from the node record the library
/// instantiated for it (`std::_Rb_tree_node<V>`, `std::__1::__tree_node<…, void *>`), and the element type is
/// the allocator's argument, each from the same debug info. Nothing of a node is assumed.
struct NodeContainer: Equatable, Sendable {
  /// How the nodes are linked, and so in what order the elements are compared.
  enum Order: Equatable, Sendable {
    /// A list, each node naming the next: compared in order (`std::list`).
    case list
    /// A red-black tree, walked in order of its keys: compared in that order, as `operator==` compares
    /// (`std::map`, `std::set`, `std::multimap`, `std::multiset`).
    case tree
    /// A hash table's list of every node, in no order two equal containers need share: equal when each
    /// element of one matches an element of the other, one to one, as `operator==` says
    /// (`std::unordered_map`, `std::unordered_set` and their multi forms).
    case unordered
  }

  var order: Order
  /// The offset in the container of its pointer to the first node (a tree's leftmost node).
  var first: Int
  /// The offset in the container of its element count; `nil` for a `std::forward_list`, which keeps none (its
  /// last node's link is NULL).
  var count: Int?
  /// The names the node record may have.
  var nodes: [String]
  /// The element type's name: the allocator's argument, as the compiler spelled it.
  var element: String
  /// Whether the container is libc++'s, whose node members are named `__next_`, `__left_`, `__value_`.
  var libcxx: Bool

  /// The node container a record of this name and layout is, or `nil`.
  static func recognise(name: Substring, layout: CLayout) -> NodeContainer? {
    let libcxx = name.hasPrefix("std::__1::")
    let bare = libcxx ? "std::" + name.dropFirst("std::__1::".count) : String(name)
    let order: Order
    let kind: String
    if bare.hasPrefix("std::__cxx11::list<") || (libcxx && bare.hasPrefix("std::list<")) {
      (order, kind) = (.list, "list")
    } else if bare.hasPrefix("std::forward_list<") {
      (order, kind) = (.list, "forward_list")
    } else if let found = ["map", "multimap", "set", "multiset"].first(where: { bare.hasPrefix("std::\($0)<") }) {
      (order, kind) = (.tree, found)
    } else if let found = ["unordered_map", "unordered_multimap", "unordered_set", "unordered_multiset"].first(
      where: { bare.hasPrefix("std::\($0)<") })
    {
      (order, kind) = (.unordered, found)
    } else {
      return nil
    }
    guard bare.hasSuffix(">"), let open = DieReader.argumentsStart(bare) else { return nil }
    let arguments = DieReader.arguments(String(bare[bare.index(after: open)..<bare.index(before: bare.endIndex)]))
    // The element type is the allocator's argument: `std::allocator<std::pair<int const, …>>`.
    let allocator = libcxx ? "std::__1::allocator<" : "std::allocator<"
    guard let last = arguments.last, last.hasPrefix(allocator), last.hasSuffix(">") else { return nil }
    let element = String(last.dropFirst(allocator.count).dropLast()).trimmingPrefix(" ").description
    let isMap = kind.hasSuffix("map")
    guard !isMap || arguments.count >= 2 else { return nil }

    let pointerSize = layout.abi.pointerSize
    // The one field at any depth whose path contains `within` (a libc++ compressed pair's member) and ends
    // with `.name`.
    func field(_ name: String, within: String = "") -> CLayout.Field? {
      let matches = layout.fields.filter { field in
        let text = field.path.description
        return field.bits == nil && text.hasSuffix("." + name) && (within.isEmpty || text.contains(within))
      }
      guard matches.count == 1, matches[0].size == pointerSize else { return nil }
      return matches[0]
    }
    func isPointer(_ field: CLayout.Field) -> Bool {
      if case .pointer = field.type.unqualified { return true }
      return false
    }
    func isCount(_ field: CLayout.Field) -> Bool {
      guard case .scalar(let scalar) = field.type.unqualified else { return false }
      return scalar.isInteger && !scalar.isSignedInteger
    }
    let first: CLayout.Field?
    let count: CLayout.Field?
    let nodes: [String]
    switch (order, libcxx) {
    case (.list, false) where kind == "forward_list":
      (first, count) = (field("_M_next", within: "._M_head."), nil)
      nodes = ["std::_Fwd_list_node<\(element)>"]
    case (.list, false):
      (first, count) = (field("_M_next"), field("_M_size"))
      nodes = ["std::_List_node<\(element)>"]
    case (.tree, false):
      (first, count) = (field("_M_left", within: "._M_header."), field("_M_node_count"))
      nodes = ["std::_Rb_tree_node<\(element)>"]
    case (.unordered, false):
      (first, count) = (field("_M_nxt", within: "._M_before_begin."), field("_M_element_count"))
      // Whether a node caches its hash is the first of the table's traits (`_Hashtable_traits<true, …>`),
      // and names the node (`_Hash_node<V, true>`).
      guard let table = layout.root.members.first(where: { $0.component == .member("_M_h") }),
        case .structure(let record) = table.node.type.unqualified, let tableName = record.name,
        let traits = tableName.firstRange(of: "_Hashtable_traits<")
      else { return nil }
      let cached = tableName[traits.upperBound...].prefix { $0 != "," && $0 != ">" }
      guard cached == "true" || cached == "false" else { return nil }
      nodes = ["std::__detail::_Hash_node<\(element), \(cached)>"]
    case (.list, true) where kind == "forward_list":
      (first, count) = (field("__next_", within: ".__before_begin_."), nil)
      nodes = ["std::__1::__forward_list_node<\(element), void *>"]
    case (.list, true):
      (first, count) = (field("__next_", within: ".__end_."), field("__value_", within: ".__size_alloc_."))
      nodes = ["std::__1::__list_node<\(element), void *>"]
    case (.tree, true):
      (first, count) = (field("__begin_node_"), field("__value_", within: ".__pair3_."))
      let value = isMap ? "std::__1::__value_type<\(arguments[0]), \(arguments[1])>" : element
      nodes = ["std::__1::__tree_node<\(value), void *>"]
    case (.unordered, true):
      (first, count) = (field("__next_", within: ".__p1_."), field("__value_", within: ".__p2_."))
      let value = isMap ? "std::__1::__hash_value_type<\(arguments[0]), \(arguments[1])>" : element
      nodes = ["std::__1::__hash_node<\(value), void *>"]
    }
    guard let first, isPointer(first) else { return nil }
    guard kind != "forward_list" else {
      return NodeContainer(order: order, first: first.offset, nodes: nodes, element: element, libcxx: libcxx)
    }
    guard let count, isCount(count) else { return nil }
    return NodeContainer(
      order: order, first: first.offset, count: count.offset, nodes: nodes, element: element, libcxx: libcxx)
  }

  /// The outermost member named `name` in `layout`, with its offset, size and node: `nil` when there is none, or
  /// more than one at that depth.
  static func outermost(_ name: String, in layout: CLayout) -> (offset: Int, size: Int, node: CLayout.Node)? {
    var level: [(node: CLayout.Node, bitOffset: Int)] = [(layout.root, 0)]
    while !level.isEmpty {
      var next: [(node: CLayout.Node, bitOffset: Int)] = []
      var found: [(offset: Int, size: Int, node: CLayout.Node)] = []
      for (node, bitOffset) in level {
        for member in node.members {
          let offset = bitOffset + member.bitOffset
          if member.component == .member(name) { found.append((offset / 8, member.node.size, member.node)) }
          next.append((member.node, offset))
        }
      }
      if !found.isEmpty { return found.count == 1 ? found[0] : nil }
      level = next
    }
    return nil
  }

  /// The walk over a node of `layout` (the node record): where its links and its element are. `nil` when
  /// the node does not have them, each once, pointer-sized, or its element's storage is not `size` bytes.
  func walk(node layout: CLayout, elementSize size: Int) -> NodeWalk? {
    let pointerSize = layout.abi.pointerSize
    func link(_ name: String) -> Int? {
      guard let found = Self.outermost(name, in: layout), found.size == pointerSize else { return nil }
      return found.offset
    }
    guard let value = Self.outermost(libcxx ? "__value_" : "_M_storage", in: layout), value.size == size
    else { return nil }
    let links: NodeWalk.Links
    switch (order, libcxx) {
    case (.list, _), (.unordered, _):
      let name = libcxx ? "__next_" : (order == .list ? "_M_next" : "_M_nxt")
      guard let next = link(name) else { return nil }
      links = .next(next)
    case (.tree, _):
      let names = libcxx ? ("__left_", "__right_", "__parent_") : ("_M_left", "_M_right", "_M_parent")
      guard let left = link(names.0), let right = link(names.1), let parent = link(names.2) else { return nil }
      links = .tree(left: left, right: right, parent: parent)
    }
    // The hash a node of an unordered container keeps (libc++'s always, libstdc++'s when it caches it): equal
    // elements have equal hashes, so only elements of one hash are matched.
    var hash: Int?
    if order == .unordered, let found = Self.outermost(libcxx ? "__hash_" : "_M_hash_code", in: layout) {
      guard found.size == pointerSize else { return nil }
      hash = found.offset
    }
    return NodeWalk(
      order: order, first: first, count: count, links: links, elementOffset: value.offset, hashOffset: hash)
  }
}

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

extension ValueRegistry {
  /// Registers the comparer and describer of the node container `container` of `type`, its node and element
  /// types read from `file` (and the standard containers among them registered first, so that elements
  /// holding strings compare those by text). `nil` when the node or the element cannot be read or laid out,
  /// or the node is not laid out as `container`'s library lays it out: the container then keeps its
  /// representation.
  func registerNodeContainer(_ container: NodeContainer, of type: TypeEncoding, reading file: String) -> [String]? {
    var registered: [String] = []
    guard let element = standardElement(container.element, reading: file, registered: &registered) else {
      return nil
    }
    guard let size = element.layout?.size, size > 0 else { return nil }
    for name in container.nodes {
      // The node is the import's last record, after the types it holds.
      let template = "struct " + name.prefix { $0 != "<" } + "<"
      guard let node = try? catalog.importDebugInfo(of: file, types: [name]), let record = node.records.last,
        record.name.hasPrefix(template),
        let layout = try? catalog.layout(of: record.encoding),
        let walk = container.walk(node: layout, elementSize: size)
      else { continue }
      walk.register(for: type, element: element.type, size: size, in: self)
      return registered
    }
    return nil
  }
}
