import CTestTypes
import CValueKit
import CValueSnapshots
import CValueTesting
import Foundation
import XCTest

/// `XCTAssertCSnapshot` against a snapshot file written here by hand, capturing what it reports through
/// `recordFailure` (what `XCTFail` calls in swift-corelibs-xctest).
final class XCTAssertCSnapshotTests: XCTestCase {
  private var captured: [String] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard capturing else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    captured.append(description)
  }

  func testSnapshotMatchesThenReportsAChangedField() throws {
    let folder = NSTemporaryDirectory() + "cvalue-xctest-snapshot-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let snapshot = """
      // cvalue snapshot 1
      // type: struct cv_point
      // size: 16
      // abi: x86_64-linux
      // field: .x @0 +8 double
      // field: .y @8 +8 double
      {.x = 1, .y = 2.5}

      """
    try Data(snapshot.utf8).write(to: URL(filePath: folder + "/point.snap"))
    capturing = true
    XCTAssertEqual(XCTAssertCSnapshot(cv_point(x: 1, y: 2.5), named: "point", directory: folder)?.status, .matched)
    XCTAssertCSnapshot(cv_point(x: 2, y: 2.5), named: "point", record: .off, directory: folder, "moved")
    capturing = false
    XCTAssertEqual(
      captured,
      [
        """
        failed - snapshot “point” differs: cv_point values differ at .x: 2 ≠ 1 (difference 1) — moved
          .x: 2 ≠ 1 (difference 1)
          actual:   {.x = 2, .y = 2.5}
          expected: {.x = 1, .y = 2.5}
          the actual value is in point.snap.new
        """
      ])
    XCTAssertEqual(
      try String(contentsOfFile: folder + "/.cvalue-read", encoding: .utf8),
      "\(TestRun.logLine)\npoint.snap\npoint.snap\n")
  }
}

extension XCTAssertCSnapshotTests {
  func testArraySnapshotRecordsThenReportsAnElementAndACount() throws {
    let folder = NSTemporaryDirectory() + "cvalue-xctest-snapshot-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let track = [cv_point(x: 1, y: 2), cv_point(x: 3, y: 4)]
    // Recorded through a store with an empty environment, so that the test passes the same with `CI` set.
    let point = try ValueRegistry().resolve("{cv_point=\"x\"d\"y\"d}")
    let store = SnapshotStore(directory: folder, environment: [:])
    XCTAssertEqual(
      store.verify(bytes: track.withUnsafeBytes { Array($0) }, of: point, count: 2, named: "track", record: .missing)
        .status, .recorded)
    XCTAssertEqual(XCTAssertCSnapshot(track, named: "track", directory: folder)?.status, .matched)
    XCTAssertEqual(
      track.withUnsafeBufferPointer { XCTAssertCSnapshot($0, named: "track", directory: folder)?.status }, .matched)
    capturing = true
    XCTAssertCSnapshot([cv_point(x: 1, y: 2.5), cv_point(x: 3, y: 4)], named: "track", record: .off, directory: folder)
    XCTAssertCSnapshot(track + track, named: "track", record: .off, directory: folder)
    capturing = false
    XCTAssertEqual(
      captured,
      [
        """
        failed - snapshot “track” differs: struct cv_point [2] values differ at [0].y: 2.5 ≠ 2 (difference 0.5)
          [0].y: 2.5 ≠ 2 (difference 0.5)
          actual:   {{.x = 1, .y = 2.5}, {.x = 3, .y = 4}}
          expected: {{.x = 1, .y = 2}, {.x = 3, .y = 4}}
          the actual value is in track.snap.new
        """,
        """
        failed - snapshot “track” of struct cv_point: recorded 2 values, actual 4 values
          the actual value is in track.snap.new
        """,
      ])
  }
}
