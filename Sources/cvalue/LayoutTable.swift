import CValueKit

/// `cvalue layout`: a pahole-like table of fields and holes. An array of scalars, or of arrays of them, is
/// folded into one row (`.name[0...64]`, `.m[0...1][0...2]`), as pahole prints arrays; JSON lists them all.
enum LayoutTable {
  static func write(_ layout: CLayout, name: String?, to output: inout StandardOutput) {
    output.write(name.map { "\($0) = \(layout.type)\n" } ?? "\(layout.type)\n")
    output.write(
      "size \(layout.size), alignment \(layout.alignment), stride \(layout.stride) (\(layout.abi.name))\n\n")
    // The field column fits the first rows; a later, longer path only shifts its own row, and a layout with
    // millions of rows starts printing at once.
    let width = rows(of: layout).prefix(4096).reduce(9) { max($0, $1.path.count) }
    output.write(row("offset", "size", "field", "type", width: width))
    var holes = layout.padding.makeIterator()
    var nextHole = holes.next()
    for entry in rows(of: layout) {
      while let hole = nextHole, hole.lowerBound < entry.offset {
        output.write(holeRow(hole, width: width))
        nextHole = holes.next()
      }
      output.write(row(entry.offsetText, entry.sizeText, entry.path, entry.typeText, width: width))
    }
    while let hole = nextHole {
      output.write(holeRow(hole, width: width))
      nextHole = holes.next()
    }
  }

  /// A leaf of the layout where a row starts: `CLayout.Field`'s parts.
  struct Leaf {
    var path: FieldPath
    var offset: Int
    var size: Int
    var type: TypeEncoding
    var bits: Range<Int>?
  }

  /// One row: a field, or all the elements of an array of scalars (of arrays of them), as one run.
  struct Row {
    /// The field, or the first element of the run.
    var first: Leaf
    /// The element counts of the folded array dimensions, outermost first; empty for a single field.
    var dimensions: [Int] = []
    /// Whether the row is a flexible array member, which takes no bytes: `.name[]`.
    var isFlexibleArray: Bool { first.size == 0 && dimensions.isEmpty && flexibleElement != nil }
    var flexibleElement: TypeEncoding? {
      if case .array(0, let element) = first.type.unqualified { element } else { nil }
    }

    var offset: Int { first.offset }
    var count: Int { dimensions.reduce(1, *) }
    var path: String {
      if isFlexibleArray { return first.path.description + "[]" }
      guard !dimensions.isEmpty else {
        return first.path.description.isEmpty ? "(value)" : first.path.description
      }
      let prefix = FieldPath(first.path.components.dropLast(dimensions.count)).description
      return prefix + dimensions.map { $0 == 1 ? "[0]" : "[0...\($0 - 1)]" }.joined()
    }
    var offsetText: String { first.bits.map { "\(first.offset):\($0.lowerBound % 8)" } ?? String(first.offset) }
    var sizeText: String {
      first.bits.map { "\($0.count) bit\($0.count == 1 ? "" : "s")" } ?? String(first.size * count)
    }
    var typeText: String {
      if isFlexibleArray, let element = flexibleElement {
        return "\(first.type)  flexible array of \(element.cTypeName)"
      }
      return "\(first.type)  \(first.type.cTypeName)" + (count > 1 ? " × \(count)" : "")
    }
  }

  /// The rows of a layout, computed from its tree as they are read: an array of scalars is one row whatever
  /// its length, so that the table costs time in proportion to its rows, not to the elements they fold.
  static func rows(of layout: CLayout) -> some Sequence<Row> {
    AnySequence { () -> AnyIterator<Row> in
      var iterator = RowIterator(root: layout.root)
      return AnyIterator { iterator.next() }
    }
  }

  /// Walks the layout tree depth first with an explicit stack, as `CLayout.Fields` does, folding arrays of scalars.
  private struct RowIterator: IteratorProtocol {
    private struct Frame {
      var node: CLayout.Node
      var bitBase: Int
      var path: FieldPath
      var next = 0
    }
    private var stack: [Frame]

    init(root: CLayout.Node) { stack = [Frame(node: root, bitBase: 0, path: FieldPath())] }

    mutating func next() -> Row? {
      while var frame = stack.popLast() {
        switch frame.node.content {
        case .leaf, .bitfield:
          return Row(first: Self.field(frame.node, bitBase: frame.bitBase, path: frame.path))
        case .array(let count, let element):
          if frame.next == 0, let row = Self.scalarRun(frame) { return row }
          // An array of elements without leaves (`[N{?=}]`) has no rows, however long it is.
          guard frame.next < count, Self.hasLeaves(element) else { continue }
          let index = frame.next
          frame.next += 1
          stack.append(frame)
          stack.append(
            Frame(
              node: element, bitBase: frame.bitBase + index * element.size * 8,
              path: frame.path.appending(.index(index))))
        case .structure(let members), .union(let members):
          guard frame.next < members.count else { continue }
          let member = members[frame.next]
          frame.next += 1
          stack.append(frame)
          let path = member.component.map { frame.path.appending($0) } ?? frame.path
          // A flexible array member (`char name[]`) is a row of its own, of no bytes.
          if member.node.size == 0, case .array(0, _) = member.node.content {
            return Row(first: Self.field(member.node, bitBase: frame.bitBase + member.bitOffset, path: path))
          }
          stack.append(Frame(node: member.node, bitBase: frame.bitBase + member.bitOffset, path: path))
        }
      }
      return nil
    }

    /// The one row of an array of scalars, or of arrays of them; `nil` for an array of records or an
    /// empty array (which has no rows).
    private static func scalarRun(_ frame: Frame) -> Row? {
      var dimensions: [Int] = []
      var node = frame.node
      var path = frame.path
      while case .array(let count, let element) = node.content {
        guard count > 0 else { return nil }
        dimensions.append(count)
        path = path.appending(.index(0))
        node = element
      }
      guard case .leaf = node.content else { return nil }
      return Row(first: field(node, bitBase: frame.bitBase, path: path), dimensions: dimensions)
    }

    private static func hasLeaves(_ node: CLayout.Node) -> Bool {
      switch node.content {
      case .leaf, .bitfield: return true
      case .array(let count, let element): return count > 0 && hasLeaves(element)
      case .structure(let members), .union(let members):
        return members.contains {
          if $0.node.size == 0, case .array(0, _) = $0.node.content { true } else { hasLeaves($0.node) }
        }
      }
    }

    private static func field(_ node: CLayout.Node, bitBase: Int, path: FieldPath) -> Leaf {
      var bits: Range<Int>?
      if case .bitfield(let width, _) = node.content { bits = bitBase..<bitBase + width }
      return Leaf(path: path, offset: bitBase / 8, size: node.size, type: node.type, bits: bits)
    }
  }

  private static func holeRow(_ hole: Range<Int>, width: Int) -> String {
    row(
      String(hole.lowerBound), String(hole.count), "(padding)",
      "hole of \(hole.count) byte\(hole.count == 1 ? "" : "s")", width: width)
  }

  private static func row(_ offset: String, _ size: String, _ field: String, _ type: String, width: Int) -> String {
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) }
    return "\(pad(offset, 6))\(offset)  \(pad(size, 7))\(size)  \(field)\(pad(field, width))  \(type)\n"
  }
}
