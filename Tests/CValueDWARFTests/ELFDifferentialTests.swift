import CValueDWARF
import TestSupport
import Testing

/// Every DIE of `Fixtures/types.c` and `types.cpp`, built by clang and gcc in each DWARF version, as objects
/// (relocations applied), linked programs and compressed, reads as `llvm-dwarfdump-14` reads it.
@Suite(.needs(.gcc), .needs(.llvmDwp))
struct ELFDifferentialTests {
  /// A build: its name, the steps that make it, and the file read.
  struct Build: CustomStringConvertible, Sendable {
    var name: String
    var steps: [[String]]
    var file: String
    /// Whether its type units sit in COMDAT sections of one name (an object built with -fdebug-types-section),
    /// which the reader joins: offsets compare from each unit's start.
    var hasGroups = false
    var description: String { name }

    static func object(_ compiler: String, _ flags: [String], source: String = "types.c", name: String) -> Build {
      Build(
        name: name, steps: [[compiler, "-g", "-c"] + flags + ["$SRC/\(source)", "-o", "out.o"]], file: "out.o",
        hasGroups: flags.contains("-fdebug-types-section"))
    }
  }

  static let builds: [Build] = [
    .object("clang", ["-gdwarf-4"], name: "clang-dwarf4"),
    .object("clang", ["-gdwarf-5"], name: "clang-dwarf5"),
    .object("clang", ["-gdwarf-5", "-gdwarf64"], name: "clang-dwarf5-64bit"),
    .object("gcc", ["-gdwarf-2"], name: "gcc-dwarf2"),
    .object("gcc", ["-gdwarf-3"], name: "gcc-dwarf3"),
    .object("gcc", ["-gdwarf-4"], name: "gcc-dwarf4"),
    .object("gcc", ["-gdwarf-5"], name: "gcc-dwarf5"),
    .object("gcc", ["-gdwarf-5", "-gz=zlib"], name: "gcc-zlib"),
    .object("gcc", ["-gdwarf-4", "-gz=zlib-gnu"], name: "gcc-zdebug"),
    .object("clang", ["-gdwarf-5", "-gz=zlib"], name: "clang-zlib"),
    .object("clang++", ["-gdwarf-4", "-fdebug-types-section"], source: "types.cpp", name: "clang++-types4"),
    .object("clang++", ["-gdwarf-5", "-fdebug-types-section"], source: "types.cpp", name: "clang++-types5"),
    .object("g++", ["-gdwarf-4", "-fdebug-types-section"], source: "types.cpp", name: "g++-types4"),
    .object("g++", ["-gdwarf-5", "-fdebug-types-section"], source: "types.cpp", name: "g++-types5"),
    .object("clang", ["--target=aarch64-linux-gnu", "-gdwarf-5"], name: "aarch64"),
    .object("clang", ["--target=armv7-linux-gnueabihf", "-gdwarf-4"], name: "armv7"),
    .object("clang", ["--target=i386-linux-gnu", "-gdwarf-4"], name: "i386"),
    .object("clang", ["--target=riscv64-linux-gnu", "-gdwarf-5"], name: "riscv64"),
    .object("clang", ["--target=riscv32-unknown-elf", "-gdwarf-4"], name: "riscv32"),
    .object("clang", ["--target=s390x-linux-gnu", "-gdwarf-5"], name: "s390x"),
    .object("clang", ["--target=powerpc64-linux-gnu", "-gdwarf-4"], name: "powerpc64"),
    .object("clang", ["--target=mips-linux-gnu", "-gdwarf-4"], name: "mips"),
    Build(
      name: "gcc-program",
      steps: [["sh", "-c", "echo 'int main(void) { return 0; }' > main.c"], ["gcc", "-g", "$SRC/types.c", "main.c"]],
      file: "a.out"),
    Build(
      name: "g++-program-types",
      steps: [
        ["sh", "-c", "echo 'int main() { return 0; }' > main.cpp"],
        ["g++", "-g", "-gdwarf-4", "-fdebug-types-section", "$SRC/types.cpp", "main.cpp"],
      ], file: "a.out"),
  ]

  @Test(arguments: builds)
  func everyDIEReadsAsLLVMDwarfdumpReadsIt(_ build: Build) throws {
    let directory = try DWARFFixture.build(build.name, build.steps)
    let path = "\(directory)/\(build.file)"
    let file = try DebugInfoFile.open(path)
    #expect(file.objects.count == 1)
    let mine = try DwarfDump.read(file.objects[0], unitRelative: build.hasGroups)
    let reference = try DwarfDump.reference(path, unitRelative: build.hasGroups)
    #expect(mine.count == reference.count)
    #expect(mine.count > 40)
    for (index, (read, expected)) in zip(mine, reference).enumerated() where read != expected {
      Issue.record("DIE \(index) reads\n\(read)\nllvm-dwarfdump-14:\n\(expected)")
      break
    }
  }
}
