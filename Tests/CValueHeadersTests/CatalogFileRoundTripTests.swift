import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Import → catalog file → load into a fresh catalog gives the same catalog: every record's layout equal,
/// and the same descriptions of a zero value and of a non-zero one, over the whole header corpus.
@Suite struct CatalogFileRoundTripTests {
  static let corpus = HeaderCorpusTests.oracle.headers.keys.sorted()

  @Test(arguments: corpus)
  func importWriteLoadGivesTheSameCatalog(header: String) throws {
    let imported = TypeCatalog()
    let result = try imported.importHeaders([header])
    let file = CatalogFile(result)
    let url = Self.temporaryFile()
    try file.write(to: url)
    let loaded = TypeCatalog()
    let read = try loaded.loadCatalogFile(at: url)
    #expect(read == file)
    #expect(read.encoded() == String(decoding: try Data(contentsOf: url), as: UTF8.self))
    #expect(Self.digest(of: read, in: loaded) == Self.digest(of: read, in: imported))
    for typedef in result.typedefs {
      #expect(loaded.encoding(named: typedef.name) == imported.encoding(named: typedef.name), "\(typedef.name)")
    }
    for record in result.records where record.override != nil {
      #expect(loaded.override(of: record.encoding) == record.override, "\(record.name)")
    }
  }

  /// sys/epoll.h packs epoll_event: only the override read back from the file makes it 12 bytes.
  @Test func anOverrideComesBackFromTheFile() throws {
    let result = try TypeCatalog().importHeaders(["sys/epoll.h"], types: ["epoll_event"])
    let file = CatalogFile(result)
    let url = Self.temporaryFile()
    try file.write(to: url)
    let loaded = TypeCatalog()
    try loaded.loadCatalogFile(at: url)
    let layout = try loaded.layout(of: "{epoll_event}")
    #expect(layout.size == 12)
    // .events, then the four members of the union epoll_data at 4, not at 8.
    #expect(layout.fields.map(\.offset) == [0, 4, 4, 4, 4])
  }

  /// Members declared with an enum type: their constants come back from the file, so the loaded catalog
  /// describes them by name as the importing one does.
  @Test func enumerationsComeBackFromTheFile() throws {
    let imported = TypeCatalog()
    let header = try BadHeaderInputTests.header(ImportedEnumerationTests.header)
    let result = try imported.importHeaders([header])
    let file = CatalogFile(result)
    #expect(file.types.enumerations == result.enumerations)
    // The four members', and the two enums' own (`enum link_state`, `mode_t2`).
    #expect(file.types.enumerations.count == 6)
    let url = Self.temporaryFile()
    try file.write(to: url)
    let loaded = TypeCatalog()
    let read = try loaded.loadCatalogFile(at: url)
    #expect(read == file)
    #expect(loaded.enumeration(forMember: "mode", of: "link") == imported.enumeration(forMember: "mode", of: "link"))
    let literal =
      "{.state = LINK_UP, .mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .packed_state = LINK_UP}"
    let type = try ValueRegistry(catalog: loaded).resolve("{link}")
    #expect(
      try type.describe(bytes: try type.parse(literal))
        == "{.state = LINK_UP, .mode = MODE_AUTO, .history = {LINK_DOWN, LINK_TESTING, 7}, .flags = 0, "
        + ".packed_state = LINK_UP, .plain = 0}")
    #expect(Self.digest(of: read, in: loaded) == Self.digest(of: read, in: imported))
  }

  /// What a catalog says about every record of a file: its layout, and how it describes a zero value and a
  /// value whose every byte differs from its neighbours.
  static func digest(of file: CatalogFile, in catalog: TypeCatalog) -> [String] {
    let registry = ValueRegistry(catalog: catalog)
    return file.types.records.map { record in
      do {
        let layout = try catalog.layout(of: record.encoding, abi: file.types.abi)
        let type = try registry.resolve(record.encoding, abi: file.types.abi)
        let zero = try type.describe(bytes: [UInt8](repeating: 0, count: layout.size))
        let pattern = try type.describe(bytes: (0..<layout.size).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        return "\(record.name): \(layout)\n  zero: \(zero)\n  pattern: \(pattern)"
      } catch {
        return "\(record.name): \(error)"
      }
    }
  }

  static func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-catalog-\(UUID()).json")
  }
}

/// The committed example, Tests/Fixtures/headers/tcp-ip.catalog.json (`cvalue import netinet/tcp.h
/// netinet/ip.h --output …`): loaded without importing, it gives the layouts a fresh import gives here. A
/// header that changes makes this fail; regenerating the file is the fix.
@Suite struct CatalogFileFixtureTests {
  static let url = Fixtures.url("headers/tcp-ip.catalog.json")

  @Test func loadingTheFixtureMatchesAFreshImport() throws {
    let loaded = TypeCatalog()
    let file = try loaded.loadCatalogFile(at: Self.url)
    #expect(file.types.origin.inputs == ["netinet/tcp.h", "netinet/ip.h"])
    #expect(file.types.abi == .x86_64Linux)
    let imported = TypeCatalog()
    let fresh = try imported.importHeaders(file.types.origin.inputs, arguments: file.types.origin.arguments)
    #expect(fresh.records.map(\.name) == file.types.records.map(\.name))
    for record in fresh.records {
      let expected = try imported.layout(of: record.encoding)
      let actual = try loaded.layout(of: record.encoding)
      #expect(actual == expected, "\(record.name)")
    }
    #expect(fresh.typedefs == file.types.typedefs)
    #expect(fresh.enumerations == file.types.enumerations)
    #expect(try loaded.layout(of: "{tcphdr}").size == 20)
    #expect(try loaded.layout(of: "{iphdr}").fields.map(\.path.description).prefix(3) == [".ihl", ".version", ".tos"])
  }

  /// Loading what the catalog already holds (the same file again, or after importing the same headers)
  /// registers the same things again, which a catalog allows.
  @Test func loadingWhatIsThereAlreadyIsNoConflict() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/tcp.h", "netinet/ip.h"])
    try catalog.loadCatalogFile(at: Self.url)
    try catalog.loadCatalogFile(at: Self.url)
    #expect(try catalog.layout(of: "{tcphdr}").size == 20)
  }

  /// The file is exactly what this version writes for what it holds: a hand edit that still loads shows.
  @Test func theFixtureIsInTheFormatWritten() throws {
    let text = String(decoding: try Data(contentsOf: Self.url), as: UTF8.self)
    #expect(try CatalogFile.read(from: Self.url).encoded() == text)
  }
}
