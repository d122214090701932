import CValueDWARF
import CValueKit
import Foundation
import TestSupport
import Testing

/// Mach-O: objects (`MH_OBJECT`) read as `llvm-dwarfdump-14` reads them; a program linked by `ld64.lld-14` read
/// through its debug map (absolute and `-oso_prefix` paths), refused by name when an object changed since the
/// link, an object of a static library read from its archive; dSYM bundles from `dsymutil-14`; universal files
/// by architecture.
@Suite(.needs(.lld14), .needs(.llvmDwp))
struct MachOTests {
  static let link = ["ld64.lld-14", "-platform_version", "macos", "14.0", "14.0", "-e", "_main"]

  /// The steps that write `main.o` and `types.o` for arm64, before each test's own.
  static let arm64Objects: [[String]] = [
    ["sh", "-c", "echo 'int main(void) { return 0; }' > main.c"],
    ["clang", "--target=arm64-apple-macos14", "-g", "-c", "main.c", "-o", "main.o"],
    ["clang", "--target=arm64-apple-macos14", "-g", "-c", "$SRC/types.c", "-o", "types.o"],
  ]

  /// Objects for arm64 and x86_64, each architecture's program with a debug map, the universal program, and a
  /// dSYM of each; the objects dated 1700000000 before linking.
  static func build() throws -> String {
    try DWARFFixture.build(
      "macho",
      [
        ["sh", "-c", "echo 'int main(void) { return 0; }' > main.c && mkdir -p arm64 x86_64 bin dsym beside"],
        ["ln", "-s", DWARFFixture.path(of: "llvm-lipo-14"), "bin/lipo"],
        ["clang", "--target=arm64-apple-macos14", "-g", "-c", "$SRC/types.c", "-o", "arm64/types.o"],
        ["clang", "--target=arm64-apple-macos14", "-g", "-c", "main.c", "-o", "arm64/main.o"],
        ["clang", "--target=x86_64-apple-macos13", "-g", "-c", "$SRC/types.c", "-o", "x86_64/types.o"],
        ["clang", "--target=x86_64-apple-macos13", "-g", "-c", "main.c", "-o", "x86_64/main.o"],
        ["touch", "-d", "@1700000000", "arm64/types.o", "arm64/main.o", "x86_64/types.o", "x86_64/main.o"],
        link + ["-arch", "arm64", "arm64/types.o", "arm64/main.o", "-o", "arm64/program"],
        link + ["-arch", "x86_64", "x86_64/types.o", "x86_64/main.o", "-o", "x86_64/program"],
        ["llvm-lipo-14", "-create", "arm64/program", "x86_64/program", "-output", "universal"],
        ["dsymutil-14", "arm64/program", "-o", "dsym/program.dSYM"],
        ["cp", "arm64/program", "beside/program"],
        ["dsymutil-14", "beside/program", "-o", "beside/program.dSYM"],
        ["sh", "-c", "PATH=\"$PWD/bin:$PATH\" dsymutil-14 universal -o dsym/universal.dSYM"],
      ])
  }

  @Test(arguments: ["arm64", "x86_64"])
  func anObjectReadsAsLLVMDwarfdumpReadsIt(_ architecture: String) throws {
    let path = "\(try Self.build())/\(architecture)/types.o"
    let file = try DebugInfoFile.open(path)
    #expect(file.architecture == architecture)
    #expect(try file.abi() == (architecture == "arm64" ? ABI.arm64Darwin : ABI.x86_64Darwin))
    let mine = try DwarfDump.read(file.objects[0])
    #expect(mine.count > 40)
    #expect(mine == (try DwarfDump.reference(path)))
  }

  @Test func aProgramIsReadThroughItsDebugMap() throws {
    let directory = try Self.build()
    let file = try DebugInfoFile.open("\(directory)/arm64/program")
    #expect(file.objects.map(\.path) == ["\(directory)/arm64/types.o", "\(directory)/arm64/main.o"])
    #expect(file.missingObjects == [])
    #expect(try file.abi() == .arm64Darwin)
    let mine = try file.objects.flatMap { try DwarfDump.read($0) }
    #expect(mine == (try file.objects.flatMap { try DwarfDump.reference($0.path) }))
  }

  @Test func relativeObjectPathsAreFoundBesideTheProgram() throws {
    let directory = try DWARFFixture.build(
      "macho-relative",
      Self.arm64Objects + [
        [
          "sh", "-c", Self.link.joined(separator: " ") + " -arch arm64 -oso_prefix \"$PWD/\" main.o types.o -o program",
        ]
      ])
    let file = try DebugInfoFile.open("\(directory)/program")
    #expect(file.objects.map(\.path) == ["\(directory)/main.o", "\(directory)/types.o"])
  }

  @Test func anObjectOfAStaticLibraryIsReadFromItsArchive() throws {
    let directory = try DWARFFixture.build(
      "macho-archive",
      Self.arm64Objects + [
        ["llvm-ar-14", "--format=darwin", "rcs", "libtypes.a", "types.o"],
        Self.link + ["-arch", "arm64", "-u", "_area", "main.o", "libtypes.a", "-o", "program"],
      ])
    let file = try DebugInfoFile.open("\(directory)/program")
    #expect(file.objects.map(\.path) == ["\(directory)/main.o", "\(directory)/libtypes.a(types.o)"])
    #expect(try DwarfDump.read(file.objects[1]) == (try DwarfDump.reference("\(directory)/types.o")))
  }

  @Test func anObjectChangedSinceTheLinkIsRefusedWithBothTimes() throws {
    let directory = try DWARFFixture.build(
      "macho-changed",
      Self.arm64Objects + [
        ["touch", "-d", "@1700000000", "main.o"],
        Self.link + ["-arch", "arm64", "main.o", "-o", "program"],
        ["touch", "-d", "@1700000100", "main.o"],
      ])
    #expect(
      throws: DWARFError.objectChanged(
        object: "\(directory)/main.o", linkedTime: 1_700_000_000, modifiedTime: 1_700_000_100)
    ) {
      try DebugInfoFile.open("\(directory)/program")
    }
    let error = DWARFError.objectChanged(object: "main.o", linkedTime: 1_700_000_000, modifiedTime: 1_700_000_100)
    #expect(
      error.description
        == "main.o: changed since it was linked (the debug map records modification time 1700000000, the file has "
        + "1700000100): link again to read its types")
  }

  @Test func aMissingObjectIsListed() throws {
    let directory = try DWARFFixture.build(
      "macho-missing",
      Self.arm64Objects + [
        Self.link + ["-arch", "arm64", "main.o", "types.o", "-o", "program"],
        ["rm", "types.o"],
      ])
    let file = try DebugInfoFile.open("\(directory)/program")
    #expect(file.objects.map(\.path) == ["\(directory)/main.o"])
    #expect(file.missingObjects == ["\(directory)/types.o"])
  }

  @Test func aDSYMBundleAndTheDWARFFileInItReadAsLLVMDwarfdumpReadsThem() throws {
    let directory = try Self.build()
    let inner = "\(directory)/dsym/program.dSYM/Contents/Resources/DWARF/program"
    let reference = try DwarfDump.reference(inner)
    #expect(reference.count > 40)
    for path in ["\(directory)/dsym/program.dSYM", inner] {
      let file = try DebugInfoFile.open(path)
      #expect(file.objects.map(\.path) == [inner])
      #expect(try DwarfDump.read(file.objects[0]) == reference)
    }
  }

  @Test func aDSYMBesideAProgramOfItsUUIDIsReadInsteadOfItsDebugMap() throws {
    let directory = try Self.build()
    let file = try DebugInfoFile.open("\(directory)/beside/program")
    #expect(file.objects.map(\.path) == ["\(directory)/beside/program.dSYM/Contents/Resources/DWARF/program"])
  }

  @Test func aUniversalFileIsReadForTheArchitectureAskedFor() throws {
    let directory = try Self.build()
    let file = try DebugInfoFile.open("\(directory)/universal", architecture: "x86_64")
    #expect(file.architecture == "x86_64")
    #expect(try file.abi() == .x86_64Darwin)
    #expect(file.objects.map(\.path) == ["\(directory)/x86_64/types.o", "\(directory)/x86_64/main.o"])
    let bundle = try DebugInfoFile.open("\(directory)/dsym/universal.dSYM", architecture: "x86_64")
    #expect(
      try DwarfDump.read(bundle.objects[0])
        == (try DwarfDump.reference("\(directory)/dsym/universal.dSYM", architecture: "x86_64")))
    #expect(try bundle.abi() == .x86_64Darwin)
  }

  @Test func aMissingSliceIsRefusedNamingThoseTheFileHas() throws {
    let directory = try Self.build()
    #expect(
      throws: DWARFError.missingArchitecture("\(directory)/universal", wanted: "i386", available: ["x86_64", "arm64"])
    ) {
      try DebugInfoFile.open("\(directory)/universal", architecture: "i386")
    }
    #expect(
      DWARFError.missingArchitecture("universal", wanted: "i386", available: ["x86_64", "arm64"]).description
        == "universal: has no i386 slice; it has x86_64, arm64")
  }
}
