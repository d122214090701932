import CValueSnapshots
import Foundation
import Testing

/// The read log written by several test processes of one run, as `swift test` starts them: the test binary
/// once for XCTest and once for Swift Testing, or several parallel workers at once, each in a process
/// group of its own, all children of one process (this test's, here). Each probe process reads one
/// snapshot; `cvalue snapshot orphans` must then list only the snapshots none of them read.
@Suite("read log across processes")
struct ReadLogProcessTests {
  @Test(
    "an XCTest process and then a Swift Testing process of one run add to one log; an older run's log is started over"
  )
  func xctestThenSwiftTesting() throws {
    let folder = try SnapshotProbe.folder(["xctest", "swift-testing", "old", "unread"])
    // An older run's log: a parent with this process's id that started at another time.
    try folder.write("# run parent \(getpid()) at 1\nold.snap\nunread.snap\n", to: ".cvalue-read")
    try SnapshotProbe.wait(for: [SnapshotProbe.start(.xctest, checking: "xctest", in: folder)])
    try SnapshotProbe.wait(for: [SnapshotProbe.start(.swiftTesting, checking: "swift-testing", in: folder)])
    #expect(folder.text(".cvalue-read") == "\(try Self.runLine())\nxctest.snap\nswift-testing.snap\n")
    #expect(try SnapshotFolder(path: folder.path).orphans() == ["old.snap", "unread.snap"])
  }

  @Test("parallel workers of one run, XCTest's and Swift Testing's, add to one log at once")
  func parallelWorkers() throws {
    let folder = try SnapshotProbe.folder(["xctest", "worker-1", "worker-2", "worker-3", "unread"])
    var workers = [try SnapshotProbe.start(.xctest, checking: "xctest", in: folder)]
    for worker in 1...3 {
      workers.append(try SnapshotProbe.start(.swiftTesting, checking: "worker-\(worker)", in: folder))
    }
    try SnapshotProbe.wait(for: workers)
    let lines = try #require(folder.text(".cvalue-read")).split(separator: "\n").map(String.init)
    #expect(lines.first == (try Self.runLine()))
    #expect(lines.dropFirst().sorted() == ["worker-1.snap", "worker-2.snap", "worker-3.snap", "xctest.snap"])
    #expect(try SnapshotFolder(path: folder.path).orphans() == ["unread.snap"])
  }

  /// The first line of a log written by this process's children: this process is their run, as
  /// `swift test`'s process is (`# run parent PID at TICKS`, the start time from /proc/self/stat).
  static func runLine() throws -> String {
    let stat = String(decoding: try #require(FileManager.default.contents(atPath: "/proc/self/stat")), as: UTF8.self)
    let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
    return "# run parent \(getpid()) at \(fields[19])"
  }
}
