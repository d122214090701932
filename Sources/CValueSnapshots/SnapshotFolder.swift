#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A folder of snapshot files and everything under it (a `__Snapshots__` folder, or one test file's part
/// of it): what `cvalue snapshot` lists, accepts, rejects and finds orphaned.
///
/// Paths are given and returned relative to the folder, sorted.
///
/// ```swift
/// let folder = SnapshotFolder(path: "Tests/AppTests/__Snapshots__")
/// for pending in try folder.pending() { print(pending) }      // SerialTests/raw.snap.new
/// try folder.accept()                                         // every .snap.new becomes its .snap
/// ```
public struct SnapshotFolder: Sendable {
  /// The folder's path.
  public var path: String

  /// A folder of snapshots.
  ///
  /// - Parameter path: The folder's path.
  public init(path: String) { self.path = path }

  /// The snapshot files (`.snap`) under the folder.
  ///
  /// - Throws: ``SnapshotFolderError`` when the folder cannot be read.
  public func snapshots() throws(SnapshotFolderError) -> [String] { try files(endingWith: ".snap") }

  /// The new values awaiting review (`.snap.new`) under the folder.
  ///
  /// - Throws: ``SnapshotFolderError`` when the folder cannot be read.
  public func pending() throws(SnapshotFolderError) -> [String] { try files(endingWith: ".snap.new") }

  /// What a pending file changes: `+ line` for the new file's lines the snapshot lacks, `- line` for the
  /// snapshot's lines the new file drops; every line is `+` when there is no snapshot yet.
  ///
  /// - Parameter pending: A pending file's path, relative to the folder (`SerialTests/raw.snap.new`).
  public func changes(_ pending: String) -> [String] {
    let new = lines(of: pending)
    let old = lines(of: String(pending.dropLast(".new".count)))
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in new.difference(from: old) {
      switch change {
      case .insert(let offset, _, _): inserted.insert(offset)
      case .remove(let offset, _, _): removed.insert(offset)
      }
    }
    var shown: [String] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if removed.contains(i) {
        shown.append("- " + old[i])
        i += 1
      } else if inserted.contains(j) {
        shown.append("+ " + new[j])
        j += 1
      } else {
        (i, j) = (i + 1, j + 1)
      }
    }
    return shown
  }

  /// Makes pending files the snapshots: each `NAME.snap.new` replaces `NAME.snap`.
  ///
  /// - Parameter only: Paths of pending files to accept (relative to the folder); `nil` accepts all.
  /// - Returns: The snapshots written, relative to the folder.
  /// - Throws: ``SnapshotFolderError`` for a path that is not pending, or a file that cannot be moved.
  @discardableResult
  public func accept(_ only: [String]? = nil) throws(SnapshotFolderError) -> [String] {
    try settle(only) { (pending, snapshot) throws(SnapshotFolderError) in
      do {
        if FileManager.default.fileExists(atPath: snapshot) { try FileManager.default.removeItem(atPath: snapshot) }
        try FileManager.default.moveItem(atPath: pending, toPath: snapshot)
      } catch {
        throw SnapshotFolderError(path: pending, problem: String(describing: error))
      }
    }
  }

  /// Deletes pending files, leaving their snapshots as they are.
  ///
  /// - Parameter only: Paths of pending files to reject (relative to the folder); `nil` rejects all.
  /// - Returns: The pending files deleted, relative to the folder.
  /// - Throws: ``SnapshotFolderError`` for a path that is not pending, or a file that cannot be deleted.
  @discardableResult
  public func reject(_ only: [String]? = nil) throws(SnapshotFolderError) -> [String] {
    let rejected = try settle(only) { (pending, _) throws(SnapshotFolderError) in
      do {
        try FileManager.default.removeItem(atPath: pending)
      } catch {
        throw SnapshotFolderError(path: pending, problem: String(describing: error))
      }
    }
    return rejected.map { $0 + ".new" }
  }

  /// The snapshots no test read in the last run: those under the folder that the read log does not list.
  ///
  /// - Parameter readLog: The log the run wrote; `.cvalue-read` in the folder by default.
  /// - Throws: ``SnapshotFolderError`` when there is no log (no run read a snapshot here yet).
  public func orphans(readLog: String? = nil) throws(SnapshotFolderError) -> [String] {
    let log = readLog ?? SnapshotPath.join(path, ".cvalue-read")
    guard FileManager.default.fileExists(atPath: log) else {
      throw SnapshotFolderError(path: log, problem: "no read log: run the whole test suite first")
    }
    let read = Set(ReadLog.entries(of: log).map(SnapshotPath.normalized))
    return try snapshots().filter { !read.contains(SnapshotPath.normalized(full($0))) }
  }

  private func full(_ relative: String) -> String { SnapshotPath.join(path, relative) }

  private func lines(of relative: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: full(relative)) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Runs `body` on each chosen pending file and its snapshot (full paths); returns the snapshots' relative paths.
  private func settle(
    _ only: [String]?, _ body: (String, String) throws(SnapshotFolderError) -> Void
  ) throws(SnapshotFolderError) -> [String] {
    let pending = try pending()
    let chosen = only ?? pending
    for name in chosen where !pending.contains(name) {
      throw SnapshotFolderError(path: full(name), problem: "not a pending snapshot (a .snap.new file)")
    }
    for name in chosen { try body(full(name), full(String(name.dropLast(".new".count)))) }
    return chosen.map { String($0.dropLast(".new".count)) }
  }

  private func files(endingWith suffix: String) throws(SnapshotFolderError) -> [String] {
    guard SnapshotPath.isFolder(path) else {
      throw SnapshotFolderError(path: path, problem: "no such folder")
    }
    do {
      return try FileManager.default.subpathsOfDirectory(atPath: path).filter { $0.hasSuffix(suffix) }.sorted()
    } catch {
      throw SnapshotFolderError(path: path, problem: "cannot be read: \(String(describing: error))")
    }
  }
}

/// A snapshot folder or file the tool cannot read or change: its path and why.
///
/// ```
/// Tests/__Snapshots__/.cvalue-read: no read log: run the whole test suite first
/// ```
public struct SnapshotFolderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The folder's or file's path.
  public var path: String
  /// What is wrong.
  public var problem: String

  /// `path: problem`.
  public var description: String { "\(path): \(problem)" }
}
