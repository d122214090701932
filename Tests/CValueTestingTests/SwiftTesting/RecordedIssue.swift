import Synchronization
import Testing

/// An issue an assertion recorded: its whole comment and where it points.
struct RecordedIssue: Equatable, CustomStringConvertible {
  var text: String
  var fileID: String
  var line: Int
  var column: Int

  var description: String { "\(fileID):\(line):\(column): \(text)" }

  /// Runs `body` as a known issue and returns the issues it recorded, in order.
  ///
  /// `withKnownIssue` itself records a failure when `body` records none, so a test built on this fails if
  /// an assertion that should fail passes.
  static func capture(_ body: () -> Void) -> [RecordedIssue] {
    let recorded = Mutex<[RecordedIssue]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      let location = issue.sourceLocation
      let captured = RecordedIssue(
        text: issue.comments.map(\.rawValue).joined(separator: "\n"), fileID: location?.fileID ?? "",
        line: location?.line ?? 0, column: location?.column ?? 0)
      recorded.withLock { $0.append(captured) }
      return true
    }
    return recorded.withLock { $0 }
  }

  /// The text of the one issue `body` records.
  static func text(_ body: () -> Void) -> String? {
    let issues = capture(body)
    #expect(issues.count == 1, "expected one issue, got \(issues)")
    return issues.first?.text
  }
}
