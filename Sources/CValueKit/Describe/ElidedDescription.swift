/// A value's description cut down to the fields a comparison found different, for the `actual:` and
/// `expected:` lines of a report on a value too long to print whole:
///
/// ```
/// {.xkey = {.type = 2, .serial = 0, …, .keycode = 38, .same_screen = 1}, …}   // XEvent, keycode differs
/// {…, [1000] = 7, …}                                                          // a 4 KB array
/// ```
///
/// Each differing field is shown with the records and arrays that enclose it, and `…` stands for each run
/// of members or elements left out. A union without a rule is shown by one view: the member the first
/// listed difference is in, since that is the view the report's first line names; a union with a rule by
/// its live member, as in a whole description.
///
/// The text is chosen among three forms, the first that fits the budget: the whole description; the
/// differing fields with the scalar members beside them in each enclosing struct (the tag, the id, the
/// length a reader wants to see next to the difference); the differing fields alone, as many of them as
/// fit (at least one).
struct ElidedDescription {
  /// Member or element indices from the value's node to each differing node, in report order.
  let routes: [[Int]]
  let describer: ValueDescriber

  /// The description of the value in `bytes` that fits in `budget` characters, whole when it fits.
  func describe(_ bytes: UnsafeRawBufferPointer, budget: Int) -> String {
    let whole = describer.describe(bytes)
    guard whole.count > budget, !routes.isEmpty else { return whole }
    let all = RouteTree(routes)
    let withNeighbours = text(bytes, tree: all, neighbours: true)
    if withNeighbours.count <= budget { return withNeighbours }
    var best = text(bytes, tree: RouteTree(routes.prefix(1)), neighbours: false)
    for count in stride(from: 2, through: routes.count, by: 1) {
      let candidate = text(bytes, tree: RouteTree(routes.prefix(count)), neighbours: false)
      guard candidate.count <= budget else { break }
      best = candidate
    }
    return best
  }

  private func text(_ bytes: UnsafeRawBufferPointer, tree: RouteTree, neighbours: Bool) -> String {
    let writer = Writer(describer: describer, bytes: bytes, neighbours: neighbours)
    return writer.write(describer.layout.root, bitBase: 0, tree: tree, rules: describer.liveMembers)
  }
}

/// The routes to the differing nodes as a tree: the children of each node on a route, by index.
private struct RouteTree {
  var children: [Int: RouteTree] = [:]
  /// The child the first route goes through: the view a union without a rule is shown by.
  var first: Int?
  /// Whether a route ends here: the node itself differs and is described whole.
  var isEnd = false

  init() {}

  init(_ routes: some Sequence<[Int]>) {
    for route in routes { insert(route[...]) }
  }

  private mutating func insert(_ route: ArraySlice<Int>) {
    guard let index = route.first else {
      isEnd = true
      return
    }
    if first == nil { first = index }
    children[index, default: RouteTree()].insert(route.dropFirst())
  }
}

/// Writes one elided description; recursive, as deep as the routes (the layout's nesting is bounded by
/// ``TypeEncoding/maximumNestingDepth``, and the comparison that found the routes walked as deep).
private struct Writer {
  let describer: ValueDescriber
  let bytes: UnsafeRawBufferPointer
  /// Whether scalar members beside a differing field are shown too.
  let neighbours: Bool

  func write(_ node: CLayout.Node, bitBase: Int, tree: RouteTree, rules: (any LiveMemberTree)?) -> String {
    if tree.isEnd || describer.custom?(node) != nil {
      return describer.describe(node, in: bytes, offset: bitBase / 8, bitOffset: bitBase, liveMembers: rules)
    }
    switch node.content {
    case .leaf, .bitfield:
      return describer.describe(node, in: bytes, offset: bitBase / 8, bitOffset: bitBase, liveMembers: rules)
    case .array(let count, let element):
      var parts: [String] = []
      var next = 0
      for index in tree.children.keys.sorted() {
        if index > next { parts.append("…") }
        let child = tree.children[index] ?? RouteTree()
        let text = write(
          element, bitBase: bitBase + index * element.size * 8, tree: child, rules: rules?.subtree(0))
        parts.append("[\(index)] = \(text)")
        next = index + 1
      }
      if next < count { parts.append("…") }
      return "{" + parts.joined(separator: ", ") + "}"
    case .structure(let members):
      let designators = ValueDescriber.designators(members)
      var parts: [String] = []
      var skipping = false
      for (index, member) in members.enumerated() where !member.isVtablePointer {
        let child = tree.children[index]
        guard child != nil || (neighbours && isScalar(member)) else {
          if !skipping { parts.append("…") }
          skipping = true
          continue
        }
        skipping = false
        parts.append(
          designator(member, designators[index])
            + write(
              member.node, bitBase: bitBase + member.bitOffset, tree: child ?? RouteTree(),
              rules: rules?.subtree(index)))
      }
      return "{" + parts.joined(separator: ", ") + "}"
    case .union(let members):
      let live = ValueDescriber.liveMember(of: node, in: bytes, bitBase: bitBase, rules: rules)
      guard let index = live ?? tree.first else {
        return describer.describe(node, in: bytes, offset: bitBase / 8, bitOffset: bitBase, liveMembers: rules)
      }
      let member = members[index]
      let text = write(
        member.node, bitBase: bitBase + member.bitOffset, tree: tree.children[index] ?? RouteTree(),
        rules: rules?.subtree(index))
      let others = live == nil && members.count > 1 ? ", …" : ""
      return "{" + designator(member, ValueDescriber.designators(members)[index]) + text + others + "}"
    }
  }

  /// A scalar member: a leaf or bitfield, shown beside a differing field when ``neighbours`` is set.
  private func isScalar(_ member: CLayout.Member) -> Bool {
    switch member.node.content {
    case .leaf, .bitfield: return true
    case .array, .structure, .union: return false
    }
  }

  /// `.name = `; for a member the whole description writes by position, its path step (`.1 = `), since
  /// positions mean nothing once members are left out; nothing for an anonymous member.
  private func designator(_ member: CLayout.Member, _ name: String?) -> String {
    if let name { return ".\(name) = " }
    return member.component.map { "\($0) = " } ?? ""
  }
}
