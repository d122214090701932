import CValueKit
import XCTest

extension CheckResult {
  /// Fails the current XCTest test with the failure text, if any, at the caller's file and line, and
  /// returns the comparison when one was made.
  func fail(file: StaticString, line: UInt) -> Comparison? {
    if let failure { XCTFail(failure, file: file, line: line) }
    return comparison
  }
}
