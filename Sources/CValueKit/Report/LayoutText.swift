/// A layout's text, written one way for the two places that show it: the table of the text format
/// (``CLayout/report(as:name:alignmentSource:to:)``, `cvalue layout`), a pahole-like table of fields and holes
/// in which an array of scalars, or of arrays of them, is folded into one row (`.name[0...64]`,
/// `.m[0...1][0...2]`) and an array of records is listed by its first element's rows
/// (`.items[0...99].a`, marked `(× 100 every 8 bytes)`), as pahole prints arrays; and the one line a field of a
/// snapshot's header (``CLayout/fieldLines``).
enum LayoutText {
  /// The table: the type and its size, then a row a field (or run of folded elements) and a row a hole.
  static func writeTable(
    _ layout: CLayout, name: String?, alignmentIsKnown: Bool = true, to output: inout some TextOutputStream
  ) {
    output.write(name.map { "\($0) = \(layout.type)\n" } ?? "\(layout.type)\n")
    let alignment = alignmentIsKnown ? "\(layout.alignment)" : "unknown (at most \(layout.alignment))"
    output.write("size \(layout.size), alignment \(alignment), stride \(layout.stride) (\(layout.abi.name))\n\n")
    // The field column fits the first rows; a later, longer path only shifts its own row, and a layout with
    // millions of rows starts printing at once.
    let width = rows(of: layout).prefix(4096).reduce(9) { max($0, $1.path.count) }
    output.write(row("offset", "size", "field", "type", width: width))
    var holes = layout.foldedPadding.makeIterator()
    var nextHole = holes.next()
    for entry in rows(of: layout) {
      while let hole = nextHole, hole.range.lowerBound < entry.offset {
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

  /// One row: a field, or all the elements of an array of scalars (of arrays of them), as one run: one of
  /// the layout's ``CLayout/foldedFields``.
  struct Row {
    /// The field, or the first element of the run.
    var first: CLayout.Field
    /// The element counts of the folded array dimensions, outermost first; empty for a single field.
    var dimensions: [Int] { first.foldedCounts }
    /// Whether the row is a flexible array member, which takes no bytes: `.name[]`.
    var isFlexibleArray: Bool { dimensions.isEmpty && first.flexibleArrayElement != nil }

    var offset: Int { first.offset }
    var count: Int { dimensions.reduce(1, *) }
    var path: String {
      if isFlexibleArray { return first.path.description + "[]" }
      guard !dimensions.isEmpty || !first.recordFolds.isEmpty else {
        return first.path.description.isEmpty ? "(value)" : first.path.description
      }
      // Every index of a folded field's path is folded: the arrays of records first, then the scalars'.
      var counts = (first.recordFolds.map(\.count) + dimensions).makeIterator()
      return first.path.components.map { component in
        guard case .index = component, let count = counts.next() else { return component.description }
        return count == 1 ? "[0]" : "[0...\(count - 1)]"
      }.joined()
    }
    var offsetText: String { first.bits.map { "\(first.offset):\($0.lowerBound % 8)" } ?? String(first.offset) }
    var sizeText: String {
      first.bits.map { "\($0.count) bit\($0.count == 1 ? "" : "s")" } ?? String(first.size * count)
    }
    var typeText: String {
      if isFlexibleArray, let element = first.flexibleArrayElement {
        return "\(first.type)  flexible array of \(element.cTypeName)"
      }
      if first.isVtablePointer { return "\(first.type)  the vtable pointer, not compared" }
      return "\(first.type)  \(cTypeName)" + (count > 1 ? " × \(count)" : "") + LayoutText.repeats(first.recordFolds)
    }
    /// How C declares the field: an enum member as its enum type (`enum e8`, `enum e8 : 4`), whatever its
    /// integer.
    var cTypeName: String {
      guard let name = first.enumeration?.name else { return first.type.cTypeName }
      return first.bits.map { "\(name) : \($0.count)" } ?? name
    }
  }

  /// The rows of a layout, as they are read: an array of scalars is one row whatever its length, so that
  /// the table costs time in proportion to its rows, not to the elements they fold.
  static func rows(of layout: CLayout) -> some Sequence<Row> { layout.foldedFields.lazy.map { Row(first: $0) } }

  private static func holeRow(_ hole: CLayout.FoldedHole, width: Int) -> String {
    let range = hole.range
    return row(
      String(range.lowerBound), String(range.count), "(padding)",
      "hole of \(range.count) byte\(range.count == 1 ? "" : "s")" + repeats(hole.folds), width: width)
  }

  /// What a row of the first element of arrays of records stands for: `  (× 100 every 8 bytes)`, one
  /// `× N every S bytes` an array of more than one element, outermost first; empty for none.
  static func repeats(_ folds: [CLayout.ArrayFold]) -> String {
    let shown = folds.filter { $0.count > 1 }
    guard !shown.isEmpty else { return "" }
    return "  ("
      + shown.map { "× \($0.count) every \($0.stride) byte\($0.stride == 1 ? "" : "s")" }.joined(separator: ", ") + ")"
  }

  private static func row(_ offset: String, _ size: String, _ field: String, _ type: String, width: Int) -> String {
    func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) }
    return "\(pad(offset, 6))\(offset)  \(pad(size, 7))\(size)  \(field)\(pad(field, width))  \(type)\n"
  }

  /// One line a field, array elements folded into one line with `[*]` and the element count:
  /// `.c_cc[*] @17 +1 unsigned char [32]`.
  static func fieldLines(_ layout: CLayout) -> [String] {
    var lines: [String] = []
    var counts: [String: Int] = [:]
    for field in layout.fields {
      var folded = field.path
      folded.components = folded.components.map { if case .index = $0 { .anyIndex } else { $0 } }
      let key = folded.description
      if let count = counts[key] {
        counts[key] = count + 1
        continue
      }
      counts[key] = 1
      let place = field.bits.map { "bit \($0.lowerBound) width \($0.count)" } ?? "\(field.offset)"
      lines.append("\(key) @\(place) +\(field.size) \(field.type.cTypeName)")
    }
    return lines.map { line in
      let key = String(line.prefix { $0 != " " })
      guard let count = counts[key], count > 1 else { return line }
      return "\(line) [\(count)]"
    }
  }
}
