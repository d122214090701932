import CTestTypes
import CValueNimble
import Foundation
import Nimble
import Testing

/// The Nimble door's snapshot probe: `matchCSnapshot` on the snapshot its environment names, run in a process
/// of its own by CValueTestingTests' `RecordingReportTests` (through `SnapshotProbe.start(.nimble, …)`, the
/// same variables); in an ordinary run it does nothing.
@Suite("Nimble snapshot probe")
struct NimbleSnapshotProbe {
  @Test(
    "snapshot probe (Nimble), run by other tests in processes of their own",
    .enabled(if: ProcessInfo.processInfo.environment["CVALUE_SNAPSHOT_PROBE_FOLDER"] != nil))
  func probe() {
    let environment = ProcessInfo.processInfo.environment
    expect(cv_point(x: 1, y: 2.5)).to(
      matchCSnapshot(
        named: environment["CVALUE_SNAPSHOT_PROBE_NAME"] ?? "",
        directory: environment["CVALUE_SNAPSHOT_PROBE_FOLDER"] ?? ""))
  }
}
