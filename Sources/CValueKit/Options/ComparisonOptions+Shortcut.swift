extension ComparisonOptions {
  /// How far a comparison under these options may go without the field-by-field walk.
  enum Shortcut: Equatable {
    /// The handle's own compiled plan decides, at the options' tolerance.
    case plan
    /// Steps compiled from the handle's rules with the options applied to them (union members, ignored paths,
    /// field comparers; padding is compared beside them) decide.
    case rules
    /// Only the walk sees every option.
    case walk
  }

  /// The one place that says whether a comparison may skip the walk, derived from the whole value: the
  /// options with what only shapes the report set to its default are compared with the options each shortcut
  /// can honour. A stored property added later changes the comparison, so it turns the shortcuts off until
  /// it is named here: it can never be skipped silently.
  var shortcut: Shortcut {
    var rules = self
    // What only shapes the report: how many mismatches it lists and how it describes values.
    rules.maximumReportedMismatches = Self.default.maximumReportedMismatches
    rules.descriptionOptions = Self.default.descriptionOptions
    rules.maximumDescriptionLength = Self.default.maximumDescriptionLength
    // Every shortcut runs at one tolerance for every leaf.
    rules.tolerance = nil
    if rules == Self.default { return .plan }
    // What is applied to the rules the steps are compiled from, and padding, compared beside them.
    rules.unionMembers = [:]
    rules.ignoredPaths = []
    rules.fieldComparers = [:]
    rules.comparesPadding = false
    return rules == Self.default ? .rules : .walk
  }
}
