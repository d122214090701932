import CTestTypes
import CValueKit
import CValueNimble
import Foundation
import Nimble
import Testing

/// `matchCSnapshot` against a snapshot file written here by hand, as a person may write one. In the
/// serialized suite, because Nimble's assertion handler is global.
extension CValueMatcherTests {
  static let pointSnapshot = """
    // cvalue snapshot 1
    // type: struct cv_point
    // size: 16
    // abi: x86_64-linux
    // field: .x @0 +8 double
    // field: .y @8 +8 double
    {
      .x = 1,
      .y = 2.5
    }

    """

  @Test("matchCSnapshot matches a snapshot and reports a changed field")
  func snapshotMatcher() throws {
    let folder = NSTemporaryDirectory() + "cvalue-nimble-snapshot-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(Self.pointSnapshot.utf8).write(to: URL(filePath: folder + "/point.snap"))
    #expect(
      failures {
        expect(cv_point(x: 1, y: 2.5)).to(matchCSnapshot(named: "point", directory: folder))
        expect(cv_point(x: 1, y: 2.5000001)).to(
          matchCSnapshot(named: "point", within: .absolute(1e-6), directory: folder))
      } == [])
    #expect(
      failures {
        expect(cv_point(x: 1, y: 3)).to(matchCSnapshot(named: "point", record: .off, directory: folder))
      } == [
        """
        expected to match C snapshot <\(folder)/point.snap>
        snapshot “point” differs: cv_point values differ at .y: 3 ≠ 2.5 (difference 0.5)
          .y: 3 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 3}
          expected: {.x = 1, .y = 2.5}
          the actual value is in point.snap.new
        """
      ])
  }
}

extension CValueMatcherTests {
  @Test("matchCArraySnapshot takes an array of values and names the element that differs")
  func arraySnapshotMatcher() throws {
    let folder = NSTemporaryDirectory() + "cvalue-nimble-snapshot-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let snapshot = """
      // cvalue snapshot 1
      // type: struct cv_point
      // size: 16
      // count: 2
      // abi: x86_64-linux
      // field: .x @0 +8 double
      // field: .y @8 +8 double
      {
        {.x = 1, .y = 2},
        {.x = 3, .y = 4}
      }

      """
    try Data(snapshot.utf8).write(to: URL(filePath: folder + "/track.snap"))
    #expect(
      failures {
        expect([cv_point(x: 1, y: 2), cv_point(x: 3, y: 4)]).to(matchCArraySnapshot(named: "track", directory: folder))
      } == [])
    #expect(
      failures {
        expect([cv_point(x: 1, y: 2), cv_point(x: 3.5, y: 4)]).to(
          matchCArraySnapshot(named: "track", record: .off, directory: folder))
        expect([cv_point(x: 1, y: 2)]).to(matchCArraySnapshot(named: "track", record: .off, directory: folder))
      } == [
        """
        expected to match C snapshot <\(folder)/track.snap>
        snapshot “track” differs: struct cv_point [2] values differ at [1].x: 3.5 ≠ 3 (difference 0.5)
          [1].x: 3.5 ≠ 3 (difference 0.5)
          actual:   {{.x = 1, .y = 2}, {.x = 3.5, .y = 4}}
          expected: {{.x = 1, .y = 2}, {.x = 3, .y = 4}}
          the actual value is in track.snap.new
        """,
        """
        expected to match C snapshot <\(folder)/track.snap>
        snapshot “track” of struct cv_point: recorded 2 values, actual 1 value
          the actual value is in track.snap.new
        """,
      ])
  }
}
