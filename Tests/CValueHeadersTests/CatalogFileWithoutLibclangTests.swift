import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Loading a catalog file needs no libclang: this test process has loaded libclang already, so the load
/// runs again in a child process (this test binary, filtered to ``child()``) whose `CVALUEKIT_LIBCLANG`
/// points nowhere. The child first shows that no import can work there, then loads the file and writes
/// what its catalog says about every record, which must equal what the importing catalog says here.
@Suite struct CatalogFileWithoutLibclangTests {
  static let fileVariable = "CVALUEKIT_TEST_CATALOG_FILE"
  static let outputVariable = "CVALUEKIT_TEST_CATALOG_OUTPUT"
  static let nowhere = "/nonexistent/libclang.so"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[fileVariable] == nil))
  func loadingInAProcessWithoutLibclang() async throws {
    let headers = ["netinet/tcp.h", "sys/epoll.h", "signal.h"]
    let imported = TypeCatalog()
    let file = try CatalogFile(imported.importHeaders(headers))
    #expect(file.types.records.contains { $0.override != nil }, "the file should carry an override (epoll_event)")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-no-libclang-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalogURL = folder.appendingPathComponent("types.json")
    let outputURL = folder.appendingPathComponent("digest.txt")
    try file.write(to: catalogURL)

    var environment = ProcessInfo.processInfo.environment
    environment["CVALUEKIT_LIBCLANG"] = Self.nowhere
    environment[Self.fileVariable] = catalogURL.path
    environment[Self.outputVariable] = outputURL.path
    let child = try await TestChild.run(
      filter: "CatalogFileWithoutLibclangTests/child", environment: environment,
      log: folder.appendingPathComponent("log.txt").path)
    #expect(child.status == 0, "the child failed:\n\(child.log)")
    #expect(child.log.contains("child()"), "the child ran no test:\n\(child.log)")
    let digest = try String(contentsOf: outputURL, encoding: .utf8)
    let expected = CatalogFileRoundTripTests.digest(of: file, in: imported).joined(separator: "\n")
    #expect(digest == expected)
  }

  /// Run only in the child process.
  @Test(.enabled(if: ProcessInfo.processInfo.environment[fileVariable] != nil))
  func child() throws {
    let environment = ProcessInfo.processInfo.environment
    let file = try #require(environment[Self.fileVariable])
    let output = try #require(environment[Self.outputVariable])
    // No libclang here: an import fails, so a load that needed one would fail too.
    #expect(throws: HeaderImportError.libclangNotFound(tried: [Self.nowhere])) {
      try TypeCatalog().importHeaders(["netinet/tcp.h"])
    }
    let catalog = TypeCatalog()
    let loaded = try catalog.loadCatalogFile(at: URL(fileURLWithPath: file))
    let digest = CatalogFileRoundTripTests.digest(of: loaded, in: catalog).joined(separator: "\n")
    try digest.write(toFile: output, atomically: true, encoding: .utf8)
  }
}
