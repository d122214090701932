import CValueKit

/// `cvalue layout`: a pahole-like table of fields and holes.
enum LayoutTable {
  static func write(_ layout: CLayout, name: String?, to output: inout StandardOutput) {
    output.write(name.map { "\($0) = \(layout.type)\n" } ?? "\(layout.type)\n")
    output.write("size \(layout.size), alignment \(layout.alignment), stride \(layout.stride) (\(layout.abi.name))\n\n")
    let width = layout.fields.reduce(9) { max($0, $1.path.description.count) }
    output.write(row("offset", "size", "field", "type", width: width))
    var holes = layout.padding.makeIterator()
    var nextHole = holes.next()
    for field in layout.fields {
      while let hole = nextHole, hole.lowerBound < field.offset {
        output.write(holeRow(hole, width: width))
        nextHole = holes.next()
      }
      let offset = field.bits.map { "\(field.offset):\($0.offset % 8)" } ?? String(field.offset)
      let size = field.bits.map { "\($0.width) bit\($0.width == 1 ? "" : "s")" } ?? String(field.size)
      let path = field.path.description.isEmpty ? "(value)" : field.path.description
      output.write(row(offset, size, path, "\(field.type)  \(field.type.cTypeName)", width: width))
    }
    while let hole = nextHole {
      output.write(holeRow(hole, width: width))
      nextHole = holes.next()
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
