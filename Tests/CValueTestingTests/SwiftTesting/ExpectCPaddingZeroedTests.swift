import CTestTypes
import CValueKit
import CValueTesting
import Testing

/// `expectCPaddingZeroed`: every non-zero padding byte by offset and the fields it lies between.
/// `struct cv_reading` (CTestTypes) has 7 bytes of padding after its `char tag`.
@Suite("expectCPaddingZeroed")
struct ExpectCPaddingZeroedTests {
  static let reading = "{cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}"

  /// A reading whose padding bytes 2 and 3 hold 0x11 and 0x22, as C left them.
  static func leaking() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: MemoryLayout<cv_reading>.size)
    (bytes[0], bytes[2], bytes[3]) = (65, 0x11, 0x22)
    return bytes
  }

  @Test("zeroed padding passes, and leaking padding is an issue naming the bytes and the fields around them")
  func leakingPadding() {
    let zeroed = [UInt8](repeating: 0, count: MemoryLayout<cv_reading>.size)
    #expect(expectCPaddingZeroed(bytes: zeroed, encoding: Self.reading)?.isEqual == true)
    let text = RecordedIssue.text { expectCPaddingZeroed(bytes: Self.leaking(), encoding: Self.reading, "reply") }
    #expect(
      text == """
        cv_reading has 2 non-zero padding bytes — reply
          2..<4 (after .tag, before .value): <2 bytes: 11 22>
        """)
    let fromPointer = Self.leaking().withUnsafeBytes { bytes in
      RecordedIssue.text { expectCPaddingZeroed(pointer: bytes.baseAddress, encoding: Self.reading) }
    }
    #expect(fromPointer?.hasPrefix("cv_reading has 2 non-zero padding bytes\n") == true)
  }

  @Test("bad input is an issue")
  func badInput() {
    #expect(
      RecordedIssue.text { expectCPaddingZeroed(bytes: [0, 0, 0, 0], encoding: Self.reading) }
        == "cannot check C padding: the value has 4 bytes, but \(Self.reading) is 24 bytes")
    #expect(
      RecordedIssue.text { expectCPaddingZeroed(pointer: nil, encoding: Self.reading) }
        == "cannot check C padding: the pointer is NULL")
  }
}
