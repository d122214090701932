import ArgumentParser
import CValueSnapshots
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

struct SnapshotCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "snapshot",
    abstract: "List, review, accept and reject the snapshot files of C values, and find the orphaned ones.",
    discussion: """
      DIR is a __Snapshots__ folder beside a test file (or one test file's folder in it). A snapshot is NAME.snap: a header (type, size, ABI, field layout; the count for an array of values, which list shows) and the value as a C initializer. A test whose snapshot is missing or differs fails and writes the actual value beside it as NAME.snap.new; accept makes those the snapshots, reject deletes them. Tests record nothing unless CVALUE_SNAPSHOTS=record-missing or record-all is set, and never while CI is set.

      Orphans are snapshots no test read in the last run: each run lists the snapshots it reads in DIR/.cvalue-read (or the file CVALUE_SNAPSHOTS_READ_LOG names). Run the whole suite, not a filtered part, before listing them.

      pending lists and exits 0 whether or not something awaits review, so a script can show it as a step; pending --check exits 1 when something does, for a script or CI that must stop there.

      Exit status:
        0  done; for pending --check and orphans, none found
        1  pending --check: some snapshots await review; orphans: some were not read
        2  bad input: no such folder, no read log, a file that is not pending,
           --check with another action

      Examples:
        cvalue snapshot list Tests/AppTests/__Snapshots__
        cvalue snapshot pending Tests/AppTests/__Snapshots__
        cvalue snapshot pending --check Tests/AppTests/__Snapshots__
        cvalue snapshot accept Tests/AppTests/__Snapshots__ SerialTests/raw.snap.new
        cvalue snapshot orphans Tests/AppTests/__Snapshots__
      """
  )

  /// What to do with the folder.
  enum Action: String, ExpressibleByArgument, CaseIterable {
    case list, pending, accept, reject, orphans
  }

  @Argument(help: "list, pending (with their changes), accept, reject or orphans.")
  var action: Action

  @Argument(help: ArgumentHelp("The folder of snapshot files.", valueName: "DIR"))
  var directory: String

  @Argument(
    help: ArgumentHelp(
      "For accept and reject: the pending files (relative to DIR) to settle; all of them by default.",
      valueName: "pending"))
  var files: [String] = []

  @Option(help: ArgumentHelp("For orphans: the read log, in place of DIR/.cvalue-read.", valueName: "path"))
  var readLog: String?

  @Flag(help: "For pending: exit with status 1 when some snapshots await review (pending alone exits 0).")
  var check = false

  func validate() throws(BadInput) {
    guard check, action != .pending else { return }
    throw BadInput(message: "--check applies to pending only, not to \(action.rawValue)")
  }

  /// ` (3 values)` for a snapshot of an array of values, else nothing (also for a file that does not read:
  /// `list` lists files, the tests report what is wrong in them).
  static func count(of snapshot: String, in directory: String) -> String {
    let path = directory + "/" + snapshot
    guard let data = FileManager.default.contents(atPath: path),
      let file = try? SnapshotFile(parsing: String(decoding: data, as: UTF8.self), path: path),
      let count = file.count
    else { return "" }
    return count == 1 ? " (1 value)" : " (\(count) values)"
  }

  func run() throws {
    let folder = SnapshotFolder(path: directory)
    var output = StandardOutput()
    defer { output.flush() }
    var awaitsAttention = false
    do throws(SnapshotFolderError) {
      switch action {
      case .list:
        for snapshot in try folder.snapshots() {
          output.write(snapshot + Self.count(of: snapshot, in: directory) + "\n")
        }
      case .pending:
        let pending = try folder.pending()
        for file in pending {
          output.write(file + "\n")
          for line in folder.changes(file) { output.write("  " + line + "\n") }
        }
        awaitsAttention = check && !pending.isEmpty
      case .accept:
        for snapshot in try folder.accept(files.isEmpty ? nil : files) { output.write("accepted \(snapshot)\n") }
      case .reject:
        for file in try folder.reject(files.isEmpty ? nil : files) { output.write("rejected \(file)\n") }
      case .orphans:
        let orphans = try folder.orphans(readLog: readLog)
        for orphan in orphans { output.write(orphan + "\n") }
        awaitsAttention = !orphans.isEmpty
      }
    } catch {
      throw BadInput(message: error.description)
    }
    if awaitsAttention { throw ExitCode(1) }
  }
}
