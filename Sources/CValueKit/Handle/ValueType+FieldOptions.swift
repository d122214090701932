extension ValueType {
  /// The rules with the comparison's ignored paths and field comparers put in (comparers first, so that an
  /// ignored path wins), or `rules` itself when there are none.
  func applyingFieldOptions(_ options: ComparisonOptions, to rules: RuleNode, in type: TypeEncoding? = nil)
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
