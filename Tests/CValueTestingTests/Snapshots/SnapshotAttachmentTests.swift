import CTestTypes
import CValueKit
import CValueTesting
import Foundation
import TestSupport
import Testing

/// What a failing `expectCSnapshot` attaches (Swift 6.2+): the recorded snapshot, the actual one, and both
/// values' bytes. Read back as `FailureAttachmentTests` reads them: the probe runs in a test process of its
/// own with `--attachments-path`.
@Suite("snapshot attachments")
struct SnapshotAttachmentTests {
  /// The snapshot folder, set in the environment of the probe's process only.
  static let probe = "CVALUE_SNAPSHOT_ATTACHMENT_PROBE"

  static let recorded = """
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

  @Test(
    "snapshot attachment probe, run by attachmentsReadBack in a process of its own",
    .enabled(if: ProcessInfo.processInfo.environment[SnapshotAttachmentTests.probe] != nil))
  func attachmentProbe() {
    let folder = ProcessInfo.processInfo.environment[Self.probe] ?? ""
    _ = RecordedIssue.capture {
      expectCSnapshot(cv_point(x: 1, y: 3), named: "point", record: .off, directory: folder)
    }
  }

  @Test("a failing snapshot attaches the recorded and actual snapshots and both values' bytes")
  func attachmentsReadBack() throws {
    let folder = try TemporaryFolder()
    let attachments = folder.path + "/attachments"
    try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
    try folder.write(Self.recorded, to: "point.snap")
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var environment = ProcessInfo.processInfo.environment
    environment[Self.probe] = folder.path
    let log = folder.path + "/log"
    let pid = try Subprocess.spawn(
      executable,
      [
        "--testing-library", "swift-testing", "--filter", "SnapshotAttachmentTests/attachmentProbe",
        "--attachments-path", attachments,
      ], environment: environment, stdout: log, stderr: log)
    let status = Subprocess.exitStatus(Subprocess.waitForExit(pid))
    #expect(status == 0, "\(folder.text("log") ?? "")")
    let names = try FileManager.default.contentsOfDirectory(atPath: attachments).sorted()
    #expect(names == ["point.snap", "point.snap bytes.txt", "point.snap.new"])
    #expect(folder.text("attachments/point.snap") == Self.recorded)
    #expect(folder.text("attachments/point.snap.new") == Self.recorded.replacingOccurrences(of: "2.5", with: "3"))
    #expect(
      folder.text("attachments/point.snap bytes.txt") == """
        point.snap: 16 bytes (~ padding, * differs, ! padding that differs)
        offset  actual                            expected
        0000    00  00  00  00  00  00  f0  3f    00  00  00  00  00  00  f0  3f
        0008    00  00  00  00  00  00  08* 40    00  00  00  00  00  00  04* 40
        """)
  }
}
