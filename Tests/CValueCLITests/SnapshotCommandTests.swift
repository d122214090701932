import Foundation
import Testing

/// `cvalue snapshot` on a __Snapshots__ folder written here: one snapshot read and changed, one orphan.
@Suite("cvalue snapshot")
struct SnapshotCommandTests {
  static let header = """
    // cvalue snapshot 1
    // type: struct cv_point
    // size: 16
    // abi: x86_64-linux
    // field: .x @0 +8 double
    // field: .y @8 +8 double

    """

  /// A folder with `PointTests/origin.snap` (read, and pending a change), `PointTests/old.snap` (not read)
  /// and the read log.
  static func folder() throws -> String {
    let root = NSTemporaryDirectory() + "cvalue-snapshot-cli-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root + "/PointTests", withIntermediateDirectories: true)
    func write(_ text: String, _ name: String) throws { try Data(text.utf8).write(to: URL(filePath: root + name)) }
    try write(header + "{\n  .x = 0,\n  .y = 0\n}\n", "/PointTests/origin.snap")
    try write(header + "{\n  .x = 0,\n  .y = 1\n}\n", "/PointTests/origin.snap.new")
    try write(header + "{\n  .x = 5,\n  .y = 5\n}\n", "/PointTests/old.snap")
    try write("PointTests/origin.snap\n", "/.cvalue-read")
    return root
  }

  @Test("list shows the count of an array snapshot")
  func listArrayCount() async throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let track = Self.header.replacingOccurrences(of: "// size: 16\n", with: "// size: 16\n// count: 2\n")
    try Data((track + "{\n  {.x = 0, .y = 0},\n  {.x = 1, .y = 1}\n}\n").utf8).write(
      to: URL(filePath: root + "/PointTests/track.snap"))
    let list = try await CValue.run("snapshot", "list", root)
    #expect(
      list.exited(0)
        && list.stdout == "PointTests/old.snap\nPointTests/origin.snap\nPointTests/track.snap (2 values)\n",
      "\(list)")
  }

  @Test("list, pending with its changes, and orphans")
  func listPendingOrphans() async throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let list = try await CValue.run("snapshot", "list", root)
    #expect(list.exited(0) && list.stdout == "PointTests/old.snap\nPointTests/origin.snap\n", "\(list)")
    // Listing is an ordinary step: a `set -e` script goes on.
    let pending = try await CValue.run("snapshot", "pending", root)
    #expect(pending.exited(0), "\(pending)")
    #expect(pending.stdout == "PointTests/origin.snap.new\n  -   .y = 0\n  +   .y = 1\n", "\(pending)")
    let checked = try await CValue.run("snapshot", "pending", "--check", root)
    #expect(checked.exited(1), "\(checked)")
    #expect(checked.stdout == "PointTests/origin.snap.new\n  -   .y = 0\n  +   .y = 1\n", "\(checked)")
    let orphans = try await CValue.run("snapshot", "orphans", root)
    #expect(orphans.exited(1) && orphans.stdout == "PointTests/old.snap\n", "\(orphans)")
  }

  @Test("accept makes the new value the snapshot; reject deletes it")
  func acceptAndReject() async throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let rejected = try await CValue.run("snapshot", "reject", root)
    #expect(rejected.exited(0) && rejected.stdout == "rejected PointTests/origin.snap.new\n", "\(rejected)")
    #expect(
      FileManager.default.contents(atPath: root + "/PointTests/origin.snap").map { String(decoding: $0, as: UTF8.self) }
        == Self.header + "{\n  .x = 0,\n  .y = 0\n}\n")
    try Data((Self.header + "{\n  .x = 0,\n  .y = 2\n}\n").utf8).write(
      to: URL(filePath: root + "/PointTests/origin.snap.new"))
    let accepted = try await CValue.run("snapshot", "accept", root, "PointTests/origin.snap.new")
    #expect(accepted.exited(0) && accepted.stdout == "accepted PointTests/origin.snap\n", "\(accepted)")
    #expect(
      FileManager.default.contents(atPath: root + "/PointTests/origin.snap").map { String(decoding: $0, as: UTF8.self) }
        == Self.header + "{\n  .x = 0,\n  .y = 2\n}\n")
    let none = try await CValue.run("snapshot", "pending", root)
    #expect(none.exited(0) && none.stdout == "", "\(none)")
    let noneChecked = try await CValue.run("snapshot", "pending", "--check", root)
    #expect(noneChecked.exited(0) && noneChecked.stdout == "", "\(noneChecked)")
  }

  @Test("a file that is not pending, --check with list, a missing folder and a missing read log are bad input")
  func badInput() async throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let notPending = try await CValue.run("snapshot", "accept", root, "PointTests/old.snap")
    #expect(notPending.exited(2), "\(notPending)")
    #expect(
      notPending.stderr == "\(root)/PointTests/old.snap: not a pending snapshot (a .snap.new file)\n",
      "\(notPending)")
    let checkList = try await CValue.run("snapshot", "list", "--check", root)
    #expect(checkList.exited(2) && checkList.stderr == "--check applies to pending only, not to list\n", "\(checkList)")
    let missing = try await CValue.run("snapshot", "list", root + "/nowhere")
    #expect(missing.exited(2) && missing.stderr == "\(root)/nowhere: no such folder\n", "\(missing)")
    try FileManager.default.removeItem(atPath: root + "/.cvalue-read")
    let noLog = try await CValue.run("snapshot", "orphans", root)
    #expect(
      noLog.exited(2) && noLog.stderr == "\(root)/.cvalue-read: no read log: run the whole test suite first\n",
      "\(noLog)")
  }
}
