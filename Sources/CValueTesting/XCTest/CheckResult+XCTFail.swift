import CValueKit
import XCTest

extension CheckResult {
  /// Fails the current XCTest test with the failure text, if any, at the caller's file and line, prints the
  /// note, if any, in XCTest's output as `FILE:LINE: note` (XCTest has no warnings), and returns the
  /// comparison when one was made.
  func fail(file: StaticString, line: UInt) -> Comparison? {
    if let failure { XCTFail(failure, file: file, line: line) }
    if let note { print("\(file):\(line): \(note)") }
    return comparison
  }
}
