import CValueKit

/// `cvalue layout`: a pahole-like table of fields and holes. A run of consecutive elements of one array with
/// the same scalar type is folded into one row (`.name[0...64]`), as pahole prints arrays; JSON lists them all.
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

  /// One row: a field, or a run of array elements.
  struct Row {
    var first: CLayout.Field
    var count = 1

    var offset: Int { first.offset }
    var path: String {
      guard count > 1, case .index(let start)? = first.path.components.last else {
        return first.path.description.isEmpty ? "(value)" : first.path.description
      }
      return FieldPath(first.path.components.dropLast()).description + "[\(start)...\(start + count - 1)]"
    }
    var offsetText: String { first.bits.map { "\(first.offset):\($0.offset % 8)" } ?? String(first.offset) }
    var sizeText: String {
      first.bits.map { "\($0.width) bit\($0.width == 1 ? "" : "s")" } ?? String(first.size * count)
    }
    var typeText: String {
      "\(first.type)  \(first.type.cTypeName)" + (count > 1 ? " × \(count)" : "")
    }

    /// Whether `field` is the next element of the same array, of the same type, right after this run.
    func continues(with field: CLayout.Field) -> Bool {
      guard first.bits == nil, field.bits == nil, field.type == first.type,
        case .index(let start)? = first.path.components.last, case .index(let index)? = field.path.components.last,
        index == start + count, field.path.components.dropLast() == first.path.components.dropLast()
      else { return false }
      return field.offset == first.offset + count * first.size
    }
  }

  /// The rows of a layout, computed as they are read.
  static func rows(of layout: CLayout) -> some Sequence<Row> {
    AnySequence { () -> AnyIterator<Row> in
      var fields = layout.fields.makeIterator()
      var pending = fields.next().map { Row(first: $0) }
      return AnyIterator {
        guard var current = pending else { return nil }
        while let field = fields.next() {
          if current.continues(with: field) {
            current.count += 1
          } else {
            pending = Row(first: field)
            return current
          }
        }
        pending = nil
        return current
      }
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
