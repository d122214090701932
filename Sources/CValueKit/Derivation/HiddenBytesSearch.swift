/// Finds the bytes of a value that its visible fields do not account for, with the layout engine's own
/// rules rather than arithmetic of its own: it lays out the derived encoding again with filler members
/// (arrays of `char`, which need no alignment) where the real offsets show that something `Mirror` cannot
/// see is, until every visible piece is where the memory has it. The fillers are then the hidden runs, and
/// every other byte no piece covers is the natural padding of the visible fields.
///
/// A filler goes into the innermost record holding both the piece that is out of place and the piece
/// before it, just before the member that holds the former, so that each member after it keeps its natural
/// alignment; between two elements of an array it goes at the end of the element (every element has it).
struct HiddenBytesSearch {
  /// Where a filler goes: before the field at `position` of the derived record reached by `record` (array
  /// elements as `[0]`, because every element has the filler), or after the last one when `position` is
  /// the field count.
  struct Slot: Hashable {
    var record: [FieldPath.Component]
    var position: Int
  }

  /// What the search found.
  enum Outcome {
    /// Every piece is where the memory has it in this layout, which has the fillers.
    case placed(CLayout, fillers: [Slot: Int])
    /// The piece at `index` is nearer the start than the layout of the pieces before it allows.
    case closer(index: Int, naturalOffset: Int)
    /// The piece at `index` is not where the layout puts it (`naturalOffset`), and no filler places it (the
    /// runs found before it are in `runs`).
    case unplaced(index: Int, naturalOffset: Int, runs: [Range<Int>])
  }

  /// The name a filler member gets: no C or Swift member can have it, so no field path reaches it.
  static let fillerPrefix = "\u{1}hidden"

  /// The name of the member that gives a record with fillers its Swift alignment: an empty array of a
  /// scalar of that alignment, because the hidden members may be what the record's alignment comes from.
  static let alignerName = "\u{1}align"

  let catalog: TypeCatalog
  let encoding: TypeEncoding
  let units: [ProbeUnit]
  let offsets: [Int]
  /// The Swift alignment of each record, by its path with array indices as `[0]`.
  let alignments: [[FieldPath.Component]: Int]

  /// Searches, then pads the end so that the layout has `size` bytes when the value is bigger than its
  /// visible fields (after the rounding up to its alignment that hidden members may cause).
  func search(size: Int) throws(DerivationError) -> Outcome {
    var fillers: [Slot: Int] = [:]
    var layout = try layOut(fillers)
    var rounds = 0
    while let index = try firstMisplaced(in: layout) {
      let derived = try offset(of: index, in: layout)
      if derived > offsets[index] { return .closer(index: index, naturalOffset: derived) }
      // Each round places one more piece, so more rounds than pieces mean a filler unplaced another.
      guard rounds < units.count,
        let (slot, fillerSize) = slot(for: index, shift: offsets[index] - derived, in: layout),
        fillers[slot] != fillerSize
      else {
        return .unplaced(index: index, naturalOffset: derived, runs: Self.fillerRanges(in: layout.root, base: 0))
      }
      fillers[slot] = fillerSize
      layout = try layOut(fillers)
      rounds += 1
    }
    if layout.size < size, case .structure(let members) = layout.root.content, let fields = encoding.record?.fields {
      let placed = members.last { $0.component != .member(Self.alignerName) }
      let end = placed.map { $0.offset + $0.node.size } ?? 0
      fillers[Slot(record: [], position: fields.count)] = size - end
      layout = try layOut(fillers)
    }
    return .placed(layout, fillers: fillers)
  }

  /// The absolute byte range of every filler in a layout, in address order.
  static func fillerRanges(in node: CLayout.Node, base: Int) -> [Range<Int>] {
    switch node.content {
    case .structure(let members):
      return members.flatMap { member -> [Range<Int>] in
        let start = base + member.offset
        if case .member(let name)? = member.component, name.hasPrefix(fillerPrefix) {
          return [start..<(start + member.node.size)]
        }
        return fillerRanges(in: member.node, base: start)
      }
    case .array(let count, let element):
      let inElement = fillerRanges(in: element, base: 0)
      guard !inElement.isEmpty else { return [] }
      return (0..<count).flatMap { index in
        inElement.map { ($0.lowerBound + base + index * element.size)..<($0.upperBound + base + index * element.size) }
      }
    case .leaf, .bitfield, .union:
      return []
    }
  }

  // MARK: - Laying out with fillers

  private func layOut(_ fillers: [Slot: Int]) throws(DerivationError) -> CLayout {
    let type = rewrite(encoding, at: [], fillers)
    do throws(LayoutError) { return try catalog.layout(of: type) } catch { throw .layoutFailed(encoding, error) }
  }

  /// The encoding with the fillers in place. A record that gets one loses its tag, so that no definition or
  /// override registered under the tag applies to what is no longer that record, and gets its Swift
  /// alignment.
  private func rewrite(
    _ type: TypeEncoding, at path: [FieldPath.Component], _ fillers: [Slot: Int]
  ) -> TypeEncoding {
    switch type {
    case .structure(let record):
      guard let fields = record.fields else { return type }
      var result: [TypeEncoding.Field] = []
      var filled = false
      for position in 0...fields.count {
        if let size = fillers[Slot(record: path, position: position)] {
          result.append(
            TypeEncoding.Field(
              name: "\(Self.fillerPrefix)\(position)", type: .array(count: size, element: .scalar(.char))))
          filled = true
        }
        guard position < fields.count else { break }
        let field = fields[position]
        let component = FieldPath.Component.member(field.name ?? "\(position)")
        result.append(TypeEncoding.Field(name: field.name, type: rewrite(field.type, at: path + [component], fillers)))
      }
      guard filled else { return .structure(TypeEncoding.Record(name: record.name, fields: result)) }
      if let alignment = alignments[path], let aligner = Self.scalar(aligningTo: alignment) {
        result.append(TypeEncoding.Field(name: Self.alignerName, type: .array(count: 0, element: .scalar(aligner))))
      }
      return .structure(TypeEncoding.Record(name: nil, fields: result))
    case .array(let count, let element):
      return .array(count: count, element: rewrite(element, at: path + [.index(0)], fillers))
    default:
      return type
    }
  }

  // MARK: - Finding where a filler goes

  private func firstMisplaced(in layout: CLayout) throws(DerivationError) -> Int? {
    for index in units.indices where try offset(of: index, in: layout) != offsets[index] { return index }
    return nil
  }

  private func offset(of index: Int, in layout: CLayout) throws(DerivationError) -> Int {
    guard let (_, offset) = Self.node(at: units[index].path.components[...], in: layout.root) else {
      throw .unreadable(units[index].path)
    }
    return offset
  }

  /// The slot and size of the filler that moves the piece at `index` `shift` bytes on.
  private func slot(for index: Int, shift: Int, in layout: CLayout) -> (Slot, Int)? {
    let target = units[index].path.components
    let previous = index > 0 ? units[index - 1].path.components : []
    var depth = zip(target, previous).prefix { $0 == $1 }.count
    guard depth < target.count, let (container, base) = Self.node(at: target[..<depth], in: layout.root) else {
      return nil
    }
    var node = container
    var start = base
    while true {
      let record = Self.generic(target[..<depth])
      switch node.content {
      case .array(_, let element):
        // The piece before is in an earlier element: every element ends with something hidden.
        guard case .index(let elementIndex) = target[depth], elementIndex > 0, shift % elementIndex == 0,
          let fields = Self.record(at: record + [.index(0)], in: encoding)?.fields, let last = fields.last,
          let lastMember = element.members.first(where: { $0.component == .member(last.name ?? "") })
        else { return nil }
        let end = lastMember.offset + lastMember.node.size
        return (Slot(record: record + [.index(0)], position: fields.count), element.size + shift / elementIndex - end)
      case .structure(let members):
        guard let fields = Self.record(at: record, in: encoding)?.fields,
          let position = fields.firstIndex(where: { .member($0.name ?? "") == target[depth] }),
          let member = members.first(where: { $0.component == target[depth] })
        else { return nil }
        let memberStart = start + member.offset
        let goal = memberStart + shift
        if goal % member.node.alignment != 0, depth + 1 < target.count, case .structure = member.node.content {
          // The member itself starts with something hidden: the filler goes inside it.
          node = member.node
          start = memberStart
          depth += 1
          continue
        }
        var end = start
        if position > 0, let before = members.first(where: { $0.component == .member(fields[position - 1].name ?? "") })
        {
          end = start + before.offset + before.node.size
        }
        guard goal > end else { return nil }
        return (Slot(record: record, position: position), goal - end)
      case .leaf, .bitfield, .union:
        return nil
      }
    }
  }

  /// An integer scalar with the alignment on the host, if there is one.
  private static func scalar(aligningTo alignment: Int) -> TypeEncoding.Scalar? {
    let integers: [TypeEncoding.Scalar] = [.char, .short, .int, .longLong, .int128]
    return integers.first { ABI.host.sizeAndAlignment(of: $0)?.alignment == alignment }
  }

  /// A path with every array index as `[0]`: the element all indices share.
  static func generic(_ components: ArraySlice<FieldPath.Component>) -> [FieldPath.Component] {
    components.map { if case .index = $0 { .index(0) } else { $0 } }
  }

  /// The record of the derived encoding that a generic path reaches.
  private static func record(at path: [FieldPath.Component], in type: TypeEncoding) -> TypeEncoding.Record? {
    var type = type
    for component in path {
      switch (component, type) {
      case (.index, .array(_, let element)): type = element
      case (.member(let name), .structure(let record)):
        guard let field = record.fields?.first(where: { $0.name == name }) else { return nil }
        type = field.type
      default: return nil
      }
    }
    return type.record
  }

  /// The node a path reaches in a layout tree and its offset from the root.
  static func node(
    at components: ArraySlice<FieldPath.Component>, in root: CLayout.Node
  ) -> (CLayout.Node, Int)? {
    var node = root
    var offset = 0
    for component in components {
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
    return (node, offset)
  }
}
