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

  /// A field of `value` at byte `offset` (bit `bitOffset`): floating-point leaves as Swift prints them
  /// (`20.0`, so a report shows they are floating point), everything else as in a description.
  ///
  /// - Parameters:
  ///   - node: The field's layout.
  ///   - kind: How the field is compared, when it is a leaf compared by its kind.
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
    if let kind {
      switch kind {
      case .float: return "\(value.loadUnaligned(fromByteOffset: offset, as: Float.self))"
      case .double: return "\(value.loadUnaligned(fromByteOffset: offset, as: Double.self))"
      #if arch(x86_64) && !os(Windows)
        case .x87Extended: return "\(value.loadUnaligned(fromByteOffset: offset, as: Float80.self))"
      #endif
      default: break
      }
    }
    guard let describer else { return ValueDescriber.describeBytes(UnsafeRawBufferPointer(rebasing: value[offset...])) }
    return describer.describe(node, in: value, offset: offset, bitOffset: bitOffset, liveMembers: liveMembers)
  }
}
