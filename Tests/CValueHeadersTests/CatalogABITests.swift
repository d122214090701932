import CValueKit
import Foundation
import Testing

@testable import CValueHeaders

/// A catalog file's ABI is honoured on every path (issue 30): its types lay out for its own ABI, are refused
/// for another (this process's values), and never mix with another ABI's in one catalog. The tests run on
/// x86_64 Linux, the host they name.
@Suite struct CatalogABITests {
  /// `cvalue import legacy.h --target i386-linux-gnu` of
  /// `struct legacy_record { long id; int kind; double stamp; char *name; };`: 20 bytes on i386, where
  /// `long` is 4 bytes (`l`); on x86_64 the same declaration is 32 bytes.
  static let i386File = #"""
    {"abi": "i386-linux", "arguments": ["-target", "i386-linux-gnu"], "clangVersion": "clang",
     "enumerations": [], "enums": [], "formatVersion": 3, "headers": ["legacy.h"],
     "records": [{"alignment": 4, "encoding": "{legacy_record=\"id\"l\"kind\"i\"stamp\"d\"name\"*}",
                  "name": "struct legacy_record", "size": 20}],
     "target": "i386-unknown-linux-gnu", "typedefs": []}
    """#

  /// A fresh catalog with the i386 file loaded from disk, as `loadCatalogFile(at:)` reads it.
  static func i386Catalog() throws -> TypeCatalog {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("legacy-\(UUID()).i386.json")
    try Data(i386File.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let catalog = TypeCatalog()
    try catalog.loadCatalogFile(at: url)
    return catalog
  }

  static let refusal =
    "the catalog holds types made for i386-linux (a catalog file or header import for that ABI), not for x86_64-linux, the ABI laid out for; use a catalog made for x86_64-linux"

  @Test func aValueOfThisProcessIsRefusedNamingBothABIs() throws {
    Self.expectRefusedForThisProcess(ValueRegistry(catalog: try Self.i386Catalog()))
  }

  /// `struct legacy_record` of a registry whose catalog holds i386's types does not resolve for this process,
  /// nor does any type: nothing of this process is laid out through the catalog.
  static func expectRefusedForThisProcess(_ registry: ValueRegistry) {
    do {
      _ = try registry.resolve("struct legacy_record")
      Issue.record("i386's struct legacy_record resolved for this process")
    } catch {
      #expect(error.description == #"cannot lay out {legacy_record="id"l"kind"i"stamp"d"name"*}: "# + Self.refusal)
    }
    do {
      _ = try registry.resolve("{pair=ii}")
      Issue.record("{pair=ii} resolved through an i386 catalog")
    } catch {
      #expect(error.description == "cannot lay out {pair=ii}: " + Self.refusal)
    }
  }

  @Test func itsTypesLayOutForTheirOwnABI() throws {
    let catalog = try Self.i386Catalog()
    let layout = try catalog.layout(of: "struct legacy_record", abi: .i386Linux)
    #expect(layout.size == 20)
    #expect(layout.fields.map { "\($0.path) \($0.offset)" } == [".id 0", ".kind 4", ".stamp 8", ".name 16"])
    let legacy = try ValueRegistry(catalog: catalog).resolve("struct legacy_record", abi: .i386Linux)
    #expect(legacy.size == 20)
    #expect(throws: LayoutError.self) { try catalog.layout(of: "struct legacy_record", abi: .x86_64Linux) }
    do {
      _ = try catalog.layout(of: "struct legacy_record", abi: .x86_64Linux)
    } catch {
      #expect(error.description == Self.refusal)
    }
  }

  @Test func aCatalogHoldsOneABIsTypes() throws {
    let catalog = try Self.i386Catalog()
    let host = try CatalogFile.decode(
      Data(Self.i386File.replacingOccurrences(of: #""abi": "i386-linux""#, with: #""abi": "x86_64-linux""#).utf8),
      path: "host.json")
    #expect(throws: CatalogFileError.self) { try catalog.load(host, path: "host.json") }
    do {
      try catalog.load(host, path: "host.json")
    } catch {
      #expect(error == .otherABI(path: "host.json", file: "x86_64-linux", catalog: "i386-linux"))
      #expect(
        error.description
          == "host.json: abi: the file is for x86_64-linux, but the catalog already holds types made for i386-linux; load each ABI's catalog files into a catalog of their own"
      )
    }
  }

  @Test func anEmptyFileIsMalformedJSON() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("empty-\(UUID()).json")
    try Data().write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    do {
      try TypeCatalog().loadCatalogFile(at: url)
      Issue.record("an empty file loaded")
    } catch {
      #expect(
        error.description
          == "\(url.path):1:1: not a catalog file: the JSON is malformed: unexpected end of file, expected a value")
    }
  }
}
