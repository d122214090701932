import CValueKit

/// The members of a record's layout, found by name as the library's families look for them: a field by its
/// exact path, or by the path's ends (through a base class named with its template arguments), or the one
/// member of a name at the shallowest depth it is at.
struct RecordFields {
  let layout: CLayout

  init(_ layout: CLayout) { self.layout = layout }

  var pointerSize: Int { layout.abi.pointerSize }

  /// The one field whose path from the record is exactly `path`, or, with `through`, starts with `through`
  /// (a base class, libc++'s compressed pair element, each named with its template arguments) and ends with
  /// `path`; `nil` when there is none or more than one, or it is a bitfield.
  func field(_ path: String, through prefix: String? = nil) -> CLayout.Field? {
    let matches = layout.fields.filter { field in
      let text = field.path.description
      guard field.bits == nil else { return false }
      guard let prefix else { return text == path }
      return text.hasPrefix(prefix) && text.hasSuffix(path) && text.count > prefix.count + path.count
    }
    return matches.count == 1 ? matches[0] : nil
  }

  /// The type a pointer-sized pointer field points to.
  func pointee(_ field: CLayout.Field) -> TypeEncoding? {
    guard field.size == pointerSize, case .pointer(let element) = field.type.unqualified else { return nil }
    return element
  }

  /// The one member of this name at the shallowest depth it is at (through bases and anonymous unions), with its
  /// offset: the outermost, as an optional's engaged flag is, not that of the optional it holds.
  func member(_ name: String) -> (offset: Int, node: CLayout.Node)? {
    Self.outermost(name, in: layout).map { ($0.offset, $0.node) }
  }

  /// A pointer-sized pointer member of this name (``member(_:)``), with what it points to.
  func pointer(_ name: String) -> (offset: Int, element: TypeEncoding)? {
    guard let found = member(name), found.node.size == pointerSize,
      case .pointer(let element) = found.node.type.unqualified
    else { return nil }
    return (found.offset, element)
  }

  /// The offset of a pointer-sized integer member of this name (``member(_:)``): a count or a length.
  func count(_ name: String) -> Int? {
    guard let found = member(name), found.node.size == pointerSize,
      case .scalar(let scalar) = found.node.type.unqualified,
      scalar.isInteger
    else { return nil }
    return found.offset
  }

  /// The outermost member named `name` in `layout`, with its offset, size and node: `nil` when there is none, or
  /// more than one at that depth.
  static func outermost(_ name: String, in layout: CLayout) -> (offset: Int, size: Int, node: CLayout.Node)? {
    var level: [(node: CLayout.Node, bitOffset: Int)] = [(layout.root, 0)]
    while !level.isEmpty {
      var next: [(node: CLayout.Node, bitOffset: Int)] = []
      var found: [(offset: Int, size: Int, node: CLayout.Node)] = []
      for (node, bitOffset) in level {
        for member in node.members {
          let offset = bitOffset + member.bitOffset
          if member.component == .member(name) { found.append((offset / 8, member.node.size, member.node)) }
          next.append((member.node, offset))
        }
      }
      if !found.isEmpty { return found.count == 1 ? found[0] : nil }
      level = next
    }
    return nil
  }
}
