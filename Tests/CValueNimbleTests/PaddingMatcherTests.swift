import CTestTypes
import CValueKit
import CValueNimble
import Nimble
import Testing

/// `haveZeroedCPadding` on `struct cv_reading` (CTestTypes), whose 7 bytes after `.tag` are padding. In the
/// serialized suite, because Nimble's assertion handler is global.
extension CValueMatcherTests {
  static let reading = #"{cv_reading="tag"c"value"d"count"i"unit"[4c]}"#

  @Test("haveZeroedCPadding names the non-zero padding bytes and the fields around them")
  func paddingMatcher() {
    var bytes = [UInt8](repeating: 0, count: MemoryLayout<cv_reading>.size)
    let zeroed = bytes
    bytes[7] = 0x7f
    let leaking = bytes
    #expect(
      failures {
        expect(zeroed).to(haveZeroedCPadding(encoding: Self.reading))
        expect(leaking).toNot(haveZeroedCPadding(encoding: Self.reading))
      } == [])
    #expect(
      failures { expect(leaking).to(haveZeroedCPadding(encoding: Self.reading)) } == [
        """
        expected to have zeroed C padding, got <cv_reading has 1 non-zero padding byte>
        cv_reading has 1 non-zero padding byte:
          7..<8 (after .tag, before .value): <1 byte: 7f>
        """
      ])
  }
}
