/// A debugging information entry: where it is, its tag, whether it has children, and the unit that reads its
/// attributes. A value: copying it reads nothing, and it keeps its unit (and the file's bytes) alive.
///
/// ```swift
/// let unit = try dwarf.unit(at: 0)
/// for child in try unit.root().children() where child.tag == .structureType {
///   print(try child.string(.name) ?? "(anonymous)", try child.attribute(.byteSize)?.value.unsigned ?? 0)
/// }
/// ```
package struct DIE {
  package let unit: DWARFUnit
  /// Where it is in its unit's section (`.debug_info`, `.debug_types`, a `.dwo`'s or package's).
  package let offset: UInt64
  /// Where its attribute values start.
  let valuesOffset: Int
  let abbreviation: Int32
  package let tag: DWTag
  package let hasChildren: Bool

  /// What tells it from every other DIE while its file is open, across files (a split build's `.dwo` files
  /// each number their DIEs from 0): where its bytes are in memory.
  package var identity: UInt64 {
    UInt64(UInt(bitPattern: unit.bytes.baseAddress)) &+ offset
  }

  private var specs: Slice<UnsafeMutableBufferPointer<AttributeSpec>> {
    unit.specList[unit.abbreviationList[Int(abbreviation)].specs]
  }

  /// The attribute `name` of this DIE itself, `nil` when it has none.
  package func attribute(_ name: DWAttribute) throws(DWARFError) -> Attribute? {
    let unit = self.unit
    let specs = unit.specList
    let range = unit.abbreviationList[Int(abbreviation)].specs
    var target = range.lowerBound
    while target < range.upperBound, specs[target].name != name { target += 1 }
    guard target < range.upperBound else { return nil }
    return try locating(unit.dwarf.path) { () throws(DWARFError) in
      // Past the values of fixed size at once, then the rest one by one.
      var index = range.lowerBound
      while index < target, specs[index + 1].fixedOffset >= 0 { index += 1 }
      var cursor = unit.cursor(at: valuesOffset + Int(specs[index].fixedOffset))
      let format = unit.format
      while index < target {
        try DWARFUnit.skip(specs[index].form, &cursor, format: format)
        index += 1
      }
      return try unit.value(specs[target], &cursor)
    }
  }

  /// Whether this DIE itself has the attribute `name`.
  package func has(_ name: DWAttribute) -> Bool {
    specs.contains { $0.name == name }
  }

  /// Every attribute of this DIE, in order.
  package func attributes() throws(DWARFError) -> [Attribute] {
    var result: [Attribute] = []
    try forEachAttribute { result.append($0) }
    return result
  }

  /// Calls `body` with each attribute of this DIE in order, without collecting them.
  package func forEachAttribute(_ body: (Attribute) throws(DWARFError) -> Void) throws(DWARFError) {
    try locating(unit.dwarf.path) { () throws(DWARFError) in
      var cursor = unit.cursor(at: valuesOffset)
      for spec in specs { try body(try unit.value(spec, &cursor)) }
    }
  }

  /// The forms of this DIE's attributes, by name, as its abbreviation declares them (`DW_FORM_indirect` as such).
  package var declaredAttributes: [(name: DWAttribute, form: DWForm)] {
    specs.map { ($0.name, $0.form) }
  }

  /// Where its attribute values end: its first child's offset, or its next sibling's when it has no children.
  func attributesEnd() throws(DWARFError) -> (end: Int, sibling: UInt64?) {
    let abbreviation = unit.abbreviationList[Int(abbreviation)]
    if abbreviation.fixedSize >= 0, !abbreviation.hasChildren {
      return (valuesOffset + Int(abbreviation.fixedSize), nil)
    }
    var cursor = unit.cursor(at: valuesOffset)
    let format = unit.format
    var sibling: UInt64?
    for spec in specs {
      if spec.name == .sibling, abbreviation.hasChildren,
        case .reference(.unit(let target)) = try unit.value(spec, &cursor).value
      {
        sibling = target
        continue
      }
      try DWARFUnit.skip(spec.form, &cursor, format: format)
    }
    if cursor.offset > Int(unit.header.end) { throw cursor.malformed("a DIE past its unit's end", at: Int(offset)) }
    return (cursor.offset, sibling)
  }
}

extension DIE: Hashable {
  package static func == (left: DIE, right: DIE) -> Bool { left.identity == right.identity }
  package func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
