/// A type's layout with the comparison rule of every node decided, once, when the type is resolved: which
/// subtrees a registered comparator owns, which leaves the built-in entries compare, and what is compared
/// as bytes.
final class RuleNode: Sendable {
  enum Rule: Sendable {
    /// A comparator (and maybe a describer) the caller registered for this node's type.
    case registered(RegisteredEntry)
    /// A leaf compared by its kind: integers and addresses by value, floats by the tolerance rules.
    case leaf(LeafKind)
    /// A leaf no entry knows, compared by its bytes.
    case bytes
    /// A union, compared over the bytes its members cover: `coverage` compares, from the union's first
    /// byte, every byte (and bitfield bit) some member covers, member by member. `views` are the members,
    /// each by its own rule: they decide nothing, and are walked only to name the fields of a union whose
    /// bytes differ, in every view, since which member is live is unknown.
    case union(coverage: [ComparisonStep], views: [(member: CLayout.Member, rule: RuleNode)])
    /// A `char` array (`[N c]`), compared by its bytes and reported as one field: both strings and the first
    /// index where they differ.
    case text(count: Int)
    /// A struct: each member by its own rule, padding ignored.
    case record([(member: CLayout.Member, rule: RuleNode)])
    /// An array: every element by the element's rule.
    case array(count: Int, element: RuleNode)
  }

  let node: CLayout.Node
  let rule: Rule
  /// How many fields a comparison of this node counts: a registered value counts as one, a union the
  /// fields of all its member views (one when they have none).
  let fieldCount: Int

  init(node: CLayout.Node, rule: Rule) {
    self.node = node
    self.rule = rule
    switch rule {
    case .registered, .leaf, .bytes, .text: fieldCount = node.leafCount == 0 && node.size == 0 ? 0 : 1
    case .union(_, let views):
      let (total, overflow) = views.reduce((0, false)) { sum, view in
        let (next, overflow) = sum.0.addingReportingOverflow(view.rule.fieldCount)
        return (next, sum.1 || overflow)
      }
      fieldCount = overflow ? .max : total > 0 ? total : node.leafCount == 0 && node.size == 0 ? 0 : 1
    case .record(let members): fieldCount = members.reduce(0) { $0 + $1.rule.fieldCount }
    case .array(let count, let element):
      let (product, overflow) = count.multipliedReportingOverflow(by: element.fieldCount)
      fieldCount = overflow ? .max : product
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

  /// Whether a registered comparator owns the whole node.
  var isRegistered: Bool {
    if case .registered = rule { return true }
    return false
  }

  /// Builds the rules for `node` and everything in it.
  static func build(_ node: CLayout.Node, abi: ABI, entries: EntryLookup) -> RuleNode {
    if let entry = entries.entry(for: node.type), entry.compare != nil {
      return RuleNode(node: node, rule: .registered(entry))
    }
    switch node.content {
    case .leaf, .bitfield:
      let kind = LeafKind(node, abi: abi)
      if entries.includesBuiltins, kind != .opaque { return RuleNode(node: node, rule: .leaf(kind)) }
      if case .bitfield = kind { return RuleNode(node: node, rule: .leaf(kind)) }
      return RuleNode(node: node, rule: .bytes)
    case .union(let members):
      var coverage: [ComparisonStep] = []
      ComparisonStep.compileCoverage(of: node, into: &coverage)
      let views = members.map { ($0, build($0.node, abi: abi, entries: entries)) }
      return RuleNode(node: node, rule: .union(coverage: coverage, views: views))
    case .structure(let members):
      return RuleNode(
        node: node, rule: .record(members.map { ($0, build($0.node, abi: abi, entries: entries)) }))
    case .array(let count, let element):
      let elementRule = build(element, abi: abi, entries: entries)
      // Chars the built-in entries compare (not a registered `c`) are text to a reader.
      if elementRule.leafKind != nil, ValueDescriber.isCharArray(node) {
        return RuleNode(node: node, rule: .text(count: count))
      }
      return RuleNode(node: node, rule: .array(count: count, element: elementRule))
    }
  }
}
