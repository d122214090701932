import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// The ways a compiler and linker store the same DWARF: type units, compressed sections, a separate debug
/// file found by `.gnu_debuglink`. Each is read back from `Fixtures/constructs.c` built during the run and
/// laid out exactly as header import lays out the same file (``DebugInfoLayoutTests/check(_:referenceArguments:)``).
@Suite struct DebugInfoFormatTests {
  typealias Build = DebugInfoFixture.Build

  /// Types in type units: DWARF 4's `.debug_types`, DWARF 5's `DW_UT_type` units in `.debug_info`, reached
  /// from the compile units through `DW_FORM_ref_sig8`. gcc writes C's records there; clang writes type
  /// units for C++ only (its C with `-fdebug-types-section` is plain DWARF, read by the other tests).
  static let typeUnitBuilds: [Build] = [
    Build(compiler: "gcc", flags: ["-gdwarf-4", "-fdebug-types-section"], kind: .executable),
    Build(compiler: "gcc", flags: ["-gdwarf-4", "-fdebug-types-section"], kind: .sharedLibrary),
    Build(compiler: "gcc", flags: ["-gdwarf-5", "-fdebug-types-section"], kind: .executable),
    Build(compiler: "gcc", flags: ["-gdwarf-5", "-fdebug-types-section"], kind: .sharedLibrary),
  ]

  /// Debug sections compressed with zlib (`SHF_COMPRESSED`), which libdwfl decompresses.
  static let zlibBuilds: [Build] = [
    Build(compiler: "clang", flags: ["-gdwarf-5", "-gz=zlib"], kind: .object),
    Build(compiler: "clang", flags: ["-gdwarf-5", "-gz=zlib"], kind: .sharedLibrary),
    Build(compiler: "clang", flags: ["-gdwarf-4", "-gz=zlib"], kind: .executable),
  ]

  @Test(.needs(.gcc), arguments: typeUnitBuilds)
  func typeUnitsMatchHeaderImport(_ build: Build) throws {
    let path = try DebugInfoFixture.path(of: build)
    let units = try DebugInfoFixture.run("readelf", ["--debug-dump=info", path])
    let typeUnits = units.components(separatedBy: "DW_TAG_type_unit").count - 1
    #expect(typeUnits >= 10, "\(build) has \(typeUnits) type units")
    try DebugInfoLayoutTests().check(build)
  }

  /// Type units are no compile unit to choose: choosing one still reads the records they hold.
  @Test(.needs(.gcc))
  func typeUnitsWithUnitChosen() throws {
    let build = Build(compiler: "gcc", flags: ["-gdwarf-5", "-fdebug-types-section"], kind: .sharedLibrary)
    let imported = try DebugInfoImport.read(
      try DebugInfoFixture.path(of: build), types: ["struct bits"], unit: "constructs.c")
    let record = try #require(imported.record(named: "struct bits"))
    #expect(record.size == 8)
    #expect(record.place?.hasPrefix("(type unit at 0x") == true)
  }

  /// An object keeps each type unit in a COMDAT section of its own, all called `.debug_types` (DWARF 4) or
  /// `.debug_info` (5); libdw reads the first of a name only, so the import says so rather than reading a
  /// part.
  @Test(.needs(.gcc), arguments: ["-gdwarf-4", "-gdwarf-5"])
  func typeUnitsInAnObjectAreRefused(_ version: String) throws {
    let path = try DebugInfoFixture.path(
      of: Build(compiler: "gcc", flags: [version, "-fdebug-types-section"], kind: .object))
    let sections = try DebugInfoFixture.run("readelf", ["-S", "-W", path])
    let groups = sections.components(separatedBy: version == "-gdwarf-4" ? " .debug_types " : " .debug_info ").count - 1
    #expect(groups > 10, "\(groups) sections")
    #expect(
      BadDebugInfoTests.message(path)
        == "\(path) cannot be read as ELF: its type units are in \(groups) COMDAT sections of one name "
        + "(-fdebug-types-section), of which libdw reads only the first: read the linked executable or library, "
        + "or build the object without -fdebug-types-section")
  }

  @Test(arguments: zlibBuilds)
  func zlibCompressedSectionsMatchHeaderImport(_ build: Build) throws {
    let path = try DebugInfoFixture.path(of: build)
    #expect(try DebugInfoFixture.sectionFlags(path, ".debug_info").contains("C"), "\(build) is not compressed")
    try DebugInfoLayoutTests().check(build)
  }

  @Test(.needs(.gcc))
  func gccZlibCompressedObjectMatchesHeaderImport() throws {
    try DebugInfoLayoutTests().check(Build(compiler: "gcc", flags: ["-gdwarf-5", "-gz=zlib"], kind: .object))
  }

  /// zstd: clang here compresses no object with it (built without zstd), but the linker compresses an
  /// executable's sections. libdw reads them from elfutils 0.189; an older one says why it cannot.
  @Test func zstdCompressedExecutable() throws {
    let build = Build(compiler: "clang", flags: ["-gdwarf-5", "-gz=zstd"], kind: .executable)
    let path = try DebugInfoFixture.path(of: build)
    #expect(try DebugInfoFixture.sectionFlags(path, ".debug_info").contains("C"))
    do {
      _ = try DebugInfoImport.read(path)
    } catch {
      let libdw = try #require(try DebugInfoFixture.libdwVersion())
      #expect(libdw.lexicographicallyPrecedes([0, 189]), "libdw \(libdw) reads zstd, yet: \(error)")
      #expect(
        error.description
          == "\(path) cannot be read as ELF: its debug sections are compressed with zstd, which this libdw "
          + "(elfutils before 0.189) cannot decompress: link with -gz=zlib (or none), or install a newer libdw1")
      return
    }
    try DebugInfoLayoutTests().check(build)
  }

  /// `objcopy --only-keep-debug`, `strip -g`, `objcopy --add-gnu-debuglink`, no build-id: libdwfl finds the
  /// debug file by the name and CRC the link gives, beside the binary or in its `.debug/` folder, as gdb
  /// does. The name is not `app.debug`, which libdwfl would try without a link.
  @Test(arguments: ["", ".debug/"])
  func separateDebugFileByDebuglink(_ folder: String) throws {
    let directory = "\(DebugInfoFixture.directory)/debuglink-\(folder.isEmpty ? "beside" : "subfolder")"
    try FileManager.default.createDirectory(atPath: "\(directory)/.debug", withIntermediateDirectories: true)
    let built = try DebugInfoFixture.path(
      of: Build(compiler: "clang", flags: ["-gdwarf-5", "-Wl,--build-id=none"], kind: .executable))
    let app = "\(directory)/app"
    let kept = "\(directory)/kept.debug"
    let debug = "\(directory)/\(folder)app-symbols.dbg"
    for file in [app, kept, debug] { try? FileManager.default.removeItem(atPath: file) }
    try FileManager.default.copyItem(atPath: built, toPath: app)
    try DebugInfoFixture.run("objcopy", ["--only-keep-debug", app, kept])
    try DebugInfoFixture.run("strip", ["-g", app])
    try FileManager.default.moveItem(atPath: kept, toPath: debug)
    #expect(
      BadDebugInfoTests.message(app) == "\(app) has no DWARF debug info: build it with -g, or install its debug file"
        + BadDebugInfoTests.fetchHint)
    try DebugInfoFixture.run("objcopy", ["--add-gnu-debuglink=\(debug)", app])
    let (reference, headers) = try DebugInfoLayoutTests.reference()
    let catalog = TypeCatalog()
    let imported = try catalog.importDebugInfo(of: app)
    #expect(imported.skipped == [:])
    for record in headers.records {
      let read = try #require(imported.record(named: record.name), "\(record.name) not read through the debuglink")
      #expect(read.size == record.size, "\(record.name)")
      let alignment = read.alignmentSource != .unknown
      #expect(
        try DebugInfoLayoutTests.layout(record.name, in: catalog, abi: imported.abi, alignment: alignment)
          == DebugInfoLayoutTests.layout(record.name, in: reference, abi: headers.abi, alignment: alignment),
        "\(record.name)")
    }
  }
}
