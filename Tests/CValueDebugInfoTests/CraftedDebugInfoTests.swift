import Foundation
import Testing

@testable import CValueDebugInfo

/// DWARF no compiler writes, assembled by clang from hand-written sections: type references that loop or
/// point past the unit are typed errors naming the DIE, never a hang.
///
/// One DWARF 4 unit `loop.c`: `int` at 0x0b, the typedef `loop_t` at 0x13, `struct holder` at 0x1f and its
/// member `v` at 0x27 (offsets from the start of `.debug_info`). Each test chooses where the typedef's and
/// the member's `DW_AT_type` point.
@Suite struct CraftedDebugInfoTests {
  /// Assembles one DWARF 4 unit for `file` into `name`: the unit's own abbreviation (1) and DIE, then
  /// `abbreviations` and `dies` (everything after the unit's DIE, its closing entries included), as written.
  static func assembleUnit(_ name: String, file: String, abbreviations: String, dies: String) throws -> String {
    let source = """
      .section .debug_abbrev,"",@progbits
      .byte 1, 0x11, 1, 0x03, 0x08, 0x13, 0x0b, 0, 0
      \(abbreviations)
      .byte 0
      .section .debug_info,"",@progbits
      .Lcu: .long .Lend - .Lver
      .Lver: .short 4
      .long 0
      .byte 8
      .byte 1
      .asciz "\(file)"
      .byte 12
      \(dies)
      .Lend:

      """
    return try DebugInfoFixture.compile(source, name: name, flags: ["-c", "-x", "assembler"])
  }

  /// Assembles the unit with the typedef's and the member's type references (assembler expressions over
  /// the labels `.Lint`, `.Ltd`, `.Lst`, relative to `.Lcu`) into `name`.
  static func assemble(_ name: String, typedefType: String, memberType: String) throws -> String {
    try assembleUnit(
      name, file: "loop.c",
      abbreviations: """
        .byte 2, 0x16, 0, 0x03, 0x08, 0x49, 0x13, 0, 0
        .byte 3, 0x13, 1, 0x03, 0x08, 0x0b, 0x0b, 0, 0
        .byte 4, 0x0d, 0, 0x03, 0x08, 0x49, 0x13, 0x38, 0x0b, 0, 0
        .byte 5, 0x24, 0, 0x03, 0x08, 0x3e, 0x0b, 0x0b, 0x0b, 0, 0
        """,
      dies: """
        .Lint: .byte 5
        .asciz "int"
        .byte 5, 4
        .Ltd: .byte 2
        .asciz "loop_t"
        .long \(typedefType)
        .Lst: .byte 3
        .asciz "holder"
        .byte 4
        .byte 4
        .asciz "v"
        .long \(memberType)
        .byte 0
        .byte 0
        .byte 0
        """)
  }

  static func layout(_ path: String) -> String {
    do {
      let imported = try DebugInfoImport.read(path, types: ["struct holder"])
      return imported.records.map { "\($0.name) \($0.size) \($0.encoding)" }.joined(separator: "; ")
    } catch {
      return error.description
    }
  }

  /// The same unit with sound references reads: the harness itself is right.
  @Test func soundReferencesRead() throws {
    let path = try Self.assemble("crafted-sound.o", typedefType: ".Lint - .Lcu", memberType: ".Ltd - .Lcu")
    #expect(Self.layout(path) == "struct holder 4 {holder=\"v\"i}")
  }

  @Test func typedefNamingItself() throws {
    let path = try Self.assemble("crafted-typedef-loop.o", typedefType: ".Ltd - .Lcu", memberType: ".Ltd - .Lcu")
    #expect(
      Self.layout(path)
        == "\(path): malformed DWARF at DIE 0x1b: a chain of typedefs and qualifiers that does not end")
  }

  @Test func recordHoldingItself() throws {
    let path = try Self.assemble("crafted-record-loop.o", typedefType: ".Lint - .Lcu", memberType: ".Lst - .Lcu")
    #expect(Self.layout(path) == "\(path): malformed DWARF at DIE 0x27: struct holder holds itself")
  }

  @Test func referencePastTheUnit() throws {
    let path = try Self.assemble("crafted-out-of-range.o", typedefType: ".Lint - .Lcu", memberType: "0x7fff0")
    #expect(Self.layout(path) == "\(path): malformed DWARF at DIE 0x30: DW_AT_type refers to no DIE")
  }

  /// Reading every type meets the typedef's loop first: malformed DWARF is an error, not a type skipped.
  @Test func everyTypeOfALoopingUnit() throws {
    let path = try Self.assemble("crafted-all-loop.o", typedefType: ".Ltd - .Lcu", memberType: ".Lst - .Lcu")
    let message: String
    do {
      let imported = try DebugInfoImport.read(path)
      message = "records \(imported.records.map(\.name)), skipped \(imported.skipped.sorted { $0.key < $1.key })"
    } catch {
      message = error.description
    }
    #expect(message == "\(path): malformed DWARF at DIE 0x1b: a chain of typedefs and qualifiers that does not end")
  }

  /// Found by Scripts/headers/differential.py: a trailing unnamed bitfield pads `struct s` from 64 to 72
  /// bytes, and DWARF does not list it. No power of two pads 64 to 72, so the alignment is the members'
  /// (inferred), not 128, which does not divide the size and failed the import.
  @Test func trailingUnnamedBitfieldPadding() throws {
    let path = try DebugInfoFixture.compile(
      "struct s { long long a[8]; long long : 45; } v;\n", name: "unnamed-tail.o", flags: ["-g", "-c"])
    let record = try #require(try DebugInfoImport.read(path, types: ["struct s"]).record(named: "struct s"))
    #expect("\(record.size) \(record.alignment) \(record.alignmentSource)" == "72 8 inferred")
  }

  /// Found by Scripts/headers/differential.py: `struct inner` is padded to 16 bytes by an unnamed bitfield,
  /// so its alignment is inferred (16, where clang says 8), and `struct outer`, natural from its members,
  /// holds that guess and has no padding of its own (laid out alike packed or not): unknown, not natural.
  @Test func alignmentFromAnInferredMemberIsInferred() throws {
    let source = """
      struct inner { unsigned char a; unsigned long long b : 1; unsigned long long : 63; };
      struct outer { struct inner i; long x, y; } v;

      """
    let path = try DebugInfoFixture.compile(source, name: "inferred-member.o", flags: ["-g", "-c"])
    let imported = try DebugInfoImport.read(path, types: ["struct outer"])
    let summary = imported.records.map { "\($0.name) \($0.size) \($0.alignment) \($0.alignmentSource)" }
    #expect(summary == ["struct inner 16 16 inferred", "struct outer 32 16 unknown"])
  }

  /// DWARF never says `packed`: a packed register of `uint32_t` bitfields and a 16-bit member (6 bytes) is 1
  /// (once taken as 2, the largest power of two its offsets allow); gcc's `#pragma pack(2)` shows 2 in its
  /// hole; a record with no padding is laid out alike packed or not, and its alignment is unknown.
  @Test(.needs(.gcc), arguments: ["clang", "gcc"])
  func packedAlignmentIsNeverGuessed(_ compiler: String) throws {
    let source = """
      #include <stdint.h>
      struct __attribute__((packed)) reg { uint32_t mode : 4; uint32_t count : 28; uint16_t crc; } r;
      #pragma pack(push, 2)
      struct pack2 { uint8_t a; uint32_t b; uint16_t c; } p;
      #pragma pack(pop)
      struct __attribute__((packed)) dense { uint32_t a, b; } d;
      struct plain { uint32_t a, b; } q;

      """
    let path = try DebugInfoFixture.compile(
      source, name: "packed-alignment-\(compiler).o", flags: ["-g", "-c"], compiler: compiler)
    let imported = try DebugInfoImport.read(path)
    let summary = imported.records.map { "\($0.name) \($0.size) \($0.alignment) \($0.alignmentSource)" }
    // clang writes DW_AT_alignment for #pragma pack; gcc does not, and its hole tells.
    let pack2 = compiler == "clang" ? "struct pack2 8 2 attribute" : "struct pack2 8 2 inferred"
    #expect(
      summary == [
        "struct reg 6 1 inferred", pack2, "struct dense 8 4 unknown", "struct plain 8 4 unknown",
      ])
  }

  /// Found by Scripts/headers/differential.py: `aligned(2)` on a `long long` member leaves it 8-aligned
  /// (the attribute only raises alignment outside a packed record), so `struct held` is 8-aligned: its hole
  /// before `u` says so, though the union alone, with no padding, could be packed (inferred, not natural).
  @Test func memberAlignedBelowItsType() throws {
    let source = """
      struct held { int a; union { unsigned long long b __attribute__((aligned(2))); } u; } v;

      """
    let path = try DebugInfoFixture.compile(source, name: "member-aligned-below.o", flags: ["-g", "-c"])
    let record = try #require(try DebugInfoImport.read(path, types: ["struct held"]).record(named: "struct held"))
    #expect("\(record.size) \(record.alignment) \(record.alignmentSource)" == "16 8 inferred")
  }

  /// `struct holder` with its size and its member's offset written as 8-byte constants (DW_FORM_data8),
  /// for numbers no C type has: `int` at 0x14, `struct holder` at 0x1b, its member `v` at 0x2b.
  static func assembleWide(_ name: String, byteSize: UInt64, memberOffset: UInt64) throws -> String {
    try assembleUnit(
      name, file: "wide.c",
      abbreviations: """
        .byte 3, 0x13, 1, 0x03, 0x08, 0x0b, 0x07, 0, 0
        .byte 4, 0x0d, 0, 0x03, 0x08, 0x49, 0x13, 0x38, 0x07, 0, 0
        .byte 5, 0x24, 0, 0x03, 0x08, 0x3e, 0x0b, 0x0b, 0x0b, 0, 0
        """,
      dies: """
        .Lint: .byte 5
        .asciz "int"
        .byte 5, 4
        .Lst: .byte 3
        .asciz "holder"
        .quad \(byteSize)
        .byte 4
        .asciz "v"
        .long .Lint - .Lcu
        .quad \(memberOffset)
        .byte 0
        .byte 0
        """)
  }

  /// Found by the debug-info fuzz target: a member offset past `Int.max` trapped converting it. Sizes,
  /// offsets and counts larger than any C type's are malformed DWARF, named with the DIE.
  @Test func numbersLargerThanAnyCType() throws {
    let sound = try Self.assembleWide("crafted-wide-sound.o", byteSize: 8, memberOffset: 4)
    #expect(Self.layout(sound) == "struct holder 8 {holder=\"v\"i}")
    let offset = try Self.assembleWide("crafted-wide-offset.o", byteSize: 8, memberOffset: 1 << 63 | 8)
    #expect(
      Self.layout(offset)
        == "\(offset): malformed DWARF at DIE 0x2b: a member offset of 9223372036854775816, larger than any C type")
    let size = try Self.assembleWide("crafted-wide-size.o", byteSize: 1 << 50, memberOffset: 4)
    #expect(
      Self.layout(size)
        == "\(size): malformed DWARF at DIE 0x1b: a size, offset or count of 1125899906842624, larger than any C type")
  }

  /// Found by the debug-info fuzz target: a class of one byte whose member is the class itself overflowed the
  /// stack, asked over and over whether it holds data. It is malformed DWARF, named with the DIE.
  @Test func anEmptyClassHoldingItself() throws {
    let path = try Self.assembleUnit(
      "crafted-empty-loop.o", file: "empty.c",
      abbreviations: """
        .byte 3, 0x13, 1, 0x03, 0x08, 0x0b, 0x0b, 0, 0
        .byte 4, 0x0d, 0, 0x03, 0x08, 0x49, 0x13, 0x38, 0x0b, 0, 0
        """,
      dies: """
        .Lst: .byte 3
        .asciz "holder"
        .byte 1
        .byte 4
        .asciz "me"
        .long .Lst - .Lcu
        .byte 0
        .byte 0
        """)
    let layout = Self.layout(path)
    #expect(layout.hasPrefix("\(path): malformed DWARF at DIE 0x"), "\(layout)")
    #expect(layout.hasSuffix(": a class of no data that holds itself"), "\(layout)")
  }
}
