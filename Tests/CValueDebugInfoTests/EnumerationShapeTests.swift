import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// Enumerations by name whatever the shape of the type that holds them (issue 52): a member of an
/// anonymous struct as of a named one, read from the debug info of a fixture compiled here.
@Suite struct EnumerationShapeTests {
  static let source = """
    enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
    typedef struct { enum mode mode; char c; } anon_t;
    struct rec { enum mode mode; char c; };
    anon_t anon_value;
    struct rec rec_value;
    """

  /// A catalog of `types` as the running program has them, `text` built into a library it has loaded.
  static func catalog(_ text: String, name: String, types: [String]) throws -> TypeCatalog {
    let library = try DebugInfoFixture.compile(text, name: name, flags: ["-g", "-shared", "-fPIC"])
    let handle = try #require(dlopen(library, RTLD_NOW | RTLD_LOCAL), "dlopen \(library)")
    defer { dlclose(handle) }
    let catalog = TypeCatalog()
    try catalog.importDebugInfoOfRunningProgram(types: types)
    return catalog
  }

  @Test func anEnumMemberOfAnAnonymousStructIsNamedAsInANamedOne() throws {
    let registry = ValueRegistry(
      catalog: try Self.catalog(Self.source, name: "enum_shapes.so", types: ["anon_t", "struct rec"]))
    for name in ["anon_t", "struct rec"] {
      let type = try registry.resolve(name)
      let run = try type.parse("{.mode = MODE_RUN, .c = 1}")
      let fault = try type.parse("{.mode = MODE_FAULT, .c = 1}")
      #expect(run == [1, 0, 0, 0, 1, 0, 0, 0], "\(name)")
      #expect(try type.describe(bytes: run) == "{.mode = MODE_RUN, .c = 1}", "\(name)")
      #expect(
        try type.compare(bytes: run, fault).report == """
          \(name == "anon_t" ? "anon_t" : "rec") values differ at 1 of 2 fields:
            .mode: MODE_RUN ≠ MODE_FAULT
            actual:   {.mode = MODE_RUN, .c = 1}
            expected: {.mode = MODE_FAULT, .c = 1}
          """, "\(name)")
    }
  }

  /// Two anonymous structs alike but for an enum (an enum of these constants is an `unsigned int`) cannot be told apart by their encoding: neither names
  /// constants, rather than one naming the other's, and the import says why.
  @Test func anonymousStructsAlikeButForAnEnumNameNoConstants() throws {
    let source = """
      enum mode { MODE_OFF, MODE_RUN };
      typedef struct { enum mode mode; } with_enum_t;
      typedef struct { unsigned int mode; } with_int_t;
      with_enum_t with_enum;
      with_int_t with_int;
      """
    let object = try DebugInfoFixture.compile(source, name: "enum_alike.o", flags: ["-g", "-c"])
    let imported = try DebugInfoImport.read(object)
    // Only the enum itself, by its tag.
    #expect(imported.enumerations.map { "\($0.record).\($0.member)" } == ["enum mode."])
    #expect(
      imported.skipped["with_enum_t.mode"]
        == "left out of its enumeration: with_int_t has the same members but other enums, and an anonymous "
        + "record is known by its members alone")
    let catalog = TypeCatalog()
    try catalog.register(imported)
    let registry = ValueRegistry(catalog: catalog)
    #expect(try registry.resolve("with_enum_t").describe(bytes: [1, 0, 0, 0]) == "{.mode = 1}")
    #expect(try registry.resolve("with_int_t").describe(bytes: [1, 0, 0, 0]) == "{.mode = 1}")
  }

  /// Anonymous records inside a named one, a member and a C11 anonymous member: named by their place in it.
  @Test func anEnumMemberOfANestedAnonymousRecordIsNamed() throws {
    let source = """
      enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
      struct outer { struct { enum mode m; } in; union { enum mode u; int x; }; };
      struct outer outer_value;
      """
    let catalog = try Self.catalog(source, name: "enum_nested.so", types: ["struct outer"])
    let type = try ValueRegistry(catalog: catalog).resolve("struct outer")
    #expect(
      try type.compare(bytes: [1, 0, 0, 0, 2, 0, 0, 0], [1, 0, 0, 0, 1, 0, 0, 0]).report == """
        outer values differ at 2 of 3 fields:
          .u: MODE_FAULT ≠ MODE_RUN
          .x: 2 ≠ 1
          actual:   {.in = {.m = MODE_RUN}, {.u = MODE_FAULT, .x = 2}}
          expected: {.in = {.m = MODE_RUN}, {.u = MODE_RUN, .x = 1}}
        """)
  }

  static let ownSource = """
    typedef enum { LEVEL_LOW = 10, LEVEL_HIGH = 30 } level_t;
    enum pwr_state { PWR_OFF, PWR_ON };
    enum dir { DIR_N, DIR_E, DIR_S, DIR_W };
    typedef enum dir dir_t;
    level_t level_value;
    enum pwr_state pwr_value;
    dir_t dir_value;
    """

  /// The asserted type itself an enum, by a typedef of an anonymous enum, by its tag, or by a typedef of a
  /// tagged one: its constants' names, a value that is no constant as a number, and its layout row the enum.
  @Test func anEnumThatIsTheTypeItselfIsNamed() throws {
    let catalog = try Self.catalog(
      Self.ownSource, name: "enum_own.so", types: ["level_t", "enum pwr_state", "dir_t"])
    let registry = ValueRegistry(catalog: catalog)
    let level = try registry.resolve("level_t")
    #expect(try level.describe(bytes: [10, 0, 0, 0]) == "LEVEL_LOW")
    #expect(try level.describe(bytes: [11, 0, 0, 0]) == "11")
    #expect(try level.parse("LEVEL_HIGH") == [30, 0, 0, 0])
    #expect(
      try level.compare(bytes: [10, 0, 0, 0], [30, 0, 0, 0]).report == """
        level_t values differ at 1 of 1 field:
          value: LEVEL_LOW ≠ LEVEL_HIGH
          actual:   LEVEL_LOW
          expected: LEVEL_HIGH
        """)
    var text = ""
    level.layout?.report(as: .text, name: "level_t", alignmentSource: "natural", to: &text)
    #expect(
      text == """
        level_t = I
        size 4, alignment 4, stride 4 (\(ABI.host.name))

        offset     size  field      type
             0        4  (value)    I  level_t

        """)
    let power = try registry.resolve("enum pwr_state")
    #expect(try power.describe(bytes: [1, 0, 0, 0]) == "PWR_ON")
    #expect(
      try power.compare(bytes: [1, 0, 0, 0], [0, 0, 0, 0]).report == """
        enum pwr_state values differ at 1 of 1 field:
          value: PWR_ON ≠ PWR_OFF
          actual:   PWR_ON
          expected: PWR_OFF
        """)
    #expect(try registry.resolve("dir_t").describe(bytes: [3, 0, 0, 0]) == "DIR_W")
  }
}
