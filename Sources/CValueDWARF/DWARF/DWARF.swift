/// One file's DWARF, over the sections its container hands over: units found by offset (an index keeps unit
/// offsets, so the last unit of a large binary costs what the first does), DIEs by reference across units,
/// type units by signature, and a package's units by id.
///
/// Not for two threads at once: it keeps the abbreviation tables it has read.
///
/// ```swift
/// let dwarf = try DWARF(ELFFile(path: "build/app").dwarfSections())
/// for offset in try dwarf.unitOffsets() {
///   let unit = try dwarf.unit(at: offset)
///   print(try unit.name() ?? "?", unit.kind)
/// }
/// ```
package final class DWARF {
  package let sections: DWARFSections
  /// A package's (`.dwp`) unit index, `nil` for any other file.
  package let package: PackageIndex?
  /// The supplementary file (dwz's `.gnu_debugaltlink`) that `DW_FORM_GNU_ref_alt` and `GNU_strp_alt` point into,
  /// when the container found it.
  package var supplementary: DWARF?
  private var abbreviationTables: [AbbreviationKey: AbbreviationTable] = [:]
  private var unitStarts: [SectionKind: [UInt64]] = [:]
  private var signatures: [UInt64: (section: SectionKind, offset: UInt64)]?

  private struct AbbreviationKey: Hashable {
    var offset: UInt64
    var format: UnitFormat
  }

  /// The DWARF of `sections`; a package's index is read at once.
  ///
  /// - Throws: ``DWARFError`` when there is no `.debug_info` (nor `.debug_types`), or a package index is malformed.
  package init(_ sections: DWARFSections) throws(DWARFError) {
    self.sections = sections
    guard sections.has(.info) || sections.has(.types) else { throw .noDebugInfo(sections.path) }
    package = try locating(sections.path) { () throws(DWARFError) in try PackageIndex(sections) }
  }

  /// The file the sections are from.
  package var path: String { sections.path }

  /// The unit whose header is at `offset` of `.debug_info` (or `.debug_types`); no other unit is read.
  package func unit(at offset: UInt64, in section: SectionKind = .info) throws(DWARFError) -> DWARFUnit {
    try locating(path) { () throws(DWARFError) in
      let header = try UnitHeader.read(sections, section, at: offset)
      let contributions = try package?.contributions(of: header) ?? Contributions()
      return try makeUnit(header, contributions: contributions, skeleton: nil)
    }
  }

  func makeUnit(_ header: UnitHeader, contributions: Contributions, skeleton: SkeletonLink?) throws(DWARFError)
    -> DWARFUnit
  {
    let (offset, overflow) = header.abbreviationOffset.addingReportingOverflow(contributions.abbrev)
    let key = AbbreviationKey(offset: offset, format: header.format)
    let table: AbbreviationTable
    if let known = abbreviationTables[key] {
      table = known
    } else {
      let abbreviations = sections.bytes(.abbrev)
      guard !overflow, offset < UInt64(abbreviations.count) else {
        throw .malformed(
          DWARFLocation(section: sections.name(header.section).description, offset: header.offset),
          "a unit whose abbreviations are at 0x\(String(offset, radix: 16)), past \(sections.name(.abbrev)) "
            + "(\(abbreviations.count) bytes)")
      }
      table = try AbbreviationTable(sections.cursor(.abbrev, at: Int(offset)), format: header.format)
      abbreviationTables[key] = table
    }
    return try DWARFUnit(
      dwarf: self, header: header, contributions: contributions, abbreviations: table, skeleton: skeleton)
  }

  /// Where each unit of the section starts, read from the unit lengths alone (no header beyond them, no DIE).
  package func unitOffsets(in section: SectionKind = .info) throws(DWARFError) -> [UInt64] {
    if let known = unitStarts[section] { return known }
    let offsets = try locating(path) { () throws(DWARFError) -> [UInt64] in
      var cursor = sections.cursor(section)
      var result: [UInt64] = []
      while !cursor.isAtEnd {
        let start = cursor.offset
        var length = UInt64(try cursor.u32())
        if length == 0xffff_ffff { length = try cursor.u64() }
        guard length <= UInt64(cursor.remaining) else {
          throw cursor.malformed(
            "a unit of \(length) bytes, past the section's end (\(cursor.remaining) left)", at: start)
        }
        result.append(UInt64(start))
        cursor.offset += Int(length)
      }
      return result
    }
    unitStarts[section] = offsets
    return offsets
  }

  /// Every unit of the section, in order.
  package func units(in section: SectionKind = .info) throws(DWARFError) -> [DWARFUnit] {
    var result: [DWARFUnit] = []
    for offset in try unitOffsets(in: section) { result.append(try unit(at: offset, in: section)) }
    return result
  }

  /// The unit holding `offset` of the section (a `DW_FORM_ref_addr` target).
  package func unit(containing offset: UInt64, in section: SectionKind = .info) throws(DWARFError) -> DWARFUnit {
    let starts = try unitOffsets(in: section)
    var low = 0
    var high = starts.count
    while low < high {
      let middle = (low + high) / 2
      if starts[middle] <= offset { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else {
      throw .malformed(
        DWARFLocation(file: path, section: sections.name(section).description, offset: offset),
        "no unit holds this offset")
    }
    return try unit(at: starts[low - 1], in: section)
  }

  /// The DIE `reference` names from a DIE of `unit`: `nil` only for a type signature no type unit of this file
  /// has.
  package func die(for reference: DIEReference, in unit: DWARFUnit) throws(DWARFError) -> DIE? {
    switch reference {
    case .unit(let offset): return try unit.die(at: offset)
    case .section(let offset):
      if unit.header.section == .info, offset >= unit.header.offset, offset < unit.header.end {
        return try unit.die(at: offset)
      }
      return try self.unit(containing: offset).die(at: offset)
    case .signature(let signature): return try typeUnit(signature: signature)?.typeDIE()
    case .supplementary(let offset):
      guard let supplementary else {
        throw .unsupported(
          DWARFLocation(file: path, section: unit.sectionName.description, offset: unit.header.offset),
          "a reference into the supplementary file (dwz's .gnu_debugaltlink, DW_FORM_GNU_ref_alt), which is not open")
      }
      return try supplementary.unit(containing: offset).die(at: offset)
    }
  }

  /// The type unit of `signature`: from a package's `.debug_tu_index`, else among the file's type units
  /// (`.debug_types`, DWARF 5's `DW_UT_type` units), whose headers are read once; `nil` when there is none.
  package func typeUnit(signature: UInt64) throws(DWARFError) -> DWARFUnit? {
    if let package {
      return try locating(path) { () throws(DWARFError) -> DWARFUnit? in
        guard let (header, contributions) = try package.typeUnit(signature: signature, in: sections) else { return nil }
        return try makeUnit(header, contributions: contributions, skeleton: nil)
      }
    }
    if signatures == nil {
      var found: [UInt64: (section: SectionKind, offset: UInt64)] = [:]
      for section in [SectionKind.types, .info] where sections.has(section) {
        for offset in try unitOffsets(in: section) {
          let header = try locating(path) { () throws(DWARFError) in try UnitHeader.read(sections, section, at: offset)
          }
          if let signature = header.typeSignature, found[signature] == nil { found[signature] = (section, offset) }
        }
      }
      signatures = found
    }
    guard let place = signatures?[signature] else { return nil }
    return try unit(at: place.offset, in: place.section)
  }
}
