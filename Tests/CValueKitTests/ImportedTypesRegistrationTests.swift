import Testing

@testable import CValueHeaders
@testable import CValueKit

/// `TypeCatalog.register(_:)` for imported types, whatever made them: all of them or, on a conflict anywhere,
/// none, with the error of the entry registered first.
@Suite("Registering imported types")
struct ImportedTypesRegistrationTests {
  static let packed = LayoutOverride(size: 5, alignment: 1, placements: [.byte(0), .byte(1)])
  static let state = CEnumeration(name: "enum state", constants: [(name: "DOWN", value: 0), (name: "UP", value: 1)])

  /// What a debug-info reader would make of `struct pkt { char tag; int value; } __attribute__((packed))`,
  /// `typedef struct pkt pkt_t` and `struct link { enum state state; unsigned short port; }`.
  static func debugInfo() throws -> ImportedTypes {
    ImportedTypes(
      records: [
        .init(
          name: "struct pkt", encoding: try TypeEncoding(#"{pkt="tag"c"value"i}"#), override: packed, size: 5,
          alignment: 1, alignmentSource: .inferred),
        .init(
          name: "struct link", encoding: try TypeEncoding(#"{link="state"I"port"S}"#), override: nil, size: 8,
          alignment: 4, alignmentSource: .natural),
      ],
      typedefs: [.init(name: "pkt_t", encoding: try TypeEncoding(#"{pkt="tag"c"value"i}"#))],
      enumerations: [.init(record: "struct link", member: "state", enumeration: state)],
      abi: .x86_64Linux,
      origin: .init(kind: "debug info", inputs: ["build/app"], details: ["compileUnit": "app.c"]))
  }

  /// Everything a catalog holds, to check that a refused registration changed nothing.
  typealias Snapshot = TypeCatalogMergeTests.Snapshot

  @Test("types a future source makes by hand register and resolve")
  func aHandBuiltValueRegistersAndResolves() throws {
    let catalog = TypeCatalog()
    try catalog.register(Self.debugInfo())
    let registry = ValueRegistry(catalog: catalog)
    let pkt = try registry.resolve("pkt_t", abi: .x86_64Linux)
    let layout = try catalog.layout(of: "pkt_t", abi: .x86_64Linux)
    #expect(layout.size == 5)
    #expect(layout.fields.map(\.offset) == [0, 1])
    let described = try pkt.describe(bytes: [0x41, 0x2A, 0, 0, 0])
    #expect(described == "{.tag = 65, .value = 42}")
    let link = try registry.resolve("{link}")
    #expect(try link.describe(bytes: [1, 0, 0, 0, 0x50, 0, 0, 0]) == "{.state = UP, .port = 80}")
    #expect(catalog.enumeration(forMember: "state", of: "struct link") == Self.state)
    // Registering the same types again is no conflict.
    try catalog.register(Self.debugInfo())
  }

  @Test("one conflicting record refuses the whole batch and changes nothing")
  func aConflictAnywhereRegistersNothing() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: #"{link="state"i"port"S}"#)
    let before = Snapshot(catalog)
    #expect(
      throws: CatalogError.recordTaken(
        "struct link", existing: try TypeEncoding(#"{link="state"i"port"S}"#),
        new: try TypeEncoding(#"{link="state"I"port"S}"#))
    ) {
      try catalog.register(Self.debugInfo())
    }
    #expect(Snapshot(catalog) == before)
    #expect(catalog.encoding(named: "pkt_t") == nil)
    #expect(catalog.record(named: "pkt") == nil)
    #expect(catalog.override(of: try TypeEncoding("{pkt}"), abi: .x86_64Linux) == nil)
    let imported = try Self.debugInfo()
    do throws(CatalogError) {
      try catalog.register(imported)
    } catch {
      #expect(
        "\(error)"
          == #"struct link is already registered as {link="state"i"port"S}; refusing to redefine it as {link="state"I"port"S}"#
      )
    }
  }

  @Test("of several conflicts the error names the entry registered first: definitions before names")
  func theFirstConflictInRegistrationOrderIsNamed() throws {
    let catalog = TypeCatalog()
    try catalog.register("i", name: "pkt_t")
    try catalog.register(record: #"{link="state"i"port"S}"#)
    let before = Snapshot(catalog)
    #expect(throws: CatalogError.self) { try catalog.register(Self.debugInfo()) }
    let imported = try Self.debugInfo()
    do throws(CatalogError) {
      try catalog.register(imported)
    } catch {
      guard case .recordTaken("struct link", _, _) = error else {
        Issue.record("not the record's conflict: \(error)")
        return
      }
    }
    #expect(Snapshot(catalog) == before)
  }

  @Test("a record that does not lay out as stated is refused, naming it and both layouts")
  func aStatedLayoutTheCatalogDoesNotGiveIsRefused() throws {
    var imported = try Self.debugInfo()
    imported.records[0].override = nil
    let catalog = TypeCatalog()
    let before = Snapshot(catalog)
    #expect(
      throws: CatalogError.layoutMismatch(
        record: "struct pkt", stated: "size 5, alignment 1", computed: "size 8, alignment 4")
    ) {
      try catalog.register(imported)
    }
    #expect(Snapshot(catalog) == before)
  }
}
