import CValueKit
import Foundation
import Testing

@testable import CValueDebugInfo

/// The running program's own types: a type the test executable lacks is found in a shared library it has
/// loaded, here the fixture library built with `-g` and opened with `dlopen`.
@Suite struct RunningProgramTests {
  @Test func aTypeTheExecutableLacksComesFromALoadedLibrary() throws {
    let library = try DebugInfoFixture.path(
      of: DebugInfoFixture.Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .sharedLibrary))
    let handle = try #require(dlopen(library, RTLD_NOW | RTLD_LOCAL), "dlopen \(library)")
    defer { dlclose(handle) }
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfoOfRunningProgram(types: ["struct matrix"])
    #expect(imported.map(\.origin.inputs) == [[library]])
    #expect(try catalog.layout(of: "{matrix}").size == 56)
  }

  /// The door `cv_program_type` goes through: an enumeration of the program's own, by its tag.
  @Test func anEnumerationOfTheProgramByItsTag() throws {
    let library = try DebugInfoFixture.path(
      of: DebugInfoFixture.Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .sharedLibrary))
    let handle = try #require(dlopen(library, RTLD_NOW | RTLD_LOCAL), "dlopen \(library)")
    defer { dlclose(handle) }
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfoOfRunningProgram(types: ["enum sign"])
    #expect(imported.flatMap(\.typedefs).map(\.name) == ["enum sign"])
    #expect(try catalog.parse("enum sign") == .scalar(.int))
    #expect(try catalog.parse("enum  sign") == .scalar(.int))
    #expect(throws: EncodingError.self) { try catalog.parse("enum nowhere") }
  }

  /// A miss in a file with debug info says so, and names the nearest names it has: not "compile with -g".
  @Test func aMissInAFileWithDebugInfoNamesTheNearestNames() throws {
    let library = try DebugInfoFixture.path(
      of: DebugInfoFixture.Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .sharedLibrary))
    let expected = DebugInfoError.unknownType("struct matrx", file: library, nearest: ["struct matrix"])
    #expect(throws: expected) { try TypeCatalog().importDebugInfo(of: library, types: ["struct matrx"]) }
    #expect(
      expected.description
        == "\(library) has debug info, but no type named struct matrx (the nearest names it has: struct matrix)")
  }

  @Test func aTypeNoFileDescribesIsAnErrorNamingTheExecutable() throws {
    #expect(throws: DebugInfoError.unknownType("struct nowhere_at_all", file: "/proc/self/exe")) {
      try TypeCatalog().importDebugInfoOfRunningProgram(types: ["struct nowhere_at_all"])
    }
  }
}

/// Which loaded libraries the running program's types are looked for in: those with DWARF, or a separate
/// debug file where libdwfl looks; not those whose debug link names a file that is nowhere.
@Suite struct LoadedLibraryDebugInfoTests {
  @Test func aLibraryIsLookedAtWhenItsDebugInfoCanBeFound() throws {
    let library = try DebugInfoFixture.path(
      of: DebugInfoFixture.Build(compiler: "clang", flags: ["-gdwarf-5"], kind: .sharedLibrary))
    #expect(TypeCatalog.hasFindableDebugInfo(library))
    let directory = "\(DebugInfoFixture.directory)/debuglink-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // Stripped, its debug info beside it by its debug link: found.
    let stripped = "\(directory)/libfixture.so"
    _ = try DebugInfoFixture.run("objcopy", ["--only-keep-debug", library, "\(directory)/libfixture.so.debug"])
    _ = try DebugInfoFixture.run(
      "objcopy", ["--strip-debug", "--remove-section=.note.gnu.build-id", library, stripped])
    _ = try DebugInfoFixture.run(
      "objcopy", ["--add-gnu-debuglink=\(directory)/libfixture.so.debug", stripped])
    #expect(TypeCatalog.hasFindableDebugInfo(stripped))
    // The debug file gone: nothing to look for, libdw is not asked.
    try FileManager.default.removeItem(atPath: "\(directory)/libfixture.so.debug")
    #expect(!TypeCatalog.hasFindableDebugInfo(stripped))
  }

  @Test(.needs(.glibcDebugInfo)) func glibcWithItsDebugPackage() {
    #expect(TypeCatalog.hasFindableDebugInfo(GlibcDebugInfoTests.libc))
  }
}
