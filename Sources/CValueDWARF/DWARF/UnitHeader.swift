/// What kind of unit a header starts (DWARF 5's `DW_UT_*`; for DWARF 2–4, what the section and the unit's DIE
/// say: a unit of `.debug_types` is a type unit, GNU's split DWARF marks a skeleton with `DW_AT_GNU_dwo_id`).
package enum UnitKind: UInt8, Sendable, CustomStringConvertible {
  case compile = 1
  case type = 2
  case partial = 3
  case skeleton = 4
  case splitCompile = 5
  case splitType = 6

  /// Whether its DIEs describe one type by signature (`DW_UT_type`, `DW_UT_split_type`, `.debug_types`).
  package var isTypeUnit: Bool { self == .type || self == .splitType }

  package var description: String {
    switch self {
    case .compile: "DW_UT_compile"
    case .type: "DW_UT_type"
    case .partial: "DW_UT_partial"
    case .skeleton: "DW_UT_skeleton"
    case .splitCompile: "DW_UT_split_compile"
    case .splitType: "DW_UT_split_type"
    }
  }
}

/// A unit's header, read at its offset without reading any unit before it.
package struct UnitHeader: Sendable, Equatable {
  /// `.info` (`.debug_info`) or `.types` (DWARF 4's `.debug_types`).
  package var section: SectionKind
  /// Where the header starts in its section: what an index keeps to find the unit again.
  package var offset: UInt64
  /// The first byte after the unit.
  package var end: UInt64
  package var version: UInt16
  /// As the header says (DWARF 5) or the section implies; a DWARF 4 skeleton is told by its DIE (``DWARFUnit/kind``).
  package var kind: UnitKind
  /// 4 (32-bit DWARF) or 8 (64-bit DWARF).
  package var offsetSize: Int
  package var addressSize: Int
  /// Where its abbreviations are in `.debug_abbrev` (in a package, from the start of the unit's contribution).
  package var abbreviationOffset: UInt64
  /// A type unit's signature, which `DW_FORM_ref_sig8` names it by.
  package var typeSignature: UInt64?
  /// A type unit's type DIE, as an offset in the section.
  package var typeOffset: UInt64?
  /// A DWARF 5 skeleton's or split unit's id (DWARF 4's is its DIE's `DW_AT_GNU_dwo_id`: ``DWARFUnit/dwoID``).
  package var dwoID: UInt64?
  /// Where its first DIE is.
  package var dieOffset: UInt64

  var format: UnitFormat { UnitFormat(version: version, offsetSize: offsetSize, addressSize: addressSize) }

  /// The header at `offset` of the section of `kind` (`.info` or `.types`).
  static func read(_ sections: DWARFSections, _ section: SectionKind, at offset: UInt64) throws(DWARFError)
    -> UnitHeader
  {
    let bytes = sections.bytes(section)
    guard offset < UInt64(bytes.count) else {
      throw .malformed(
        DWARFLocation(section: sections.name(section).description, offset: offset),
        "no unit starts here: the section has \(bytes.count) bytes")
    }
    var cursor = sections.cursor(section, at: Int(offset))
    let start = Int(offset)
    var length = UInt64(try cursor.u32())
    var offsetSize = 4
    if length == 0xffff_ffff {
      length = try cursor.u64()
      offsetSize = 8
    } else if length >= 0xffff_fff0 {
      throw cursor.malformed("a unit length of 0x\(String(length, radix: 16)), a reserved value", at: start)
    }
    guard length <= UInt64(cursor.remaining) else {
      throw cursor.malformed("a unit of \(length) bytes, past the section's end (\(cursor.remaining) left)", at: start)
    }
    let end = UInt64(cursor.offset) + length
    let version = try cursor.u16()
    guard (2...5).contains(version) else {
      throw .unsupported(cursor.location(start), "a unit of DWARF version \(version) (2 to 5 are read)")
    }
    var kind: UnitKind = section == .types ? .type : .compile
    if sections.isSplit { kind = kind == .type ? .splitType : .splitCompile }
    let addressSize: UInt8
    let abbreviations: UInt64
    if version >= 5 {
      let unitType = try cursor.u8()
      guard let known = UnitKind(rawValue: unitType) else {
        throw .unsupported(cursor.location(start), "a unit of type 0x\(String(unitType, radix: 16)) (DW_UT_*)")
      }
      kind = known
      addressSize = try cursor.u8()
      abbreviations = try cursor.unsigned(size: offsetSize)
    } else {
      abbreviations = try cursor.unsigned(size: offsetSize)
      addressSize = try cursor.u8()
    }
    guard [1, 2, 4, 8].contains(addressSize) else {
      throw cursor.malformed("a unit whose addresses are \(addressSize) bytes", at: start)
    }
    var header = UnitHeader(
      section: section, offset: offset, end: end, version: version, kind: kind,
      offsetSize: offsetSize, addressSize: Int(addressSize), abbreviationOffset: abbreviations, dieOffset: 0)
    switch kind {
    case .type, .splitType:
      header.typeSignature = try cursor.u64()
      let typeOffset = try cursor.unsigned(size: offsetSize)
      guard typeOffset < end - offset else {
        throw cursor.malformed(
          "a type unit whose type is at 0x\(String(typeOffset, radix: 16)), past its end", at: start)
      }
      header.typeOffset = offset + typeOffset
    case .skeleton, .splitCompile:
      if version >= 5 { header.dwoID = try cursor.u64() }
    default: break
    }
    header.dieOffset = UInt64(cursor.offset)
    guard header.dieOffset <= end else {
      throw cursor.malformed("a unit whose header is longer than the unit", at: start)
    }
    if let typeOffset = header.typeOffset, typeOffset < header.dieOffset {
      throw cursor.malformed("a type unit whose type is inside its header", at: start)
    }
    return header
  }
}
