import CTestTypes
import CValueKit
import CValueTesting
import Testing

/// What a failing `expectCValuesEqual` attaches (Swift 6.2+): the whole report and both values' bytes,
/// padding marked and differing bytes flagged. The dump is checked here as text; the attachments are
/// recorded beside the issue.
@Suite("failure attachments")
struct FailureAttachmentTests {
  static let reading = "{cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}"

  @Test("the byte dump marks padding and flags differing bytes")
  func byteDump() throws {
    let layout = try ValueRegistry().resolve(Self.reading).layout
    var actual = [UInt8](repeating: 0, count: 24)
    var expected = actual
    (actual[0], expected[0]) = (0x41, 0x41)
    actual[2] = 0x11  // padding
    expected[16] = 3  // .count
    let text = actual.withUnsafeBytes { a in
      expected.withUnsafeBytes { b in ByteDump.text(a, b, typeName: "cv_reading", layout: layout) }
    }
    #expect(
      text == """
        cv_reading: 24 bytes (~ padding, * differs, ! padding that differs)
        offset  actual                            expected
        0000    41  00~ 11! 00~ 00~ 00~ 00~ 00~   41  00~ 00! 00~ 00~ 00~ 00~ 00~
        0008    00  00  00  00  00  00  00  00    00  00  00  00  00  00  00  00
        0010    00* 00  00  00  00  00  00  00    03* 00  00  00  00  00  00  00
        """)
  }

  @Test("a failing expectation still records one issue with the report")
  func oneIssue() {
    let issues = RecordedIssue.capture { expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 3)) }
    #expect(issues.count == 1)
  }
}
