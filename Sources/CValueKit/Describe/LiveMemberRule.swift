/// A ``UnionMember`` rule resolved against one layout: the route to its union and how the live member is
/// found, by member index.
struct LiveMemberRule: Hashable, Sendable {
  /// How the live member of the union is found.
  enum Choice: Hashable, Sendable {
    /// Always member `index`.
    case member(Int)
    /// The member `members` maps the tag's value to; `unknownAsBytes` says what a value it does not map is.
    case tagged(TagField, members: [Int64: Int], unknownAsBytes: Bool)
  }

  /// Member indices from the node the rule was resolved at to the union (through anonymous members; never
  /// through an array).
  var route: [Int]
  /// Member indices from the same node to the tag field, for a tagged rule: where the tag and the union part
  /// decides which of them a report visits first.
  var tagRoute: [Int]?
  let choice: Choice

  /// The rule as seen from member `index` of the node it applies to now: `nil` when the union is not in it.
  func entering(_ index: Int) -> LiveMemberRule? {
    guard route.first == index else { return nil }
    var rule = self
    rule.route.removeFirst()
    rule.tagRoute = tagRoute.flatMap { $0.first == index ? Array($0.dropFirst()) : nil }
    return rule
  }

  /// When the union and the tag are in different members of the node the rule applies to now: those two
  /// member indices.
  var diverging: (union: Int, tag: Int)? {
    guard let tagRoute, let union = route.first, let tag = tagRoute.first, union != tag else { return nil }
    return (union, tag)
  }
}

/// The tag of a tagged union: where it is from the union and how to read it.
struct TagField: Hashable, Sendable {
  /// The tag's first bit minus the union's first bit (negative when the tag comes first).
  let bitDelta: Int
  /// An integer, `_Bool` or bitfield kind.
  let kind: LeafKind
  /// The bytes the tag spans.
  let size: Int
  /// For a tag in the common initial sequence of the union's members (C11 6.5.2.3: X11's `XEvent`, whose
  /// every member starts with `int type`), where it is in the union; `nil` for a tag outside the union.
  var inside: InsideTag? = nil

  /// A tag read inside its union: its path from the union and its node, so that a report names it.
  struct InsideTag: Hashable, Sendable {
    let path: FieldPath
    let node: CLayout.Node
  }

  /// The tag's value in the value at `base` whose union starts at bit `unionBit`, as a 64-bit integer
  /// (unsigned 64-bit tags keep their bits).
  func value(at base: UnsafeRawPointer, unionBit: Int) -> Int64 {
    let bit = unionBit + bitDelta
    switch kind {
    case .bitfield(let width, let isSigned):
      let bytes = UnsafeRawBufferPointer(start: base + bit / 8, count: (bit % 8 + width + 7) / 8)
      let bits = RawBits.bits(bytes, bitOffset: bit % 8, width: width)
      return isSigned
        ? Int64(truncatingIfNeeded: RawBits.signExtend(bits, width: width)) : Int64(truncatingIfNeeded: bits)
    case .signedInteger(let size):
      return Int64(
        truncatingIfNeeded: RawBits.signed(
          UnsafeRawBufferPointer(start: base + bit / 8, count: size), at: 0, size: size))
    default:
      return Int64(
        truncatingIfNeeded: RawBits.unsigned(
          UnsafeRawBufferPointer(start: base + bit / 8, count: size), at: 0, size: size))
    }
  }

  /// Whether the tag lies inside `count` bytes whose union starts at bit `unionBit`.
  func fits(unionBit: Int, in count: Int) -> Bool {
    let first = unionBit + bitDelta
    let width = if case .bitfield(let width, _) = kind { width } else { size * 8 }
    return first >= 0 && (first + width + 7) / 8 <= count
  }
}

/// Union member rules laid over a layout, in the shape the describer walks (a plan's rule tree).
protocol LiveMemberTree {
  /// How the live member is found, when the node is a union with a rule.
  var liveMember: LiveMemberRule.Choice? { get }
  /// The tree of member `index` of a record or union, or of the element of an array (index 0).
  func subtree(_ index: Int) -> (any LiveMemberTree)?
}

extension LiveMemberRule {
  /// Resolves `member`, a rule for the union at `path`, against `root`, from which both the union's path
  /// and a tag's path are read.
  static func resolve(_ member: UnionMember, at path: FieldPath, in root: CLayout.Node, abi: ABI)
    throws(UnionMemberError) -> LiveMemberRule
  {
    func fail(_ reason: UnionMemberError.Reason) -> UnionMemberError { UnionMemberError(path: path, reason: reason) }
    guard !root.members.isEmpty else { throw fail(.notARecord(root.type)) }
    let (pathRoute, node, _) = try follow(path, in: root, for: path)
    switch member {
    case .named(let name):
      let (unionRoute, index) = try locate(name, in: node, for: path)
      return LiveMemberRule(route: pathRoute + unionRoute, tagRoute: nil, choice: .member(index))
    case .tagged(let tag, let members, let unknownAsBytes):
      guard !members.isEmpty else { throw fail(.noTaggedMembers) }
      var unionRoute: [Int]?
      var firstName = ""
      var indices: [Int64: Int] = [:]
      for (value, name) in members.sorted(by: { $0.key < $1.key }) {
        let (route, index) = try locate(name, in: node, for: path)
        if let unionRoute, unionRoute != route { throw fail(.membersInDifferentUnions(firstName, name)) }
        if unionRoute == nil { (unionRoute, firstName) = (route, name) }
        indices[value] = index
      }
      let route = pathRoute + (unionRoute ?? [])
      let (tagRoute, tagNode, tagBit) = try follow(tag, in: root, for: path)
      let kind = LeafKind(tagNode, abi: abi)
      let unionBit = bit(along: route, in: root)
      var inside: TagField.InsideTag?
      if tagRoute.starts(with: route) {
        // Inside the union only where every struct or union member, and every member the rule names,
        // starts with it (their common initial sequence): then it reads the same in whichever is live.
        // Other members (`XEvent`'s `long pad[24]`, its `int type` itself) are storage no tag value names.
        let union = Self.node(along: route, in: root)
        guard tagBit == unionBit, case .union(let unionMembers) = union.content,
          unionMembers.indices.allSatisfy({ index in
            let member = unionMembers[index]
            let isRecord =
              switch member.node.content {
              case .structure, .union: true
              case .leaf, .bitfield, .array: false
              }
            guard isRecord || indices.values.contains(index) else { return true }
            return startsWith(kind, size: tagNode.size, member, abi: abi)
          })
        else { throw fail(.tagInsideUnion(tag)) }
        inside = TagField.InsideTag(path: tagPath(Array(tagRoute.dropFirst(route.count)), in: union), node: tagNode)
      }
      switch kind {
      case .signedInteger(let size) where size <= 8: break
      case .unsignedInteger(let size) where size <= 8: break
      case .bool: break
      case .bitfield(let width, _) where width <= 64: break
      default: throw fail(.tagNotAnInteger(tag, tagNode.type))
      }
      return LiveMemberRule(
        route: route, tagRoute: tagRoute,
        choice: .tagged(
          TagField(bitDelta: tagBit - unionBit, kind: kind, size: tagNode.size, inside: inside), members: indices,
          unknownAsBytes: unknownAsBytes))
    }
  }

  /// The member indices, node and first bit that `path` leads to from `root`, as C reaches members
  /// (through anonymous members).
  private static func follow(_ path: FieldPath, in root: CLayout.Node, for unionPath: FieldPath)
    throws(UnionMemberError) -> (route: [Int], node: CLayout.Node, bit: Int)
  {
    var route: [Int] = []
    var node = root
    var bit = 0
    for component in path.components {
      let steps: [Int]?
      switch component {
      case .index, .anyIndex: throw UnionMemberError(path: unionPath, reason: .throughArray(path))
      case .member(let name): steps = LiteralCursor.route(to: name, in: node)
      case .position(let position): steps = node.members.indices.contains(position) ? [position] : nil
      }
      guard let steps else { throw UnionMemberError(path: unionPath, reason: .noSuchField(path)) }
      for index in steps {
        let member = node.members[index]
        bit += member.bitOffset
        node = member.node
      }
      route += steps
    }
    return (route, node, bit)
  }

  /// Whether `member` of a union starts with a leaf of `kind` and `size` bytes: its first member does, at
  /// its first bit, through structs (their first member) and unions (every member).
  private static func startsWith(_ kind: LeafKind, size: Int, _ member: CLayout.Member, abi: ABI) -> Bool {
    guard member.bitOffset == 0 else { return false }
    let node = member.node
    switch node.content {
    case .leaf, .bitfield: return LeafKind(node, abi: abi) == kind && node.size == size
    case .structure(let members): return members.first.map { startsWith(kind, size: size, $0, abi: abi) } ?? false
    case .union(let members):
      return !members.isEmpty && members.allSatisfy { startsWith(kind, size: size, $0, abi: abi) }
    case .array: return false
    }
  }

  /// The node at the end of `route`.
  private static func node(along route: [Int], in root: CLayout.Node) -> CLayout.Node {
    route.reduce(root) { node, index in node.members[index].node }
  }

  /// The path C reaches the member at the end of `route` by from `node` (anonymous members add nothing).
  private static func tagPath(_ route: [Int], in node: CLayout.Node) -> FieldPath {
    var components: [FieldPath.Component] = []
    var current = node
    for index in route {
      let member = current.members[index]
      if let component = member.component { components.append(component) }
      current = member.node
    }
    return FieldPath(components)
  }

  /// The first bit of the node at the end of `route`.
  private static func bit(along route: [Int], in root: CLayout.Node) -> Int {
    var node = root
    var bit = 0
    for index in route {
      bit += node.members[index].bitOffset
      node = node.members[index].node
    }
    return bit
  }

  /// The union that has `name` as a member, or an anonymous member holding a field `name`: `node` itself
  /// when it is such a union, else one reached through `node`'s anonymous members. Returns the route to
  /// the union and the member's index in it.
  private static func locate(_ name: String, in node: CLayout.Node, for path: FieldPath)
    throws(UnionMemberError) -> (route: [Int], member: Int)
  {
    if let found = find(name, in: node) { return found }
    var unions: [CLayout.Node] = []
    collectUnions(node, into: &unions)
    guard !unions.isEmpty else { throw UnionMemberError(path: path, reason: .notAUnion) }
    let names = unions.flatMap { $0.members.map(memberName) }
    throw UnionMemberError(path: path, reason: .noSuchMember(name, members: names))
  }

  private static func find(_ name: String, in node: CLayout.Node) -> (route: [Int], member: Int)? {
    let members = node.members
    if case .union = node.content {
      if let index = members.firstIndex(where: { $0.component == .member(name) }) { return ([], index) }
      for (index, member) in members.enumerated() where member.component == nil {
        if LiteralCursor.route(to: name, in: member.node) != nil { return ([], index) }
      }
    }
    for (index, member) in members.enumerated() where member.component == nil {
      if let (route, found) = find(name, in: member.node) { return ([index] + route, found) }
    }
    return nil
  }

  /// `node` when it is a union, and the unions reached through its anonymous members.
  private static func collectUnions(_ node: CLayout.Node, into unions: inout [CLayout.Node]) {
    if case .union = node.content { unions.append(node) }
    for member in node.members where member.component == nil { collectUnions(member.node, into: &unions) }
  }

  /// A member as a rule names it: its name, or for an anonymous member its first field's name.
  private static func memberName(_ member: CLayout.Member) -> String {
    switch member.component {
    case .member(let name)?: return name
    case .position(let position)?: return "\(position)"
    case .index(let index)?: return "[\(index)]"
    case .anyIndex?: return "[*]"
    case nil:
      let first = member.node.members.first.map(memberName)
      return first.map { "{\($0), …}" } ?? "{}"
    }
  }
}
