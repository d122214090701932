import CTestTypes
import CValueHeaders
import CValueKit
import CValueSnapshots
import CValueTesting
import Foundation
import Testing

/// Snapshots of arrays of values: the header says the count, the body is the array's complete initializer,
/// and the comparison goes element by element.
@Suite("array snapshots")
struct ArraySnapshotTests {
  static let sample = "{cv_sample=\"id\"i\"value\"d\"stamp\"q}"
  let type: ValueType
  let recorded: [UInt8]

  init() throws {
    type = try ValueRegistry().resolve(Self.sample)
    recorded = try type.parse(
      "{{.id = 1, .value = 0.5, .stamp = 10}, {.id = 2, .value = 1.5, .stamp = 20}, {.id = 3, .stamp = 30}}",
      count: 3)
  }

  @Test("a missing array snapshot and its recording say how many values it holds")
  func missingAndRecordedCount() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(
      store.verify(bytes: recorded, of: type, count: 3, named: "list").failureText == """
        no snapshot “list” of 3 values of struct cv_sample at \(folder.path)/list.snap
          accept it with `cvalue snapshot accept \(folder.path)`, or record missing snapshots with \
        CVALUE_SNAPSHOTS=record-missing
        """)
    #expect(
      store.verify(bytes: Array(recorded.prefix(24)), of: type, count: 1, named: "one").failureText?.hasPrefix(
        "no snapshot “one” of 1 value of struct cv_sample at \(folder.path)/one.snap\n") == true)
    #expect(
      store.verify(bytes: recorded, of: type, count: 3, named: "list", record: .missing).note
        == "recorded snapshot “list” of 3 values of struct cv_sample in \(folder.path)/list.snap")
  }

  @Test("an array is recorded with its count, one complete element a line, and then matches")
  func recordThenPass() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: recorded, of: type, count: 3, named: "list", record: .missing).status == .recorded)
    #expect(
      folder.text("list.snap") == """
        // cvalue snapshot 1
        // type: struct cv_sample
        // size: 24
        // count: 3
        // abi: x86_64-linux
        // field: .id @0 +4 int
        // field: .value @8 +8 double
        // field: .stamp @16 +8 long long
        {
          {.id = 1, .value = 0.5, .stamp = 10},
          {.id = 2, .value = 1.5, .stamp = 20},
          {.id = 3, .value = 0, .stamp = 30}
        }

        """)
    let again = store.verify(bytes: recorded, of: type, count: 3, named: "list")
    #expect(again.status == .matched && again.failure == nil && again.recordedBytes == recorded)
  }

  @Test("one element changed fails naming its index and field; an ignored path reaches every element")
  func changedElement() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, count: 3, named: "list", record: .missing)
    let changed = try type.parse(
      "{{.id = 1, .value = 0.5, .stamp = 11}, {.id = 7, .value = 1.5, .stamp = 21}, {.id = 3, .stamp = 31}}",
      count: 3)
    let outcome = store.verify(
      bytes: changed, of: type, count: 3, named: "list", options: ComparisonOptions(ignoredPaths: ["[*].stamp"]))
    #expect(
      outcome.failureText == """
        snapshot “list” differs: struct cv_sample [3] values differ at [1].id: 7 ≠ 2
          [1].id: 7 ≠ 2
          ignored: [*].stamp
          actual:   {{.id = 1, .value = 0.5, .stamp = 11}, {.id = 7, .value = 1.5, .stamp = 21}, \
        {.id = 3, .value = 0, .stamp = 31}}
          expected: {{.id = 1, .value = 0.5, .stamp = 10}, {.id = 2, .value = 1.5, .stamp = 20}, \
        {.id = 3, .value = 0, .stamp = 30}}
          the actual value is in list.snap.new
        """)
    #expect(folder.text("list.snap.new")?.contains("  {.id = 7, .value = 1.5, .stamp = 21},\n") == true)
  }

  @Test("a count that changed since recording fails with both counts and still writes the new file")
  func countChanged() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, count: 3, named: "list", record: .missing)
    let outcome = store.verify(bytes: Array(recorded.prefix(48)), of: type, count: 2, named: "list")
    #expect(
      outcome.failureText == """
        snapshot “list” of struct cv_sample: recorded 3 values, actual 2 values
          the actual value is in list.snap.new
        """)
    #expect(folder.text("list.snap.new")?.contains("// count: 2\n") == true)
    let single = store.verify(bytes: Array(recorded.prefix(24)), of: type, named: "list")
    #expect(
      single.failureText?.components(separatedBy: "\n").first
        == "snapshot “list” of struct cv_sample: recorded 3 values, actual one value (not an array)")
  }

  @Test("a hand-edited array with a syntax error fails with its line and column")
  func handEditedSyntaxError() throws {
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    _ = store.verify(bytes: recorded, of: type, count: 3, named: "list", record: .missing)
    let text = try #require(folder.text("list.snap"))
    try folder.write(
      text.replacingOccurrences(of: "{.id = 2, .value = 1.5,", with: "{.id = 2, .value = 1.5 .x"), to: "list.snap")
    let outcome = store.verify(bytes: recorded, of: type, count: 3, named: "list")
    #expect(
      outcome.failureText == """
        \(folder.path)/list.snap:11:26: expected ',' or '}', found '.' (at [1])
          the actual value is in list.snap.new
        """)
  }

  @Test("a header count that is not a number is an error at its line and column")
  func badCount() {
    let error = SnapshotError(
      path: "a.snap", line: 4, column: 11, problem: "the count “three” is not a number of values")
    #expect(throws: error) {
      try SnapshotFile(
        parsing: "// cvalue snapshot 1\n// type: int\n// size: 4\n// count: three\n// abi: x86_64-linux\n{1, 2, 3}\n",
        path: "a.snap")
    }
  }

  @Test("a ring of io_uring_sqe entries from the kernel header is read back byte for byte, element by element")
  func ioUringRing() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["linux/io_uring.h"])
    let sqe = try ValueRegistry(catalog: catalog).resolve("{io_uring_sqe}")
    // Two io_uring_prep_readv-style entries (fd 3 and 4, offset 4096, user data 42 and 43).
    var ring = [UInt8](repeating: 0, count: 128)
    for (base, fd, data) in [(0, 3, 42), (64, 4, 43)] {
      for (value, size, offset) in [(1, 1, 0), (fd, 4, 4), (4096, 8, 8), (0x7f00, 8, 16), (2, 4, 24), (data, 8, 32)] {
        for byte in 0..<size { ring[base + offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
      }
    }
    let folder = try TemporaryFolder()
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: ring, of: sqe, count: 2, named: "ring", record: .missing).status == .recorded)
    let again = store.verify(bytes: ring, of: sqe, count: 2, named: "ring")
    #expect(again.status == .matched && again.recordedBytes == ring)
    var other = ring
    other[64 + 32] = 44
    #expect(
      store.verify(bytes: other, of: sqe, count: 2, named: "ring").failureText?.components(separatedBy: "\n").prefix(2)
        == [
          "snapshot “ring” differs: struct io_uring_sqe [2] values differ at [1].user_data: 44 ≠ 43",
          "  [1].user_data: 44 ≠ 43",
        ])
  }

  @Test("expectCSnapshot takes an array and a buffer of values")
  func swiftTestingDoor() throws {
    let folder = try TemporaryFolder()
    let points = [cv_point(x: 1, y: 2), cv_point(x: 3, y: 4)]
    // Recorded through a store with an empty environment, so that the test passes the same with `CI` set.
    let point = try ValueRegistry().resolve("{cv_point=\"x\"d\"y\"d}")
    let bytes = points.withUnsafeBytes { Array($0) }
    let store = SnapshotStore(directory: folder.path, environment: [:])
    #expect(store.verify(bytes: bytes, of: point, count: 2, named: "points", record: .missing).status == .recorded)
    #expect(expectCSnapshot(points, named: "points", directory: folder.path)?.status == .matched)
    let outcome = points.withUnsafeBufferPointer {
      expectCSnapshot($0, named: "points", directory: folder.path)
    }
    #expect(outcome?.status == .matched)
    let issue = RecordedIssue.text {
      expectCSnapshot(
        [cv_point(x: 1, y: 2), cv_point(x: 3, y: 5)], named: "points", record: .off, directory: folder.path)
    }
    #expect(
      issue?.components(separatedBy: "\n").prefix(2) == [
        "snapshot “points” differs: struct cv_point [2] values differ at [1].y: 5 ≠ 4 (difference 1)",
        "  [1].y: 5 ≠ 4 (difference 1)",
      ])
  }
}
