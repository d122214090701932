import CValueKit

/// The layout lines of a snapshot's header, and their differences.
enum SnapshotLayout {
  /// One line a field, array elements folded into one line with `[*]` and the element count:
  /// `.c_cc[*] @17 +1 unsigned char [32]`.
  static func fieldLines(_ layout: CLayout) -> [String] {
    var lines: [String] = []
    var counts: [String: Int] = [:]
    for field in layout.fields {
      var folded = field.path
      folded.components = folded.components.map { if case .index = $0 { .anyIndex } else { $0 } }
      let key = folded.description
      if let count = counts[key] {
        counts[key] = count + 1
        continue
      }
      counts[key] = 1
      let place = field.bits.map { "bit \($0.lowerBound) width \($0.count)" } ?? "\(field.offset)"
      lines.append("\(key) @\(place) +\(field.size) \(field.type.cTypeName)")
    }
    return lines.map { line in
      let key = String(line.prefix { $0 != " " })
      guard let count = counts[key], count > 1 else { return line }
      return "\(line) [\(count)]"
    }
  }

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
