import CValueKit

/// What one assertion found, before XCTest or Swift Testing records it: the failure text when it failed,
/// and the comparison when one was made.
///
/// Both frameworks' assertions are thin: they build a `CheckResult` here and record its ``failure``
/// their own way, so the text a user reads is the same in XCTest, Swift Testing and their logs.
struct CheckResult {
  /// The failure text; `nil` when the assertion passed.
  var failure: String?
  /// The comparison that decided, when one was made (not for a bad encoding or a NULL check).
  var comparison: Comparison?
  /// What a framework that keeps attachments attaches to the failure, by name: the whole report and both
  /// values' bytes.
  var attachments: [(name: String, text: String)] = []
  /// What a passed check did that the person running the tests should read, once: the file a snapshot
  /// recording wrote. Swift Testing reports it as a warning, XCTest and Nimble print it.
  var note: String?

  /// A passed assertion.
  static func passed(_ comparison: Comparison? = nil) -> CheckResult {
    CheckResult(failure: nil, comparison: comparison)
  }

  /// A failed assertion with its text.
  static func failed(_ text: String, _ comparison: Comparison? = nil) -> CheckResult {
    CheckResult(failure: text, comparison: comparison)
  }
}
