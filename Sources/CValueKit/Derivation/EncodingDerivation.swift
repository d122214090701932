/// Derives the encoding of a plain-data Swift type, such as an imported C struct, from its stored properties
/// as `Mirror` shows them, and proves it against the real layout.
///
/// The encoding is built from the field names and types of a zero-filled value. Then the layout the catalog
/// computes for it must match the memory: the Swift type's size and alignment, and the offset of every
/// field, found by ``LayoutProbe``. A member `Mirror` cannot see moves the fields after it or grows the
/// type, and that is an error naming the bytes; nothing partial is returned.
struct EncodingDerivation {
  let catalog: TypeCatalog
  let known: SwiftTypeEncodings

  func derive<Value>(_: Value.Type) throws(DerivationError) -> TypeEncoding {
    guard MemoryLayout<Value>.size > 0, let zero = SwiftLeafTypes.zeroValue(of: Value.self) else {
      throw .unsupportedType("\(Value.self)", at: FieldPath())
    }
    var walk = MirrorWalk(known: known, catalog: catalog)
    let encoding = try walk.encode(zero, path: FieldPath())
    let offsets = try LayoutProbe<Value>(known: known, catalog: catalog).offsets(of: walk.units)
    for (unit, offset) in zip(walk.units, offsets) {
      if case .opaque(let swiftType) = unit.kind {
        throw .opaqueField(unit.path, swiftType: swiftType, bytes: offset..<(offset + unit.size))
      }
    }
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: encoding) } catch {
      throw .layoutFailed(encoding, error)
    }
    try check(layout, walk.units, offsets, Value.self)
    return encoding
  }

  /// Compares the derived layout with the memory: each piece where it is, then the size and alignment.
  private func check<Value>(_ layout: CLayout, _ units: [ProbeUnit], _ offsets: [Int], _: Value.Type)
    throws(DerivationError)
  {
    for (index, unit) in units.enumerated() {
      guard let derived = Self.offset(of: unit.path, in: layout.root) else { throw .unreadable(unit.path) }
      let actual = offsets[index]
      if actual > derived {
        throw .hole(bytes: derived..<actual, after: index > 0 ? units[index - 1].path : nil, before: unit.path)
      }
      if actual < derived { throw .misplacedField(unit.path, derivedOffset: derived, actualOffset: actual) }
    }
    let size = MemoryLayout<Value>.size
    let fitsSize =
      layout.size == size || (size < layout.size && MemoryLayout<Value>.stride == layout.stride)
    if layout.size < size {
      throw .hole(bytes: layout.size..<size, after: units.last?.path, before: nil)
    }
    guard fitsSize, layout.alignment == MemoryLayout<Value>.alignment else {
      throw .sizeMismatch(
        derived: layout.type, size: layout.size, alignment: layout.alignment, swiftSize: size,
        swiftAlignment: MemoryLayout<Value>.alignment)
    }
  }

  /// The offset of the node a path reaches in a layout tree.
  static func offset(of path: FieldPath, in root: CLayout.Node) -> Int? {
    var node = root
    var offset = 0
    for component in path.components {
      switch (component, node.content) {
      case (.index(let index), .array(let count, let element)) where index < count:
        offset += index * element.size
        node = element
      case (.member, .structure(let members)):
        guard let member = members.first(where: { $0.component == component }) else { return nil }
        offset += member.offset
        node = member.node
      default:
        return nil
      }
    }
    return offset
  }
}
