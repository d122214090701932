import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// Every record an import for another target registers, against what the compiler reports for that target
/// without running anything (Scripts/headers/generate-cross-oracle.py: sizeof, _Alignof, offsetof and
/// bitfield probes read from `clang -target T -S` assembly), and the import's own layouts compiled for the
/// target as `_Static_assert`s.
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

  @Test(.needs(.crossGlibc), .needs(.zlib), arguments: cases)
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
    try Self.expectClangAgrees(
      with: records, in: catalog, abi: imported.abi, include: path,
      clangArguments: ["-target", target] + entry.arguments)
  }

  /// The import's own layouts written as `_Static_assert(sizeof …)`, `_Alignof` and `offsetof` checks and
  /// compiled with `clang -target T -fsyntax-only`: the compiler agrees, or names the assertion that fails.
  static func expectClangAgrees(
    with records: [ImportedTypes.Record], in catalog: TypeCatalog, abi: ABI, include: String,
    clangArguments: [String]
  ) throws {
    var assertions: [String] = []
    var members: Set<String> = []
    for record in records {
      let layout = try catalog.layout(of: record.encoding, abi: abi)
      let name = record.name
      assertions.append("_Static_assert(sizeof(\(name)) == \(layout.size), \"sizeof(\(name))\");")
      assertions.append("_Static_assert(_Alignof(\(name)) == \(layout.alignment), \"_Alignof(\(name))\");")
      var fields: [String: HeaderCorpusTests.Oracle.Field] = [:]
      HeaderCorpusTests.collect(layout.root, prefix: "", base: 0, into: &fields)
      for (path, field) in fields.sorted(by: { $0.key < $1.key }) {
        members.formUnion(path.split(separator: ".").map(String.init))
        guard let offset = field.offset else { continue }
        assertions.append("_Static_assert(offsetof(\(name), \(path)) == \(offset), \"\(name).\(path)\");")
      }
    }
    // glibc spells some members through macros (sa_handler is __sigaction_handler.sa_handler).
    let undefinitions = members.sorted().map { "#ifdef \($0)\n#undef \($0)\n#endif" }
    let header = include.hasPrefix("/") ? "#include \"\(include)\"" : "#include <\(include)>"
    let source = ([header, "#include <stddef.h>"] + undefinitions + assertions).joined(separator: "\n") + "\n"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-asserts-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("asserts.c").path
    try source.write(toFile: file, atomically: true, encoding: .utf8)
    let clang = try #require(Self.clang, "clang is not on PATH")
    let errors = directory.appendingPathComponent("stderr").path
    let pid = try Subprocess.spawn(
      clang, clangArguments + ["-x", "c", "-std=gnu11", "-w", "-fsyntax-only", file],
      environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: errors)
    let status = Subprocess.waitForExit(pid)
    let messages = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(
      !Subprocess.exitedBySignal(status) && Subprocess.exitStatus(status) == 0,
      "clang refuses \(assertions.count) assertions from the import: \(messages.prefix(2000))")
  }

  /// The `clang` on `PATH`.
  static let clang: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    .map { "\($0)/clang" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
