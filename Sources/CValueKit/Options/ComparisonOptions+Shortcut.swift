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

  /// The one place that says whether a comparison may skip the walk: every stored property is named here,
  /// as what only shapes the report or what changes equality.
  ///
  /// Comparing the whole value against the default (with the report's properties normalised away) would
  /// see a new property by itself, but costs 45 ns on every `compare` (150 → 195 ns for an equal rect);
  /// instead `ComparisonOptionsTests` lists the stored properties with `Mirror` and fails until a new one
  /// is classified there, and then until this property gives the walk for it.
  var shortcut: Shortcut {
    // Only shape the report, and every shortcut runs at one tolerance for every leaf: tolerance,
    // maximumReportedMismatches, descriptionOptions, maximumDescriptionLength.
    // Need the walk: a tolerance per field.
    guard fieldTolerances.isEmpty else { return .walk }
    // Applied to the rules the steps are compiled from, or (padding) compared beside them.
    let applied = !unionMembers.isEmpty || !ignoredPaths.isEmpty || !fieldComparers.isEmpty || comparesPadding
    return applied ? .rules : .plan
  }
}
