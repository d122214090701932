import Foundation
import Testing

@testable import CValueDebugInfo

/// Types read by name, kept for the next read of the same names from the same file: in memory for the
/// process, on disk for the next process, never for another file, other code, or a split build.
@Suite struct TypeReadCacheTests {
  static let names = ["struct shared", "struct inner", "struct only_b"]

  @Test(.needs(.gcc)) func aKeptReadIsUsedOnlyForTheSameFileTheSameCodeAndTheSameNames() throws {
    let path = try TypeIndexTests.program("gcc")
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let read = try DebugInfoImport.read(path, types: Self.names, unit: nil, indexed: false)
    let directory = try TypeIndexTests.temporaryDirectory()
    TypeReadCache.store(read, path: path, types: Self.names, identity: identity, directory: directory)
    let file = TypeReadCache.file(for: path, types: Self.names, identity: identity, in: directory)
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: directory) == read)
    // Read through another path to the same file: the origin names the path asked for.
    let link = "\(directory)/link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    let throughLink = TypeReadCache.kept(link, types: Self.names, identity: identity, directory: directory)
    #expect(throughLink?.origin.inputs == [link])
    #expect(throughLink?.records == read.records)

    var other = identity
    other.modifiedNanoseconds += 1
    #expect(TypeReadCache.kept(path, types: Self.names, identity: other, directory: directory) == nil)
    #expect(TypeReadCache.kept(path, types: ["struct shared"], identity: identity, directory: directory) == nil)
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: nil) == nil)

    // Kept by other code (another build of CValueKit), damaged, or cut short: not used.
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let reader = try #require(TypeReadCache.reader)
    try text.replacingOccurrences(of: reader, with: "identity 1 2 3 4 5")
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: directory) == nil)
    try text.replacingOccurrences(of: #"{only_b="s"s}"#, with: #"{only_b="s""#)
      .write(toFile: file, atomically: true, encoding: .utf8)
    #expect(text.contains(#"{only_b="s"s}"#))
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: directory) == nil)
    try String(text.prefix(text.count / 2)).write(toFile: file, atomically: true, encoding: .utf8)
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: directory) == nil)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(TypeReadCache.kept(path, types: Self.names, identity: identity, directory: directory) == read)
  }

  /// Every part of an import reads back: overrides (packed), enumerations, typedefs, what was skipped.
  @Test func everyPartOfAnImportReadsBack() throws {
    let path = try DebugInfoFixture.path(of: .init(compiler: "clang", flags: [], kind: .executable))
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let read = try DebugInfoImport.read(path)
    #expect(read.records.contains { $0.override != nil })
    #expect(!read.enumerations.isEmpty)
    #expect(!read.typedefs.isEmpty)
    var imported = read
    imported.skipped["struct wide"] = "holds __float128, which no encoding describes"
    imported.unimportable = ["struct wide"]
    let directory = try TypeIndexTests.temporaryDirectory()
    TypeReadCache.store(imported, path: path, types: ["every"], identity: identity, directory: directory)
    #expect(TypeReadCache.kept(path, types: ["every"], identity: identity, directory: directory) == imported)
  }

  /// Free text with tabs, newlines and backslashes reads back as it was; a file cut short at a line's end, or
  /// kept in the format before (JSON), is not used.
  @Test func textWithTheFormatsSeparatorsReadsBackAndAFileCutAtALineEndIsNotUsed() throws {
    let path = try DebugInfoFixture.path(of: .init(compiler: "clang", flags: [], kind: .executable))
    let identity = try #require(TypeIndexCache.Identity(path: path))
    var imported = try DebugInfoImport.read(path)
    #expect(imported.records.count > 1)
    imported.skipped["struct odd\tname"] = "a reason\nwith\\ lines\\n and\ttabs\\"
    imported.origin.details["note"] = "+-\\t"
    imported.records[0].place = "dir\\with\ttab.c"
    imported.records[1].place = "-"
    let directory = try TypeIndexTests.temporaryDirectory()
    TypeReadCache.store(imported, path: path, types: ["odd"], identity: identity, directory: directory)
    #expect(TypeReadCache.kept(path, types: ["odd"], identity: identity, directory: directory) == imported)

    let file = TypeReadCache.file(for: path, types: ["odd"], identity: identity, in: directory)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasPrefix("cvalue kept read 3\n"))
    #expect(text.hasSuffix("\nend\n"))
    // Every line but the last two records: each line is whole, yet the read is not.
    let lines = text.split(separator: "\n")
    let cut = lines.prefix { !$0.hasPrefix("record") }.joined(separator: "\n") + "\n"
    for damaged in [cut, text.replacingOccurrences(of: "\nend\n", with: "\n"), "{\"format\":1}"] {
      try damaged.write(toFile: file, atomically: true, encoding: .utf8)
      #expect(TypeReadCache.kept(path, types: ["odd"], identity: identity, directory: directory) == nil)
    }
    // A line this format does not write, or an escape it does not make.
    for damaged in [
      text.replacingOccurrences(of: "\nend\n", with: "\nunknown\tline\nend\n"),
      text.replacingOccurrences(of: "\\t", with: "\\q"),
    ] {
      #expect(damaged != text)
      try damaged.write(toFile: file, atomically: true, encoding: .utf8)
      #expect(TypeReadCache.kept(path, types: ["odd"], identity: identity, directory: directory) == nil)
    }
  }

  @Test(.needs(.gcc)) func aReadByNameIsKeptForTheNextReadInTheProcess() throws {
    let path = try TypeIndexTests.program("clang")
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let read = try DebugInfoImport.read(path, types: ["struct only_b"])
    #expect(TypeReadCache.load(path, types: ["struct only_b"], identity: identity, directory: nil) == read)
  }

  /// A split build's `.dwo` files can change while the binary does not: its reads are not kept.
  @Test(.needs(.gcc), arguments: SplitDwarfTests.builds)
  func readsOfASplitBuildAreNotKept(_ compiler: String, _ version: String) throws {
    let path = try SplitDwarfTests.build(compiler, version, name: "kept-reads")
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let read = try DebugInfoImport.read(path, types: ["struct sample"])
    #expect(read.record(named: "struct sample") != nil)
    #expect(TypeReadCache.load(path, types: ["struct sample"], identity: identity, directory: nil) == nil)
  }
}
