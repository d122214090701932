// A comparison's compared options, applied in one place: checked against the type and put into the rules (union
// members, ignored paths, field comparers) that a plan is compiled from. One value and `count` values as one C
// array are applied here alike.

/// A comparison's options applied to what it compares: one value, or `count` values as one C array.
struct AppliedOptions {
  /// The rules the values are compared, described and counted by.
  let rules: RuleNode
  /// One value's rules (an element's, for an array) with the union members applied: a comparer registered
  /// for the whole value decides in the walk, never in a verdict as well.
  let value: RuleNode
  /// The tolerance for leaves without a field tolerance.
  let tolerance: FloatTolerance
}

extension ValueType {
  /// `options` checked against the type and applied to `rules` (the handle's), for one value when `count` is
  /// `nil` and for `count` values as one C array `[count T]`, whose node is `array`.
  func apply(_ options: ComparedOptions, to rules: RuleNode, count: Int?, array: CLayout.Node?)
    throws(ValueError) -> AppliedOptions
  {
    // What is compared: the value itself, or the array of `count` of them.
    func whole(_ value: RuleNode) -> RuleNode {
      array.map { RuleNode(node: $0, rule: .array(count: count ?? 0, element: value)) } ?? value
    }
    let tolerance = try validate(options, rules: whole(rules))
    let value = try applying(options.unionMembers, to: rules)
    let all = try applyingFieldOptions(options, to: whole(value), in: array?.type)
    // One value's field options can replace the whole value's rules (a comparer at the value's own path).
    return AppliedOptions(rules: all, value: array == nil ? all : value, tolerance: tolerance)
  }

  /// Refuses union member rules for a type whose layout is unknown: with no members to find them in, they
  /// cannot be checked, and ignoring them would be a silent guess.
  func refuseUnionMembers(_ options: ComparisonOptions) throws(ValueError) {
    guard options.unionMembers.isEmpty else {
      throw .layoutUnknown(type, layoutError ?? LayoutError(.unknownHasNoSize))
    }
  }

  /// Checks the options against the type and returns the tolerance for leaves without a field tolerance.
  /// A default tolerance that is not valid is not refused here: a plan keeps it, and options given with it are
  /// refused when they compare (``ComparisonPlan/toleranceProblem``), while a comparison without options runs at
  /// it.
  private func validate(_ options: ComparedOptions, rules: RuleNode) throws(ValueError) -> FloatTolerance {
    let tolerance = options.tolerance ?? defaultTolerance
    if options.tolerance != nil, let problem = tolerance.problem { throw .invalidTolerance(problem, at: FieldPath()) }
    for (path, fieldTolerance) in options.fieldTolerances {
      guard let field = rules.field(at: path) else { throw .unknownFieldPath(path, in: type) }
      if let problem = fieldTolerance.problem { throw .invalidTolerance(problem, at: path) }
      // A tolerance that could never apply is a mistake in the options, not a silent no-op.
      guard field.holdsFloatingPoint(abi: abi) else {
        throw .invalidTolerance(
          "a tolerance needs a floating-point field, and \(field.type.errorName) holds none", at: path)
      }
    }
    return tolerance
  }

  /// `rules` (this handle's, or an element's for a run of values) with the union member rules `unionMembers`,
  /// by paths from `rules`' node, in place of registered ones for the same unions; `rules` itself when there
  /// are none.
  func applying(_ unionMembers: [FieldPath: UnionMember], to rules: RuleNode) throws(ValueError) -> RuleNode {
    guard !unionMembers.isEmpty else { return rules }
    var live: [LiveMemberRule] = []
    for (path, member) in unionMembers.sorted(by: { $0.key.description < $1.key.description }) {
      do throws(UnionMemberError) {
        live.append(try LiveMemberRule.resolve(member, at: path, in: rules.node, abi: abi))
      } catch {
        throw error.valueError(in: rules.node.type)
      }
    }
    return RuleNode.build(rules.node, abi: abi, entries: entries, live: live)
  }

  /// The rules with the comparison's ignored paths and field comparers put in (comparers first, so that an
  /// ignored path wins), or `rules` itself when there are none.
  private func applyingFieldOptions(_ options: ComparedOptions, to rules: RuleNode, in type: TypeEncoding?)
    throws(ValueError) -> RuleNode
  {
    guard !options.ignoredPaths.isEmpty || !options.fieldComparers.isEmpty else { return rules }
    let type = type ?? self.type
    var rules = rules
    for (path, comparer) in options.fieldComparers.sorted(by: { $0.key.description < $1.key.description }) {
      rules = try rules.applying(.comparer(comparer), at: path.components[...], whole: path, in: type)
    }
    for path in options.ignoredPaths.sorted(by: { $0.description < $1.description }) {
      rules = try rules.applying(.ignored, at: path.components[...], whole: path, in: type)
    }
    return rules
  }
}
