import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The list of snapshot files a run read, one path a line, for `cvalue snapshot orphans`.
///
/// Its first line names the run that wrote it (``TestRun``: `# run parent 6775 at 4242424` for the processes
/// `swift test` starts, XCTest's, Swift Testing's and each parallel worker; `# run group 4242 at 4242000` for a
/// test binary started from a shell and the workers it forks). A process of the same run appends to the
/// log; a process of another run empties it before its first entry, so that a log never mixes a run with an
/// older one. The check and the write happen under `flock`, so that test processes running at once neither
/// lose lines nor empty each other's.
enum ReadLog {
  /// Serializes the threads of this process (`flock` serializes processes).
  private static let lock = Mutex(())

  /// Appends `path` to the log at `log`, relative to the log's folder when it lies inside it.
  static func append(_ path: String, to log: String) {
    let folder = SnapshotPath.parent(log) + "/"
    let entry = path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    lock.withLock { _ in
      // The log only serves the orphan listing: a test's outcome never depends on writing it.
      try? FileManager.default.createDirectory(atPath: SnapshotPath.parent(log), withIntermediateDirectories: true)
      let descriptor = open(log, O_RDWR | O_CREAT, 0o644)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      guard flock(descriptor, LOCK_EX) == 0 else { return }
      defer { flock(descriptor, LOCK_UN) }
      let runLine = TestRun.logLine
      let marker = Array((runLine + "\n").utf8)
      var first = [UInt8](repeating: 0, count: marker.count)
      let read = first.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      var text = entry + "\n"
      if read != marker.count || first != marker {
        guard ftruncate(descriptor, 0) == 0 else { return }
        text = runLine + "\n" + text
      }
      lseek(descriptor, 0, SEEK_END)
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }

  /// The paths a log lists, resolved against its folder; empty when there is no log.
  static func entries(of log: String) -> Set<String> {
    guard let data = FileManager.default.contents(atPath: log) else { return [] }
    let folder = SnapshotPath.parent(log)
    return Set(
      String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
        line.hasPrefix("/") ? String(line) : SnapshotPath.join(folder, String(line))
      })
  }
}
