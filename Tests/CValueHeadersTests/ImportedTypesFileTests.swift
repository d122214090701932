import CValueKit
import Foundation
import Testing

@testable import CValueHeaders

/// A catalog file holds ``ImportedTypes`` whatever made them: written and read back, the value is the same.
@Suite struct ImportedTypesFileTests {
  /// A header with a bit of everything a value holds: a packed record (an override), a typedef, a member's
  /// enumeration, a typedef that is no readable name, and a record CValueKit cannot represent.
  static let header = """
    enum state { DOWN, UP };
    struct __attribute__((packed)) pkt { char tag; int value; };
    typedef struct pkt pkt_t;
    struct link { enum state state; unsigned short port; };
    typedef int handler(int);
    struct bad { __float128 q; };

    """

  @Test func aHeaderImportWrittenAndReadBackIsTheSameValue() throws {
    let imported = try TypeCatalog().importHeaders([Self.header])
    #expect(imported.records.map(\.name) == ["struct pkt", "struct link"])
    #expect(imported.typedefs.map(\.name) == ["enum state", "pkt_t"])
    #expect(imported.enumerations.map { "\($0.record).\($0.member)" } == ["struct link.state", "enum state."])
    #expect(
      imported.skipped == [
        "handler": "a function type has no layout",
        "struct bad": "struct bad.q has type __float128, which no type encoding describes",
      ])
    #expect(imported.unimportable == ["struct bad"])
    #expect(imported.origin.kind == "headers")
    #expect(imported.origin.inputs == [Self.header])
    #expect(imported.origin.details.keys.sorted() == ["clangVersion", "target"])
    let text = CatalogFile(imported).encoded()
    #expect(try CatalogFile.decode(Data(text.utf8), path: "t.json").types == imported)
    // A header import's origin is all in the keys format 3 always had.
    #expect(!text.contains(#""origin""#))
    #expect(
      text.contains(
        """
          "skipped" : {
            "handler" : "a function type has no layout",
            "struct bad" : "struct bad.q has type __float128, which no type encoding describes"
          },
        """))
    #expect(text.contains(#"  "unimportable" : [\#n    "struct bad"\#n  ]"#))
  }

  @Test func typesFromAnotherSourceKeepTheirOriginAndAlignmentSources() throws {
    let packed = LayoutOverride(size: 5, alignment: 1, placements: [.byte(0), .byte(1)])
    let imported = ImportedTypes(
      records: [
        .init(
          name: "struct pkt", encoding: try TypeEncoding(#"{pkt="tag"c"value"i}"#), override: packed, size: 5,
          alignment: 1, alignmentSource: .inferred),
        .init(
          name: "struct link", encoding: try TypeEncoding(#"{link="port"S}"#), override: nil, size: 2, alignment: 2),
      ],
      abi: .arm64Linux,
      origin: .init(
        kind: "debug info", inputs: ["build/app"], details: ["compileUnit": "app.c", "target": "aarch64-linux-gnu"]))
    let text = CatalogFile(imported).encoded()
    let read = try CatalogFile.decode(Data(text.utf8), path: "t.json")
    #expect(read.types == imported)
    #expect(read.types.records.map(\.alignmentSource) == [ImportedTypes.AlignmentSource.inferred, .compiler])
    #expect(
      text.contains(
        """
          "origin" : {
            "details" : {
              "compileUnit" : "app.c"
            },
            "kind" : "debug info"
          },
        """))
    #expect(text.contains(#""alignmentSource" : "inferred""#))
    #expect(text.contains(#""clangVersion" : """#))
    #expect(text.contains(#""target" : "aarch64-linux-gnu""#))
    let catalog = TypeCatalog()
    try catalog.load(read)
    #expect(try catalog.layout(of: "{pkt}", abi: .arm64Linux).size == 5)
  }

  @Test func anUnknownAlignmentSourceIsAnErrorAtItsKey() throws {
    let imported = ImportedTypes(
      records: [
        .init(
          name: "struct s", encoding: try TypeEncoding(#"{s="a"i}"#), override: nil, size: 4, alignment: 4,
          alignmentSource: .attribute)
      ],
      abi: .x86_64Linux, origin: .init(kind: "debug info"))
    let text = CatalogFile(imported).encoded().replacingOccurrences(of: #""attribute""#, with: #""asked""#)
    #expect(
      throws: CatalogFileError.malformed(
        path: "t.json", at: "records[0].alignmentSource",
        reason: #""asked" is not compiler, attribute, natural, inferred or unknown"#)
    ) { try CatalogFile.decode(Data(text.utf8), path: "t.json") }
  }
}
