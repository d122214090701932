/// A snapshot file that does not read: where (the file, line and column, both from 1) and what is wrong.
///
/// ```
/// __Snapshots__/SerialTests/termios-1.snap:9:13: expected a number for .c_cflag
/// ```
public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  public var path: String
  /// The line, from 1.
  public var line: Int
  /// The column, from 1, in characters.
  public var column: Int
  /// What is wrong there.
  public var problem: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - line: The line, from 1.
  ///   - column: The column, from 1.
  ///   - problem: What is wrong there.
  public init(path: String, line: Int, column: Int, problem: String) {
    self.path = path
    self.line = line
    self.column = column
    self.problem = problem
  }

  /// `path:line:column: problem`, the form editors jump to.
  public var description: String { "\(path):\(line):\(column): \(problem)" }
}
