public import CValueKit

/// Why a snapshot check failed, as a value: the test doors, the C library and the tool render it once, with
/// a headline of their own.
///
/// ```swift
/// let outcome = store.verify(bytes: bytes, of: point, named: "origin")
/// if case .differs(_, let comparison)? = outcome.failure { print(comparison.mismatches.map(\.path)) }
/// print(outcome.failureText ?? "matched")
/// // snapshot “origin” differs: cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5)
/// //   .y: 2 ≠ 2.5 (difference 0.5)
/// //   …
/// ```
public enum SnapshotFailure: Hashable, Sendable, CustomStringConvertible {
  /// There is no snapshot file: the snapshot's name, what it would hold (`struct cv_point`,
  /// `3 values of struct cv_point`) and the file's path.
  case missing(name: String, subject: String, path: String)
  /// The value differs from the snapshot: the comparison says where.
  case differs(name: String, comparison: Comparison)
  /// The snapshot was recorded for another layout of the type: its C name, the size then and now, and a
  /// line a field added, removed or changed (`changed: .y @8 +4 float (was .y @8 +8 double)`).
  case layoutChanged(name: String, typeName: String, recordedSize: Int, size: Int, changes: [String])
  /// The snapshot's initializer does not read: the file, the line and column in it, the problem, and the
  /// field it was reading (empty for the value itself).
  case unreadable(path: String, line: Int, column: Int, problem: String, field: FieldPath)
  /// The snapshot was recorded for another ABI than this run lays the type out for: both ABIs' names.
  case otherABI(name: String, typeName: String, recorded: String, current: String)
  /// Any other failure, as its text: a bad name or setting, a file that does not parse, a snapshot of another
  /// type or count, a file that could not be written.
  case other(String)

  /// The failure's text, its first line standing alone.
  public var description: String { report() }

  /// The failure's text: its first line passed through `headline` (a door adds the test's message there),
  /// the lines that say more after it, and `hint` on a line of its own.
  ///
  /// ```swift
  /// failure.report(hint: "the actual value is in origin.snap.new") { "\($0) — after the move" }
  /// ```
  ///
  /// - Parameters:
  ///   - hint: What to do about it (accept it, record it, where the actual value is), or `nil`.
  ///   - headline: What becomes of the first line; as it is by default.
  /// - Returns: The text, without a final newline.
  public func report(hint: String? = nil, headline: (String) -> String = { $0 }) -> String {
    var lines: [String]
    switch self {
    case .missing(let name, let subject, let path):
      lines = [headline("no snapshot “\(name)” of \(subject) at \(path)")]
    case .differs(let name, let comparison):
      lines = [comparison.report(as: .text, headline: headline("snapshot “\(name)” differs: \(comparison.summary)"))]
    case .layoutChanged(let name, let typeName, let recordedSize, let size, let changes):
      let sizes = recordedSize == size ? "\(size) bytes" : "\(recordedSize) bytes then, \(size) now"
      lines =
        [headline("snapshot “\(name)” was recorded for another layout of \(typeName) (\(sizes)):")]
        + changes.map { "  " + $0 }
    case .unreadable(let path, let line, let column, let problem, let field):
      let at = field.components.isEmpty ? "" : " (at \(field))"
      lines = [headline("\(path):\(line):\(column): \(problem)\(at)")]
    case .otherABI(let name, let typeName, let recorded, let current):
      lines = [
        headline(
          "snapshot “\(name)” of \(typeName) was recorded for \(recorded), and this run lays it out for \(current): "
            + "values are not compared across ABIs")
      ]
    case .other(let text):
      let first = text.prefix { $0 != "\n" }
      lines = [headline(String(first)) + text.dropFirst(first.count)]
    }
    if let hint { lines.append("  " + hint) }
    return lines.joined(separator: "\n")
  }
}
