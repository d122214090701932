/// A DIE's children and siblings, read in order: a sibling is found by `DW_AT_sibling` where the producer wrote
/// one (forward only, inside the unit), else past every DIE of the subtree between.
extension DIE {
  /// Its first child, `nil` when it has none.
  package func firstChild() throws(DWARFError) -> DIE? {
    guard hasChildren else { return nil }
    return try locating(unit.dwarf.path) { () throws(DWARFError) in
      let (end, _) = try attributesEnd()
      guard end < Int(unit.header.end) else { return nil }
      return try unit.entry(at: UInt64(end))
    }
  }

  /// The DIE after this one at its level, `nil` after the last.
  package func nextSibling() throws(DWARFError) -> DIE? {
    try locating(unit.dwarf.path) { () throws(DWARFError) in
      let (end, sibling) = try attributesEnd()
      var next = UInt64(end)
      if hasChildren {
        if let sibling, sibling > offset, sibling < unit.header.end {
          next = sibling
        } else {
          next = try unit.skipSubtree(from: end)
        }
      }
      guard next < unit.header.end else { return nil }
      return try unit.entry(at: next)
    }
  }

  /// Its children, in order.
  package func children() throws(DWARFError) -> [DIE] {
    var result: [DIE] = []
    var child = try firstChild()
    while let current = child {
      result.append(current)
      child = try current.nextSibling()
    }
    return result
  }
}

extension DWARFUnit {
  /// Where the list of entries starting at `start` ends: past its null entry, with every subtree in it.
  func skipSubtree(from start: Int) throws(DWARFError) -> UInt64 {
    var cursor = cursor(at: start)
    var depth = 1
    let format = self.format
    let list = abbreviationList
    let specs = specList
    while depth > 0 {
      if cursor.isAtEnd { return UInt64(cursor.offset) }
      let at = cursor.offset
      let code = try cursor.uleb()
      if code == 0 {
        depth -= 1
        continue
      }
      guard let index = abbreviations.index(of: code) else {
        throw cursor.malformed("abbreviation code \(code) is not in the unit's table", at: at)
      }
      let abbreviation = list[index]
      if abbreviation.fixedSize >= 0 {
        try cursor.skip(Int(abbreviation.fixedSize))
      } else {
        for spec in specs[abbreviation.specs] { try DWARFUnit.skip(spec.form, &cursor, format: format) }
      }
      if abbreviation.hasChildren { depth += 1 }
    }
    return UInt64(cursor.offset)
  }

  /// Every DIE of the unit in order, each with its depth (the unit DIE's is 0): the fastest way through all of
  /// them, as `llvm-dwarfdump` reads them.
  ///
  /// ```swift
  /// var entries = unit.entries()
  /// while let (die, depth) = try entries.next() { print(depth, die.tag) }
  /// ```
  package func entries() -> Entries { Entries(unit: self) }

  /// Every DIE of a unit in order (``DWARFUnit/entries()``).
  package struct Entries {
    let unit: DWARFUnit
    private var offset: Int
    private var depth = 0

    init(unit: DWARFUnit) {
      self.unit = unit
      offset = Int(unit.header.dieOffset)
    }

    /// The next DIE and its depth, `nil` past the last.
    package mutating func next() throws(DWARFError) -> (die: DIE, depth: Int)? {
      do {
        return try step()
      } catch {
        throw error.located(in: unit.dwarf.path)
      }
    }

    private mutating func step() throws(DWARFError) -> (die: DIE, depth: Int)? {
      let end = Int(unit.header.end)
      while offset < end {
        guard let die = try unit.entry(at: UInt64(offset)) else {
          // A null entry ends a list of children.
          offset += 1
          depth -= 1
          if depth < 0 { return nil }
          continue
        }
        let abbreviation = unit.abbreviationList[Int(die.abbreviation)]
        if abbreviation.fixedSize >= 0 {
          offset = die.valuesOffset + Int(abbreviation.fixedSize)
        } else {
          var cursor = unit.cursor(at: die.valuesOffset)
          let format = unit.format
          for spec in unit.specList[abbreviation.specs] { try DWARFUnit.skip(spec.form, &cursor, format: format) }
          offset = cursor.offset
        }
        let level = depth
        if die.hasChildren { depth += 1 }
        return (die, level)
      }
      return nil
    }
  }
}
