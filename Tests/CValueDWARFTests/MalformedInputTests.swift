import TestSupport
import Testing

@testable import CValueDWARF

/// Input no compiler writes is refused with what is wrong and where (file, section, offset), never a trap, an
/// out-of-bounds read or a hang.
struct MalformedInputTests {
  /// `abbreviations` and one unit of `body` (DIEs), read to the end: every DIE, every attribute.
  static func readAll(
    _ body: [UInt8], abbreviations: [UInt8] = HandMadeELF.abbreviations, version: UInt16 = 4,
    extra: [(name: String, bytes: [UInt8])] = []
  ) throws(DWARFError) {
    let dwarf = try HandMadeELF.dwarf(
      [(".debug_info", HandMadeELF.unit(body, version: version)), (".debug_abbrev", abbreviations)] + extra)
    for unit in try dwarf.units() {
      var entries = unit.entries()
      while let (die, _) = try entries.next() {
        _ = try die.attributes()
        _ = try die.children()
      }
    }
  }

  static func message(_ body: () throws(DWARFError) -> Void) -> String {
    do throws(DWARFError) {
      try body()
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func aFileThatIsNeitherELFNorMachOIsNamed() {
    #expect(
      Self.message { () throws(DWARFError) in
        _ = try ELFFile(path: "x", storage: ByteStorage(copying: Array("hello".utf8)))
      }
        == "x: neither an ELF nor a Mach-O file, nor a dSYM bundle")
  }

  @Test func aCutShortELFHeaderIsSaidWhere() {
    let bytes: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 12)
    #expect(
      Self.message { () throws(DWARFError) in _ = try ELFFile(path: "x", storage: ByteStorage(copying: bytes)) }
        == "x: ELF header at 0x14: cut short: 4 bytes needed past the end")
  }

  @Test func aSectionPastTheFilesEndIsRefused() {
    var bytes = HandMadeELF.file([(".debug_info", 1, HandMadeELF.unit([1, 0x61, 0, 0])), (".debug_abbrev", 1, [0])])
    // The first section's size, in its header (the table is at the end: 4 headers of 64 bytes).
    let header = bytes.count - 3 * 64
    bytes.replaceSubrange(header + 32..<header + 40, with: HandMadeELF.le(1 << 40, 8))
    #expect(
      Self.message { () throws(DWARFError) in
        _ = try ELFFile(path: "x", storage: ByteStorage(copying: bytes)).dwarfSections()
      }
        == "x: .debug_info at 0x0: the section's 1099511627776 bytes at file offset 0x40 lie past the file's end (376 bytes)"
    )
  }

  @Test func aUnitLongerThanItsSectionIsRefused() {
    let info = HandMadeELF.le(0x1000, 4) + [4, 0, 0, 0, 0, 0, 8]
    #expect(
      Self.message { () throws(DWARFError) in
        _ = try HandMadeELF.dwarf([(".debug_info", info), (".debug_abbrev", [0])]).units()
      } == "hand.o: .debug_info at 0x0: a unit of 4096 bytes, past the section's end (7 left)")
  }

  @Test func aUnitOfAnUnknownVersionIsRefusedByName() {
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([1, 0x61, 0, 0], version: 7) }
        == "hand.o: .debug_info at 0x0: not supported: a unit of DWARF version 7 (2 to 5 are read)")
  }

  @Test func anAbbreviationCodeNotInTheTableIsRefused() {
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([9, 0]) }
        == "hand.o: .debug_info at 0xb: abbreviation code 9 is not in the unit's table (at 0x0 of .debug_abbrev)")
  }

  @Test func aStringWithNoEndIsRefused() {
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([1, 0x61, 0x62]) }
        == "hand.o: .debug_info at 0xc: a string with no terminating NUL before the end of the section")
  }

  @Test func aReferenceOutsideItsUnitIsRefused() throws {
    // A compile unit holding a member whose DW_AT_type (ref4) is 0x400 bytes into a unit of 20.
    let body: [UInt8] = [1, 0x61, 0, 3, 0x6d, 0] + HandMadeELF.le(0x400, 4) + [0]
    let dwarf = try HandMadeELF.dwarf([
      (".debug_info", HandMadeELF.unit(body)), (".debug_abbrev", HandMadeELF.abbreviations),
    ])
    let member = try dwarf.unit(at: 0).root().children()[0]
    #expect(
      Self.message { () throws(DWARFError) in _ = try member.reference(.type) }
        == "hand.o: .debug_info at 0x400: no DIE here in the unit at 0x0 (its DIEs are 0xb to 0x16)")
  }

  @Test func aStringIndexPastTheOffsetsTableIsRefused() {
    // A compile unit whose name is DW_FORM_strx1 5, with an offsets table of one entry.
    let abbreviations: [UInt8] = [1, 0x11, 0, 0x03, 0x25, 0, 0, 0]
    let offsets = HandMadeELF.le(8, 4) + [5, 0, 0, 0] + HandMadeELF.le(0, 4)
    #expect(
      Self.message { () throws(DWARFError) in
        try Self.readAll(
          [1, 5], abbreviations: abbreviations, version: 5,
          extra: [
            (".debug_str_offsets", offsets), (".debug_str", [0x61, 0]),
          ])
      } == "hand.o: .debug_info at 0xd: string index 5 past .debug_str_offsets (base 0x8, 12 bytes)")
  }

  @Test func aStringOfTheSupplementaryFileIsRefusedByNameWhenItIsNotOpen() {
    // DW_FORM_GNU_strp_alt (0x1f21) for the unit's name.
    let abbreviations: [UInt8] = [1, 0x11, 0, 0x03, 0xa1, 0x3e, 0, 0, 0]
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([1, 0, 0, 0, 0], abbreviations: abbreviations) }
        == "hand.o: .debug_info at 0xc: not supported: DW_FORM_GNU_strp_alt, a string of the supplementary file "
        + "(dwz's .gnu_debugaltlink), which is not open")
  }

  @Test func aFormNoStandardDefinesIsRefusedByName() {
    let abbreviations: [UInt8] = [1, 0x11, 0, 0x03, 0x7f, 0, 0, 0]
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([1, 0], abbreviations: abbreviations) }
        == "hand.o: .debug_info at 0xc: not supported: an attribute of DW_FORM 0x7f, a form this reader does not know")
  }

  @Test func anAbbreviationWithABadChildrenFlagIsRefused() {
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll([1, 0], abbreviations: [1, 0x11, 2, 0, 0, 0]) }
        == "hand.o: .debug_abbrev at 0x0: abbreviation 1 says 2 for whether it has children (0 or 1)")
  }

  @Test func aLEB128LongerThan64BitsIsRefused() {
    let body: [UInt8] = [0x81] + [UInt8](repeating: 0xff, count: 10) + [0x01]
    #expect(
      Self.message { () throws(DWARFError) in try Self.readAll(body) }
        == "hand.o: .debug_info at 0xb: an unsigned LEB128 larger than 64 bits")
  }

  @Test func aSiblingThatPointsBackIsNotFollowed() throws {
    // A structure with children and a DW_AT_sibling (ref4) to the unit's start: the walk goes on past its
    // children instead.
    let abbreviations: [UInt8] = [1, 0x11, 1, 0, 0, 2, 0x13, 1, 0x01, 0x13, 0, 0, 3, 0x0d, 0, 0, 0, 0]
    let body: [UInt8] = [1, 2] + HandMadeELF.le(0, 4) + [3, 3, 0, 2] + HandMadeELF.le(0, 4) + [0, 0]
    let dwarf = try HandMadeELF.dwarf([(".debug_info", HandMadeELF.unit(body)), (".debug_abbrev", abbreviations)])
    let children = try dwarf.unit(at: 0).root().children()
    #expect(children.map(\.offset) == [0xc, 0x14])
    #expect(try children[0].children().count == 2)
  }

  @Test func aCompressedSectionOfUnknownCompressionIsRefusedByName() {
    let header = HandMadeELF.le(9, 4) + HandMadeELF.le(0, 4) + HandMadeELF.le(16, 8) + HandMadeELF.le(1, 8)
    var bytes = HandMadeELF.file([(".debug_info", 1, header + [1, 2, 3]), (".debug_abbrev", 1, [0])])
    let flags = bytes.count - 3 * 64 + 8
    bytes.replaceSubrange(flags..<flags + 8, with: HandMadeELF.le(0x800, 8))
    #expect(
      Self.message { () throws(DWARFError) in
        _ = try ELFFile(path: "x", storage: ByteStorage(copying: bytes)).dwarfSections()
      } == "x: .debug_info at 0x0: not supported: a section compressed with ELF compression type 9 (1 zlib, 2 zstd)")
    bytes.replaceSubrange(64..<68, with: HandMadeELF.le(1, 4))
    #expect(
      Self.message { () throws(DWARFError) in
        _ = try ELFFile(path: "x", storage: ByteStorage(copying: bytes)).dwarfSections()
      } == "x: .debug_info at 0x0: a zlib-compressed section that does not decompress: zlib error -3")
  }
}

/// Real DWARF with bytes changed at random (a fixed sequence, the same every run): every DIE, attribute and child
/// list is read, and each change ends in a value or a ``DWARFError``, never a trap or a hang.
@Suite(.needs(.gcc))
struct MutatedDWARFTests {
  @Test(arguments: ["gcc-dwarf4", "gcc-dwarf5"])
  func changedBytesEndInAnErrorOrAValue(_ name: String) throws {
    let version = name.hasSuffix("4") ? "-gdwarf-4" : "-gdwarf-5"
    let directory = try DWARFFixture.build(name, [["gcc", "-g", "-c", version, "$SRC/types.c", "-o", "out.o"]])
    let original = try ELFFile(path: "\(directory)/out.o")
    let sections = try original.dwarfSections()
    var state: UInt64 = 0x9e37_79b9_7f4a_7c15
    func random(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    var errors = 0
    for _ in 0..<300 {
      var changed = sections
      for kind in [SectionKind.info, .abbrev, .strOffsets] {
        guard let slice = sections[kind], slice.count > 0 else { continue }
        var bytes = Array(slice.bytes)
        for _ in 0..<1 + random(4) { bytes[random(bytes.count)] = UInt8(random(256)) }
        changed[kind] = ByteStorage(copying: bytes).whole
      }
      do throws(DWARFError) {
        let dwarf = try DWARF(changed)
        for unit in try dwarf.units() {
          var entries = unit.entries()
          while let (die, _) = try entries.next() {
            _ = try die.attributes()
            _ = try die.children()
            _ = try die.name()
            _ = try die.reference(.type)
          }
        }
      } catch {
        errors += 1
        #expect(error.description.hasPrefix("\(directory)/out.o: "))
      }
    }
    #expect(errors > 0)
  }
}
