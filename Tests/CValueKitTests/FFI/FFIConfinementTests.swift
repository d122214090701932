import Foundation
import Testing

/// libffi and dlsym live in one place: only Sources/CValueKit/FFI imports CFFI.
@Suite struct FFIConfinementTests {
  @Test func onlyTheFFIFolderImportsCFFI() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    var importers: [String] = []
    var checked = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      checked += 1
      let text = try String(contentsOf: file, encoding: .utf8)
      if text.split(separator: "\n").contains(where: { $0.hasPrefix("import CFFI") || $0.contains("dlopen(") }) {
        importers.append(String(file.path.dropFirst(sources.path.count + 1)))
      }
    }
    #expect(checked > 50)
    #expect(importers.allSatisfy { $0.hasPrefix("CValueKit/FFI/") }, "\(importers)")
    #expect(importers.contains("CValueKit/FFI/SharedLibrary.swift"))
  }
}
