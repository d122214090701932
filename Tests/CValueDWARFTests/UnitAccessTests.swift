import CValueDWARF
import TestSupport
import Testing

/// Units found by offset alone (as an index keeps them), DIEs by reference, attributes integrated through
/// `DW_AT_specification` and `DW_AT_abstract_origin`, and what a unit says of itself.
@Suite(.needs(.gcc), .needs(.gxx))
struct UnitAccessTests {
  static func build() throws -> String {
    try DWARFFixture.build(
      "access",
      [
        [
          "sh", "-c",
          "printf 'struct counter { int n; void bump(); };\\nvoid counter::bump() { n++; }\\n"
            + "static inline int twice(int x) { return 2 * x; }\\nint run(int y) { return twice(y) + 1; }\\n' > a.cpp",
        ],
        ["g++", "-g", "-O2", "-c", "a.cpp", "-o", "a.o"],
        ["gcc", "-g", "-gdwarf-2", "-c", "$SRC/types.c", "-o", "dwarf2.o"],
        ["sh", "-c", "for i in 1 2 3; do echo \"struct unit$i { int v; } u$i;\" > u$i.c; done"],
        ["sh", "-c", "echo 'int main(void) { return 0; }' > main.c"],
        ["gcc", "-g", "u1.c", "u2.c", "u3.c", "main.c", "-o", "units"],
      ])
  }

  @Test func everyUnitIsFoundByItsOffsetAlone() throws {
    let dwarf = try DebugInfoFile.open("\(try Self.build())/units").objects[0]
    let offsets = try dwarf.unitOffsets()
    #expect(offsets.count == 4)
    // The last one first: nothing before it is read.
    let last = try dwarf.unit(at: offsets[3])
    #expect(try last.name() == "main.c")
    #expect(try offsets.map { try dwarf.unit(at: $0).name() } == ["u1.c", "u2.c", "u3.c", "main.c"])
    #expect(try last.language() == 0x1d)  // DW_LANG_C11
    #expect(last.kind == .compile)
    #expect(last.version == 5)
  }

  @Test func anOffsetThatStartsNoUnitIsMalformed() throws {
    let path = "\(try Self.build())/units"
    let dwarf = try DebugInfoFile.open(path).objects[0]
    let size = dwarf.sections.size(of: .info)
    #expect(
      throws: DWARFError.malformed(
        .init(file: path, section: ".debug_info", offset: UInt64(size) + 4),
        "no unit starts here: the section has \(size) bytes")
    ) {
      try dwarf.unit(at: UInt64(size) + 4)
    }
  }

  @Test func aDefinitionIsNamedThroughItsSpecificationAndAnInlinedCallThroughItsOrigin() throws {
    let unit = try DebugInfoFile.open("\(try Self.build())/a.o").objects[0].unit(at: 0)
    var definitions: [String] = []
    var inlined: [String] = []
    var entries = unit.entries()
    while let (die, _) = try entries.next() {
      if die.tag == .subprogram, die.has(.specification), !die.has(.name) { definitions.append(try die.name() ?? "?") }
      if die.tag == DWTag(0x1d) { inlined.append(try die.name() ?? "?") }  // DW_TAG_inlined_subroutine
    }
    #expect(definitions == ["bump"])
    #expect(inlined == ["twice"])
  }

  @Test func gccDwarf2MemberOffsetsAreExpressions() throws {
    let unit = try DebugInfoFile.open("\(try Self.build())/dwarf2.o").objects[0].unit(at: 0)
    let point = try unit.root().children().first { try $0.tag == .structureType && $0.name() == "point" }!
    var offsets: [UInt64?] = []
    for member in try point.children() {
      guard case .block(let block)? = try member.attribute(.dataMemberLocation)?.value else { continue }
      offsets.append(try Expression(block, unit: unit).constantOffset)
    }
    #expect(offsets == [0, 4])
    #expect(try point.children().map { try $0.dataMemberLocation() } == [.offset(0), .offset(4)])
  }
}
