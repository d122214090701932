import CValueHeaders
import CValueKit
import Foundation
import Testing

/// Anonymous records with the same member types and different layouts in one header (found by
/// `Scripts/headers/differential.py --seed 2849109902`): each one's layout goes with the record that holds
/// it, where it sits, since their encodings (`{?=cc}`, `{?=ci}`) cannot tell them apart.
@Suite struct AnonymousRecordOverrideTests {
  static let header = """
    struct aligned_pair { struct { char a __attribute__((aligned(8))); char b; } first; int tail; };
    struct plain_pair { struct { char c; char d; } second; char tail; };
    #pragma pack(push, 1)
    struct packed_holder { char x; struct { char e; int f; }; };
    #pragma pack(pop)
    struct loose_holder { char x; struct { char g; int h; } inner[2]; };
    """

  /// Offsets as clang gives them (`offsetof`, `sizeof`, `_Alignof` of the same header).
  static let expected = [
    "{aligned_pair}": "size 16, alignment 8: .first.a @0 +1 c, .first.b @1 +1 c, .tail @8 +4 i",
    "{plain_pair}": "size 3, alignment 1: .second.c @0 +1 c, .second.d @1 +1 c, .tail @2 +1 c",
    "{packed_holder}": "size 6, alignment 1: .x @0 +1 c, .e @1 +1 c, .f @2 +4 i",
    "{loose_holder}":
      "size 20, alignment 4: .x @0 +1 c, .inner[0].g @4 +1 c, .inner[0].h @8 +4 i, .inner[1].g @12 +1 c, "
      + ".inner[1].h @16 +4 i",
  ]

  static func summary(_ layout: CLayout) -> String {
    "size \(layout.size), alignment \(layout.alignment): "
      + layout.fields.map(\.description).joined(separator: ", ")
  }

  @Test func sameMemberTypesDifferentLayoutsImportTogether() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([try BadHeaderInputTests.header(Self.header)])
    #expect(imported.unimportable == [])
    for (name, expected) in Self.expected {
      #expect(Self.summary(try catalog.layout(of: name, abi: imported.abi)) == expected, "\(name)")
    }
    // The anonymous records' layouts are carried by their holders', not registered by member types.
    #expect(catalog.override(of: try TypeEncoding("{?=cc}"), abi: imported.abi) == nil)
    let aligned = try #require(catalog.override(of: try TypeEncoding("{aligned_pair}"), abi: imported.abi))
    #expect(aligned.memberOverrides[0].map { "\($0.size)/\($0.alignment)" } == "8/8")
    #expect(
      imported.records.map(\.name).sorted() == [
        "struct aligned_pair", "struct loose_holder", "struct packed_holder", "struct plain_pair",
      ])
  }

  @Test func carriedOverridesRoundTripThroughACatalogFile() throws {
    let path = try BadHeaderInputTests.header(Self.header)
    let imported = try TypeCatalog().importHeaders([path])
    let file = CatalogFile(imported)
    let text = file.encoded()
    #expect(text.contains(#""member" : 1"#))
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("anonymous-\(UUID()).json")
    try file.write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let loaded = TypeCatalog()
    try loaded.loadCatalogFile(at: url)
    for (name, expected) in Self.expected {
      #expect(Self.summary(try loaded.layout(of: name, abi: imported.abi)) == expected, "\(name)")
    }
  }

  @Test func aCarriedOverrideMustSitOnAnAnonymousRecord() {
    let override = LayoutOverride(
      size: 8, alignment: 4, placements: [.byte(0), .byte(4)],
      memberOverrides: [0: LayoutOverride(size: 1, alignment: 1, placements: nil)])
    let error = #expect(throws: CatalogError.self) {
      try TypeCatalog().register(TypeEncoding("{s=ii}"), override: override)
    }
    #expect(
      error?.description
        == "invalid layout override: member 0 holds no anonymous struct or union for the override it carries for struct s"
    )
  }
}
