/// Where a unit of a DWARF package (`.dwp`) has its part of each section, from the package's index; zero for a
/// unit of any other file, whose sections are all its own.
package struct Contributions: Sendable, Equatable {
  /// Its bytes of `.debug_info.dwo` (or `.debug_types.dwo`), `nil` outside a package.
  package var info: Range<UInt64>?
  package var abbrev: UInt64 = 0
  package var strOffsets: UInt64 = 0
  package var rnglists: UInt64 = 0
  package var loclists: UInt64 = 0
  package var line: UInt64 = 0

  package init() {}
}

/// What a split unit takes from its skeleton: the skeleton's `.debug_addr` and its base there.
struct SkeletonLink {
  var addresses: ByteSlice?
  var addressBase: UInt64
  var isBigEndian: Bool
}

/// One unit: its header, its abbreviations and the bases its unit DIE gives (`DW_AT_str_offsets_base`,
/// `DW_AT_addr_base`, …). Made on demand from its offset; nothing of the units before it is read.
package final class DWARFUnit {
  /// The file's DWARF it is in (a `.dwo` file's or a package's for a split unit).
  package let dwarf: DWARF
  package let header: UnitHeader
  /// The header's kind, a DWARF 4 skeleton told by its DIE's `DW_AT_GNU_dwo_id`.
  package let kind: UnitKind
  /// A skeleton's or split unit's id: the header's (DWARF 5) or its DIE's `DW_AT_GNU_dwo_id` (DWARF 4).
  package let dwoID: UInt64?
  /// Its parts of a package's sections.
  package let contributions: Contributions
  let abbreviations: AbbreviationTable
  /// The table's buffers, read without retaining the table (the unit holds it).
  let abbreviationList: UnsafeMutableBufferPointer<Abbreviation>
  let specList: UnsafeMutableBufferPointer<AttributeSpec>
  let bytes: UnsafeRawBufferPointer
  /// The file's `.debug_str`, which most names are in.
  let strings: ByteSlice?
  let isBigEndian: Bool
  let sectionName: SectionName
  /// Where its string offsets start in `.debug_str_offsets` (past the table's header).
  let stringOffsetsBase: UInt64
  /// Where its addresses start in `.debug_addr` (a split unit's: its skeleton's).
  let addressBase: UInt64?
  /// `DW_AT_rnglists_base` (or GNU's `DW_AT_GNU_ranges_base`).
  package let rangeListsBase: UInt64?
  let skeleton: SkeletonLink?

  var format: UnitFormat { header.format }

  init(
    dwarf: DWARF, header: UnitHeader, contributions: Contributions, abbreviations: AbbreviationTable,
    skeleton: SkeletonLink?
  ) throws(DWARFError) {
    self.dwarf = dwarf
    self.header = header
    self.contributions = contributions
    self.abbreviations = abbreviations
    abbreviationList = abbreviations.abbreviations
    specList = abbreviations.specs
    self.skeleton = skeleton
    let sections = dwarf.sections
    bytes = sections.bytes(header.section)
    strings = sections[.str]
    isBigEndian = sections.isBigEndian
    sectionName = sections.name(header.section)
    let bases = try Self.bases(
      ByteCursor(bytes, at: Int(header.dieOffset), bigEndian: isBigEndian, section: sectionName), header: header,
      abbreviations: abbreviations)
    var kind = header.kind
    if kind == .compile, header.version < 5, bases.dwoID != nil, !sections.isSplit { kind = .skeleton }
    self.kind = kind
    dwoID = header.dwoID ?? bases.dwoID
    rangeListsBase = bases.rangeLists
    addressBase = skeleton?.addressBase ?? bases.addresses
    if let base = bases.stringOffsets {
      stringOffsetsBase = base
    } else if header.version >= 5, sections.isSplit || sections.has(.strOffsets) {
      // No DW_AT_str_offsets_base (a split unit never has one): the first entry after the table's header, of
      // 8 bytes (16 in 64-bit DWARF) before DWARF 5's offsets.
      stringOffsetsBase = contributions.strOffsets + (header.offsetSize == 8 ? 16 : 8)
    } else {
      stringOffsetsBase = contributions.strOffsets
    }
  }

  /// The bases the unit DIE gives, read before any of its strings can be.
  private struct Bases {
    var stringOffsets: UInt64?
    var addresses: UInt64?
    var rangeLists: UInt64?
    var dwoID: UInt64?
  }

  private static func bases(_ cursor: ByteCursor, header: UnitHeader, abbreviations: AbbreviationTable)
    throws(DWARFError) -> Bases
  {
    var result = Bases()
    guard header.dieOffset < header.end else { return result }
    var cursor = cursor
    let code = try cursor.uleb()
    guard code != 0, let index = abbreviations.index(of: code) else { return result }
    for spec in abbreviations.specs[abbreviations.abbreviations[index].specs] {
      var form = spec.form
      while form == .indirect { form = DWForm(UInt32(truncatingIfNeeded: try cursor.uleb())) }
      switch (spec.name, form) {
      case (.strOffsetsBase, .secOffset): result.stringOffsets = try cursor.unsigned(size: header.offsetSize)
      case (.addrBase, .secOffset), (.gnuAddrBase, .secOffset):
        result.addresses = try cursor.unsigned(size: header.offsetSize)
      case (.rnglistsBase, .secOffset), (.gnuRangesBase, .secOffset):
        result.rangeLists = try cursor.unsigned(size: header.offsetSize)
      case (.gnuDwoID, .data8): result.dwoID = try cursor.u64()
      default: try DWARFUnit.skip(form, &cursor, format: header.format)
      }
    }
    return result
  }

  /// Where the unit's DIEs end.
  package var end: UInt64 { header.end }
  /// Where its header starts: what an index keeps to find it again.
  package var offset: UInt64 { header.offset }
  package var version: UInt16 { header.version }

  @inline(__always)
  func cursor(at offset: Int) -> ByteCursor {
    ByteCursor(
      UnsafeRawBufferPointer(rebasing: bytes[0..<Int(header.end)]), at: offset, bigEndian: isBigEndian,
      section: sectionName)
  }

  /// The unit's DIE (`DW_TAG_compile_unit`, `_type_unit`, `_skeleton_unit`, `_partial_unit`).
  package func root() throws(DWARFError) -> DIE {
    try locating(dwarf.path) { () throws(DWARFError) in
      guard let die = try entry(at: header.dieOffset) else {
        throw .malformed(
          DWARFLocation(section: sectionName.description, offset: header.offset), "a unit with no DIE")
      }
      return die
    }
  }

  /// A type unit's type DIE, `nil` for any other unit.
  package func typeDIE() throws(DWARFError) -> DIE? {
    guard let offset = header.typeOffset else { return nil }
    return try die(at: offset)
  }

  /// The DIE at `offset` of the unit's section, which must be in this unit and be no null entry.
  package func die(at offset: UInt64) throws(DWARFError) -> DIE {
    try locating(dwarf.path) { () throws(DWARFError) in
      guard offset >= header.dieOffset, offset < header.end, let die = try entry(at: offset) else {
        throw .malformed(
          DWARFLocation(section: sectionName.description, offset: offset),
          "no DIE here in the unit at 0x\(String(header.offset, radix: 16)) (its DIEs are 0x"
            + "\(String(header.dieOffset, radix: 16)) to 0x\(String(header.end, radix: 16)))")
      }
      return die
    }
  }

  /// The entry at `offset`: a DIE, or `nil` for a null entry (the end of a list of children).
  @inline(__always)
  func entry(at offset: UInt64) throws(DWARFError) -> DIE? {
    var cursor = cursor(at: Int(offset))
    let code = try cursor.uleb()
    if code == 0 { return nil }
    guard let index = abbreviations.index(of: code) else {
      throw cursor.malformed(
        "abbreviation code \(code) is not in the unit's table (at 0x"
          + "\(String(header.abbreviationOffset, radix: 16)) of \(dwarf.sections.name(.abbrev)))", at: Int(offset))
    }
    let abbreviation = abbreviationList[index]
    return DIE(
      unit: self, offset: offset, valuesOffset: cursor.offset, abbreviation: Int32(index), tag: abbreviation.tag,
      hasChildren: abbreviation.hasChildren)
  }

  /// The unit DIE's `DW_AT_language` (`DW_LANG_*`), `nil` when it has none.
  package func language() throws(DWARFError) -> UInt64? {
    try root().attribute(.language)?.value.unsigned
  }

  /// The unit DIE's `DW_AT_name` (the source file of a compile unit), `nil` when it has none.
  package func name() throws(DWARFError) -> String? {
    try root().string(.name)
  }
}
