/// Where the next initializer of a brace-enclosed list goes: C's "current object" rules (C11 6.7.9) as a
/// stack of levels, so that brace elision and designators need no recursion.
///
/// The bottom level is the object the braces initialize. A designator chain rebuilds the stack from
/// there (`.a[2].b` pushes one level per step, plus one per anonymous member a name is found through);
/// a scalar where an aggregate stands descends into it (brace elision); after each initializer the top
/// level moves on, and an exhausted level gives way to the one below.
struct LiteralCursor {
  /// One aggregate on the way to the current subobject, and which of its children is current.
  struct Level {
    let node: CLayout.Node
    let bitBase: Int
    let path: FieldPath
    var index = 0

    var childCount: Int {
      switch node.content {
      case .structure(let members), .union(let members): return members.count
      case .array(let count, _): return count
      case .leaf, .bitfield: return 0
      }
    }

    /// The child at `index`: its node, first bit and path.
    func child(_ index: Int) -> (node: CLayout.Node, bitBase: Int, path: FieldPath) {
      switch node.content {
      case .structure(let members), .union(let members):
        let member = members[index]
        return (member.node, bitBase + member.bitOffset, member.component.map { path.appending($0) } ?? path)
      case .array(_, let element):
        return (element, bitBase + index * element.size * 8, path.appending(.index(index)))
      case .leaf, .bitfield:
        preconditionFailure("a leaf has no children")
      }
    }
  }

  private(set) var levels: [Level]

  init(node: CLayout.Node, bitBase: Int, path: FieldPath) {
    levels = [Level(node: node, bitBase: bitBase, path: path)]
  }

  /// The object the braces initialize.
  var root: Level { levels[0] }

  /// The current subobject, after giving up exhausted levels; `nil` when the braces' object is full.
  mutating func current() -> (node: CLayout.Node, bitBase: Int, path: FieldPath)? {
    while let top = levels.last, top.index >= top.childCount {
      guard levels.count > 1 else { return nil }
      levels.removeLast()
      advance()
    }
    guard let top = levels.last else { return nil }
    // A value by position goes past a vtable pointer, as a C++ initializer does (it never names one).
    if case .structure(let members) = top.node.content, members[top.index].isVtablePointer {
      advance()
      return current()
    }
    return top.child(top.index)
  }

  /// Moves past the current subobject. In a union entered by brace elision that ends the union, as in C;
  /// in a union the braces themselves initialize, positional values go to the members in turn, so that a
  /// description listing every member (`{1065353216, 1}`) reads back.
  mutating func advance() {
    let last = levels.count - 1
    if case .union = levels[last].node.content, last > 0 {
      levels[last].index = levels[last].childCount
    } else {
      levels[last].index += 1
    }
  }

  /// Descends into the current subobject (brace elision, or the next step of a designator chain).
  mutating func enter(_ child: (node: CLayout.Node, bitBase: Int, path: FieldPath)) {
    levels.append(Level(node: child.node, bitBase: child.bitBase, path: child.path))
  }

  /// Starts a designator chain at the braces' object.
  mutating func resetForDesignation() {
    levels.removeSubrange(1...)
  }

  /// Makes the member called `name` current in the top level, through anonymous members as C does;
  /// `false` when the top level is not a record with such a member.
  mutating func designate(member name: String) -> Bool {
    guard let route = Self.route(to: name, in: levels[levels.count - 1].node) else { return false }
    for (step, index) in route.enumerated() {
      levels[levels.count - 1].index = index
      if step < route.count - 1 { enter(levels[levels.count - 1].child(index)) }
    }
    return true
  }

  /// Makes element `index` current in the top level, which must be an array with that element.
  mutating func designate(element index: Int) {
    levels[levels.count - 1].index = index
  }

  /// The member indices leading to `name`: directly, or through C11 anonymous members (depth first, in
  /// declaration order, with an explicit stack).
  static func route(to name: String, in node: CLayout.Node) -> [Int]? {
    var stack: [(node: CLayout.Node, route: [Int])] = [(node, [])]
    while let (record, route) = stack.popLast() {
      let members = record.members
      if let index = members.firstIndex(where: { $0.component == .member(name) }) { return route + [index] }
      for (index, member) in members.enumerated().reversed() where member.component == nil {
        stack.append((member.node, route + [index]))
      }
    }
    return nil
  }
}
