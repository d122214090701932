@testable import CValueDWARF

/// ELF files and DWARF written byte by byte, for input no compiler writes: truncated, malformed, hostile.
enum HandMadeELF {
  /// A 64-bit little-endian relocatable ELF file (x86-64) holding `sections` (and their names' table).
  static func file(_ sections: [(name: String, type: UInt32, bytes: [UInt8])], machine: UInt16 = 62) -> [UInt8] {
    var names: [UInt8] = [0]
    var nameOffsets: [Int] = []
    for section in sections {
      nameOffsets.append(names.count)
      names += Array(section.name.utf8) + [0]
    }
    let namesName = names.count
    names += Array(".shstrtab".utf8) + [0]
    var body: [UInt8] = []
    var placed: [(offset: Int, size: Int)] = []
    for contents in sections.map(\.bytes) + [names] {
      placed.append((64 + body.count, contents.count))
      body += contents
    }
    while body.count % 8 != 0 { body.append(0) }
    let table = 64 + body.count
    var header: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 8)
    header += le(1, 2) + le(UInt64(machine), 2) + le(1, 4) + le(0, 8) + le(0, 8) + le(UInt64(table), 8)
    header += le(0, 4) + le(64, 2) + le(0, 2) + le(0, 2) + le(64, 2) + le(UInt64(sections.count + 2), 2)
    header += le(UInt64(sections.count + 1), 2)
    var headers = [UInt8](repeating: 0, count: 64)
    for (index, place) in placed.enumerated() {
      let isNames = index == sections.count
      headers +=
        le(UInt64(isNames ? namesName : nameOffsets[index]), 4) + le(UInt64(isNames ? 3 : sections[index].type), 4)
      headers += le(0, 8) + le(0, 8) + le(UInt64(place.offset), 8) + le(UInt64(place.size), 8)
      headers += le(0, 4) + le(0, 4) + le(1, 8) + le(0, 8)
    }
    return header + body + headers
  }

  static func le(_ value: UInt64, _ size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// The abbreviations most hand-made units use: 1 a compile unit with children and a name (`DW_FORM_string`);
  /// 2 a structure with a name and a byte size (`data1`), no children; 3 a member with a name and a type
  /// (`ref4`).
  static let abbreviations: [UInt8] = [
    1, 0x11, 1, 0x03, 0x08, 0, 0,
    2, 0x13, 0, 0x03, 0x08, 0x0b, 0x0b, 0, 0,
    3, 0x0d, 0, 0x03, 0x08, 0x49, 0x13, 0, 0,
    0,
  ]

  /// A unit header of `version` (32-bit, 8-byte addresses, abbreviations at 0; DWARF 5's a compile unit's)
  /// before `body`.
  static func unit(_ body: [UInt8], version: UInt16 = 4) -> [UInt8] {
    guard version == 5 else { return le(UInt64(7 + body.count), 4) + le(UInt64(version), 2) + le(0, 4) + [8] + body }
    return le(UInt64(8 + body.count), 4) + le(5, 2) + [1, 8] + le(0, 4) + body
  }

  /// The DWARF of a file of `sections` (by their ELF names), named `name`.
  static func dwarf(_ sections: [(name: String, bytes: [UInt8])], name: String = "hand.o") throws(DWARFError) -> DWARF {
    let bytes = file(sections.map { ($0.name, 1, $0.bytes) })
    return try DWARF(ELFFile(path: name, storage: ByteStorage(copying: bytes)).dwarfSections())
  }
}
