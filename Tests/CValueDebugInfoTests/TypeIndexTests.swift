import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// The type index: one entry per different definition of a name, read types equal to a read of every unit,
/// names defined differently still refused naming both, and the disk cache used only for the file it was
/// built from.
@Suite struct TypeIndexTests {
  /// Four units: `struct shared` alike in all, `struct clash` one way in two units and another in a third,
  /// a typedef that differs, a type only one unit has, a function's local type, and a tag never defined.
  static let units = [
    "a": """
    struct shared { int a; double b; struct inner { char c[3]; } in; };
    struct clash { int a; };
    typedef int handle;
    struct opaque;
    int use_a(struct shared *s, struct clash *c, handle h, struct opaque *o) { return s->a + c->a + h + (o != 0); }
    """,
    "b": """
    struct shared { int a; double b; struct inner { char c[3]; } in; };
    struct clash { long a; };
    typedef long handle;
    struct only_b { short s; };
    int use_b(struct shared *s, struct clash *c, handle h, struct only_b *o) { return s->a + (int)c->a + (int)h + o->s; }
    """,
    "c": """
    struct shared { int a; double b; struct inner { char c[3]; } in; };
    struct clash { int a; };
    int use_c(struct shared *s, struct clash *c) { struct local { int x; } l = {1}; return s->a + c->a + l.x; }
    """,
    "d": """
    struct shared { int a; double b; struct inner { char c[3]; } in; };
    int use_d(struct shared *s) { return s->a; }
    int main(void) { return 0; }
    """,
  ]

  private static let cache = BuildCache<Result<String, DebugInfoFixture.BuildFailed>>()

  /// The four units linked into one executable, by `compiler`.
  static func program(_ compiler: String) throws -> String {
    try cache.value(for: compiler) {
      do {
        var objects: [String] = []
        for (name, text) in units.sorted(by: { $0.key < $1.key }) {
          objects.append(
            try DebugInfoFixture.compile(
              text, name: "index_\(compiler)_\(name).o", flags: ["-g", "-c", "-fno-eliminate-unused-debug-types"],
              compiler: compiler))
        }
        let output = "\(DebugInfoFixture.directory)/index_\(compiler)"
        return DebugInfoFixture.run(DebugInfoFixture.tool(compiler), ["-o", output] + objects, output: output)
      } catch {
        return .failure(.init(description: "\(error)"))
      }
    }.get()
  }

  static func unitName(_ compiler: String, _ unit: String) -> String {
    "\(DebugInfoFixture.directory)/index_\(compiler)_\(unit).o.c"
  }

  static func index(of path: String) throws -> TypeIndex {
    let file = try DwarfFile(path: path, libdw: LibDW.shared())
    var reader = DieReader(file: file, header: try ELFHeader.read(path), units: file.units().units)
    return TypeIndex.build(&reader)
  }

  @Test(.needs(.gcc), arguments: ["clang", "gcc"])
  func oneEntryPerDifferentDefinition(_ compiler: String) throws {
    let index = try Self.index(of: Self.program(compiler))
    #expect(index.definitions(of: "struct shared")?.map(\.place) == [Self.unitName(compiler, "a")])
    #expect(index.definitions(of: "struct inner")?.count == 1)
    #expect(
      index.definitions(of: "struct clash")?.map(\.place) == [
        Self.unitName(compiler, "a"), Self.unitName(compiler, "b"),
      ])
    #expect(index.definitions(of: "handle")?.count == 2)
    #expect(index.definitions(of: "struct only_b")?.map(\.place) == [Self.unitName(compiler, "b")])
    #expect(index.definitions(of: "struct local")?.map(\.place) == ["\(Self.unitName(compiler, "c")) (in use_c())"])
    #expect(index.definitions(of: "struct nowhere") == [])
    #expect(index.isIncomplete("struct opaque"))
    #expect(!index.isIncomplete("struct shared"))
  }

  @Test(.needs(.gcc), arguments: ["clang", "gcc"])
  func namesDefinedDifferentlyAreStillRefusedNamingBoth(_ compiler: String) throws {
    let path = try Self.program(compiler)
    #expect(
      throws: DebugInfoError.conflictingDefinitions(
        "struct clash", units: [Self.unitName(compiler, "a"), Self.unitName(compiler, "b")])
    ) {
      try DebugInfoImport.read(path, types: ["clash"])
    }
    #expect(
      throws: DebugInfoError.conflictingDefinitions(
        "handle", units: [Self.unitName(compiler, "a"), Self.unitName(compiler, "b")])
    ) {
      try DebugInfoImport.read(path, types: ["handle"])
    }
    #expect(throws: DebugInfoError.incompleteType("struct opaque", file: path)) {
      try DebugInfoImport.read(path, types: ["struct opaque"])
    }
    #expect(throws: DebugInfoError.unknownType("nowhere", file: path)) {
      try DebugInfoImport.read(path, types: ["nowhere"])
    }
  }

  /// Every type, read by name through the index, is what a read of every unit gives for it.
  @Test(.needs(.gcc), arguments: ["clang", "gcc"])
  func everyTypeReadWithTheIndexIsTheFullReads(_ compiler: String) throws {
    try Self.expectIndexedReadsAreFullReads(try Self.program(compiler))
    let builds =
      DebugInfoLayoutTests.clangBuilds + DebugInfoLayoutTests.gccBuilds + DebugInfoFormatTests.typeUnitBuilds
    for build in builds {
      try Self.expectIndexedReadsAreFullReads(try DebugInfoFixture.path(of: build))
    }
  }

  /// Split DWARF, gcc and clang, DWARF 4 and 5: the units found from the skeletons.
  @Test(.needs(.gcc), arguments: SplitDwarfTests.builds)
  func splitBuildsReadWithTheIndexAsFromEveryUnit(_ compiler: String, _ version: String) throws {
    try Self.expectIndexedReadsAreFullReads(SplitDwarfTests.build(compiler, version, name: "index"))
  }

  /// For each record and typedef a full read imports, the same type read by name through the index is what
  /// it is when read by name from every unit, or fails alike.
  ///
  /// `stride` checks every that-many-th name only (a read from every unit of a large file takes long);
  /// `CVALUEKIT_FULL_SWEEPS=1` checks them all.
  static func expectIndexedReadsAreFullReads(_ path: String, stride: Int = 1) throws {
    let full = try DebugInfoImport.read(path)
    // Anonymous records are named by where they are (`struct shape::(anonymous at …)`), never asked for.
    let names = (full.records.map(\.name) + full.typedefs.map(\.name)).filter { !$0.contains("(") }
    #expect(!names.isEmpty)
    let step = ProcessInfo.processInfo.environment["CVALUEKIT_FULL_SWEEPS"] == "1" ? 1 : stride
    let header = try ELFHeader.read(path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let cache = try temporaryDirectory()
    _ = try IndexedFile.make(path, identity: identity, header: header, cache: cache)
    for name in Swift.stride(from: 0, to: names.count, by: step).map({ names[$0] }) {
      let indexed = Result { () throws(DebugInfoError) in try DebugInfoImport.read(path, types: [name]) }
      let everyUnit = Result { () throws(DebugInfoError) in
        try DebugInfoImport.read(path, types: [name], unit: nil, indexed: false)
      }
      // As the next process reads it: from the index kept on disk, finding only the units it needs.
      let kept = try IndexedFile.make(path, identity: identity, header: header, cache: cache)
      #expect(!kept.isOpened)
      let fromKept = Result { () throws(DebugInfoError) in
        try kept.read([name], origin: .init(kind: "debug info", inputs: [path], details: ["target": header.triple]))
      }
      // As a later process reads it again: from the read kept on disk, no DWARF at all.
      if case .success(let indexed) = indexed {
        TypeReadCache.store(indexed, path: path, types: [name], identity: identity, directory: cache)
        let keptRead = TypeReadCache.kept(path, types: [name], identity: identity, directory: cache)
        #expect(keptRead == indexed, "\(name) in \(path), read kept on disk")
      }
      switch (fromKept, indexed) {
      case (.success(let fromKept), .success(let indexed)): #expect(fromKept == indexed, "\(name) in \(path), kept")
      case (.failure(let fromKept), .failure(let indexed)): #expect(fromKept == indexed, "\(name) in \(path), kept")
      default: Issue.record("\(name) in \(path): \(fromKept) from the kept index, \(indexed) from the built one")
      }
      switch (indexed, everyUnit) {
      case (.success(let indexed), .success(let everyUnit)):
        #expect(indexed.records == everyUnit.records, "\(name) in \(path)")
        #expect(indexed.typedefs == everyUnit.typedefs, "\(name) in \(path)")
        #expect(indexed.enumerations == everyUnit.enumerations, "\(name) in \(path)")
        #expect(indexed.skipped == everyUnit.skipped, "\(name) in \(path)")
      case (.failure(let indexed), .failure(let everyUnit)):
        #expect(indexed == everyUnit, "\(name) in \(path)")
      default:
        Issue.record("\(name) in \(path): \(indexed) with the index, \(everyUnit) from every unit")
      }
    }
  }

  @Test(.needs(.gcc)) func aKeptIndexAnswersAsTheBuiltOne() throws {
    let path = try Self.program("gcc")
    let built = try Self.index(of: path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let directory = try Self.temporaryDirectory()
    TypeIndexCache.store(built, for: path, identity: identity, directory: directory)
    let kept = try #require(
      TypeIndexCache.load(for: path, identity: identity, directory: directory))
    #expect(kept.isKept)
    for name in built.definitions.keys {
      #expect(kept.definitions(of: name) == built.definitions(of: name), "\(name)")
      #expect(kept.definitions(of: name + "x") == built.definitions(of: name + "x"), "\(name)x")
    }
    #expect(kept.isIncomplete("struct opaque"))
    #expect(!kept.isIncomplete("struct shared"))
    #expect(kept.unitCount == built.unitCount)
    // Another file's identity: not used.
    var other = identity
    other.modifiedNanoseconds += 1
    #expect(TypeIndexCache.load(for: path, identity: other, directory: directory) == nil)
    other = identity
    other.inode += 1
    #expect(TypeIndexCache.load(for: path, identity: other, directory: directory) == nil)
  }

  /// With an index kept by an earlier process, a name the file lacks fails without opening its DWARF, and a
  /// name it has opens it.
  @Test(.needs(.gcc)) func aMissFromAKeptIndexOpensNoDWARF() throws {
    let directory = try Self.temporaryDirectory()
    let path = try Self.program("gcc")
    let header = try ELFHeader.read(path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let origin = ImportedTypes.Origin(kind: "debug info", inputs: [path])
    // The first process builds the index (its DWARF open) and keeps it; the next finds it kept.
    let first = try IndexedFile.make(path, identity: identity, header: header, cache: directory)
    #expect(first.isOpened)
    let next = try IndexedFile.make(path, identity: identity, header: header, cache: directory)
    #expect(!next.isOpened)
    #expect(throws: DebugInfoError.unknownType("nowhere", file: path)) { try next.read(["nowhere"], origin: origin) }
    #expect(throws: DebugInfoError.incompleteType("struct opaque", file: path)) {
      try next.read(["opaque"], origin: origin)
    }
    #expect(!next.isOpened)
    #expect(try next.read(["only_b"], origin: origin).record(named: "struct only_b")?.size == 2)
    #expect(next.isOpened)
    #expect(try next.read(["shared"], origin: origin) == first.read(["shared"], origin: origin))
  }

  @Test(.needs(.gcc)) func aDamagedOrCutIndexIsNotUsed() throws {
    let path = try Self.program("gcc")
    let built = try Self.index(of: path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let directory = try Self.temporaryDirectory()
    TypeIndexCache.store(built, for: path, identity: identity, directory: directory)
    let file = TypeIndexCache.file(for: path, in: directory)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    // Cut short: no `end`.
    try String(text.dropLast(9)).write(toFile: file, atomically: true, encoding: .utf8)
    #expect(TypeIndexCache.load(for: path, identity: identity, directory: directory) == nil)
    // A definition's line damaged: its lookup says so, and a read builds the index again.
    let damaged = text.replacingOccurrences(of: "D\tstruct shared\t", with: "D\tstruct shared\tzz")
    #expect(damaged != text)
    try damaged.write(toFile: file, atomically: true, encoding: .utf8)
    let kept = try #require(
      TypeIndexCache.load(for: path, identity: identity, directory: directory))
    #expect(kept.definitions(of: "struct shared") == nil)
    #expect(kept.definitions(of: "struct only_b") == built.definitions(of: "struct only_b"))
    // Not a file at all where the directory should be: nothing kept, nothing thrown.
    let blocked = directory + "/blocked"
    try "".write(toFile: blocked, atomically: true, encoding: .utf8)
    TypeIndexCache.store(built, for: path, identity: identity, directory: blocked + "/cache")
    #expect(
      TypeIndexCache.load(for: path, identity: identity, directory: blocked + "/cache")
        == nil)
  }

  @Test(.needs(.gcc)) func processesWritingAtOnceLeaveOneWholeIndex() async throws {
    let path = try Self.program("gcc")
    let built = try Self.index(of: path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let directory = try Self.temporaryDirectory()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<16 {
        group.addTask { TypeIndexCache.store(built, for: path, identity: identity, directory: directory) }
      }
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(files == [URL(fileURLWithPath: TypeIndexCache.file(for: path, in: directory)).lastPathComponent])
    let kept = try #require(
      TypeIndexCache.load(for: path, identity: identity, directory: directory))
    #expect(kept.definitions(of: "struct clash") == built.definitions(of: "struct clash"))
  }

  /// Threads reading from one file at once, released together, each get what a read alone gets: its DWARF
  /// opened by whichever comes first (from a kept index) or already open (from a built one), its units scanned
  /// by one of them. The file's lock keeps libdw's handle and its memos to one thread at a time; without it
  /// `swift test --sanitize=thread` reports the race (tried by removing the lock).
  @Test(.needs(.gcc), arguments: [false, true])
  func threadsReadingOneFileAtOnce(fromKeptIndex: Bool) throws {
    let directory = try Self.temporaryDirectory()
    let path = try Self.program("gcc")
    let header = try ELFHeader.read(path)
    let identity = try #require(TypeIndexCache.Identity(path: path))
    let origin = ImportedTypes.Origin(kind: "debug info", inputs: [path])
    let names = ["shared", "struct clash", "handle", "only_b", "inner", "opaque", "nowhere", "struct shared"]
    let alone = names.map { name in
      Result { () throws(DebugInfoError) in
        try IndexedFile.make(path, identity: identity, header: header, cache: nil).read([name], origin: origin)
      }
    }
    // The first make keeps the index; the next finds it kept, its DWARF closed.
    _ = try IndexedFile.make(path, identity: identity, header: header, cache: directory)
    for round in 0..<4 {
      let shared = try IndexedFile.make(
        path, identity: identity, header: header, cache: fromKeptIndex ? directory : nil)
      #expect(shared.isOpened == !fromKeptIndex)
      let results = PThreadLock.Guarded<[Int: Result<ImportedTypes, DebugInfoError>]>([:])
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      for position in names.indices {
        done.enter()
        Thread {
          start.wait()
          let result = Result { () throws(DebugInfoError) in try shared.read([names[position]], origin: origin) }
          results.withLock { $0[position] = result }
          done.leave()
        }.start()
      }
      for _ in names { start.signal() }
      done.wait()
      let read = results.withLock { $0 }
      for (position, name) in names.enumerated() {
        switch (read[position], alone[position]) {
        case (.success(let together)?, .success(let alone)): #expect(together == alone, "\(name), round \(round)")
        case (.failure(let together)?, .failure(let alone)): #expect(together == alone, "\(name), round \(round)")
        default:
          Issue.record("\(name): \(String(describing: read[position])) with other threads, \(alone[position]) alone")
        }
      }
    }
  }

  @Test func theLeastRecentlyUsedIndexesArePrunedBeyondTheLimit() throws {
    let directory = try Self.temporaryDirectory()
    for number in 0..<6 {
      for suffix in [".types", ".read"] {
        let path = "\(directory)/\(number)\(suffix)"
        try "x".write(toFile: path, atomically: false, encoding: .utf8)
        // Used at 1000 + number seconds after the epoch: 0 is the least recently used.
        var times = [timespec(tv_sec: 1000 + number, tv_nsec: 0), timespec(tv_sec: 1000 + number, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
      }
    }
    try "not an index".write(toFile: "\(directory)/other", atomically: false, encoding: .utf8)
    TypeIndexCache.prune(directory, limit: 4)
    var left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(left.filter { $0.hasSuffix(".types") } == ["2.types", "3.types", "4.types", "5.types"])
    #expect(left.filter { $0.hasSuffix(".read") }.count == 6)
    // Kept reads are pruned by a limit of their own, the indexes left alone.
    TypeIndexCache.prune(directory, suffix: ".read", limit: 3)
    left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(left == ["2.types", "3.types", "3.read", "4.types", "4.read", "5.types", "5.read", "other"].sorted())
  }

  @Test func theCacheDirectory() {
    #expect(TypeIndexCache.directory(environment: ["CVALUEKIT_CACHE_DIR": "/x", "HOME": "/h"]) == "/x")
    #expect(TypeIndexCache.directory(environment: ["CVALUEKIT_CACHE_DIR": "", "HOME": "/h"]) == nil)
    #expect(TypeIndexCache.directory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/cvalue")
    #expect(TypeIndexCache.directory(environment: ["HOME": "/h"]) == "/h/.cache/cvalue")
    #expect(TypeIndexCache.directory(environment: ["HOME": "relative"]) == nil)
  }

  static func temporaryDirectory() throws -> String {
    let path = "\(DebugInfoFixture.directory)/cache-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}

/// The index against a real program: records and typedefs of glibc's debug info (libc6-dbg, about 1,700 units),
/// read by name, are what a read of every unit gives (every 16th name; all with `CVALUEKIT_FULL_SWEEPS=1`).
@Suite struct TypeIndexGlibcTests {
  @Test(.needs(.glibcDebugInfo)) func everyGlibcTypeReadWithTheIndexIsTheFullReads() throws {
    try TypeIndexTests.expectIndexedReadsAreFullReads(GlibcDebugInfoTests.libc, stride: 16)
  }
}
