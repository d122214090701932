import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

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

  /// Packages the `.dwo` files of the build at `binary` into `binary.dwp` with `tool` (llvm-dwp, or binutils'
  /// dwp, which packages only GNU's DWARF 4 form), as a release does, and removes them.
  static func package(_ binary: String, with tool: String = "/usr/lib/llvm-14/bin/llvm-dwp") throws {
    let directory = (binary as NSString).deletingLastPathComponent
    let name = (binary as NSString).lastPathComponent
    let pid = try Subprocess.spawn(
      "/bin/sh", ["-c", #"cd "$0" && "$1" -e "$2" -o "$2.dwp" && rm -f *.dwo"#, directory, tool, name],
      environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
    #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0)
    #expect(try dwoFiles(in: directory).isEmpty)
    #expect(FileManager.default.fileExists(atPath: binary + ".dwp"))
  }

  /// A split build packaged with llvm-dwp, its `.dwo` files gone: the types are read from the package (libdw
  /// reads packages only from elfutils 0.191), and values that differ fail by name.
  @Test(.needs(.gcc), .needs(.llvmDwp), arguments: builds)
  func typesAreReadFromADwpPackage(_ compiler: String, _ version: String) throws {
    let binary = try Self.build(compiler, version, name: "package")
    try Self.package(binary)
    let imported = try DebugInfoImport.read(binary, types: ["struct sample"])
    let record = try #require(imported.record(named: "struct sample"))
    #expect(record.encoding.description == #"{sample="id"i"name"[200c]"weight"d}"#)
    #expect(record.size == 216)
    try Self.checkValuesFailByName(binary)
  }

  /// binutils' own `dwp` (GNU's DWARF 4 form, index version 2), from gcc.
  @Test(.needs(.gcc), .needs(.llvmDwp))
  func aPackageMadeByBinutilsIsRead() throws {
    let binary = try Self.build("gcc", "-gdwarf-4", name: "binutils-dwp")
    try Self.package(binary, with: "/usr/bin/dwp")
    let imported = try DebugInfoImport.read(binary, types: ["struct sample"])
    #expect(imported.record(named: "struct sample")?.encoding.description == #"{sample="id"i"name"[200c]"weight"d}"#)
  }

  /// A package of another build (its units have other ids) is named with the unit it lacks, and what to do.
  @Test(.needs(.gcc), .needs(.llvmDwp))
  func aPackageOfAnotherBuildIsNamed() throws {
    let binary = try Self.build("gcc", "-gdwarf-5", name: "stale")
    try Self.package(binary)
    let directory = (binary as NSString).deletingLastPathComponent
    // Built again from a changed source: a new unit id, and the package left as it was.
    try (Self.source + "int changed;\n").write(toFile: "\(directory)/sample.c", atomically: true, encoding: .utf8)
    let pid = try Subprocess.spawn(
      "/bin/sh",
      ["-c", #"cd "$0" && gcc -g -gdwarf-5 -gsplit-dwarf -o sample sample.c && rm -f *.dwo"#, directory],
      environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
    #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0)
    let error = try #require(throws: DebugInfoError.self) { try DebugInfoImport.read(binary, types: ["struct sample"]) }
    guard case .missingSplitDebugInfo(binary, let files, let package?) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(files == ["\(directory)/sample.dwo"])
    #expect(package.hasPrefix("\(binary).dwp has no unit of id 0x"))
    #expect(package.hasSuffix(" (packaged from another build?)"))
    #expect(
      error.description.hasSuffix(
        ", and \(package): keep the .dwo files where the build wrote them, or package them again with "
          + "`llvm-dwp -e sample -o sample.dwp` beside the binary"))
  }

  /// A package whose index is damaged, byte by byte (each byte set to 0x00 and to 0xff, and the index cut
  /// short at each byte): every read either gives the record as it is, or fails with an error, never a trap
  /// or a wrong layout.
  @Test(.needs(.gcc), .needs(.llvmDwp), arguments: ["-gdwarf-4", "-gdwarf-5"])
  func aDamagedIndexIsAnErrorOrTheTruth(_ version: String) throws {
    let binary = try Self.build("gcc", version, name: "damaged-index")
    try Self.package(binary)
    let package = binary + ".dwp"
    let index = binary + ".index"
    let truth = #"{sample="id"i"name"[200c]"weight"d}"#
    func run(_ command: String) throws {
      let pid = try Subprocess.spawn(
        "/bin/sh", ["-c", command], environment: ProcessInfo.processInfo.environment, stdout: "/dev/null",
        stderr: "/dev/null")
      #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0, "\(command)")
    }
    try run("objcopy --dump-section .debug_cu_index='\(index)' '\(package)' /dev/null")
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: index)))
    #expect(original.count > 40)
    var damaged: [[UInt8]] = []
    for at in original.indices {
      for byte: UInt8 in [0x00, 0xff] where original[at] != byte {
        var copy = original
        copy[at] = byte
        damaged.append(copy)
      }
      damaged.append(Array(original[..<at]))
    }
    var errors = 0
    for bytes in damaged {
      try Data(bytes).write(to: URL(fileURLWithPath: index))
      try run("objcopy --update-section .debug_cu_index='\(index)' '\(package)' '\(package).damaged'")
      try run("mv '\(package).damaged' '\(package)'")
      do {
        // Not through the type index: each read opens the package afresh.
        let imported = try DebugInfoImport.read(binary, types: ["struct sample"], unit: nil, indexed: false)
        #expect(imported.record(named: "struct sample")?.encoding.description == truth)
      } catch {
        errors += 1
      }
    }
    // Most damage is seen (a row, a count, an id).
    #expect(errors > damaged.count / 2, "\(errors) of \(damaged.count)")
  }

  /// A file in the package's place that is no package is named as such.
  @Test(.needs(.gcc))
  func aDamagedPackageIsNamed() throws {
    let binary = try Self.build("gcc", "-gdwarf-5", name: "damaged")
    let directory = (binary as NSString).deletingLastPathComponent
    for dwo in try Self.dwoFiles(in: directory) { try FileManager.default.removeItem(atPath: "\(directory)/\(dwo)") }
    try "not a package".write(toFile: binary + ".dwp", atomically: true, encoding: .utf8)
    #expect(
      throws: DebugInfoError.missingSplitDebugInfo(
        binary, files: ["\(directory)/sample.dwo"], package: "\(binary).dwp is not an ELF file")
    ) {
      try DebugInfoImport.read(binary, types: ["struct sample"])
    }
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
    try Self.checkValuesFailByName(Self.build(compiler, version, name: "values"))
  }

  /// Values of `struct sample` read from `binary` that differ only in a byte of `name` fail naming `.name`.
  static func checkValuesFailByName(_ binary: String) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.importDebugInfo(of: binary, types: ["struct sample"])
    let type = try ValueRegistry(catalog: catalog).resolve("struct sample")
    var actual = [UInt8](repeating: 0, count: 216)
    let expected = actual
    actual[4 + 150] = 1
    #expect(try type.compare(bytes: actual, expected).mismatches.map(\.path.description) == [".name"])
    #expect(try type.compare(bytes: expected, expected).isEqual)
  }

  /// The running program is read by the name `/proc/self/exe`, a link to the executable: its package is
  /// `PROG.dwp` beside the file the link names (`/proc/self/exe.dwp` before), and a message names that file.
  /// Any link is alike; `Tests/C/run.sh` runs such a program itself (`program_split.c`).
  @Test(.needs(.gcc), .needs(.llvmDwp), arguments: builds)
  func aProgramReadByALinkFindsThePackageBesideItsFile(_ compiler: String, _ version: String) throws {
    let binary = try Self.build(compiler, version, name: "linked")
    try Self.package(binary)
    let links = "\(DebugInfoFixture.directory)/links-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
    let link = "\(links)/exe"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: binary)
    let imported = try DebugInfoImport.read(link, types: ["struct sample"])
    #expect(imported.record(named: "struct sample")?.size == 216)
    // Without the .dwo files or a package (another build: a read is kept while the file is the same), the
    // message names the executable, its .dwo file and the package to make, not the link.
    let unpackaged = try Self.build(compiler, version, name: "linked-missing")
    let unpackagedDirectory = (unpackaged as NSString).deletingLastPathComponent
    let lost = try #require(try Self.dwoFiles(in: unpackagedDirectory).first)
    try FileManager.default.removeItem(atPath: "\(unpackagedDirectory)/\(lost)")
    try FileManager.default.createSymbolicLink(atPath: "\(links)/exe-missing", withDestinationPath: unpackaged)
    let missing = DebugInfoError.missingSplitDebugInfo(
      unpackaged, files: ["\(unpackagedDirectory)/\(lost)"], package: nil)
    #expect(throws: missing) { try DebugInfoImport.read("\(links)/exe-missing", types: ["struct sample"]) }
    #expect(missing.description.hasSuffix("`llvm-dwp -e sample -o sample.dwp` beside the binary"))
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
        + "`llvm-dwp -e sample -o sample.dwp` beside the binary")
  }

  /// Two C++ units alike in shape, each with a record of its own in a namespace: in their `.dwo` files the
  /// two records have one offset (each file numbers its DIEs from 0), and each is still read as itself, by
  /// name and with every type at once (`nb::sb` was taken for `na::sa` and refused as defined differently).
  @Test(.needs(.gxx), arguments: builds)
  func recordsAtOneOffsetInTwoDwoFilesAreEachThemselves(_ compiler: String, _ version: String) throws {
    try Self.checkTwoUnits(compiler, version, packaged: false)
  }

  /// The same units packaged into a `.dwp` by llvm-dwp: each unit written out of the package is itself.
  @Test(.needs(.gxx), .needs(.llvmDwp), arguments: builds)
  func recordsOfTwoUnitsOfAPackageAreEachThemselves(_ compiler: String, _ version: String) throws {
    try Self.checkTwoUnits(compiler, version, packaged: true)
  }

  static func checkTwoUnits(_ compiler: String, _ version: String, packaged: Bool) throws {
    let directory = "\(DebugInfoFixture.directory)/split-offsets-\(compiler)\(version)\(packaged ? "-dwp" : "")"
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
    if packaged { try package(binary) }
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

  /// Type units (`-fdebug-types-section`) of C++ records in namespaces, with a base and standard members, in
  /// every place a build puts them: beside the compile units, in the `.dwo` files (clang's in one section,
  /// gcc's each in a COMDAT section of its own, of which libdw reads one), and in a `.dwp` package. Each
  /// reads as the same build without type units reads (the oracle: `shape`'s encoding holds its base), and
  /// values of a namespaced record read from each fail by the member that differs.
  @Test(.needs(.gxx), .needs(.llvmDwp), arguments: builds)
  func typeUnitsReadAsTheBuildWithoutThem(_ compiler: String, _ version: String) throws {
    let units = [
      "a.cpp": "#include <string>\n#include <vector>\nnamespace geo { struct point { double x, y; }; }\n"
        + "struct base { int id; };\n"
        + "struct shape : base { std::string name; std::vector<int> items; geo::point origin; };\n"
        + "int fa(shape *s) { return s->id + (int)s->name.size(); }\n",
      "m.cpp": "#include <string>\n#include <vector>\nnamespace geo { struct point { double x, y; }; }\n"
        + "struct base { int id; };\n"
        + "struct shape : base { std::string name; std::vector<int> items; geo::point origin; };\n"
        + "namespace nb { struct sb { double y; }; }\n"
        + "int fa(shape *);\nint main() { shape s{}; nb::sb b{2}; return fa(&s) + (int)b.y; }\n",
    ]
    let tool = DebugInfoFixture.tool(compiler == "gcc" ? "g++" : "clang++")
    // clang leaves std::string's definition to the library's own debug info unless told otherwise.
    let flags = "-g \(version)" + (compiler == "clang" ? " -fstandalone-debug" : "")
    let variants = [
      ("plain", ""), ("types", "-fdebug-types-section"), ("split", "-fdebug-types-section -gsplit-dwarf"),
      ("package", "-fdebug-types-section -gsplit-dwarf"),
    ]
    var read: [String: [String]] = [:]
    for (variant, extra) in variants {
      let directory = "\(DebugInfoFixture.directory)/type-units-\(compiler)\(version)-\(variant)"
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      for (name, text) in units { try text.write(toFile: "\(directory)/\(name)", atomically: true, encoding: .utf8) }
      let pid = try Subprocess.spawn(
        "/bin/sh",
        [
          "-c", #"cd "$0" && for f in a m; do "$1" $2 $3 -c $f.cpp -o $f.o || exit 1; done && "$1" a.o m.o -o program"#,
          directory, tool, flags, extra,
        ],
        environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
      #expect(Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0)
      let binary = "\(directory)/program"
      if variant == "package" { try Self.package(binary) }
      if variant == "split" { #expect(try Self.dwoFiles(in: directory).count == 2) }
      let imported = try DebugInfoImport.read(binary, types: ["shape", "nb::sb", "geo::point"])
      read[variant] = ["struct shape", "struct nb::sb", "struct geo::point"].map { name in
        imported.record(named: name).map { "\($0.encoding.description) \($0.size)" } ?? "\(name) missing"
      }
      // A member that differs fails by its path.
      let catalog = TypeCatalog(includingBuiltins: false)
      try catalog.importDebugInfo(of: binary, types: ["nb::sb", "geo::point"])
      let type = try ValueRegistry(catalog: catalog).resolve("geo::point")
      let comparison = try type.compare(bytes: type.parse("{.x = 1, .y = 2}"), type.parse("{.x = 1, .y = 3}"))
      #expect(comparison.mismatches.map(\.path.description) == [".y"], "\(variant)")
    }
    let oracle = try #require(read["plain"])
    #expect(oracle.allSatisfy { !$0.hasSuffix("missing") }, "\(oracle)")
    for (variant, _) in variants { #expect(read[variant] == oracle, "\(variant)") }
  }
}
