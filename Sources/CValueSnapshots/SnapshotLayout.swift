import CValueKit

/// The differences between the layout lines of a snapshot's header (``CLayout``'s `fieldLines`, which the
/// report writes) and the current ones.
enum SnapshotLayout {
  /// What differs between the recorded field lines and the current ones, one line a difference:
  /// `added:`, `removed:`, `changed:` (same path, another place, size or type).
  static func differences(recorded: [String], current: [String]) -> [String] {
    // A line is `path @offset +size type`; a path may hold spaces (a C++ base class named with its template
    // arguments, `._Vector_base<int, std::allocator<int>>`), never an `@`.
    func byPath(_ lines: [String]) -> [(path: String, line: String)] {
      lines.map { line in
        let characters = Array(line)
        let end = characters.indices.first {
          characters[$0] == " " && $0 + 1 < characters.count && characters[$0 + 1] == "@"
        }
        return (end.map { String(characters[..<$0]) } ?? line, line)
      }
    }
    let old = Dictionary(byPath(recorded), uniquingKeysWith: { a, _ in a })
    let new = Dictionary(byPath(current), uniquingKeysWith: { a, _ in a })
    var lines: [String] = []
    for (path, line) in byPath(current) {
      if let was = old[path] {
        if was != line { lines.append("changed: \(line) (was \(was))") }
      } else {
        lines.append("added:   \(line)")
      }
    }
    for (path, line) in byPath(recorded) where new[path] == nil { lines.append("removed: \(line)") }
    return lines
  }
}
