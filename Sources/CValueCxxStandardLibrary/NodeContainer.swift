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
    guard let arguments = CTypeName.templateInstance(bare)?.arguments else { return nil }
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

  /// The walk over a node of `layout` (the node record): where its links and its element are. `nil` when
  /// the node does not have them, each once, pointer-sized, or its element's storage is not `size` bytes.
  func walk(node layout: CLayout, elementSize size: Int) -> NodeWalk? {
    let pointerSize = layout.abi.pointerSize
    func link(_ name: String) -> Int? {
      guard let found = RecordFields.outermost(name, in: layout), found.size == pointerSize else { return nil }
      return found.offset
    }
    guard let value = RecordFields.outermost(libcxx ? "__value_" : "_M_storage", in: layout), value.size == size
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
    if order == .unordered, let found = RecordFields.outermost(libcxx ? "__hash_" : "_M_hash_code", in: layout) {
      guard found.size == pointerSize else { return nil }
      hash = found.offset
    }
    return NodeWalk(
      order: order, first: first, count: count, links: links, elementOffset: value.offset, hashOffset: hash)
  }
}
