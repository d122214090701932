import CValueDebugInfo
import CValueKit
import Foundation
import Testing

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

  @Test func aTypeNoFileDescribesIsAnErrorNamingTheExecutable() throws {
    #expect(throws: DebugInfoError.unknownType("struct nowhere_at_all", file: "/proc/self/exe")) {
      try TypeCatalog().importDebugInfoOfRunningProgram(types: ["struct nowhere_at_all"])
    }
  }
}
