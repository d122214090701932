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

/// The list of snapshot files a run read, one path a line, for `cvalue snapshot orphans`: emptied by the
/// run's first read, then appended to.
enum ReadLog {
  /// The logs this process has already emptied, by path.
  private static let started = Mutex<Set<String>>([])

  /// Appends `path` to the log at `log`, relative to the log's folder when it lies inside it.
  static func append(_ path: String, to log: String) {
    let folder = SnapshotPath.parent(log) + "/"
    let entry = path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    started.withLock { started in
      let flags = started.insert(log).inserted ? O_TRUNC : O_APPEND
      // The log only serves the orphan listing: a test's outcome never depends on writing it.
      try? FileManager.default.createDirectory(atPath: SnapshotPath.parent(log), withIntermediateDirectories: true)
      let descriptor = open(log, O_WRONLY | O_CREAT | flags, 0o644)
      guard descriptor >= 0 else { return }
      defer { close(descriptor) }
      let line = Array((entry + "\n").utf8)
      _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
  }

  /// The paths a log lists, resolved against its folder; empty when there is no log.
  static func entries(of log: String) -> Set<String> {
    guard let data = FileManager.default.contents(atPath: log) else { return [] }
    let folder = SnapshotPath.parent(log)
    return Set(
      String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
        line.hasPrefix("/") ? String(line) : SnapshotPath.join(folder, String(line))
      })
  }
}
