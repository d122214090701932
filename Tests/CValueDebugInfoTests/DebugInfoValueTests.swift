import CValueDebugInfo
import CValueKit
import TestSupport
import Testing

/// What an import of the fixture's clang DWARF 5 object holds, by literal: how each record's alignment
/// was known, and a value compared through a registry with the member names and enum constants read.
@Suite struct DebugInfoValueTests {
  static let build = DebugInfoFixture.Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .object)

  @Test func alignmentSourcesAreTheDebugInfosOwn() throws {
    let imported = try DebugInfoImport.read(DebugInfoFixture.path(of: Self.build))
    let sources = imported.records.map { "\($0.name): \($0.alignment) \($0.alignmentSource)" }
    // DWARF writes DW_AT_alignment for explicit alignment only; packed records show it in their offsets, and
    // a record with no padding is laid out alike packed or not: its alignment is unknown (the largest held).
    #expect(
      sources == [
        "struct bits: 8 unknown", "struct packed_bits: 1 inferred", "struct nested_anonymous: 4 inferred",
        "struct flexible: 8 natural", "struct packed: 1 inferred", "struct aligned: 16 attribute",
        "struct over_aligned: 8 natural", "struct pragma_packed: 2 attribute", "struct scalars: 16 natural",
        "struct complexes: 8 unknown", "struct vectors: 16 natural", "struct atomics: 8 natural",
        "struct callbacks: 8 unknown", "struct matrix: 4 unknown", "point_t: 8 unknown", "struct shape: 8 unknown",
        "union value: 8 unknown",
      ])
  }

  @Test func shapesCompareWithMemberNamesAndEnumConstants() throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: DebugInfoFixture.path(of: Self.build), types: ["struct shape"])
    let type = try ValueRegistry(catalog: catalog).resolve("{shape}")
    let expected = try type.parse(
      "{.origin = {.x = 1, .y = 2}, .color = GREEN, .level = HIGH, .bits = {.a = 1, .b = 2, .c = -3, .flag = 1, .hue = BLUE, .wide = 5}}"
    )
    let actual = try type.parse(
      "{.origin = {.x = 1, .y = 2.5}, .color = BLUE, .level = HIGH, .bits = {.a = 1, .b = 2, .c = -3, .flag = 1, .hue = RED, .wide = 5}}"
    )
    #expect(
      try type.compare(bytes: actual, expected).report == """
        shape values differ at 3 of 10 fields:
          .origin.y: 2.5 ≠ 2 (difference 0.5)
          .color: BLUE ≠ GREEN
          .bits.hue: RED ≠ BLUE
          actual:   {.origin = {.x = 1, .y = 2.5}, .color = BLUE, .level = HIGH, .bits = {.a = 1, .b = 2, .c = -3, \
        .flag = 1, .hue = RED, .wide = 5}}
          expected: {.origin = {.x = 1, .y = 2}, .color = GREEN, .level = HIGH, .bits = {.a = 1, .b = 2, .c = -3, \
        .flag = 1, .hue = BLUE, .wide = 5}}
        """)
  }

  @Test func oneOfSeveralDefinitionsIsChosenByUnit() throws {
    let first = "struct clash { int a; };\nint first(struct clash *c) { return c->a; }\n"
    let second = "struct clash { long a; };\nint second(struct clash *c) { return (int)c->a; }\n"
    let a = try DebugInfoFixture.compile(first, name: "clash_a.o", flags: ["-g", "-c"])
    let b = try DebugInfoFixture.compile(second, name: "clash_b.o", flags: ["-g", "-c"])
    let linked = try DebugInfoFixture.run(
      DebugInfoFixture.tool("clang"), ["-shared", "-o", "\(DebugInfoFixture.directory)/clash.so", a, b],
      output: "\(DebugInfoFixture.directory)/clash.so"
    ).get()
    let directory = DebugInfoFixture.directory
    let units = ["\(directory)/clash_a.o.c", "\(directory)/clash_b.o.c"]
    #expect(throws: DebugInfoError.conflictingDefinitions("struct clash", units: units)) {
      try DebugInfoImport.read(linked, types: ["struct clash"])
    }
    let chosen = try DebugInfoImport.read(linked, types: ["struct clash"], unit: "clash_b.o.c")
    #expect(chosen.record(named: "struct clash")?.size == 8)
    let all = try DebugInfoImport.read(linked)
    #expect(
      all.skipped["struct clash"]
        == "struct clash is defined differently in \(units[0]), \(units[1]): choose one with unit:")
  }
}
