/// A type's layout with the comparison rule of every node decided, once, when the type is resolved: which
/// subtrees a registered comparer owns, which leaves the built-in entries compare, and what is compared
/// as bytes.
final class RuleNode: Sendable {
  enum Rule: Sendable {
    /// A comparer (and maybe a describer) the caller registered for this node's type.
    case registered(RegisteredEntry)
    /// A leaf compared by its kind: integers and addresses by value, floats by the tolerance rules.
    case leaf(LeafKind)
    /// A leaf no entry knows, compared by its bytes.
    case bytes
    /// A union. With no `live` rule it is compared over the bytes its members cover: `coverage` compares,
    /// from the union's first byte, every byte (and bitfield bit) some member covers, member by member.
    /// `views` are the members, each by its own rule: they decide nothing, and are walked only to name the
    /// fields of a union whose bytes differ, in every view, since which member is live is unknown. With a
    /// `live` rule (``UnionMember``), the live member's view alone is compared, reported and described.
    case union(
      coverage: [ComparisonStep], views: [(member: CLayout.Member, rule: RuleNode)], live: LiveMemberRule.Choice?)
    /// A `char` array (`[N c]`), compared by its bytes and reported as one field: both strings and the first
    /// index where they differ.
    case text(count: Int)
    /// A struct: each member by its own rule, padding ignored. `order` is the order a report visits the
    /// members in, when it is not theirs: a tag before the union it selects a member of.
    case record([(member: CLayout.Member, rule: RuleNode)], order: [Int]?)
    /// An array: every element by the element's rule.
    case array(count: Int, element: RuleNode)
    /// A field an ignored path names: not compared, not counted.
    case ignored
  }

  let node: CLayout.Node
  let rule: Rule
  /// How many fields a comparison of this node counts: a registered value counts as one, a union the
  /// fields of all its member views (one when they have none).
  ///
  /// A tagged union counts its live member's fields, which depend on the value: ``liveFieldCount(_:_:base:)``
  /// counts those, and this is what a union with no rule counts.
  let fieldCount: Int
  /// Whether a tagged union is in the node, so that the fields compared depend on the values.
  let hasTaggedUnion: Bool
  /// Whether an ignored field is in the node, so that a report lists it.
  let hasIgnored: Bool

  init(node: CLayout.Node, rule: Rule) {
    self.node = node
    self.rule = rule
    let single = node.leafCount == 0 && node.size == 0 ? 0 : 1
    switch rule {
    case .registered, .leaf, .bytes, .text:
      fieldCount = single
      hasTaggedUnion = false
      hasIgnored = false
    case .ignored:
      fieldCount = 0
      hasTaggedUnion = false
      hasIgnored = true
    case .union(_, let views, let live):
      if case .member(let index)? = live {
        fieldCount = views[index].rule.fieldCount
      } else {
        let total = Self.sum(views.map(\.rule.fieldCount))
        fieldCount = total > 0 ? total : single
      }
      if case .tagged? = live {
        hasTaggedUnion = true
      } else {
        hasTaggedUnion = views.contains { $0.rule.hasTaggedUnion }
      }
      hasIgnored = views.contains { $0.rule.hasIgnored }
    case .record(let members, _):
      fieldCount = Self.sum(members.map(\.rule.fieldCount))
      hasTaggedUnion = members.contains { $0.rule.hasTaggedUnion }
      hasIgnored = members.contains { $0.rule.hasIgnored }
    case .array(let count, let element):
      let (product, overflow) = count.multipliedReportingOverflow(by: element.fieldCount)
      fieldCount = overflow ? .max : product
      hasTaggedUnion = element.hasTaggedUnion
      hasIgnored = element.hasIgnored
    }
  }

  /// The sum of counts, `Int.max` when it overflows.
  private static func sum(_ counts: [Int]) -> Int {
    var total = 0
    for count in counts {
      let (next, overflow) = total.addingReportingOverflow(count)
      if overflow { return .max }
      total = next
    }
    return total
  }

  /// How many fields comparing the node at byte `base` of two values compares: ``fieldCount``, except that
  /// a tagged union counts its live member's fields (one field when the tags differ, or for an unknown tag
  /// compared as bytes).
  func liveFieldCount(_ actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, base: Int) -> Int {
    guard hasTaggedUnion else { return fieldCount }
    switch rule {
    case .union(_, let views, let live):
      func count(_ view: (member: CLayout.Member, rule: RuleNode)) -> Int {
        view.rule.liveFieldCount(actual, expected, base: base + view.member.offset)
      }
      switch live {
      case .member(let index)?: return count(views[index])
      case .tagged(let tag, let members, let unknownAsBytes)?:
        let value = tag.value(at: actual, unionBit: base * 8)
        // The union, and the tag when it is inside the union (no record around it counts it).
        guard value == tag.value(at: expected, unionBit: base * 8) else { return tag.inside == nil ? 1 : 2 }
        if let index = members[value] { return count(views[index]) }
        if unknownAsBytes { return 1 }
        return Self.sum(views.map(count))
      case nil: return Self.sum(views.map(count))
      }
    case .record(let members, _):
      return Self.sum(members.map { $0.rule.liveFieldCount(actual, expected, base: base + $0.member.offset) })
    case .array(let count, let element):
      var total = 0
      for index in 0..<count {
        let (next, overflow) = total.addingReportingOverflow(
          element.liveFieldCount(actual, expected, base: base + index * element.node.size))
        if overflow { return .max }
        total = next
      }
      return total
    case .registered, .leaf, .bytes, .text, .ignored:
      return fieldCount
    }
  }

  /// The leaf's kind, when the node is a leaf compared by its kind.
  var leafKind: LeafKind? {
    if case .leaf(let kind) = rule { return kind }
    return nil
  }

  /// Whether the node is a `char` array compared and reported as text.
  var isText: Bool {
    if case .text = rule { return true }
    return false
  }

  /// Whether a registered comparer owns the whole node.
  var isRegistered: Bool {
    if case .registered = rule { return true }
    return false
  }

  /// Builds the rules for `node` and everything in it. `live` are the union member rules that apply
  /// inside `node`, by their route from it; the ones registered for a record type are added where the
  /// record is, after them, so that a rule from further out (the comparison's own) wins.
  static func build(_ node: CLayout.Node, abi: ABI, entries: EntryLookup, live: [LiveMemberRule] = []) -> RuleNode {
    if let entry = entries.entry(for: node.type), entry.compare != nil {
      return RuleNode(node: node, rule: .registered(entry))
    }
    var live = live
    if !node.members.isEmpty {
      for (path, member) in entries.unionMembers(for: node.type) {
        if let rule = try? LiveMemberRule.resolve(member, at: path, in: node, abi: abi) { live.append(rule) }
      }
    }
    func members(_ members: [CLayout.Member]) -> [(member: CLayout.Member, rule: RuleNode)] {
      members.enumerated().map { index, member in
        // A C++ class's vtable pointer is an address in one process, never part of the value.
        guard !member.isVtablePointer else { return (member, RuleNode(node: member.node, rule: .ignored)) }
        return (member, build(member.node, abi: abi, entries: entries, live: live.compactMap { $0.entering(index) }))
      }
    }
    switch node.content {
    case .leaf, .bitfield:
      let kind = LeafKind(node, abi: abi)
      if entries.includesBuiltins, kind != .opaque { return RuleNode(node: node, rule: .leaf(kind)) }
      if case .bitfield = kind { return RuleNode(node: node, rule: .leaf(kind)) }
      return RuleNode(node: node, rule: .bytes)
    case .union(let unionMembers):
      var coverage: [ComparisonStep] = []
      ComparisonStep.compileCoverage(of: node, into: &coverage)
      let choice = live.first { $0.route.isEmpty }?.choice
      return RuleNode(node: node, rule: .union(coverage: coverage, views: members(unionMembers), live: choice))
    case .structure(let structMembers):
      let record = RuleNode(
        node: node, rule: .record(members(structMembers), order: reportOrder(structMembers.count, live: live)))
      return record.applyingRegisteredFieldOptions(entries.fieldOptions(for: node.type))
    case .array(let count, let element):
      let elementRule = build(element, abi: abi, entries: entries)
      // Chars the built-in entries compare (not a registered `c`) are text to a reader.
      if elementRule.leafKind != nil, ValueDescriber.isCharArray(node) {
        return RuleNode(node: node, rule: .text(count: count))
      }
      return RuleNode(node: node, rule: .array(count: count, element: elementRule))
    }
  }

  /// The order a report visits `count` members in when a tag comes after the union it selects a member
  /// of (the tag is moved to just before the union); `nil` for the members' own order.
  private static func reportOrder(_ count: Int, live: [LiveMemberRule]) -> [Int]? {
    var order = Array(0..<count)
    var moved = false
    for rule in live {
      guard let (union, tag) = rule.diverging, tag > union,
        let from = order.firstIndex(of: tag), let to = order.firstIndex(of: union), from > to
      else { continue }
      order.remove(at: from)
      order.insert(tag, at: to)
      moved = true
    }
    return moved ? order : nil
  }
}

extension RuleNode: LiveMemberTree {
  var liveMember: LiveMemberRule.Choice? {
    if case .union(_, _, let live) = rule { return live }
    return nil
  }

  func subtree(_ index: Int) -> (any LiveMemberTree)? {
    switch rule {
    case .union(_, let views, _): return views.indices.contains(index) ? views[index].rule : nil
    case .record(let members, _): return members.indices.contains(index) ? members[index].rule : nil
    case .array(_, let element): return element
    case .registered, .leaf, .bytes, .text, .ignored: return nil
    }
  }
}
