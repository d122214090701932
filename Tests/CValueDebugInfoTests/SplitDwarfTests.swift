import CValueDebugInfo
import CValueKit
import Foundation
import TestSupport
import Testing

/// Split DWARF (`-gsplit-dwarf`, the default of many large builds): the types are in `.dwo` files that the
/// binary's skeleton units name, relative to the compile directory; gcc and clang, DWARF 4 (GNU) and 5.
@Suite struct SplitDwarfTests {
  static let source =
    "struct sample { int id; char name[200]; double weight; };\nstruct sample global;\n"
    + "int main(void) { return global.id; }\n"

  static let builds: [(compiler: String, version: String)] = [
    ("gcc", "-gdwarf-4"), ("gcc", "-gdwarf-5"), ("clang", "-gdwarf-4"), ("clang", "-gdwarf-5"),
  ]

  /// Builds in a directory of its own (the compile directory the skeleton units name): the binary's path.
  static func build(_ compiler: String, _ version: String, name: String) throws -> String {
    let directory = "\(DebugInfoFixture.directory)/split-\(name)-\(compiler)\(version)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try source.write(toFile: "\(directory)/sample.c", atomically: true, encoding: .utf8)
    let binary = "\(directory)/sample"
    // Compiled in the directory, as a build does: the .dwo is named relative to it.
    let pid = try Subprocess.spawn(
      "/bin/sh",
      [
        "-c", #"cd "$0" && exec "$1" -g "$2" -gsplit-dwarf -o sample sample.c"#, directory,
        DebugInfoFixture.tool(compiler), version,
      ],
      environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
    #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0)
    return binary
  }

  static func dwoFiles(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".dwo") }
  }

  @Test(.needs(.gcc), arguments: builds)
  func typesAreReadFromTheDwoFiles(_ compiler: String, _ version: String) throws {
    let binary = try Self.build(compiler, version, name: "read")
    let directory = (binary as NSString).deletingLastPathComponent
    #expect(try Self.dwoFiles(in: directory).count == 1)
    let imported = try DebugInfoImport.read(binary, types: ["struct sample"])
    let record = try #require(imported.record(named: "struct sample"))
    #expect(record.encoding.description == #"{sample="id"i"name"[200c]"weight"d}"#)
    #expect(record.size == 216)
  }

  /// Values that differ only in a byte of `name`, read from a split build, fail naming `.name`.
  @Test(.needs(.gcc), arguments: builds)
  func valuesFromASplitBuildFailByName(_ compiler: String, _ version: String) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.importDebugInfo(of: Self.build(compiler, version, name: "values"), types: ["struct sample"])
    let type = try ValueRegistry(catalog: catalog).resolve("struct sample")
    var actual = [UInt8](repeating: 0, count: 216)
    let expected = actual
    actual[4 + 150] = 1
    #expect(try type.compare(bytes: actual, expected).mismatches.map(\.path.description) == [".name"])
    #expect(try type.compare(bytes: expected, expected).isEqual)
  }

  @Test(.needs(.gcc), arguments: builds)
  func aMissingDwoIsNamedWithWhereItWasLookedFor(_ compiler: String, _ version: String) throws {
    let binary = try Self.build(compiler, version, name: "missing")
    let directory = (binary as NSString).deletingLastPathComponent
    let dwo = try #require(try Self.dwoFiles(in: directory).first)
    try FileManager.default.removeItem(atPath: "\(directory)/\(dwo)")
    #expect(throws: DebugInfoError.missingSplitDebugInfo(binary, files: ["\(directory)/\(dwo)"], package: nil)) {
      try DebugInfoImport.read(binary, types: ["struct sample"])
    }
    let error = DebugInfoError.missingSplitDebugInfo(binary, files: ["\(directory)/\(dwo)"], package: nil)
    #expect(
      error.description
        == "\(binary) was built with split DWARF (-gsplit-dwarf) and its debug info is in \(directory)/\(dwo), "
        + "which cannot be found: keep the .dwo files where the build wrote them, or package them with "
        + "`dwp -e sample` (or llvm-dwp) into sample.dwp beside the binary")
  }

  /// Two C++ units alike in shape, each with a record of its own in a namespace: in their `.dwo` files the
  /// two records have one offset (each file numbers its DIEs from 0), and each is still read as itself, by
  /// name and with every type at once (`nb::sb` was taken for `na::sa` and refused as defined differently).
  @Test(.needs(.gxx), arguments: builds)
  func recordsAtOneOffsetInTwoDwoFilesAreEachThemselves(_ compiler: String, _ version: String) throws {
    let directory = "\(DebugInfoFixture.directory)/split-offsets-\(compiler)\(version)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let units = [
      "a.cpp": "namespace na { struct sa { int x; }; }\nint fa(na::sa *p) { return p->x; }\n",
      "b.cpp": "namespace nb { struct sb { double y; }; }\nint fb(nb::sb *p) { return (int)p->y; }\n",
      "m.cpp": "namespace na { struct sa { int x; }; }\nnamespace nb { struct sb { double y; }; }\n"
        + "int fa(na::sa *); int fb(nb::sb *);\n"
        + "int main() { na::sa a{1}; nb::sb b{2}; return fa(&a) + fb(&b); }\n",
    ]
    for (name, text) in units { try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8) }
    let tool = DebugInfoFixture.tool(compiler == "gcc" ? "g++" : "clang++")
    let pid = try Subprocess.spawn(
      "/bin/sh",
      [
        "-c",
        #"cd "$0" && for f in a b m; do "$1" -g "$2" -gsplit-dwarf -c $f.cpp -o $f.o || exit 1; done && "#
          + #""$1" a.o b.o m.o -o program"#,
        directory, tool, version,
      ],
      environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
    #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0)
    let binary = "\(directory)/program"
    let everything = try DebugInfoImport.read(binary)
    #expect(everything.skipped.isEmpty, "\(everything.skipped)")
    #expect(everything.record(named: "struct na::sa")?.encoding.description == #"{na::sa="x"i}"#)
    #expect(everything.record(named: "struct nb::sb")?.encoding.description == #"{nb::sb="y"d}"#)
    let byName = try DebugInfoImport.read(binary, types: ["nb::sb", "na::sa"])
    #expect(byName.record(named: "struct nb::sb")?.size == 8)
    #expect(byName.record(named: "struct na::sa")?.size == 4)
    // Values of nb::sb that differ in its double fail there, as that double.
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.importDebugInfo(of: binary, types: ["nb::sb"])
    let type = try ValueRegistry(catalog: catalog).resolve("nb::sb")
    let comparison = try type.compare(bytes: type.parse("{.y = 1.5}"), type.parse("{.y = 2}"))
    #expect(comparison.mismatches.map(\.description) == [".y: 1.5 ≠ 2 (difference 0.5)"])
  }
}
