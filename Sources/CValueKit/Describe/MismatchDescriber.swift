/// Describes whole values and the fields a comparison reports.
struct MismatchDescriber {
  let describer: ValueDescriber?

  /// The whole value.
  func describe(_ bytes: UnsafeRawBufferPointer) -> String {
    describer?.describe(bytes) ?? ValueDescriber.describeBytes(bytes)
  }

  /// The whole value when its description fits in `budget` characters (or `budget` is `nil`), else the
  /// fields at `routes` with what encloses them (see ``ElidedDescription``).
  func describe(_ bytes: UnsafeRawBufferPointer, differingAt routes: [[Int]], budget: Int?) -> String {
    guard let describer, let budget else { return describe(bytes) }
    return ElidedDescription(routes: routes, describer: describer).describe(bytes, budget: budget)
  }

  /// A field of `value` at byte `offset` (bit `bitOffset`), as in a description, so that a field reads the
  /// same in its mismatch line and in the whole value (`20` in both, not `20.0` in one).
  ///
  /// - Parameters:
  ///   - node: The field's layout.
  ///   - kind: How the field is compared, when it is a leaf compared by its kind (described by its kind
  ///     when there is no describer).
  ///   - isText: Whether the field is a `char` array reported as a string, whatever bytes it holds.
  ///   - liveMembers: The union member rules of the node.
  func describeMismatch(
    _ node: CLayout.Node, kind: LeafKind?, isText: Bool = false, _ value: UnsafeRawBufferPointer, offset: Int,
    bitOffset: Int, liveMembers: (any LiveMemberTree)? = nil
  ) -> String {
    if isText, case .array(let count, _) = node.content {
      return ValueDescriber.charArrayLiteral(
        value, offset: offset, count: count, options: describer?.options ?? .default)
    }
    if describer == nil, let kind {
      return LeafDescription.text(kind, in: value, bitOffset: bitOffset, size: node.size, options: .default)
    }
    guard let describer else { return ValueDescriber.describeBytes(UnsafeRawBufferPointer(rebasing: value[offset...])) }
    return describer.describe(node, in: value, offset: offset, bitOffset: bitOffset, liveMembers: liveMembers)
  }
}
