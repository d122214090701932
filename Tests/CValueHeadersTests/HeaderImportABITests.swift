import CValueKit
import Foundation
import Testing

@testable import CValueHeaders

/// Headers imported for another target mark the catalog's ABI as a catalog file for it does: their types lay
/// out for that ABI, a value of this process is refused naming both ABIs, and one catalog never mixes two
/// ABIs' types. The tests run on x86_64 Linux, the host they name.
@Suite struct HeaderImportABITests {
  /// `struct legacy_record`: 20 bytes on i386, where `long` is 4 bytes (`l`), 32 on x86_64.
  static let legacy = "struct legacy_record { long id; int kind; double stamp; char *name; };\n"

  @Test(arguments: [["--target=i386-linux-gnu"], ["-target", "i386-linux-gnu"], ["-m32"]])
  func anImportForAnotherTargetIsRefusedForThisProcess(arguments: [String]) throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([Self.legacy], arguments: arguments)
    #expect(imported.abi == .i386Linux)
    #expect(catalog.definitionsABI == .i386Linux)
    CatalogABITests.expectRefusedForThisProcess(ValueRegistry(catalog: catalog))
  }

  @Test func itsTypesLayOutForTheirOwnABI() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([Self.legacy], arguments: ["-target", "i386-linux-gnu"])
    let layout = try catalog.layout(of: "struct legacy_record", abi: .i386Linux)
    #expect(layout.size == 20)
    #expect(layout.fields.map { "\($0.path) \($0.offset)" } == [".id 0", ".kind 4", ".stamp 8", ".name 16"])
    #expect(try ValueRegistry(catalog: catalog).resolve("struct legacy_record", abi: .i386Linux).size == 20)
    do {
      _ = try catalog.layout(of: "struct legacy_record", abi: .x86_64Linux)
      Issue.record("i386's struct legacy_record laid out for x86_64")
    } catch {
      #expect(error.description == CatalogABITests.refusal)
    }
    // More of the same ABI's headers, or its catalog files, are welcome beside them.
    try catalog.importHeaders(["struct more { long count; };\n"], arguments: ["--target=i386-linux-gnu"])
    #expect(try catalog.layout(of: "struct more", abi: .i386Linux).size == 4)
    let file = try CatalogFile.decode(Data(CatalogABITests.i386File.utf8), path: "legacy.json")
    try catalog.load(file, path: "legacy.json")
  }

  @Test func headersForAnotherABIThanTheCatalogsAreRefused() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([Self.legacy], arguments: ["-target", "i386-linux-gnu"])
    do {
      try catalog.importHeaders(["struct host_record { long id; };\n"])
      Issue.record("this process's headers imported into an i386 catalog")
    } catch {
      #expect(error == .otherABI(target: "x86_64-unknown-linux-gnu", headers: "x86_64-linux", catalog: "i386-linux"))
      #expect(
        error.description
          == "clang read the headers for x86_64-linux (x86_64-unknown-linux-gnu), but the catalog already holds types made for i386-linux; import each ABI's headers into a catalog of their own"
      )
    }
    #expect(catalog.record(named: "host_record") == nil)
    // A catalog file for this process marks its catalog too: i386's headers are refused there.
    let hostFile = CatalogABITests.i386File
      .replacingOccurrences(of: #""abi": "i386-linux""#, with: #""abi": "x86_64-linux""#)
      .replacingOccurrences(of: #""alignment": 4"#, with: #""alignment": 8"#)
      .replacingOccurrences(of: #""size": 20"#, with: #""size": 24"#)
    let host = try CatalogFile.decode(Data(hostFile.utf8), path: "host.json")
    let hostCatalog = TypeCatalog()
    try hostCatalog.load(host, path: "host.json")
    do {
      try hostCatalog.importHeaders(["struct other { int a; };\n"], arguments: ["--target=i386-linux-gnu"])
      Issue.record("i386's headers imported into a catalog holding x86_64's catalog file")
    } catch {
      #expect(error == .otherABI(target: "i386-unknown-linux-gnu", headers: "i386-linux", catalog: "x86_64-linux"))
    }
    #expect(hostCatalog.record(named: "other") == nil)
  }

  /// Headers read for this process mark nothing: their types lay out for it, as the built-in names do.
  @Test func anImportForThisProcessMarksNothing() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([Self.legacy])
    #expect(imported.abi == .x86_64Linux)
    #expect(catalog.definitionsABI == nil)
    #expect(try ValueRegistry(catalog: catalog).resolve("struct legacy_record").size == 32)
  }
}
