import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// Types declared inside a function (`DW_TAG_structure_type` under `DW_TAG_subprogram` and lexical blocks),
/// as a C test declares the struct it compares: found by name, merged when alike, an error naming both
/// functions when not.
@Suite struct LocalTypeTests {
  static let source = """
    struct global { int g; };
    int first(void) { struct local { int a; char b; } x = {1, 2}; return x.a; }
    int second(void) { { struct local { double d; } y = {1}; return (int)y.d; } }
    int third(void) { struct same { short s; unsigned flag : 1; } z = {3, 1}; return z.s; }
    int fourth(void) {
      struct same { short s; unsigned flag : 1; } z = {4, 0};
      typedef struct { char c[3]; int n; } local_t;
      local_t w = {{0}, 2};
      if (z.s) { union in_block { int i; float f; } u = {5}; return u.i + w.n; }
      return w.c[0];
    }
    int use_global(struct global *g) { return g->g; }
    """

  static func object(_ compiler: String) throws -> String {
    let name = "local-\(compiler).o"
    let source = "\(DebugInfoFixture.directory)/\(name).c"
    try Self.source.write(toFile: source, atomically: true, encoding: .utf8)
    let output = "\(DebugInfoFixture.directory)/\(name)"
    return try DebugInfoFixture.run(
      DebugInfoFixture.tool(compiler), ["-g", "-c", "-o", output, source], output: output
    ).get()
  }

  static func layout(_ name: String, in path: String) throws -> String {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: path, types: [name])
    let encoding = try catalog.encoding(named: name) ?? TypeEncoding(catalogName(name))
    let layout = try catalog.layout(of: encoding)
    return (["size \(layout.size), alignment \(layout.alignment)"] + layout.fields.map(\.description))
      .joined(separator: "\n")
  }

  static func catalogName(_ name: String) -> String {
    if name.hasPrefix("struct ") { return "{\(name.dropFirst(7))}" }
    if name.hasPrefix("union ") { return "(\(name.dropFirst(6)))" }
    return name
  }

  /// Sizes, alignments and offsets as gcc and clang print them with `sizeof`, `_Alignof` and `offsetof`.
  func checkFound(_ compiler: String) throws {
    let path = try Self.object(compiler)
    let same = try Self.layout("struct same", in: path)
    #expect(same == "size 4, alignment 4\n.s @0 +2 s\n.flag @bit 16 +1 b16I1")
    let typedef = try Self.layout("local_t", in: path)
    #expect(typedef == "size 8, alignment 4\n.c[0] @0 +1 c\n.c[1] @1 +1 c\n.c[2] @2 +1 c\n.n @4 +4 i")
    let union = try Self.layout("union in_block", in: path)
    #expect(union == "size 4, alignment 4\n.i @0 +4 i\n.f @0 +4 f")
    let global = try Self.layout("struct global", in: path)
    #expect(global == "size 4, alignment 4\n.g @0 +4 i")
    // In DWARF order: gcc writes the functions last to first.
    let places = compiler == "gcc" ? ["second()", "first()"] : ["first()", "second()"]
    let file = "\(path).c"
    #expect(
      #expect(throws: DebugInfoError.self) { try DebugInfoImport.read(path, types: ["struct local"]) }?
        .description
        == "struct local is defined differently in \(file) (in \(places[0])), \(file) (in \(places[1])): give "
        + "them different names (unit: chooses a compile unit, not a function)")
  }

  @Test func clangLocalTypesAreFound() throws {
    try checkFound("clang")
  }

  @Test(.needs(.gcc)) func gccLocalTypesAreFound() throws {
    try checkFound("gcc")
  }

  /// Every type read, names and places: the two `struct same` merged, `struct local` left out with why.
  @Test func everyTypeWithLocalOnes() throws {
    let imported = try DebugInfoImport.read(try Self.object("clang"))
    #expect(
      imported.records.map { "\($0.name): \($0.place ?? "")" }.sorted() == [
        "local_t: \(imported.origin.inputs[0]).c (in fourth())",
        "struct global: \(imported.origin.inputs[0]).c",
        "struct same: \(imported.origin.inputs[0]).c (in third())",
        "union in_block: \(imported.origin.inputs[0]).c (in fourth())",
      ])
    #expect(Array(imported.skipped.keys) == ["struct local"])
  }
}
