/// Why a Swift type's size is not the size of the encoding it was given, when the sizes themselves show it.
///
/// Packing only removes padding. So a Swift type smaller than the encoding's natural layout, but not
/// smaller than the bytes the encoding's members fill, is likely a packed C type (`epoll_event` is 12
/// bytes; `{epoll_event=IQ}` is 16, of which its members fill 12), and its fix is a layout override. A
/// Swift type smaller than that, or larger, gets no guess: the encoding is then not the type's.
enum SwiftTypeSizeCause {
  /// The cause and the fix, as text to follow `X is 12 bytes, but {…} is 16 bytes`, or `nil` when the sizes
  /// show nothing (a scalar, a larger Swift type, an encoding whose layout needs a catalog's definitions).
  static func advice(swiftType: String, size: Int, type: TypeEncoding, typeSize: Int) -> String? {
    guard size < typeSize, case .structure = type.unqualified,
      let layout = try? TypeCatalog().layout(of: type), layout.size == typeSize
    else { return nil }
    let filled = typeSize - layout.padding.reduce(0) { $0 + $1.count }
    guard size >= filled else { return nil }
    let override =
      "LayoutOverride(size: \(size), alignment: MemoryLayout<\(swiftType)>.alignment, memberOffsets: "
      + "\(size == filled ? packedOffsets(layout.root) ?? "[…]" : "[…]"))"
    return ": its members fill \(filled) of those \(typeSize) bytes, so the C type is likely packed "
      + "(__attribute__((packed)) or #pragma pack); register its exact layout with registry.catalog.register("
      + "\(DerivationError.swiftLiteral(type.description)), override: "
      + "\(override)); for a type from a C header, "
      + "import the header (catalog.importHeaders)"
  }

  /// The offsets of the top-level members when they follow one another with no byte between them: known
  /// only when every member has no padding of its own and none is a bitfield.
  private static func packedOffsets(_ root: CLayout.Node) -> String? {
    guard case .structure(let members) = root.content else { return nil }
    var offsets: [Int] = []
    var end = 0
    for member in members {
      guard member.node.isDense, member.bitOffset % 8 == 0 else { return nil }
      if case .bitfield = member.node.content { return nil }
      offsets.append(end)
      end += member.node.size
    }
    return "[\(offsets.map(String.init).joined(separator: ", "))]"
  }
}
