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
  /// The name is not a snapshot's: empty, holding a `/`, or starting with `.`.
  case badName(String)
  /// `CVALUE_SNAPSHOTS` does not say when to record: the snapshot's name and the setting's error.
  case badSetting(name: String, SnapshotSettingError)
  // The cases holding a ValueError are boxed (`indirect`): held inline, Swift 6.3.1 destroyed an outcome
  // failed by another case as if it held one, and crashed (SnapshotStoreTests.failuresAreValues).

  /// The value cannot be snapshotted (its type has no layout, or cannot be described): what it is
  /// (`a struct cv_point value`, `C values`) and why.
  indirect case notSnapshottable(subject: String, ValueError)
  /// The snapshot file is not one: what is wrong with it and where.
  case notASnapshot(SnapshotError)
  /// The snapshot holds a value of another type: its C name then and now.
  case otherType(name: String, recorded: String, actual: String)
  /// The snapshot holds another number of values (`nil`: one value, not an array).
  case otherCount(name: String, typeName: String, recorded: Int?, actual: Int?)
  /// The recorded initializer was refused other than by a literal it holds (a literal it cannot read is
  /// ``unreadable(path:line:column:problem:field:)``).
  indirect case notRead(name: String, ValueError)
  /// The values could not be compared (the comparison's options refused).
  indirect case notCompared(name: String, ValueError)
  /// The snapshot file could not be written: its path and why.
  case notWritten(path: String, reason: String)
  /// The value's description does not read back as its bytes, so it is not recorded: the snapshot's name, the
  /// type's C name, the field where reading stopped and why. A member described by what it holds in the
  /// running process (a registered describer, such as a C++ `std::string` compared by its text) does this.
  case notRecordable(name: String, typeName: String, field: FieldPath, problem: String)

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
    case .badName(let name):
      lines = [headline("“\(name)” is not a snapshot name: it must be a file name that does not start with “.”")]
    case .badSetting(let name, let error):
      lines = [headline("cannot check snapshot “\(name)”: \(error)")]
    case .notSnapshottable(let subject, let error):
      lines = Self.lines("cannot snapshot \(subject): \(error)", headline)
    case .notASnapshot(let error):
      lines = Self.lines("\(error)", headline)
    case .otherType(let name, let recorded, let actual):
      lines = [headline("snapshot “\(name)” holds a \(recorded), not a \(actual)")]
    case .otherCount(let name, let typeName, let recorded, let actual):
      lines = [
        headline("snapshot “\(name)” of \(typeName): recorded \(Self.values(recorded)), actual \(Self.values(actual))")
      ]
    case .notRead(let name, let error):
      lines = Self.lines("cannot read snapshot “\(name)”: \(error)", headline)
    case .notCompared(let name, let error):
      lines = Self.lines("cannot compare with snapshot “\(name)”: \(error)", headline)
    case .notWritten(let path, let reason):
      lines = Self.lines("cannot record snapshot \(path): \(reason)", headline)
    case .notRecordable(let name, let typeName, let field, let problem):
      let place = field.components.isEmpty ? "" : " at \(field)"
      lines = [
        headline(
          "cannot record snapshot “\(name)” of \(typeName): its description does not read back\(place) (\(problem))")
      ]
    }
    if let hint { lines.append("  " + hint) }
    return lines.joined(separator: "\n")
  }

  /// A text of one or more lines, its first passed through `headline`.
  private static func lines(_ text: String, _ headline: (String) -> String) -> [String] {
    let first = text.prefix { $0 != "\n" }
    return [headline(String(first)) + text.dropFirst(first.count)]
  }

  /// How many values a snapshot holds, in words: `3 values`, or `one value (not an array)`.
  static func values(_ count: Int?) -> String {
    guard let count else { return "one value (not an array)" }
    return count == 1 ? "1 value" : "\(count) values"
  }
}
