import CValueDebugInfo
import CValueHeaders
import CValueKit
import Foundation
import TestSupport
import Testing

/// C++ records read from the DWARF of `Fixtures/records.cpp` built by g++ and clang++, laid out exactly as the
/// compiler laid them out: the program itself prints every type's `sizeof` and every leaf's offset (base
/// class members through `static_cast`), and each must equal what the import reads, with no leaf more or
/// fewer. A base class is a field named after the class, so that a changed base member fails by name; a
/// polymorphic class's vtable pointer is the field `<vptr>`, never compared and never described.
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
    #expect(types.count == 18)
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: path, types: types)
    for type in types {
      let expected = try #require(oracle[type])
      let record = try #require(imported.record(named: "struct \(type)"), "\(type) in \(build)")
      let layout = try catalog.layout(of: record.encoding, abi: imported.abi)
      #expect(layout.size == expected.size, "\(type) in \(build)")
      // The vptr too, which each compiler names differently (`_vptr.poly`, `_vptr$poly`), as `.<vptr>`.
      let read = Dictionary(uniqueKeysWithValues: layout.fields.map { ($0.path.description, $0.offset) })
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

  /// Values that differ only in one part of a pointer to member, or of a complex long double, fail naming it.
  @Test(.needs(.gxx), arguments: builds)
  func aChangedMemberPointerFailsByName(_ build: Build) throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: Self.program(build).path, types: ["member_pointers"])
    let type = try ValueRegistry(catalog: catalog).resolve("{member_pointers}")
    let layout = try #require(type.layout)
    let expected = [UInt8](repeating: 0, count: layout.size)
    for path in [".data", ".method.ptr", ".method.adj", ".z"] {
      let field = try #require(layout.fields.first { $0.path.description == path }, "\(path) in \(build)")
      var actual = expected
      actual[field.offset] = 1
      #expect(
        try type.compare(bytes: actual, expected).mismatches.map(\.path.description) == [path], "\(path) in \(build)")
    }
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

  /// The bytes of a `two_vptrs` whose data members are 1, 2 and 3, with both vptrs (at 0 and 16) filled
  /// with `vptr`, as another process or another load address would.
  private static func twoVptrs(_ type: ValueType, vptr: UInt8, t: UInt8 = 3) throws -> [UInt8] {
    var bytes = try type.parse("{.poly = {.p = 1}, .other_poly = {.o = 2}, .t = \(t)}")
    bytes.replaceSubrange(0..<8, with: repeatElement(vptr, count: 8))
    bytes.replaceSubrange(16..<24, with: repeatElement(vptr, count: 8))
    return bytes
  }

  @Test(.needs(.gxx), arguments: builds)
  func theVtablePointerIsNeverCompared(_ build: Build) throws {
    let catalog = TypeCatalog()
    try catalog.importDebugInfo(of: Self.program(build).path, types: ["two_vptrs"])
    let type = try ValueRegistry(catalog: catalog).resolve("{two_vptrs}")
    let expected = try Self.twoVptrs(type, vptr: 0x11)
    let actual = try Self.twoVptrs(type, vptr: 0xA5)
    #expect(actual != expected)
    let equal = try type.compare(bytes: actual, expected)
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 3)
    #expect(equal.report == "two_vptrs values are equal (ignoring .poly.<vptr>, .other_poly.<vptr>)")
    // The one ignored path a caller gives is listed with the vptrs, which stay ignored.
    let ignoring = try type.compare(bytes: actual, expected, options: ComparisonOptions(ignoredPaths: [".t"]))
    #expect(ignoring.report == "two_vptrs values are equal (ignoring .poly.<vptr>, .other_poly.<vptr>, .t)")
    // A changed data member fails by name, and the values are shown without their vptrs.
    #expect(
      try type.compare(bytes: Self.twoVptrs(type, vptr: 0xA5, t: 9), expected).report == """
        two_vptrs values differ at 1 of 3 fields:
          .t: 9 ≠ 3
          ignored: .poly.<vptr>, .other_poly.<vptr>
          actual:   {.poly = {.p = 1}, .other_poly = {.o = 2}, .t = 9}
          expected: {.poly = {.p = 1}, .other_poly = {.o = 2}, .t = 3}
        """)
    // Within an array, every element's vptrs are left out.
    let elements = try type.compare(bytes: actual + actual, expected + expected, count: 2)
    #expect(elements.isEqual)
    // Padding checks see the vptr as a field, never as padding.
    let padding = try type.compare(bytes: actual, expected, options: ComparisonOptions(comparesPadding: true))
    #expect(padding.isEqual)
  }

  @Test(.needs(.gxx), arguments: builds)
  func theVtablePointerIsLeftOutOfDescriptions(_ build: Build) throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: Self.program(build).path, types: ["own_vptr", "two_vptrs"])
    let registry = ValueRegistry(catalog: catalog)
    let type = try registry.resolve("{own_vptr}")
    var value = try type.parse("{.base = {.a = 1, .b = 2.5}, .own = 3}")
    value.replaceSubrange(0..<8, with: repeatElement(0xA5, count: 8))
    let description = try type.describe(bytes: value)
    #expect(description == "{.base = {.a = 1, .b = 2.5}, .own = 3}")
    // It reads back to a value equal to the first, its vptr zero; positional values go past the vptr, as a
    // C++ initializer's do.
    let parsed = try type.parse(description)
    #expect(parsed[0..<8].allSatisfy { $0 == 0 })
    #expect(try type.compare(bytes: parsed, value).isEqual)
    #expect(try type.describe(bytes: parsed) == description)
    #expect(try type.parse("{{1, 2.5}, 3}") == parsed)
    let twoVptrs = try registry.resolve("{two_vptrs}")
    #expect(try twoVptrs.parse("{{1}, {2}, 3}") == twoVptrs.parse("{.poly = {.p = 1}, .other_poly = {.o = 2}, .t = 3}"))
    // The JSON description lists the data members alone.
    let json = try type.describe(bytes: value, as: .json)
    #expect(!json.contains(#""path":".<vptr>""#))
    #expect(json.contains(#""path":".base.a""#))
    // The layout table shows it at its offset, as what it is.
    let record = try #require(imported.record(named: "struct own_vptr"))
    var table = ""
    try catalog.layout(of: record.encoding, abi: imported.abi).report(as: .text, alignmentSource: "natural", to: &table)
    #expect(table.contains("     0        8  .<vptr>    ^^?  the vtable pointer, not compared\n"))
  }

  @Test(.needs(.gxx), arguments: builds)
  func aCatalogFileCarriesTheVtablePointer(_ build: Build) throws {
    let imported = try TypeCatalog().importDebugInfo(of: Self.program(build).path, types: ["two_vptrs"])
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("vptr-\(build.name)-\(UInt32.random(in: 0...UInt32.max)).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try CatalogFile(imported).write(to: url)
    // Read on a machine with no debug info: the mark is in the record's encoding.
    let catalog = TypeCatalog()
    try catalog.loadCatalogFile(at: url)
    let type = try ValueRegistry(catalog: catalog).resolve("{two_vptrs}")
    #expect(
      try type.compare(bytes: Self.twoVptrs(type, vptr: 0xA5), Self.twoVptrs(type, vptr: 0x11)).report
        == "two_vptrs values are equal (ignoring .poly.<vptr>, .other_poly.<vptr>)")
  }
}
