import CValueKit

/// The `--union-tag` rules `cvalue layout --header` suggests, for the unions the library finds that look
/// tagged (``CLayout/unionTagCandidates``): one argument per union, outermost first, a value the layout
/// cannot tell written `N`, for the user to fill in.
enum UnionTagSuggestion {
  /// One `--union-tag` argument per tagged-looking union, outermost first.
  static func suggestions(for layout: CLayout) -> [String] {
    layout.unionTagCandidates.map { candidate in
      let map = candidate.members.map { "\($0.value.map(String.init) ?? "N")=\($0.name)" }.joined(separator: ",")
      let union = candidate.union.components.isEmpty ? "." : candidate.union.description
      return "--union-tag \(union)=\(candidate.tag):\(map)"
    }
  }
}
