/// What an ignored path or a field comparer does to the field it names.
enum FieldOption: Sendable {
  /// Not compared, not counted.
  case ignored
  /// Compared by the comparer alone.
  case comparer(FieldComparer)
}

extension RuleNode {
  /// The rules with `option` put at `path`, the nodes along the path rebuilt and everything else shared.
  ///
  /// A path reaches the members of anonymous structs and unions as C does, and every element of an array
  /// by `[*]`. `whole` is the path as written, and `type` the type it is read from, for errors.
  func applying(
    _ option: FieldOption, at path: ArraySlice<FieldPath.Component>, whole: FieldPath, in type: TypeEncoding
  ) throws(ValueError) -> RuleNode {
    guard let component = path.first else {
      switch option {
      case .ignored: return RuleNode(node: node, rule: .ignored)
      case .comparer(let comparer):
        guard comparer.fits(node.type, size: node.size) else {
          throw .comparerDoesNotFit(whole, comparer: comparer.description, field: node.type, in: type)
        }
        let entry = RegisteredEntry(type: node.type, compare: comparer.box.compare, describe: comparer.box.describe)
        return RuleNode(node: node, rule: .registered(entry))
      }
    }
    switch rule {
    case .record(let members, let order):
      let changed = try Self.applying(option, to: members, at: path, whole: whole, in: type)
      return RuleNode(node: node, rule: .record(changed, order: order))
    case .union(_, let views, let live):
      let changed = try Self.applying(option, to: views, at: path, whole: whole, in: type)
      var coverage: [ComparisonStep] = []
      for (member, rule) in changed {
        rule.compileCoverage(base: member.offset, bitBase: member.bitOffset, into: &coverage)
      }
      return RuleNode(node: node, rule: .union(coverage: coverage, views: changed, live: live))
    case .array(let count, let element):
      switch component {
      case .anyIndex:
        let changed = try element.applying(option, at: path.dropFirst(), whole: whole, in: type)
        return RuleNode(node: node, rule: .array(count: count, element: changed))
      case .index: throw .pathThroughElement(whole, in: type)
      case .member, .position: throw .unknownFieldPath(whole, in: type)
      }
    case .registered, .leaf, .bytes, .text, .ignored:
      throw .unknownFieldPath(whole, in: type)
    }
  }

  /// The members (or union views) with `option` put at `path` inside the one the path's first step
  /// names, directly or through anonymous members.
  private static func applying(
    _ option: FieldOption, to members: [(member: CLayout.Member, rule: RuleNode)],
    at path: ArraySlice<FieldPath.Component>, whole: FieldPath, in type: TypeEncoding
  ) throws(ValueError) -> [(member: CLayout.Member, rule: RuleNode)] {
    guard let component = path.first else { return members }
    var members = members
    if let index = members.firstIndex(where: { $0.member.component == component }) {
      members[index].rule = try members[index].rule.applying(option, at: path.dropFirst(), whole: whole, in: type)
      return members
    }
    // C reaches the members of an anonymous struct or union directly.
    if let index = members.firstIndex(where: {
      $0.member.component == nil && RuleNode.child(of: $0.member.node, along: component) != nil
    }) {
      members[index].rule = try members[index].rule.applying(option, at: path, whole: whole, in: type)
      return members
    }
    throw .unknownFieldPath(whole, in: type)
  }

  /// The rules with the ignored paths and field comparers registered for the node's record type put in
  /// (they were checked when registered). Ignored paths go in last, so that they win over comparers.
  func applyingRegisteredFieldOptions(_ options: [(path: FieldPath, option: FieldOption)]) -> RuleNode {
    var rules = self
    for (path, option) in options {
      if let changed = try? rules.applying(option, at: path.components[...], whole: path, in: node.type) {
        rules = changed
      }
    }
    return rules
  }

  /// The paths of the ignored fields in the node reached by `path`, `[*]` for every element of an array.
  func ignoredPaths(from path: FieldPath = FieldPath(), into paths: inout [FieldPath]) {
    guard hasIgnored else { return }
    switch rule {
    case .ignored: paths.append(path)
    case .record(let members, _), .union(_, let members, _):
      for (member, rule) in members {
        rule.ignoredPaths(from: member.component.map { path.appending($0) } ?? path, into: &paths)
      }
    case .array(_, let element): element.ignoredPaths(from: path.appending(.anyIndex), into: &paths)
    case .registered, .leaf, .bytes, .text: return
    }
  }

  /// The bytes and bits the node covers (from byte `base`, bit `bitBase`), as a union compares them,
  /// leaving out ignored fields and comparing a field with a comparer by its comparer.
  func compileCoverage(base: Int, bitBase: Int, into steps: inout [ComparisonStep]) {
    switch rule {
    case .ignored: return
    case .registered: ComparisonStep.compile(self, base: base, bitBase: bitBase, into: &steps)
    case .record(let members, _), .union(_, let members, _):
      for (member, rule) in members {
        rule.compileCoverage(base: base + member.offset, bitBase: base * 8 + member.bitOffset, into: &steps)
      }
    case .array(let count, let element):
      for index in 0..<count {
        let offset = base + index * element.node.size
        element.compileCoverage(base: offset, bitBase: offset * 8, into: &steps)
      }
    case .leaf, .bytes, .text:
      ComparisonStep.compileCoverage(of: node, base: base, bitBase: bitBase, into: &steps)
    }
  }
}
