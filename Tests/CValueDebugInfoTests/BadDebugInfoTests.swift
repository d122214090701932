import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// Files that are not what an import needs: each a typed error with its exact message, never a crash or hang.
@Suite struct BadDebugInfoTests {
  /// What a file without debug info suggests, in a process not started with `CVALUE_DEBUGINFOD=1`.
  static let fetchHint =
    " (or set CVALUE_DEBUGINFOD=1 to fetch it by build id from the debuginfod servers of DEBUGINFOD_URLS)"

  static func message(_ path: String) -> String {
    do {
      _ = try DebugInfoImport.read(path)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func missingFile() {
    #expect(Self.message("/nonexistent/app") == "/nonexistent/app: no such file, or it cannot be read")
  }

  @Test func notAnELFFile() throws {
    let path = "\(DebugInfoFixture.directory)/text.txt"
    try "just text\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(Self.message(path) == "\(path) is not an ELF file")
  }

  @Test func truncatedELF() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: DebugInfoFixture.path(of: DebugInfoValueTests.build)))
    let expected = [
      10: "cannot be read as ELF: the file ends inside its ELF header",
      64: "cannot be read as ELF: No symbol table found",
      1000: "cannot be read as ELF: No symbol table found",
    ]
    for (length, message) in expected {
      let path = "\(DebugInfoFixture.directory)/truncated-\(length).o"
      try whole.prefix(length).write(to: URL(fileURLWithPath: path))
      #expect(Self.message(path) == "\(path) \(message)", "\(length) bytes")
    }
  }

  @Test func noDebugInfo() throws {
    let path = try DebugInfoFixture.compile("int f(void) { return 1; }\n", name: "plain.o", flags: ["-c"])
    #expect(
      Self.message(path) == "\(path) has no DWARF debug info: build it with -g, or install its debug file"
        + Self.fetchHint)
  }

  @Test func strippedBinary() throws {
    let path = try DebugInfoFixture.compile(
      "struct s { int a; };\nint main(void) { struct s v = {0}; return v.a; }\n", name: "stripped", flags: ["-g", "-s"])
    #expect(
      Self.message(path) == "\(path) has no DWARF debug info: build it with -g, or install its debug file"
        + Self.fetchHint)
  }

  @Test func unknownAndIncompleteTypes() throws {
    let path = try DebugInfoFixture.path(of: DebugInfoValueTests.build)
    #expect(throws: DebugInfoError.unknownType("struct nowhere", file: path)) {
      try DebugInfoImport.read(path, types: ["struct nowhere"])
    }
    #expect(throws: DebugInfoError.unknownUnit("other.c", file: path)) {
      try DebugInfoImport.read(path, unit: "other.c")
    }
  }

  /// libdw is looked for only where `CVALUEKIT_LIBDW` says when it is set; a library that does not load
  /// is an error listing what was tried.
  @Test func missingLibdw() throws {
    let nowhere = "/nonexistent/libdw.so.1"
    #expect(LibDW.candidates(environment: ["CVALUEKIT_LIBDW": nowhere]) == [nowhere])
    #expect(LibDW.candidates(environment: [:]) == ["libdw.so.1", "libdw.so"])
    #expect(throws: DebugInfoError.libdwNotFound(tried: [nowhere])) { try LibDW.load(from: [nowhere]) }
    #expect(
      DebugInfoError.libdwNotFound(tried: [nowhere]).description
        == "libdw (elfutils) not found; tried /nonexistent/libdw.so.1. Install libdw1 (Debian, Ubuntu) or "
        + "elfutils-libs (Fedora), or set CVALUEKIT_LIBDW to its path")
  }
}

/// `DebugInfoImport.mayHaveDebugInfo(atPath:)`: the cheap look at section names that spares libdw's
/// debuginfod client when a file has no DWARF of its own and names no separate file.
@Suite struct DebugInfoPresenceTests {
  @Test func sectionNamesTellWhetherAFileCanHoldDWARF() throws {
    let source = "struct s { int a; };\nint main(void) { struct s v = {0}; return v.a; }\n"
    let withDebugInfo = try DebugInfoFixture.compile(source, name: "presence-g", flags: ["-g"])
    let without = try DebugInfoFixture.compile(source, name: "presence-plain", flags: [])
    let text = "\(DebugInfoFixture.directory)/presence.txt"
    try "just text\n".write(toFile: text, atomically: true, encoding: .utf8)
    #expect(DebugInfoImport.mayHaveDebugInfo(atPath: withDebugInfo))
    #expect(!DebugInfoImport.mayHaveDebugInfo(atPath: without))
    // Not ELF, or not there: the reader decides, and says why.
    #expect(DebugInfoImport.mayHaveDebugInfo(atPath: text))
    #expect(DebugInfoImport.mayHaveDebugInfo(atPath: "/nonexistent/app"))
  }
}
