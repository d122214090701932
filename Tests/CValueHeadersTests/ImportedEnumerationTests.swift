import CValueKit
import Foundation
import Testing

@testable import CValueHeaders

/// Members declared with an enum type: the import registers the enum's constants with the member, so
/// descriptions and reports print the names and literals read them back.
@Suite struct ImportedEnumerationTests {
  static let header = """
    #include <stdint.h>
    enum link_state { LINK_DOWN, LINK_UP = 3, LINK_TESTING = -1, LINK_ALIAS = 3 };
    typedef enum { MODE_OFF = 0, MODE_AUTO = 0x40000000 } mode_t2;
    struct link {
      enum link_state state;
      mode_t2 mode;
      enum link_state history[3];
      unsigned int flags : 4;
      enum link_state packed_state : 3;
      int plain;
    };
    """

  @Test func theConstantsOfEveryEnumMemberAreRegistered() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([try BadHeaderInputTests.header(Self.header)])
    #expect(
      imported.enumerations.map { "\($0.record).\($0.member): \($0.enumeration)" } == [
        "struct link.state: enum link_state {LINK_DOWN = 0, LINK_UP = 3, LINK_TESTING = -1, LINK_ALIAS = 3}",
        "struct link.mode: mode_t2 {MODE_OFF = 0, MODE_AUTO = 1073741824}",
        "struct link.history: enum link_state {LINK_DOWN = 0, LINK_UP = 3, LINK_TESTING = -1, LINK_ALIAS = 3}",
        "struct link.packed_state: enum link_state {LINK_DOWN = 0, LINK_UP = 3, LINK_TESTING = -1, LINK_ALIAS = 3}",
        "enum link_state.: enum link_state {LINK_DOWN = 0, LINK_UP = 3, LINK_TESTING = -1, LINK_ALIAS = 3}",
        "mode_t2.: mode_t2 {MODE_OFF = 0, MODE_AUTO = 1073741824}",
      ])
    let type = try ValueRegistry(catalog: catalog).resolve("{link}")
    let up = try type.parse(
      "{.state = LINK_UP, .mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .packed_state = LINK_UP}")
    #expect(
      try type.describe(bytes: up)
        == "{.state = LINK_UP, .mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .flags = 0, "
        + ".packed_state = LINK_UP, .plain = 0}")
    let down = try type.parse(
      "{.state = LINK_DOWN, .mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .packed_state = LINK_UP}")
    let rest =
      ".mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .flags = 0, .packed_state = LINK_UP, .plain = 0"
    #expect(
      try type.compare(bytes: up, down).report == """
        link values differ at 1 of 8 fields:
          .state: LINK_UP ≠ LINK_DOWN
          actual:   {.state = LINK_UP, \(rest)}
          expected: {.state = LINK_DOWN, \(rest)}
        """)
  }

  @Test func aDifferentEnumerationForAMemberIsRefusedAndNothingIsRegistered() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([try BadHeaderInputTests.header("enum e { A = 1 }; struct s { enum e kind; };")])
    let other = try BadHeaderInputTests.header("enum e { A = 2 }; struct s { enum e kind; }; struct t { int x; };")
    let error = #expect(throws: HeaderImportError.self) { try catalog.importHeaders([other]) }
    #expect(
      error?.description
        == "the catalog refused the import: .kind of struct s already has enum e {A = 1}; "
        + "refusing to replace it with enum e {A = 2}")
    #expect(catalog.record(named: "t") == nil)
  }

  @Test func aConstantTheFieldCannotHoldIsLeftOutAndNamed() throws {
    let header = try BadHeaderInputTests.header(
      "enum small { SMALL_A, SMALL_B = 7 }; struct s { enum small kind : 3; };")
    // GCC's rules: the enum is unsigned, so its 3-bit field holds 7.
    let host = try TypeCatalog().importHeaders([header])
    // The member's, and the enum's own.
    #expect(
      host.enumerations.map(\.enumeration.description) == [
        "enum small {SMALL_A = 0, SMALL_B = 7}", "enum small {SMALL_A = 0, SMALL_B = 7}",
      ])
    #expect(host.skipped["struct s.kind"] == nil)
    // MSVC's: the enum is int, so the 3-bit field is signed and holds -4...3.
    let msvc = try TypeCatalog().importHeaders([header], arguments: ["-target", "x86_64-pc-windows-msvc"])
    // The enum itself holds both: only its 3-bit field cannot.
    #expect(
      msvc.enumerations.map(\.enumeration.description) == [
        "enum small {SMALL_A = 0}", "enum small {SMALL_A = 0, SMALL_B = 7}",
      ])
    #expect(msvc.skipped["struct s.kind"] == "the field cannot hold SMALL_B = 7, left out of its enumeration")
  }
}

/// Enumerations by name whatever the shape of the type that holds them (issue 52), through headers and
/// a catalog file written from them.
@Suite struct EnumerationShapeHeaderTests {
  static let header = """
    enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
    typedef struct { enum mode mode; char c; } anon_t;
    struct rec { enum mode mode; char c; };
    """

  static func expectNamed(_ catalog: TypeCatalog, _ comment: Comment) throws {
    let registry = ValueRegistry(catalog: catalog)
    for name in ["anon_t", "struct rec"] {
      let type = try registry.resolve(name)
      let run = try type.parse("{.mode = MODE_RUN, .c = 1}")
      let fault = try type.parse("{.mode = MODE_FAULT, .c = 1}")
      #expect(try type.describe(bytes: run) == "{.mode = MODE_RUN, .c = 1}", comment)
      #expect(
        try type.compare(bytes: run, fault).report == """
          \(name == "anon_t" ? "anon_t" : "rec") values differ at 1 of 2 fields:
            .mode: MODE_RUN ≠ MODE_FAULT
            actual:   {.mode = MODE_RUN, .c = 1}
            expected: {.mode = MODE_FAULT, .c = 1}
          """, comment)
    }
  }

  @Test func anEnumMemberOfAnAnonymousStructIsNamedAsInANamedOne() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([try BadHeaderInputTests.header(Self.header)])
    #expect(
      imported.enumerations.map { "\($0.record).\($0.member)" } == ["anon_t.mode", "struct rec.mode", "enum mode."])
    try Self.expectNamed(catalog, "headers")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-enum-shapes-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try CatalogFile(imported).write(to: url)
    let loaded = TypeCatalog()
    try loaded.loadCatalogFile(at: url)
    try Self.expectNamed(loaded, "catalog file")
  }

  /// Anonymous records inside a named one, a member and a C11 anonymous member: named by their place in it.
  @Test func anEnumMemberOfANestedAnonymousRecordIsNamed() throws {
    let header = """
      enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
      struct outer { struct { enum mode m; } in; union { enum mode u; int x; }; };
      """
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([try BadHeaderInputTests.header(header)])
    #expect(
      imported.enumerations.map { "\($0.record).\($0.member)" } == [
        "struct outer.in.m", "struct outer (anonymous union with .u).u", "enum mode.",
      ])
    let type = try ValueRegistry(catalog: catalog).resolve("struct outer")
    #expect(try type.describe(bytes: [1, 0, 0, 0, 2, 0, 0, 0]) == "{.in = {.m = MODE_RUN}, {.u = MODE_FAULT, .x = 2}}")
  }
}

/// The asserted type itself an enum, through headers and a catalog file written from them (issue 52): by
/// a typedef of an anonymous enum, by its tag (`enum dir`, which headers did not name before), by a typedef
/// of a tagged one.
@Suite struct OwnEnumerationHeaderTests {
  static let header = """
    typedef enum { LEVEL_LOW = 10, LEVEL_HIGH = 30 } level_t;
    enum dir { DIR_N, DIR_E, DIR_S, DIR_W };
    typedef enum dir dir_t;
    """

  static func expectNamed(_ catalog: TypeCatalog, _ comment: Comment) throws {
    let registry = ValueRegistry(catalog: catalog)
    let level = try registry.resolve("level_t")
    #expect(try level.describe(bytes: [10, 0, 0, 0]) == "LEVEL_LOW", comment)
    #expect(try level.describe(bytes: [11, 0, 0, 0]) == "11", comment)
    #expect(
      try level.compare(bytes: [10, 0, 0, 0], [30, 0, 0, 0]).report == """
        level_t values differ at 1 of 1 field:
          value: LEVEL_LOW ≠ LEVEL_HIGH
          actual:   LEVEL_LOW
          expected: LEVEL_HIGH
        """, comment)
    #expect(try registry.resolve("enum dir").describe(bytes: [1, 0, 0, 0]) == "DIR_E", comment)
    #expect(try registry.resolve("enum  dir").describe(bytes: [2, 0, 0, 0]) == "DIR_S", comment)
    #expect(try registry.resolve("dir_t").describe(bytes: [3, 0, 0, 0]) == "DIR_W", comment)
  }

  @Test func anEnumThatIsTheTypeItselfIsNamed() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([try BadHeaderInputTests.header(Self.header)])
    #expect(
      imported.enumerations.map { "\($0.record).\($0.member): \($0.enumeration)" } == [
        "level_t.: level_t {LEVEL_LOW = 10, LEVEL_HIGH = 30}",
        "enum dir.: enum dir {DIR_N = 0, DIR_E = 1, DIR_S = 2, DIR_W = 3}",
        "dir_t.: enum dir {DIR_N = 0, DIR_E = 1, DIR_S = 2, DIR_W = 3}",
      ])
    try Self.expectNamed(catalog, "headers")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-own-enums-\(UUID()).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let file = CatalogFile(imported)
    try file.write(to: url)
    #expect(file.encoded().contains("\"level_t = 0\""))
    let loaded = TypeCatalog()
    try loaded.loadCatalogFile(at: url)
    try Self.expectNamed(loaded, "catalog file")
  }
}
