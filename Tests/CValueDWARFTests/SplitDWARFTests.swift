import CValueDWARF
import Foundation
import TestSupport
import Testing

/// Split DWARF (`-gsplit-dwarf`): each skeleton unit of the program leads to its split unit, in the `.dwo` file it
/// names or, packaged, in the `.dwp` beside the program (llvm-dwp's DWARF 4 and 5 indexes, binutils' dwp's), and
/// every DIE of those reads as `llvm-dwarfdump-14` reads the `.dwo` or `.dwp`.
@Suite(.needs(.gcc), .needs(.gxx), .needs(.llvmDwp))
struct SplitDWARFTests {
  struct Build: CustomStringConvertible, Sendable {
    var name: String
    var compiler: String
    var flags: [String]
    var source = "types.c"
    /// `llvm-dwp-14`, `dwp`, or `nil` to keep the `.dwo` files.
    var packager: String?
    var description: String { name }
    /// gcc's `.dwo` with type units in COMDAT sections of one name, which the reader joins.
    var hasGroups: Bool { packager == nil && compiler == "g++" && flags.contains("-fdebug-types-section") }

    var steps: [[String]] {
      let main = source == "types.c" ? "main.c" : "main.cpp"
      var steps = [
        ["sh", "-c", "echo 'int main(void) { return 0; }' > \(main)"],
        [compiler, "-g", "-gsplit-dwarf", "-c"] + flags + ["$SRC/\(source)", "-o", "types.o"],
        [compiler, "-g", "-gsplit-dwarf", "-c"] + flags + [main, "-o", "main.o"],
        [compiler, "types.o", "main.o", "-o", "program"],
      ]
      if let packager {
        steps += [[packager, "-e", "program", "-o", "program.dwp"], ["sh", "-c", "mkdir moved && mv *.dwo moved/"]]
      }
      return steps
    }
  }

  static let builds: [Build] = [
    Build(name: "split-clang5", compiler: "clang", flags: ["-gdwarf-5"]),
    Build(name: "split-gcc4", compiler: "gcc", flags: ["-gdwarf-4"]),
    Build(name: "split-gcc5", compiler: "gcc", flags: ["-gdwarf-5"]),
    Build(
      name: "split-g++4-types", compiler: "g++", flags: ["-gdwarf-4", "-fdebug-types-section"], source: "types.cpp"),
    Build(
      name: "split-clang++5-types", compiler: "clang++", flags: ["-gdwarf-5", "-fdebug-types-section"],
      source: "types.cpp"),
    Build(name: "dwp-clang5", compiler: "clang", flags: ["-gdwarf-5"], packager: "llvm-dwp-14"),
    Build(name: "dwp-gcc4-llvm", compiler: "gcc", flags: ["-gdwarf-4"], packager: "llvm-dwp-14"),
    Build(name: "dwp-gcc5-llvm", compiler: "gcc", flags: ["-gdwarf-5"], packager: "llvm-dwp-14"),
    Build(name: "dwp-gcc4-binutils", compiler: "gcc", flags: ["-gdwarf-4"], packager: "dwp"),
    Build(
      name: "dwp-g++4-types", compiler: "g++", flags: ["-gdwarf-4", "-fdebug-types-section"], source: "types.cpp",
      packager: "llvm-dwp-14"),
    Build(
      name: "dwp-clang++5-types", compiler: "clang++", flags: ["-gdwarf-5", "-fdebug-types-section"],
      source: "types.cpp", packager: "llvm-dwp-14"),
  ]

  /// The split units of every skeleton of `program`, and the type units of the files they are in.
  static func splitDIEs(_ program: String, unitRelative: Bool) throws -> (lines: [String], files: Set<String>) {
    let file = try DebugInfoFile.open(program)
    var lines: [String] = []
    var files: Set<String> = []
    var typeFiles: [DWARF] = []
    for unit in try file.objects[0].units() {
      #expect(unit.kind == .skeleton)
      guard case .found(let split) = try file.splitUnit(of: unit) else {
        Issue.record("no split unit for \(try unit.splitFilePath() ?? "?")")
        continue
      }
      #expect(split.kind == .splitCompile)
      #expect(split.dwoID == unit.dwoID)
      lines += try DwarfDump.read(split, unitRelative: unitRelative)
      if files.insert(split.dwarf.path).inserted { typeFiles.append(split.dwarf) }
    }
    for dwarf in typeFiles {
      for unit in try dwarf.typeUnits() { lines += try DwarfDump.read(unit, unitRelative: unitRelative) }
    }
    return (lines.sorted(), files)
  }

  @Test(arguments: builds)
  func everySplitUnitReadsAsLLVMDwarfdumpReadsIt(_ build: Build) throws {
    let directory = try DWARFFixture.build(build.name, build.steps)
    let (mine, files) = try Self.splitDIEs("\(directory)/program", unitRelative: build.hasGroups)
    let expectedFiles =
      build.packager == nil ? ["\(directory)/main.dwo", "\(directory)/types.dwo"] : ["\(directory)/program.dwp"]
    #expect(files.sorted() == expectedFiles)
    let reference = try files.sorted().flatMap { try DwarfDump.reference($0, unitRelative: build.hasGroups) }.sorted()
    #expect(mine.count == reference.count)
    #expect(mine.count > 40)
    for (read, expected) in zip(mine, reference) where read != expected {
      Issue.record("reads\n\(read)\nllvm-dwarfdump-14:\n\(expected)")
      break
    }
  }

  /// g++ puts a C++ record in a type unit and names it by signature: the reference is followed from the split
  /// unit into the type unit of its `.dwo` file or of the package.
  @Test(arguments: ["split-g++4-types", "dwp-g++4-types", "dwp-clang++5-types"])
  func aTypeSignatureLeadsToItsTypeUnit(_ name: String) throws {
    let build = Self.builds.first { $0.name == name }!
    let directory = try DWARFFixture.build(build.name, build.steps)
    let file = try DebugInfoFile.open("\(directory)/program")
    let skeleton = try file.objects[0].units().first { try $0.splitFilePath()?.hasSuffix("types.dwo") == true }!
    guard case .found(let split) = try file.splitUnit(of: skeleton) else {
      Issue.record("no split unit")
      return
    }
    let variable = try split.root().children().first { try $0.string(.name) == "circle_instance" }!
    var type = try variable.reference(.type)
    // g++ declares the record in the unit with DW_AT_signature; clang names the type unit at once.
    if let declaration = type, declaration.has(.signature) { type = try declaration.reference(.signature) }
    #expect(type?.tag == .structureType || type?.tag == .classType)
    #expect(try type?.name() == "circle")
    #expect(type?.unit.kind == .splitType || type?.unit.kind == .type)
    #expect(try type?.unsigned(.byteSize) == 32)
  }

  @Test func aMissingSplitFileIsNamedWithNoPackageBeside() throws {
    let directory = try DWARFFixture.build(
      "split-missing",
      Build(name: "", compiler: "clang", flags: ["-gdwarf-5"]).steps + [["sh", "-c", "rm types.dwo"]])
    let file = try DebugInfoFile.open("\(directory)/program")
    let skeleton = try file.objects[0].units().first { try $0.splitFilePath()?.hasSuffix("types.dwo") == true }!
    guard case .missing(let path, let package) = try file.splitUnit(of: skeleton) else {
      Issue.record("found a split unit of a removed .dwo")
      return
    }
    #expect(path == "\(directory)/types.dwo")
    #expect(package == nil)
  }
}
