import Foundation
import Testing

/// What a recording run says, through each door: once per snapshot written, the file it wrote. The probes
/// run in processes of their own with `CVALUE_SNAPSHOTS=record-missing` and no `CI`, as a person records.
@Suite("what a recording run says")
struct RecordingReportTests {
  @Test("Swift Testing: a warning naming the file written, once; the test passes, and a later match says nothing")
  func swiftTesting() throws {
    let folder = try TemporaryFolder()
    let recording = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.swiftTesting, checking: "point", in: folder, recording: true)
    ])[0]
    #expect(
      recording.filter { $0.contains("recorded") }.map(Self.withoutLocation) == [
        "⚠︎ Test \"snapshot probe (Swift Testing), run by other tests in processes of their own\" recorded a warning at "
          + "SnapshotProbe.swift: Issue recorded",
        "↳ recorded snapshot “point” of struct cv_point in \(folder.path)/point.snap",
      ], "\(recording)")
    #expect(folder.text("point.snap")?.contains("  .y = 2.5\n") == true)
    let matching = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.swiftTesting, checking: "point", in: folder, recording: true)
    ])[0]
    #expect(!matching.contains { $0.contains("recorded") }, "\(matching)")
  }

  @Test("XCTest: a line naming the file written after the caller's file and line, once; a later match says nothing")
  func xctest() throws {
    let folder = try TemporaryFolder()
    let recording = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.xctest, checking: "point", in: folder, recording: true)
    ])[0]
    let probeFile = (#filePath as NSString).deletingLastPathComponent + "/SnapshotProbe.swift"
    #expect(
      recording.filter { $0.contains("recorded") }.map(Self.withoutLocation) == [
        "\(probeFile): recorded snapshot “point” of struct cv_point in \(folder.path)/point.snap"
      ], "\(recording)")
    #expect(folder.text("point.snap")?.contains("  .y = 2.5\n") == true)
    let matching = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.xctest, checking: "point", in: folder, recording: true)
    ])[0]
    #expect(!matching.contains { $0.contains("recorded") }, "\(matching)")
  }

  @Test("Nimble: a line naming the file written after the caller's file and line, once; a later match says nothing")
  func nimble() throws {
    let folder = try TemporaryFolder()
    let recording = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.nimble, checking: "point", in: folder, recording: true)
    ])[0]
    let tests = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let probeFile = tests.appending(path: "CValueNimbleTests/NimbleSnapshotProbe.swift").path
    #expect(
      recording.filter { $0.contains("recorded") }.map(Self.withoutLocation) == [
        "\(probeFile): recorded snapshot “point” of struct cv_point in \(folder.path)/point.snap"
      ], "\(recording)")
    #expect(folder.text("point.snap")?.contains("  .y = 2.5\n") == true)
    let matching = try SnapshotProbe.wait(for: [
      SnapshotProbe.start(.nimble, checking: "point", in: folder, recording: true)
    ])[0]
    #expect(!matching.contains { $0.contains("recorded") }, "\(matching)")
  }

  /// The line without the probe's line and column (`SnapshotProbe.swift:37:5:` reads `SnapshotProbe.swift:`).
  static func withoutLocation(_ line: String) -> String {
    line.replacingOccurrences(of: #"\.swift(:\d+)+:"#, with: ".swift:", options: .regularExpression)
  }
}
