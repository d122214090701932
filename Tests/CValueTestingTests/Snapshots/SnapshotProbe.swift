import CTestTypes
import CValueSnapshots
import CValueTesting
import Foundation
import TestSupport
import Testing
import XCTest

/// Snapshot assertions run in test processes of their own, started from this test binary as `swift test`
/// starts it: once for XCTest, once for Swift Testing, each in a process group of its own. Each probe
/// checks `cv_point(x: 1, y: 2.5)` against the snapshot its environment names, through the door of its
/// library; in an ordinary run the probes do nothing.
@Suite("snapshot probes")
struct SnapshotProbe {
  /// The snapshot folder, set in the environment of the probes' processes only.
  static let folderVariable = "CVALUE_SNAPSHOT_PROBE_FOLDER"
  /// The name of the snapshot a probe checks.
  static let nameVariable = "CVALUE_SNAPSHOT_PROBE_NAME"

  /// The snapshot a probe's value matches.
  static let snapshot = """
    // cvalue snapshot 1
    // type: struct cv_point
    // size: 16
    // abi: x86_64-linux
    // field: .x @0 +8 double
    // field: .y @8 +8 double
    {.x = 1, .y = 2.5}

    """

  @Test(
    "snapshot probe (Swift Testing), run by other tests in processes of their own",
    .enabled(if: ProcessInfo.processInfo.environment[SnapshotProbe.folderVariable] != nil))
  func probe() {
    let environment = ProcessInfo.processInfo.environment
    expectCSnapshot(
      cv_point(x: 1, y: 2.5), named: environment[Self.nameVariable] ?? "",
      directory: environment[Self.folderVariable] ?? "")
  }

  /// The test library whose door a probe asserts through (Nimble's probe is CValueNimbleTests'
  /// `NimbleSnapshotProbe`, in the same test binary, run under Swift Testing).
  enum Library { case xctest, swiftTesting, nimble }

  /// A probe's process and the file of its output, in the snapshot folder.
  struct Process {
    var pid: pid_t
    var output: String
  }

  /// A folder holding the probe's snapshot under each name.
  static func folder(_ names: [String]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in names { try folder.write(snapshot, to: name + ".snap") }
    return folder
  }

  /// Starts this test binary in a process group of its own, running only the probe of `library`, which
  /// checks the snapshot `name` in `folder`; with `recording`, as `CVALUE_SNAPSHOTS=record-missing` asks and
  /// with no `CI` set, so that it records the snapshot when it is missing.
  static func start(_ library: Library, checking name: String, in folder: TemporaryFolder, recording: Bool = false)
    throws -> Process
  {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var environment = ProcessInfo.processInfo.environment
    environment[SnapshotStore.readLogVariable] = nil
    environment[SnapshotRecording.environmentVariable] = recording ? SnapshotRecording.missing.rawValue : nil
    if recording { environment["CI"] = nil }
    environment[folderVariable] = folder.path
    environment[nameVariable] = name
    let arguments =
      switch library {
      case .xctest: ["CValueTestingTests.SnapshotXCTestProbe/testChecksItsSnapshot"]
      case .swiftTesting: ["--testing-library", "swift-testing", "--filter", "CValueTestingTests.SnapshotProbe/probe"]
      case .nimble: ["--testing-library", "swift-testing", "--filter", "CValueNimbleTests.NimbleSnapshotProbe/probe"]
      }
    let output = folder.path + "/\(name).log"
    let pid = try Subprocess.spawn(
      executable, arguments, environment: environment, stdout: output, stderr: output, newProcessGroup: true)
    return Process(pid: pid, output: output)
  }

  /// Waits for the probes, expects each to have passed, and returns their output lines (the output files
  /// are removed).
  @discardableResult
  static func wait(for probes: [Process]) throws -> [[String]] {
    try probes.map { probe in
      let status = Subprocess.exitStatus(Subprocess.waitForExit(probe.pid))
      let text = FileManager.default.contents(atPath: probe.output).map { String(decoding: $0, as: UTF8.self) } ?? ""
      #expect(status == 0, "\(text)")
      try FileManager.default.removeItem(atPath: probe.output)
      return text.split(separator: "\n").map(String.init)
    }
  }
}

/// The XCTest probe: checks the snapshot its environment names, and does nothing in an ordinary run.
final class SnapshotXCTestProbe: XCTestCase {
  func testChecksItsSnapshot() {
    let environment = ProcessInfo.processInfo.environment
    guard let folder = environment[SnapshotProbe.folderVariable], let name = environment[SnapshotProbe.nameVariable]
    else { return }
    XCTAssertCSnapshot(cv_point(x: 1, y: 2.5), named: name, directory: folder)
  }
}
