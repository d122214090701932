import CTestTypes
import CValueSnapshots
import CValueTesting
import Foundation
import TestSupport
import Testing
import XCTest

/// The read log written by several test processes of one run, as `swift test` starts them: the test binary
/// once for XCTest and once for Swift Testing, or several parallel workers at once, each in a process
/// group of its own, all children of one process (this test's, here). Each probe process reads one
/// snapshot; `cvalue snapshot orphans` must then list only the snapshots none of them read.
@Suite("read log across processes")
struct ReadLogProcessTests {
  /// The snapshot folder, set in the environment of the probes' processes only.
  static let folderVariable = "CVALUE_READ_LOG_PROBE_FOLDER"
  /// The name of the snapshot a probe reads.
  static let nameVariable = "CVALUE_READ_LOG_PROBE_NAME"

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
    "read-log probe (Swift Testing), run by the tests below in processes of their own",
    .enabled(if: ProcessInfo.processInfo.environment[ReadLogProcessTests.folderVariable] != nil))
  func probe() {
    let environment = ProcessInfo.processInfo.environment
    expectCSnapshot(
      cv_point(x: 1, y: 2.5), named: environment[Self.nameVariable] ?? "",
      directory: environment[Self.folderVariable] ?? "")
  }

  @Test(
    "an XCTest process and then a Swift Testing process of one run add to one log; an older run's log is started over"
  )
  func xctestThenSwiftTesting() throws {
    let folder = try Self.folder(["xctest", "swift-testing", "old", "unread"])
    // An older run's log: a parent with this process's id that started at another time.
    try folder.write("# run parent \(getpid()) at 1\nold.snap\nunread.snap\n", to: ".cvalue-read")
    try Self.wait(for: [Self.start(.xctest, reading: "xctest", in: folder)], folder: folder)
    try Self.wait(for: [Self.start(.swiftTesting, reading: "swift-testing", in: folder)], folder: folder)
    #expect(folder.text(".cvalue-read") == "\(try Self.runLine())\nxctest.snap\nswift-testing.snap\n")
    #expect(try SnapshotFolder(path: folder.path).orphans() == ["old.snap", "unread.snap"])
  }

  @Test("parallel workers of one run, XCTest's and Swift Testing's, add to one log at once")
  func parallelWorkers() throws {
    let folder = try Self.folder(["xctest", "worker-1", "worker-2", "worker-3", "unread"])
    var workers = [try Self.start(.xctest, reading: "xctest", in: folder)]
    for worker in 1...3 { workers.append(try Self.start(.swiftTesting, reading: "worker-\(worker)", in: folder)) }
    try Self.wait(for: workers, folder: folder)
    let lines = try #require(folder.text(".cvalue-read")).split(separator: "\n").map(String.init)
    #expect(lines.first == (try Self.runLine()))
    #expect(lines.dropFirst().sorted() == ["worker-1.snap", "worker-2.snap", "worker-3.snap", "xctest.snap"])
    #expect(try SnapshotFolder(path: folder.path).orphans() == ["unread.snap"])
  }

  enum Library { case xctest, swiftTesting }

  /// A folder holding one snapshot of `cv_point(x: 1, y: 2.5)` for each name.
  static func folder(_ names: [String]) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for name in names { try folder.write(snapshot, to: name + ".snap") }
    return folder
  }

  /// Starts this test binary in a process group of its own, as `swift test` does, running only the probe of
  /// `library`, which reads the snapshot `name`.
  static func start(_ library: Library, reading name: String, in folder: TemporaryFolder) throws -> (pid_t, String) {
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var environment = ProcessInfo.processInfo.environment
    environment[SnapshotStore.readLogVariable] = nil
    environment["CVALUE_SNAPSHOTS"] = nil
    environment[folderVariable] = folder.path
    environment[nameVariable] = name
    let arguments =
      switch library {
      case .xctest: ["CValueTestingTests.ReadLogXCTestProbe/testReadsItsSnapshot"]
      case .swiftTesting: ["--testing-library", "swift-testing", "--filter", "ReadLogProcessTests/probe"]
      }
    let output = folder.path + "/\(name).log"
    let pid = try Subprocess.spawn(
      executable, arguments, environment: environment, stdout: output, stderr: output, newProcessGroup: true)
    return (pid, name + ".log")
  }

  /// Waits for the probes and expects each to have passed.
  static func wait(for probes: [(pid_t, String)], folder: TemporaryFolder) throws {
    for (pid, output) in probes {
      let status = Subprocess.exitStatus(Subprocess.waitForExit(pid))
      #expect(status == 0, "\(folder.text(output) ?? "")")
      try FileManager.default.removeItem(atPath: folder.path + "/" + output)
    }
  }

  /// The first line of a log written by this process's children: this process is their run, as
  /// `swift test`'s process is (`# run parent PID at TICKS`, the start time from /proc/self/stat).
  static func runLine() throws -> String {
    let stat = String(decoding: try #require(FileManager.default.contents(atPath: "/proc/self/stat")), as: UTF8.self)
    let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
    return "# run parent \(getpid()) at \(fields[19])"
  }
}

/// The XCTest probe: reads the snapshot its environment names, and does nothing in an ordinary run.
final class ReadLogXCTestProbe: XCTestCase {
  func testReadsItsSnapshot() {
    let environment = ProcessInfo.processInfo.environment
    guard let folder = environment[ReadLogProcessTests.folderVariable],
      let name = environment[ReadLogProcessTests.nameVariable]
    else { return }
    XCTAssertCSnapshot(cv_point(x: 1, y: 2.5), named: name, directory: folder)
  }
}
