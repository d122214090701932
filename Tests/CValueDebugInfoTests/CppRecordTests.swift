import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// C++ records read from the DWARF of `Fixtures/records.cpp` built by g++ and clang++, laid out exactly as the
/// compiler laid them out: the program itself prints every type's `sizeof` and every leaf's offset (base
/// class members through `static_cast`), and each must equal what the import reads, with no leaf more or
/// fewer. A base class is a field named after the class, so that a changed base member fails by name.
@Suite struct CppRecordTests {
  struct Build: CustomStringConvertible, Sendable {
    var compiler: String
    var flags: [String]
    var description: String { ([compiler] + flags).joined(separator: " ") }
    var name: String { "records_" + description.filter { $0.isLetter || $0.isNumber } }
  }

  static let builds: [Build] = [
    Build(compiler: "g++", flags: ["-gdwarf-4"]),
    Build(compiler: "g++", flags: ["-gdwarf-5", "-O2"]),
    Build(compiler: "clang++", flags: ["-gdwarf-4", "-O2"]),
    Build(compiler: "clang++", flags: ["-gdwarf-5"]),
  ]

  static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/records.cpp").path

  typealias Oracle = [String: (size: Int, leaves: [String: Int])]

  /// Built and run once per build in a test process, since the tests run at once.
  private static let programs = BuildCache<(path: String, oracle: Oracle)>()

  /// The executable, and what it printed: `type size N` and `type .path offset` lines.
  static func program(_ build: Build) throws -> (path: String, oracle: Oracle) {
    try programs.value(for: build.name) { try compile(build) }
  }

  private static func compile(_ build: Build) throws -> (path: String, oracle: Oracle) {
    let path = "\(DebugInfoFixture.directory)/\(build.name)"
    _ = try DebugInfoFixture.run(
      DebugInfoFixture.tool(build.compiler), build.flags + ["-std=c++20", "-o", path, source], output: path
    ).get()
    let printed = "\(path)-oracle"
    _ = try DebugInfoFixture.run(path, [], output: printed).get()
    var oracle: Oracle = [:]
    for line in try String(contentsOfFile: printed + ".log", encoding: .utf8).split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard words.count == 3, let number = Int(words[2]) else { continue }
      if words[1] == "size" {
        oracle[words[0], default: (0, [:])].size = number
      } else {
        oracle[words[0], default: (0, [:])].leaves[words[1]] = number
      }
    }
    return (path, oracle)
  }

  @Test(.needs(.gxx), arguments: builds)
  func everySizeAndOffsetIsTheCompilers(_ build: Build) throws {
    let (path, oracle) = try Self.program(build)
    let types = oracle.keys.filter { !["with_virtual_base", "with_reference", "with_rvalue_reference"].contains($0) }
      .sorted()
    #expect(types.count == 10)
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: path, types: types)
    for type in types {
      let expected = try #require(oracle[type])
      let record = try #require(imported.record(named: "struct \(type)"), "\(type) in \(build)")
      let layout = try catalog.layout(of: record.encoding, abi: imported.abi)
      #expect(layout.size == expected.size, "\(type) in \(build)")
      // The vptr is the class's, named differently by each compiler (`_vptr.poly`, `_vptr$poly`).
      let leaves = layout.fields.filter { !$0.path.description.contains("_vptr") }
      let read = Dictionary(uniqueKeysWithValues: leaves.map { ($0.path.description, $0.offset) })
      #expect(read == expected.leaves, "\(type) in \(build)")
    }
  }

  @Test(.needs(.gxx), arguments: builds)
  func aChangedBaseMemberFailsByName(_ build: Build) throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: Self.program(build).path, types: ["deep"])
    let type = try ValueRegistry(catalog: catalog).resolve("{deep}")
    let expected = try type.parse(
      "{.derived = {.base = {.a = 1, .b = 2.5}, .c = 3}, .with_empty = {.v = 4}, .last = 5}")
    let actual = try type.parse(
      "{.derived = {.base = {.a = 9, .b = 2.5}, .c = 3}, .with_empty = {.v = 4}, .last = 5}")
    #expect(
      try type.compare(bytes: actual, expected).report == """
        deep values differ at 1 of 5 fields:
          .derived.base.a: 9 ≠ 1
          actual:   {.derived = {.base = {.a = 9, .b = 2.5}, .c = 3}, .with_empty = {.v = 4}, .last = 5}
          expected: {.derived = {.base = {.a = 1, .b = 2.5}, .c = 3}, .with_empty = {.v = 4}, .last = 5}
        """)
    #expect(try type.compare(bytes: expected, expected).isEqual)
  }

  @Test(.needs(.gxx), arguments: builds)
  func aVirtualBaseIsRefusedByName(_ build: Build) throws {
    let path = try Self.program(build).path
    #expect(
      throws: DebugInfoError.unsupportedType(
        "the virtual base class vbase (its offset is known only at run time, from the vtable)",
        record: "struct with_virtual_base", field: ".vbase")
    ) {
      try TypeCatalog().importDebugInfo(of: path, types: ["with_virtual_base"])
    }
  }

  @Test(.needs(.gxx), arguments: builds)
  func referenceMembersAreRefusedByName(_ build: Build) throws {
    let path = try Self.program(build).path
    let why = "(the object it refers to is not part of the value; compare that object)"
    #expect(
      throws: DebugInfoError.unsupportedType(
        "the reference int & \(why)", record: "struct with_reference", field: ".ref")
    ) {
      try TypeCatalog().importDebugInfo(of: path, types: ["with_reference"])
    }
    #expect(
      throws: DebugInfoError.unsupportedType(
        "the reference const base && \(why)", record: "struct with_rvalue_reference", field: ".moved")
    ) {
      try TypeCatalog().importDebugInfo(of: path, types: ["with_rvalue_reference"])
    }
  }
}
