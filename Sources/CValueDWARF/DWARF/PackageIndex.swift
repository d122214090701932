/// A DWARF package's unit indexes (`.debug_cu_index`, `.debug_tu_index`: version 2, GNU's for DWARF 4, or 5,
/// the standard's): for each split unit's id or type signature, where its part of each section is. Looked up by
/// the index's own hash table, so that a unit of a package of thousands costs what the first does.
package struct PackageIndex: Sendable {
  /// 2 or 5.
  package let version: UInt32
  private let compileUnits: Table?
  private let typeUnits: Table?
  /// Every unit's contribution to `.debug_info` (and `.debug_types`), by where it starts.
  private let placed: [SectionKind: [(range: Range<UInt64>, contributions: Contributions)]]

  /// One index: its hash table of ids and rows, and each row's contributions by section id (`DW_SECT_*`).
  private struct Table: Sendable {
    var ids: [UInt64]
    var rows: [UInt32]
    var columns: [UInt32]
    var offsets: [UInt32]
    var sizes: [UInt32]
    var unitCount: Int

    /// The row (from 1) of `id`, by the index's hashing (the id's low bits, then steps of its high bits).
    func row(of id: UInt64) -> Int? {
      let count = ids.count
      guard count > 0 else { return nil }
      guard count & (count - 1) == 0 else {
        return ids.indices.first { ids[$0] == id && rows[$0] != 0 }.map { Int(rows[$0]) }
      }
      let mask = UInt64(count - 1)
      var slot = id & mask
      let step = ((id >> 32) & mask) | 1
      for _ in 0..<count {
        let row = rows[Int(slot)]
        if row == 0 { return nil }
        if ids[Int(slot)] == id { return Int(row) }
        slot = (slot + step) & mask
      }
      return nil
    }

    func contributions(row: Int, version: UInt32, infoColumn: UInt32) -> Contributions {
      var result = Contributions()
      for (column, section) in columns.enumerated() {
        let cell = (row - 1) * columns.count + column
        let offset = UInt64(offsets[cell])
        switch (section, version) {
        case (infoColumn, _): result.info = offset..<offset + UInt64(sizes[cell])
        case (3, _): result.abbrev = offset
        case (4, _): result.line = offset
        case (5, _): result.loclists = offset
        case (6, _): result.strOffsets = offset
        case (8, 5): result.rnglists = offset
        default: break
        }
      }
      return result
    }
  }

  /// The indexes of `sections`, `nil` when they have neither (a file that is no package).
  init?(_ sections: DWARFSections) throws(DWARFError) {
    guard sections.has(.cuIndex) || sections.has(.tuIndex) else { return nil }
    let compile = try Self.table(sections, .cuIndex)
    let types = try Self.table(sections, .tuIndex)
    guard let version = compile?.version ?? types?.version else { return nil }
    if let other = types?.version, let compile, compile.version != other, types?.table.unitCount ?? 0 > 0 {
      throw .malformed(
        DWARFLocation(section: ".debug_tu_index", offset: 0),
        "an index of version \(other) beside a .debug_cu_index of version \(compile.version)")
    }
    self.version = version
    compileUnits = compile?.table
    typeUnits = types?.table
    var placed: [SectionKind: [(range: Range<UInt64>, contributions: Contributions)]] = [:]
    for (table, isTypes) in [(compileUnits, false), (typeUnits, true)] {
      guard let table else { continue }
      let section: SectionKind = isTypes && version == 2 ? .types : .info
      let size = UInt64(sections.bytes(section).count)
      for row in 1...max(table.unitCount, 1) where row <= table.unitCount {
        let contributions = table.contributions(row: row, version: version, infoColumn: section == .types ? 2 : 1)
        guard let range = contributions.info else { continue }
        guard range.upperBound <= size else {
          throw .malformed(
            DWARFLocation(section: isTypes ? ".debug_tu_index" : ".debug_cu_index", offset: 0),
            "row \(row) puts a unit at 0x\(String(range.lowerBound, radix: 16))..0x"
              + "\(String(range.upperBound, radix: 16)) of \(sections.name(section)), past its \(size) bytes")
        }
        placed[section, default: []].append((range, contributions))
      }
    }
    self.placed = placed.mapValues { $0.sorted { $0.range.lowerBound < $1.range.lowerBound } }
  }

  /// The index in the section of `kind`: its header (version, section count, unit count, slot count), then the
  /// slots' ids, their rows, the section ids, and each row's offsets and sizes.
  private static func table(_ sections: DWARFSections, _ kind: SectionKind) throws(DWARFError)
    -> (version: UInt32, table: Table)?
  {
    guard sections.has(kind) else { return nil }
    var cursor = sections.cursor(kind)
    let first = try cursor.u32()
    // Version 2 is a word; version 5 a half word and a half word of padding, in the file's order.
    var version = first
    if first != 2 {
      cursor.offset = 0
      version = UInt32(try cursor.u16())
      cursor.offset = 4
    }
    guard version == 2 || version == 5 else {
      throw .unsupported(cursor.location(0), "a package index of version \(first) (2 and 5 are read)")
    }
    let sectionCount = Int(try cursor.u32())
    let unitCount = Int(try cursor.u32())
    let slotCount = Int(try cursor.u32())
    // binutils' dwp writes an empty index as zeros.
    if sectionCount == 0, unitCount == 0, slotCount == 0 {
      return (version, Table(ids: [], rows: [], columns: [], offsets: [], sizes: [], unitCount: 0))
    }
    let needed = 12 * slotCount + 4 * sectionCount + 8 * sectionCount * unitCount
    guard sectionCount > 0, sectionCount <= 64, unitCount <= slotCount, slotCount <= cursor.remaining,
      needed <= cursor.remaining
    else {
      throw cursor.malformed(
        "an index of \(sectionCount) sections, \(unitCount) units and \(slotCount) slots in \(cursor.remaining + 16) "
          + "bytes", at: 0)
    }
    var ids: [UInt64] = []
    for _ in 0..<slotCount { ids.append(try cursor.u64()) }
    var rows: [UInt32] = []
    for _ in 0..<slotCount {
      let row = try cursor.u32()
      guard row <= unitCount else { throw cursor.malformed("a slot naming row \(row) of \(unitCount)") }
      rows.append(row)
    }
    var columns: [UInt32] = []
    for _ in 0..<sectionCount { columns.append(try cursor.u32()) }
    var offsets: [UInt32] = []
    for _ in 0..<(sectionCount * unitCount) { offsets.append(try cursor.u32()) }
    var sizes: [UInt32] = []
    for _ in 0..<(sectionCount * unitCount) { sizes.append(try cursor.u32()) }
    return (
      version,
      Table(ids: ids, rows: rows, columns: columns, offsets: offsets, sizes: sizes, unitCount: unitCount)
    )
  }

  /// Where the split compile unit of id `dwoID` is in `.debug_info.dwo`, with its contributions; `nil` when the
  /// package has no such unit.
  package func compileUnit(dwoID: UInt64) -> (offset: UInt64, contributions: Contributions)? {
    guard let table = compileUnits, let row = table.row(of: dwoID) else { return nil }
    let contributions = table.contributions(row: row, version: version, infoColumn: 1)
    guard let range = contributions.info else { return nil }
    return (range.lowerBound, contributions)
  }

  /// The header and contributions of the type unit of `signature`; `nil` when the package has none.
  func typeUnit(signature: UInt64, in sections: DWARFSections) throws(DWARFError)
    -> (header: UnitHeader, contributions: Contributions)?
  {
    guard let table = typeUnits, let row = table.row(of: signature) else { return nil }
    let section: SectionKind = version == 2 ? .types : .info
    let contributions = table.contributions(row: row, version: version, infoColumn: version == 2 ? 2 : 1)
    guard let range = contributions.info else { return nil }
    let header = try UnitHeader.read(sections, section, at: range.lowerBound)
    guard header.end <= range.upperBound else {
      throw .malformed(
        DWARFLocation(section: sections.name(section).description, offset: range.lowerBound),
        "a unit longer than its contribution of \(range.count) bytes")
    }
    return (header, contributions)
  }

  /// The contributions of the unit `header` starts, which must lie inside one row's part of its section.
  func contributions(of header: UnitHeader) throws(DWARFError) -> Contributions {
    let rows = placed[header.section] ?? []
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].range.lowerBound <= header.offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0, rows[low - 1].range.contains(header.offset), header.end <= rows[low - 1].range.upperBound else {
      throw .malformed(
        DWARFLocation(section: header.section.name + ".dwo", offset: header.offset),
        "a unit that lies in no contribution of the package's index")
    }
    return rows[low - 1].contributions
  }
}
