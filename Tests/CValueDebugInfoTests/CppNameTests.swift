import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// C++ types found by the names C++ gives them — `geo::point`, `a::b::rec`, `outer::inner`,
/// `a::b::shell::core` (no scope written twice),
/// `box<double>`, `box<box<int>>`, `(anonymous namespace)::hidden`, `class account`, unions whose names hold
/// parentheses (`(anonymous namespace)::hidden_union`, `slotted<int (*)(int)>::slot`), template instances
/// with their default arguments left out (`geo::defaulted<short>`) — spelled as a user types them or as
/// `typeid` demangles them, from g++ and clang++ builds.
@Suite struct CppNameTests {
  static let builds: [CppRecordTests.Build] = [
    .init(compiler: "g++", flags: ["-gdwarf-4"]),
    .init(compiler: "g++", flags: ["-gdwarf-5", "-O2"]),
    .init(compiler: "clang++", flags: ["-gdwarf-5"]),
  ]

  static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/names.cpp").path

  private static let programs = BuildCache<String>()

  static func program(_ build: CppRecordTests.Build) throws -> String {
    try programs.value(for: build.name) {
      let path = "\(DebugInfoFixture.directory)/names_\(build.name)"
      _ = try DebugInfoFixture.run(
        DebugInfoFixture.tool(build.compiler), build.flags + ["-std=c++17", "-o", path, source], output: path
      ).get()
      return path
    }
  }

  /// Each spelling, and the layout the catalog then gives for it.
  static let spellings: [(name: String, layout: String)] = [
    ("geo::point", "size 16: .x @0 d, .y @8 d"),
    ("struct geo::point", "size 16: .x @0 d, .y @8 d"),
    ("geo::vertex", "size 16: .x @0 d, .y @8 d"),
    ("a::b::rec", "size 4: .v @0 i"),
    ("outer::inner", "size 4: .i @0 i"),
    ("a::b::shell::core", "size 2: .c @0 s"),
    ("a::b::shell", "size 2: .k.c @0 s"),
    ("a::b::holder<int>::part", "size 4: .t @0 i"),
    ("outer", "size 8: .in.i @0 i, .o @4 i"),
    ("box<double>", "size 16: .value @0 d, .tag @8 i"),
    ("box< double >", "size 16: .value @0 d, .tag @8 i"),
    ("box<geo::point>", "size 24: .value.x @0 d, .value.y @8 d, .tag @16 i"),
    ("box<box<int>>", "size 12: .value.value @0 i, .value.tag @4 i, .tag @8 i"),
    ("box<box<int> >", "size 12: .value.value @0 i, .value.tag @4 i, .tag @8 i"),
    ("(anonymous namespace)::hidden", "size 4: .h @0 i"),
    ("(anonymous namespace)::hidden_union", "size 4: .i @0 i, .f @0 f"),
    ("union (anonymous namespace)::hidden_union", "size 4: .i @0 i, .f @0 f"),
    ("slotted<int (*)(int)>::slot", "size 8: .value @0 ^?, .none @0 c"),
    ("slotted<int (*)(int)>", "size 16: .s.value @0 ^?, .s.none @0 c, .tag @8 i"),
    ("account", "size 16: .id @0 i, .balance @8 d"),
    ("class account", "size 16: .id @0 i, .balance @8 d"),
    ("geo::defaulted<short, 4, void>", "size 8: .items[0] @0 s, .items[1] @2 s, .items[2] @4 s, .items[3] @6 s"),
    ("geo::defaulted<short int, 4>", "size 8: .items[0] @0 s, .items[1] @2 s, .items[2] @4 s, .items[3] @6 s"),
    ("geo::defaulted<short>", "size 8: .items[0] @0 s, .items[1] @2 s, .items[2] @4 s, .items[3] @6 s"),
    ("geo::defaulted<short, 2>", "size 4: .items[0] @0 s, .items[1] @2 s"),
  ]

  static func layout(_ name: String, in catalog: TypeCatalog) throws -> String {
    let layout = try catalog.layout(of: catalog.parse(name), abi: .host)
    return "size \(layout.size): "
      + layout.fields.map { "\($0.path) @\($0.offset) \($0.type)" }.joined(separator: ", ")
  }

  @Test(.needs(.gxx), arguments: builds)
  func everySpellingFindsItsType(_ build: CppRecordTests.Build) throws {
    let path = try Self.program(build)
    for (name, expected) in Self.spellings {
      let catalog = TypeCatalog(includingBuiltins: false)
      try catalog.importDebugInfo(of: path, types: [name])
      let layout = try Self.layout(name, in: catalog)
      #expect(layout == expected, "\(name) in \(build): \(layout)")
    }
  }

  @Test(.needs(.gxx), arguments: builds)
  func everyTypeReadAtOnceIsNamedAsCPlusPlusNamesIt(_ build: CppRecordTests.Build) throws {
    let imported = try DebugInfoImport.read(Self.program(build))
    let names = Set(imported.records.map(\.name))
    for name in [
      "struct geo::point", "struct a::b::rec", "struct outer", "struct outer::inner", "struct box<double>",
      "struct a::b::shell::core", "struct a::b::holder<int>::part",
      "struct box<geo::point>", "struct box<box<int>>", "struct (anonymous namespace)::hidden", "struct account",
    ] {
      #expect(names.contains(name), "\(name) in \(build)")
    }
    #expect(Set(imported.typedefs.map(\.name)).isSuperset(of: ["geo::vertex", "geo::coordinate"]), "\(build)")
  }

  @Test(.needs(.gxx))
  func aNameNoUnitDefinesIsAnErrorNamingIt() throws {
    let path = try Self.program(Self.builds[0])
    #expect(throws: DebugInfoError.unknownType("geo::line", file: path)) {
      try DebugInfoImport.read(path, types: ["geo::line"])
    }
    #expect(throws: DebugInfoError.unknownType("box<float>", file: path)) {
      try DebugInfoImport.read(path, types: ["box<float>"])
    }
    // Only arguments the compiler marks as defaults are left out: no `geo::defaulted<short, 2>` is
    // `geo::defaulted<short, 2, int>`, and `geo::defaulted<>` leaves out one that has none.
    // A miss names the nearest names the program has, nearest first.
    let misses: [(String, [String])] = [
      (
        "geo::defaulted<short, 2, int>",
        [
          "struct geo::defaulted<short, 2, void>", "geo::defaulted<short, 2>", "struct geo::defaulted<short, 4, void>",
        ]
      ),
      ("geo::defaulted<>", []),
      (
        "geo::defaulted<short, 4, void, void>",
        ["struct geo::defaulted<short, 4, void>", "struct geo::defaulted<short, 2, void>"]
      ),
    ]
    for (name, nearest) in misses {
      #expect(throws: DebugInfoError.unknownType(name, file: path, nearest: nearest)) {
        try DebugInfoImport.read(path, types: [name])
      }
    }
  }

  @Test(.needs(.gxx))
  func valuesOfANamespacedTemplateCompareByName() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.importDebugInfo(of: Self.program(Self.builds[2]), types: ["box<geo::point>"])
    let type = try ValueRegistry(catalog: catalog).resolve("box<geo::point>")
    let expected = try type.parse("{.value = {.x = 1, .y = 2}, .tag = 3}")
    let actual = try type.parse("{.value = {.x = 1, .y = 2.5}, .tag = 3}")
    #expect(try type.compare(bytes: actual, expected).mismatches.map(\.path.description) == [".value.y"])
  }
}
