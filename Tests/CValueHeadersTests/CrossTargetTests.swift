import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Every record an import for another target registers, against what the compiler reports for that target
/// without running anything (Scripts/headers/generate-cross-oracle.py: sizeof, _Alignof, offsetof and
/// bitfield probes read from `clang -target T -S` assembly, then checked with `_Static_assert`s).
@Suite struct CrossTargetTests {
  struct Oracle: Decodable {
    struct Target: Decodable {
      var abi: String
      var arguments: [String]
      var headers: [String: [String: HeaderCorpusTests.Oracle.Record]]
    }
    var compiler: String
    var targets: [String: Target]
  }

  static let oracle: Oracle = {
    do {
      let data = try Data(contentsOf: Fixtures.url("headers/cross-target-oracle.json"))
      return try JSONDecoder().decode(Oracle.self, from: data)
    } catch {
      fatalError("Tests/Fixtures/headers/cross-target-oracle.json: \(error)")
    }
  }()

  static let freestanding = "Tests/Fixtures/headers/freestanding.h"

  /// Each target with each of its headers.
  static let cases: [(String, String)] = oracle.targets.sorted { $0.key < $1.key }.flatMap { target, entry in
    entry.headers.keys.sorted().map { (target, $0) }
  }

  @Test func everyTargetIsCovered() {
    let targets = Self.oracle.targets
    #expect(
      targets.keys.sorted() == [
        "aarch64-linux-gnu", "armv7-linux-gnueabihf", "i386-linux-gnu", "riscv64-linux-gnu", "x86_64-linux-gnu",
        "x86_64-pc-windows-msvc",
      ])
    for target in ["aarch64-linux-gnu", "armv7-linux-gnueabihf", "i386-linux-gnu", "riscv64-linux-gnu"] {
      #expect(targets[target]?.headers.count == 13, "\(target): freestanding.h and the 12 corpus headers")
    }
    #expect(targets["x86_64-pc-windows-msvc"]?.headers.keys.sorted() == [Self.freestanding])
  }

  @Test(arguments: cases)
  func everyRecordMatchesTheCompiler(target: String, header: String) throws {
    let entry = try #require(Self.oracle.targets[target])
    let expected = try #require(entry.headers[header])
    if let include = entry.arguments.last, entry.arguments.contains("-isystem") {
      try #require(
        FileManager.default.fileExists(atPath: include),
        "\(include) is missing: install Debian's libc6-dev-*-cross package for \(target) (.ci/run does)")
    }
    let path = header == Self.freestanding ? Fixtures.url("headers/freestanding.h").path : header
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders([path], arguments: ["-target", target] + entry.arguments)
    #expect(imported.abi.name == entry.abi)
    let records = imported.records.filter {
      !$0.name.contains(".") && !$0.name.contains("(anonymous") && !$0.name.hasPrefix("struct __va_list")
    }
    #expect(Set(records.map(\.name)) == Set(expected.keys))
    try HeaderCorpusTests.expect(records, in: catalog, abi: imported.abi, toMatch: expected)
  }
}
