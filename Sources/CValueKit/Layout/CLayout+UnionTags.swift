extension CLayout {
  /// The unions of the layout that look tagged, outermost first: each union's path, the tag field that
  /// says which member it holds, and the member each tag value selects, as
  /// ``UnionMember/tagged(by:members:unknownAsBytes:)`` takes them once the values are known.
  ///
  /// Two shapes are found: a union whose struct members all start with the same integer field (X11's
  /// `XEvent`, every member `int type` first: the C11 common initial sequence), and one beside an enum field
  /// of its record (`.kind` beside `.body`). An enum's constant names the member it selects when its name
  /// ends with the member's (`CV_MESSAGE_TEXT` selects `text`), and members no constant names are left out;
  /// a value the layout cannot tell is `nil`, for the user to fill in. `cvalue layout --header` prints these
  /// as `--union-tag` rules to paste.
  ///
  /// ```swift
  /// // struct shape { enum shape_kind kind; union { double circle; float square; } u; }, imported
  /// layout.unionTagCandidates.first
  /// // (union: .u, tag: .kind, members: [(name: "circle", value: 1), (name: "square", value: 2)])
  /// ```
  ///
  /// A union reached through an anonymous member is named by the path of the record holding it, which is
  /// how a rule names it.
  public var unionTagCandidates: [(union: FieldPath, tag: FieldPath, members: [(name: String, value: Int64?)])] {
    var result: [UnionTagCandidates.Candidate] = []
    UnionTagCandidates.visit(root, path: FieldPath(), into: &result)
    return result
  }
}

/// Finds ``CLayout/unionTagCandidates`` in a layout tree.
enum UnionTagCandidates {
  typealias Candidate = (union: FieldPath, tag: FieldPath, members: [(name: String, value: Int64?)])

  /// Looks at `node`, reached by `path` (for an anonymous member, the path of the record holding it, which
  /// is how a rule names its union), and at what it holds, arrays aside: a rule never goes through one.
  static func visit(_ node: CLayout.Node, path: FieldPath, into result: inout [Candidate]) {
    switch node.content {
    case .union(let members):
      if let rule = commonLeadingField(members, path: path) { result.append(rule) }
      for member in members { visit(member.node, path: path.appending(member.component), into: &result) }
    case .structure(let members):
      let enums = members.compactMap { member -> (name: String, enumeration: CEnumeration)? in
        guard case .member(let name)? = member.component, let enumeration = member.node.enumeration,
          case .leaf = member.node.content
        else { return nil }
        return (name, enumeration)
      }
      for member in members {
        let memberPath = path.appending(member.component)
        if case .union(let unionMembers) = member.node.content {
          for (name, enumeration) in enums {
            let tag = path.appending(.member(name))
            let values = unionMembers.map { value(for: $0, in: enumeration) }
            // Members no constant names (a `raw` byte view) are left out when others are named.
            let named = values.filter { $0.value != nil }
            result.append((memberPath, tag, named.isEmpty ? values : named))
          }
        }
        visit(member.node, path: memberPath, into: &result)
      }
    case .leaf, .bitfield, .array:
      return
    }
  }

  /// A rule whose tag is the integer field every struct member starts with, or `nil`.
  private static func commonLeadingField(_ members: [CLayout.Member], path: FieldPath) -> Candidate? {
    let records = members.filter { member in
      if case .structure = member.node.content { true } else { false }
    }
    guard records.count >= 2, let first = leadingField(records[0].node) else { return nil }
    guard
      records.allSatisfy({ record in
        leadingField(record.node).map { $0.name == first.name && $0.node.type == first.node.type } ?? false
      })
    else { return nil }
    // The union's own member of that name and type when it has one (XEvent's `type`), else the first
    // struct's.
    let direct = members.contains { $0.component == .member(first.name) && $0.node.type == first.node.type }
    let tag =
      direct
      ? path.appending(.member(first.name))
      : FieldPath(path.appending(records[0].component).components + first.path.components)
    return (path, tag, records.map { (name(of: $0), nil) })
  }

  /// The integer leaf a struct starts with, through first members that are structs, and its path from it.
  private static func leadingField(_ node: CLayout.Node) -> (name: String, node: CLayout.Node, path: FieldPath)? {
    guard case .structure(let members) = node.content, let first = members.first, first.bitOffset == 0 else {
      return nil
    }
    switch first.node.content {
    case .leaf:
      guard case .member(let name)? = first.component, case .scalar(let scalar) = first.node.type.unqualified,
        scalar.isInteger
      else { return nil }
      return (name, first.node, FieldPath([.member(name)]))
    case .structure:
      guard let inner = leadingField(first.node) else { return nil }
      return (inner.name, inner.node, FieldPath((first.component.map { [$0] } ?? []) + inner.path.components))
    case .bitfield, .union, .array:
      return nil
    }
  }

  /// The member's name and the value of the enum constant whose name ends with it, if any.
  private static func value(for member: CLayout.Member, in enumeration: CEnumeration) -> (
    name: String, value: Int64?
  ) {
    let name = name(of: member)
    let suffix = "_" + name.lowercased()
    let constant = enumeration.constants.first { constant in
      let lowered = constant.name.lowercased()
      return lowered == name.lowercased() || lowered.hasSuffix(suffix)
    }
    return (name, constant?.value)
  }

  /// How a rule names a member: its name, or for an anonymous struct or union the first field it holds.
  private static func name(of member: CLayout.Member) -> String {
    switch member.component {
    case .member(let name)?: return name
    case .position(let position)?: return "\(position)"
    default: return member.node.members.first.map(name(of:)) ?? "?"
    }
  }
}

extension FieldPath {
  /// The path with `component` added, or the same path for an anonymous member, which C reaches through.
  fileprivate func appending(_ component: Component?) -> FieldPath {
    component.map { appending($0) } ?? self
  }
}
