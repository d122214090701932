import CValueKit
import CValueSnapshots
import Foundation
import Glibc
import Testing

/// A folder of its own under the temporary directory, removed after the test.
final class TemporaryFolder {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "cvalue-snapshots-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The text of the file at `name` in the folder, or `nil`.
  func text(_ name: String) -> String? {
    FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes `text` to the file `name` in the folder.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: URL(filePath: path + "/" + name))
  }
}

@Suite("snapshot store")
struct SnapshotStoreTests {
  static let sample = "{cv_sample=\"id\"i\"value\"d\"stamp\"q}"
  let type: ValueType
  let recorded: [UInt8]

  init() throws {
    type = try ValueRegistry().resolve(Self.sample)
    recorded = try type.parse("{.id = 7, .value = 0.1, .stamp = 1700000000}")
  }

  @Test("a recorded snapshot reads as C, and the same value then matches")
  func recordThenPass() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: recorded, of: type, named: "sample", record: .missing).status == .recorded)
    #expect(
      folder.text("sample.snap") == """
        // cvalue snapshot 1
        // type: struct cv_sample
        // size: 24
        // abi: x86_64-linux
        // field: .id @0 +4 int
        // field: .value @8 +8 double
        // field: .stamp @16 +8 long long
        {
          .id = 7,
          .value = 0.1,
          .stamp = 1700000000
        }

        """)
    let again = store.verify(bytes: recorded, of: type, named: "sample")
    #expect(again.status == .matched && again.failure == nil)
    #expect(again.recordedBytes == recorded)
  }

  @Test("a changed field fails with the field report and leaves the actual value beside the snapshot")
  func changedField() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let changed = try type.parse("{.id = 8, .value = 0.1, .stamp = 1700000000}")
    let outcome = store.verify(bytes: changed, of: type, named: "sample")
    #expect(outcome.status == .failed)
    #expect(
      outcome.failureText == """
        snapshot “sample” differs: cv_sample values differ at .id: 8 ≠ 7
          .id: 8 ≠ 7
          actual:   {.id = 8, .value = 0.1, .stamp = 1700000000}
          expected: {.id = 7, .value = 0.1, .stamp = 1700000000}
          the actual value is in sample.snap.new
        """)
    // The failure is a value: the comparison itself, not a text to split apart again.
    #expect(outcome.failure == .differs(name: "sample", comparison: try #require(outcome.comparison)))
    #expect(outcome.hint == "the actual value is in sample.snap.new")
    #expect(
      outcome.failure?.report { "\($0) — after the move" }.components(separatedBy: "\n").first
        == "snapshot “sample” differs: cv_sample values differ at .id: 8 ≠ 7 — after the move")
    #expect(folder.text("sample.snap.new")?.contains(".id = 8,") == true)
    #expect(folder.text("sample.snap")?.contains(".id = 7,") == true)
    let missing = store.verify(bytes: changed, of: type, named: "other")
    #expect(
      missing.failure
        == .missing(name: "other", subject: "struct cv_sample", path: folder.path + "/other.snap"))
  }

  @Test("a float moved within the tolerance matches; outside it, it fails")
  func floatWithinTolerance() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let moved = try type.parse("{.id = 7, .value = 0.1000000004, .stamp = 1700000000}")
    let within = store.verify(
      bytes: moved, of: type, named: "sample", options: ComparisonOptions(tolerance: .absolute(1e-9)))
    #expect(within.status == .matched)
    let outside = store.verify(
      bytes: moved, of: type, named: "sample", options: ComparisonOptions(tolerance: .absolute(1e-12)))
    #expect(
      outside.failureText?.components(separatedBy: "\n").first == """
        snapshot “sample” differs: cv_sample values differ at .value: 0.1000000004 ≠ 0.1 (difference 3.99999991462785e-10, \
        tolerance 1e-12)
        """)
  }

  @Test("an ignored timestamp matches")
  func ignoredTimestamp() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let later = try type.parse("{.id = 7, .value = 0.1, .stamp = 1800000000}")
    #expect(
      store.verify(bytes: later, of: type, named: "sample", options: ComparisonOptions(ignoredPaths: [".stamp"]))
        .status == .matched)
  }

  @Test("a missing snapshot fails and leaves the value it would record as .snap.new")
  func missingSnapshot() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    let outcome = store.verify(bytes: recorded, of: type, named: "sample")
    #expect(outcome.status == .failed)
    #expect(
      outcome.failureText == """
        no snapshot “sample” of struct cv_sample at \(folder.path)/sample.snap
          accept it with `cvalue snapshot accept \(folder.path)`, or record missing snapshots with \
        CVALUE_SNAPSHOTS=record-missing
        """)
    #expect(folder.text("sample.snap") == nil)
    #expect(folder.text("sample.snap.new") == outcome.actualText)
  }

  @Test("CI=true never records, whatever the environment or the call asks")
  func ciNeverRecords() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(
      directory: folder.path, environment: ["CI": "true", "CVALUE_SNAPSHOTS": "record-all"])
    for record in [nil, SnapshotRecording.missing, .all] {
      let outcome = store.verify(bytes: recorded, of: type, named: "sample", record: record)
      #expect(
        outcome.failureText == """
          no snapshot “sample” of struct cv_sample at \(folder.path)/sample.snap
            CI is set, so snapshots are never recorded: record it locally and commit it
          """)
    }
    #expect(folder.text("sample.snap") == nil)
  }

  @Test("a recording says which file it wrote, once; a match says nothing")
  func recordingNote() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    let recording = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    #expect(recording.note == "recorded snapshot “sample” of struct cv_sample in \(folder.path)/sample.snap")
    #expect(store.verify(bytes: recorded, of: type, named: "sample", record: .missing).note == nil)
    let changed = try type.parse("{.id = 9, .value = 0.1, .stamp = 1700000000}")
    #expect(
      store.verify(bytes: changed, of: type, named: "sample", record: .all).note == """
        re-recorded snapshot “sample” of struct cv_sample in \(folder.path)/sample.snap \
        (the one recorded did not match)
        """)
    #expect(store.verify(bytes: changed, of: type, named: "sample", record: .all).note == nil)
    #expect(store.verify(bytes: recorded, of: type, named: "sample").note == nil)
  }

  @Test("record-all re-records a changed value, and the environment variable is read")
  func recordAll() throws {
    let folder = try TemporaryFolder()
    _ = SnapshotStore(directory: folder.path, environment: ["CVALUE_SNAPSHOTS": "record-missing"])
      .verify(bytes: recorded, of: type, named: "sample")
    let changed = try type.parse("{.id = 9, .value = 0.1, .stamp = 1700000000}")
    let store = SnapshotStore(directory: folder.path, environment: ["CVALUE_SNAPSHOTS": "record-all"])
    #expect(store.verify(bytes: changed, of: type, named: "sample").status == .recorded)
    #expect(folder.text("sample.snap")?.contains(".id = 9,") == true)
    let bad = SnapshotStore(directory: folder.path, environment: ["CVALUE_SNAPSHOTS": "record"])
    #expect(
      bad.verify(bytes: changed, of: type, named: "sample").failureText
        == "cannot check snapshot “sample”: CVALUE_SNAPSHOTS=record is not one of off, record-missing, record-all")
  }

  @Test("every failure is a value a caller can switch on, each rendered as the doors print it")
  func failuresAreValues() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: recorded, of: type, named: ".hidden").failure == .badName(".hidden"))
    guard
      case .badSetting(name: "sample", let setting)? =
        SnapshotStore(directory: folder.path, environment: ["CVALUE_SNAPSHOTS": "yes"])
        .verify(bytes: recorded, of: type, named: "sample").failure
    else {
      Issue.record("a bad CVALUE_SNAPSHOTS is not .badSetting")
      return
    }
    #expect("\(setting)" == "CVALUE_SNAPSHOTS=yes is not one of off, record-missing, record-all")
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let other = try ValueRegistry().resolve("{cv_other=\"id\"i\"value\"d\"stamp\"q}")
    #expect(
      store.verify(bytes: recorded, of: other, named: "sample").failure
        == .otherType(name: "sample", recorded: "struct cv_sample", actual: "struct cv_other"))
    #expect(
      store.verify(bytes: recorded, of: type, count: 1, named: "sample").failure
        == .otherCount(name: "sample", typeName: "struct cv_sample", recorded: nil, actual: 1))
    try folder.write("// not a snapshot\n", to: "junk.snap")
    guard case .notASnapshot(let error)? = store.verify(bytes: recorded, of: type, named: "junk").failure else {
      Issue.record("a file that is no snapshot is not .notASnapshot")
      return
    }
    #expect(error.path == folder.path + "/junk.snap")
    // A directory where the snapshot file would be written.
    let blocked = SnapshotStore(directory: folder.path + "/sample.snap", environment: [:])
    guard
      case .notWritten(let path, _)? = blocked.verify(bytes: recorded, of: type, named: "x", record: .missing).failure
    else {
      Issue.record("an unwritable snapshot is not .notWritten")
      return
    }
    #expect(path == folder.path + "/sample.snap/x.snap")
    #expect(
      SnapshotFailure.otherCount(name: "list", typeName: "struct t", recorded: 3, actual: 1).report(hint: "h") {
        "→ " + $0
      } == "→ snapshot “list” of struct t: recorded 3 values, actual 1 value\n  h")
  }

  @Test("a hand edit that does not parse fails with its line and column in the file")
  func syntaxError() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let text = try #require(folder.text("sample.snap"))
    try folder.write(text.replacingOccurrences(of: ".value = 0.1", with: ".value = 0.1x"), to: "sample.snap")
    #expect(
      store.verify(bytes: recorded, of: type, named: "sample").failureText == """
        \(folder.path)/sample.snap:10:12: bad number '0.1x'
          the actual value is in sample.snap.new
        """)
    try folder.write(text.replacingOccurrences(of: "// size: 24", with: "// size: many"), to: "sample.snap")
    #expect(
      store.verify(bytes: recorded, of: type, named: "sample").failureText == """
        \(folder.path)/sample.snap:3:10: the size “many” is not a number of bytes
          the actual value is in sample.snap.new
        """)
  }

  @Test("a snapshot of a type whose layout changed fails with the fields added, removed and changed")
  func layoutChanged() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let grown = try ValueRegistry().resolve("{cv_sample=\"id\"q\"value\"d\"flags\"I}")
    let outcome = store.verify(bytes: [UInt8](repeating: 0, count: 24), of: grown, named: "sample")
    #expect(
      outcome.failureText == """
        snapshot “sample” was recorded for another layout of struct cv_sample (24 bytes):
          changed: .id @0 +8 long long (was .id @0 +4 int)
          added:   .flags @16 +4 unsigned int
          removed: .stamp @16 +8 long long
          the actual value is in sample.snap.new
        """)
  }

  /// A C++ base class is a field named with its template arguments, spaces included
  /// (`._Vector_base<int, std::allocator<int>>._M_impl…`): such paths are each their own field, and an
  /// unchanged layout matches (they were all one field, taken for one another).
  @Test("field paths with spaces are read back whole")
  func pathsWithSpaces() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    let holder = try ValueRegistry().resolve(#"{cv_holder="base<int, long>"{cv_base="start"i"finish"i}"n"i}"#)
    let value: [UInt8] = [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]
    #expect(store.verify(bytes: value, of: holder, named: "holder", record: .missing).failureText == nil)
    #expect(store.verify(bytes: value, of: holder, named: "holder").status == .matched)
    let moved = try ValueRegistry().resolve(#"{cv_holder="base<int, long>"{cv_base="finish"i"start"i}"n"i}"#)
    #expect(
      store.verify(bytes: value, of: moved, named: "holder").failureText == """
        snapshot “holder” was recorded for another layout of struct cv_holder (12 bytes):
          changed: .base<int, long>.finish @0 +4 int (was .base<int, long>.finish @4 +4 int)
          changed: .base<int, long>.start @4 +4 int (was .base<int, long>.start @0 +4 int)
          the actual value is in holder.snap.new
        """)
  }

  /// A member described by what it holds (a registered describer, as a C++ std::string is in the running
  /// process) writes text that does not read back as the bytes: recording it is refused, and nothing written.
  @Test("a value whose description does not read back is not recorded")
  func descriptionThatDoesNotReadBack() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    let registry = ValueRegistry()
    try registry.register(#"{cv_text="p"*}"#, describer: { _ in #""probe""# })
    let holder = try registry.resolve(#"{cv_holder="id"i"name"{cv_text="p"*}}"#)
    let outcome = store.verify(bytes: [UInt8](repeating: 0, count: 16), of: holder, named: "holder", record: .missing)
    #expect(outcome.status == .failed)
    #expect(
      outcome.failureText == """
        cannot record snapshot “holder” of struct cv_holder: its description does not read back at .name.p \
        (expected an address for char *, found a string literal)
          a member described by what it holds in this process (a registered describer, a C++ std::string or \
        std::vector) has no bytes a snapshot can hold; nothing was written
        """)
    #expect(folder.text("holder.snap") == nil)
  }

  @Test("a snapshot recorded for another ABI is not compared")
  func otherABI() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    let text = try #require(folder.text("sample.snap"))
    try folder.write(text.replacingOccurrences(of: "x86_64-linux", with: "arm64-linux"), to: "sample.snap")
    #expect(
      store.verify(bytes: recorded, of: type, named: "sample").failureText == """
        snapshot “sample” of struct cv_sample was recorded for arm64-linux, and this run lays it out for \
        x86_64-linux: values are not compared across ABIs
          the actual value is in sample.snap.new
        """)
  }

  @Test("the read log starts over in a new run, and the snapshots it does not list are orphans")
  func readLogAndOrphans() throws {
    let folder = try TemporaryFolder()
    let log = folder.path + "/.cvalue-read"
    let store = SnapshotStore(directory: folder.path, readLog: log, environment: [:])
    _ = store.verify(bytes: recorded, of: type, named: "old", record: .missing)
    try folder.write("# run 1\nold.snap\n", to: ".cvalue-read")  // a run before this one
    _ = store.verify(bytes: recorded, of: type, named: "sample", record: .missing)
    _ = store.verify(bytes: recorded, of: type, named: "sample")
    #expect(folder.text(".cvalue-read") == "\(TestRun.logLine)\nsample.snap\nsample.snap\n")
    #expect(try SnapshotFolder(path: folder.path).orphans() == ["old.snap"])
  }
}
