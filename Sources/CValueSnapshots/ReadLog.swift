import Foundation
import Synchronization

/// The list of snapshot files a run read, one path a line, for `cvalue snapshot orphans`: emptied by the
/// run's first read, then appended to.
enum ReadLog {
  /// The logs this process has already emptied, by path.
  private static let started = Mutex<Set<String>>([])

  /// Appends `path` to the log at `log`, relative to the log's folder when it lies inside it.
  static func append(_ path: String, to log: String) {
    let folder = (log as NSString).deletingLastPathComponent + "/"
    let entry = path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    started.withLock { started in
      let isFirst = started.insert(log).inserted
      do {
        if isFirst || !FileManager.default.fileExists(atPath: log) {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
          try Data((entry + "\n").utf8).write(to: URL(filePath: log))
          return
        }
        let handle = try FileHandle(forWritingTo: URL(filePath: log))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((entry + "\n").utf8))
      } catch {
        // The log only serves the orphan listing; a test's outcome never depends on it.
      }
    }
  }

  /// The paths a log lists, resolved against its folder; empty when there is no log.
  static func entries(of log: String) -> Set<String> {
    guard let data = FileManager.default.contents(atPath: log) else { return [] }
    let folder = (log as NSString).deletingLastPathComponent
    return Set(
      String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
        line.hasPrefix("/") ? String(line) : (folder as NSString).appendingPathComponent(String(line))
      })
  }
}
