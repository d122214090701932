import Foundation
import TestSupport
import Testing

/// Enumerations by name whatever the shape of the type (issue 52): through the tool's header and catalog
/// doors, the same text for the same bytes.
@Suite("cvalue: enumerations in every shape")
struct EnumerationShapeCommandTests {
  static let header = """
    enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
    typedef struct { enum mode mode; char c; } anon_t;
    typedef enum { LEVEL_LOW = 10, LEVEL_HIGH = 30 } level_t;
    enum dir { DIR_N, DIR_E, DIR_S, DIR_W };

    """

  /// The outputs of the same commands through `door` (`--header TEXT`, `--catalog FILE`).
  static func outputs(_ door: [String]) async throws -> [String] {
    var result: [String] = []
    for arguments in [
      ["compare"] + door + ["anon_t", "0100000001000000", "0200000001000000"],
      ["compare"] + door + ["level_t", "0a000000", "1e000000"],
      ["describe"] + door + ["level_t", "0b000000"],
      ["describe"] + door + ["enum dir", "01000000"],
      ["layout"] + door + ["level_t"],
    ] {
      let run = try await CValue.run(arguments)
      #expect(run.stderr == "", "\(arguments)")
      result.append(run.stdout)
    }
    return result
  }

  @Test func theHeaderAndCatalogDoorsNameTheConstants() async throws {
    let expected = [
      """
      anon_t values differ at 1 of 2 fields:
        .mode: MODE_RUN ≠ MODE_FAULT
        actual:   {.mode = MODE_RUN, .c = 1}
        expected: {.mode = MODE_FAULT, .c = 1}

      """,
      """
      level_t values differ at 1 of 1 field:
        value: LEVEL_LOW ≠ LEVEL_HIGH
        actual:   LEVEL_LOW
        expected: LEVEL_HIGH

      """,
      "11\n",
      "DIR_E\n",
      """
      level_t = I
      size 4, alignment 4, stride 4 (x86_64-linux)

      offset     size  field      type
           0        4  (value)    I  level_t

      """,
    ]
    #expect(try await Self.outputs(["--header", Self.header]) == expected)
    let directory = try ImportCommandTests.headerDirectory(Self.header)
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("types.json").path
    let imported = try await CValue.run("import", Self.header, "--output", catalog)
    #expect(imported.exited(0), "\(imported)")
    #expect(try await Self.outputs(["--catalog", catalog]) == expected)
  }
}
