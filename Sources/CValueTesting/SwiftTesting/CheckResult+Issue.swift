import CValueKit
import Testing

extension CheckResult {
  /// Records the failure, if any, as a Swift Testing issue at the caller's location, and the note, if any,
  /// as a warning (which fails nothing), and returns the comparison when one was made.
  func record(sourceLocation: SourceLocation) -> Comparison? {
    if let failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    if let note {
      #if compiler(>=6.3)
        Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: sourceLocation)
      #else
        print("\(sourceLocation): \(note)")
      #endif
    }
    #if compiler(>=6.2)
      // Swift Testing keeps attachments (ST-0009); the report in the issue is cut at 20 mismatches.
      for attachment in attachments {
        Attachment.record(attachment.text, named: attachment.name, sourceLocation: sourceLocation)
      }
    #endif
    return comparison
  }
}

extension Comment? {
  /// The comment's text, empty when there is none.
  var text: String { self?.rawValue ?? "" }
}
