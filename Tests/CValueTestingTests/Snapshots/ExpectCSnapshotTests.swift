import CTestTypes
import CValueDebugInfo
import CValueHeaders
import CValueKit
import CValueSnapshots
import CValueTesting
import Foundation
import Glibc
import Testing

/// The Swift Testing door, on real C types. Snapshots are recorded through the store with an empty
/// environment, so that the tests pass the same with `CI` set; the assertions then read them back.
@Suite("expectCSnapshot")
struct ExpectCSnapshotTests {
  @Test("a termios after cfmakeraw is recorded and read back byte for byte")
  func termios() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["termios.h"])
    let registry = ValueRegistry(catalog: catalog)
    var settings = Glibc.termios()
    cfmakeraw(&settings)
    cfsetispeed(&settings, speed_t(B115200))
    let folder = try TemporaryFolder()
    let type = try registry.resolve("struct termios")
    let bytes = withUnsafeBytes(of: settings) { Array($0.prefix(type.size ?? 0)) }
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: bytes, of: type, named: "raw", record: .missing).status == .recorded)
    let outcome = expectCSnapshot(
      settings, named: "raw", encoding: "struct termios", registry: registry, directory: folder.path)
    #expect(outcome?.status == .matched)
    #expect(outcome?.recordedBytes == bytes)
    let text = try #require(folder.text("raw.snap"))
    #expect(text.hasPrefix("// cvalue snapshot 1\n// type: struct termios\n// size: 60\n// abi: x86_64-linux\n"))
    #expect(text.contains("// field: .c_cc[*] @17 +1 unsigned char [32]\n"))
    #expect(text.contains("  .c_ispeed = 4098,\n"))

    settings.c_lflag |= tcflag_t(ECHO)
    let issue = RecordedIssue.text {
      expectCSnapshot(
        settings, named: "raw", encoding: "struct termios", registry: registry, record: .off, directory: folder.path,
        "after echo")
    }
    #expect(
      issue?.components(separatedBy: "\n").prefix(2) == [
        "snapshot “raw” differs: termios values differ at .c_lflag: 8 ≠ 0 — after echo", "  .c_lflag: 8 ≠ 0",
      ])
    #expect(issue?.hasSuffix("\n  the actual value is in raw.snap.new") == true)
    // The read log, for `cvalue snapshot orphans`: this run's line, then one line a read.
    #expect(folder.text(".cvalue-read") == "\(TestRun.logLine)\nraw.snap\nraw.snap\n")
  }

  @Test("an io_uring_sqe with its anonymous unions is recorded and read back byte for byte")
  func ioUringSubmissionEntry() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["linux/io_uring.h"])
    let sqe = try ValueRegistry(catalog: catalog).resolve("{io_uring_sqe}")
    // io_uring_prep_readv(sqe, fd 3, iovecs at 0x7f00, 2 of them, offset 4096), user data 42.
    var readv = [UInt8](repeating: 0, count: 64)
    for (value, size, offset) in [(1, 1, 0), (3, 4, 4), (4096, 8, 8), (0x7f00, 8, 16), (2, 4, 24), (42, 8, 32)] {
      for byte in 0..<size { readv[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
    }
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: readv, of: sqe, named: "readv", record: .missing).status == .recorded)
    let again = store.verify(bytes: readv, of: sqe, named: "readv")
    #expect(again.status == .matched && again.recordedBytes == readv)
    var other = readv
    other[32] = 43
    #expect(
      store.verify(bytes: other, of: sqe, named: "readv", options: ComparisonOptions(ignoredPaths: [".user_data"]))
        .status == .matched)
    #expect(
      store.verify(bytes: other, of: sqe, named: "readv").failureText?.components(separatedBy: "\n").prefix(2) == [
        "snapshot “readv” differs: io_uring_sqe values differ at .user_data: 43 ≠ 42", "  .user_data: 43 ≠ 42",
      ])
  }

  /// Snapshots.md's way for a struct Mirror cannot see into (bitfields): its layout read from the test binary's
  /// own debug info, in a registry of the test's own. Recorded, read back, and a changed bitfield names itself.
  @Test("a struct with bitfields, from the test binary's own debug info, is recorded and compared field by field")
  func bitfieldsFromDebugInfo() throws {
    let registry = ValueRegistry()
    try registry.catalog.importDebugInfoOfRunningProgram(types: ["struct cv_flags"])
    let folder = try TemporaryFolder()
    let flags = cv_flags_sample(7, 5)
    let bytes = withUnsafeBytes(of: flags) { Array($0) }
    let type = try registry.resolve("struct cv_flags")
    #expect(
      SnapshotStore(directory: folder.path, environment: [:]).verify(
        bytes: bytes, of: type, named: "flags", record: .missing
      ).status == .recorded)
    #expect(
      folder.text("flags.snap")?.components(separatedBy: "\n").suffix(8) == [
        "{", "  .id = 7,", "  .ready = 1,", "  .mode = 5,", "  .level = 9,", "  .after = -7", "}", "",
      ])
    // Matched field by field: the bits no bitfield covers are padding, which a Swift copy of the value need not
    // keep (under ThreadSanitizer it did not), so the recorded bytes are not compared with the value's.
    let outcome = expectCSnapshot(flags, named: "flags", registry: registry, directory: folder.path)
    #expect(outcome?.status == .matched)
    let issue = RecordedIssue.text {
      expectCSnapshot(cv_flags_sample(7, 3), named: "flags", registry: registry, record: .off, directory: folder.path)
    }
    #expect(
      issue?.components(separatedBy: "\n").prefix(2) == [
        "snapshot “flags” differs: cv_flags values differ at .mode: 3 ≠ 5", "  .mode: 3 ≠ 5",
      ])
  }

  @Test("a union with a tag rule: only the live member is recorded and compared")
  func taggedUnion() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([messageHeader])
    let registry = ValueRegistry(catalog: catalog)
    try registry.register(
      "struct cv_message", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"]),
      at: ".body")
    var message = cv_message()
    message.kind = CV_MESSAGE_NUMBER
    message.body.number.value = 7
    message.body.number.scale = 0.5
    let folder = try TemporaryFolder()
    let type = try registry.resolve("struct cv_message")
    let bytes = withUnsafeBytes(of: message) { Array($0) }
    _ = SnapshotStore(directory: folder.path, environment: [:]).verify(
      bytes: bytes, of: type, named: "number", record: .missing)
    #expect(
      folder.text("number.snap")?.components(separatedBy: "\n").suffix(4) == [
        "  .kind = CV_MESSAGE_NUMBER,", "  .body = {.number = {.value = 7, .scale = 0.5}}", "}", "",
      ])
    let outcome = expectCSnapshot(message, named: "number", registry: registry, directory: folder.path)
    #expect(outcome?.status == .matched && outcome?.recordedBytes == bytes)
  }

  @Test("a tag rule given in the options: only the live member is recorded, not the bytes reread as another")
  func taggedUnionFromOptions() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([messageHeader])
    let registry = ValueRegistry(catalog: catalog)
    var message = cv_message()
    message.kind = CV_MESSAGE_NUMBER
    message.body.number.value = 7
    message.body.number.scale = 0.5
    let folder = try TemporaryFolder()
    let options = ComparisonOptions(
      unionMembers: [".body": .tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"])])
    let recorded = SnapshotStore(directory: folder.path, environment: [:]).verify(
      bytes: withUnsafeBytes(of: message) { Array($0) }, of: try registry.resolve("struct cv_message"),
      named: "number", options: options, record: .missing)
    #expect(recorded.status == .recorded)
    #expect(
      folder.text("number.snap")?.components(separatedBy: "\n").suffix(4) == [
        "  .kind = CV_MESSAGE_NUMBER,", "  .body = {.number = {.value = 7, .scale = 0.5}}", "}", "",
      ])
    let outcome = expectCSnapshot(
      message, named: "number", options: options, registry: registry, directory: folder.path)
    #expect(outcome?.status == .matched)
  }

  @Test("an unnamed snapshot is named from the test function and a counter, beside the test file")
  func derivedNames() {
    #expect(
      CValueSnapshotCheck.directory(forTestFile: "/src/Tests/AppTests/SerialTests.swift")
        == "/src/Tests/AppTests/__Snapshots__/SerialTests")
    #expect(
      CValueSnapshotCheck.readLog(forTestFile: "/src/Tests/AppTests/SerialTests.swift", environment: [:])
        == "/src/Tests/AppTests/__Snapshots__/.cvalue-read")
    let file = "/src/\(UUID().uuidString).swift"
    #expect(CValueSnapshotCheck.nextName(function: "termiosAfterSetup()", filePath: file) == "termiosAfterSetup-1")
    #expect(CValueSnapshotCheck.nextName(function: "termiosAfterSetup()", filePath: file) == "termiosAfterSetup-2")
    #expect(CValueSnapshotCheck.nextName(function: "other(_:)", filePath: file) == "other-1")
  }

  @Test("within: wins over options.tolerance, as at every other door")
  func withinWinsOverTheOptionsTolerance() throws {
    let folder = try TemporaryFolder()
    let point = "{cv_point=\"x\"d\"y\"d}"
    let type = try ValueRegistry().resolve(point)
    let bytes = withUnsafeBytes(of: cv_point(x: 1, y: 2)) { Array($0) }
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: bytes, of: type, named: "p", record: .missing).status == .recorded)
    let exact = ComparisonOptions(tolerance: .absolute(0))
    let moved = cv_point(x: 1, y: 2.25)
    #expect(
      expectCSnapshot(
        moved, named: "p", within: .absolute(0.5), options: exact, encoding: point, record: .off,
        directory: folder.path)?.status == .matched)
    let issue = RecordedIssue.text {
      expectCSnapshot(moved, named: "p", options: exact, encoding: point, record: .off, directory: folder.path)
    }
    #expect(issue?.hasPrefix("snapshot “p” differs: cv_point values differ at .y: 2.25 ≠ 2") == true)
  }

  @Test("a type that cannot be resolved is an issue, not a trap")
  func unresolvable() {
    #expect(
      RecordedIssue.text { expectCSnapshot(cv_point(x: 1, y: 2), named: "p", encoding: "{cv_point=d", record: .off) }?
        .hasPrefix("cannot snapshot C value: ") == true)
  }
}
