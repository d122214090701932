import CTestTypes
import CValueKit
import CValueTesting
import Testing

@Suite("expectCValuesNotEqual")
struct ExpectCValuesNotEqualTests {
  @Test("differing values pass")
  func passes() {
    #expect(expectCValuesNotEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5))?.isEqual == false)
  }

  @Test("equal values record the value they share")
  func fails() {
    let text = RecordedIssue.text {
      expectCValuesNotEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2), "moved")
    }
    #expect(
      text == """
        cv_point values are equal, but should differ — moved
          value: {.x = 1, .y = 2}
        """)
  }

  @Test("values within the tolerance count as equal")
  func tolerance() {
    let text = RecordedIssue.text {
      expectCValuesNotEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.0001), within: .absolute(0.001))
    }
    #expect(
      text == """
        cv_point values are equal, but should differ
          value: {.x = 1, .y = 2}
        """)
  }

  @Test("a bad encoding is an issue")
  func badEncoding() {
    #expect(
      RecordedIssue.text { expectCValuesNotEqual(cv_point(), cv_point(), encoding: "{cv_point=d") }
        == "cannot compare C values: unterminated struct at offset 11 in \"{cv_point=d\"")
  }
}
