import CTestTypes
import CValueKit
import CValueTesting
import Testing

// The README's first example, verbatim (Scripts/check-readme-examples.py checks that it stays so).

// struct cv_reading { char tag; double value; int count; char unit[4]; };  (from your C module)
@Test func readingMatchesCalibration() {
  let reading = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
  let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
  expectCValuesEqual(reading, calibrated, within: .absolute(0.001))
}

@Suite("README example")
struct ReadmeExampleTests {
  @Test("the first example's failure text is the one the README shows")
  func failureText() {
    let reading = cv_reading(tag: 65, value: 20.5, count: 4, unit: (67, 0, 0, 0))
    let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
    let text = RecordedIssue.text { expectCValuesEqual(reading, calibrated, within: .absolute(0.001)) }
    #expect(
      text == """
        cv_reading values differ at 2 of 7 fields (.value, .count)
          .value: 20.5 ≠ 20.0 (difference 0.5, tolerance 0.001)
          .count: 4 ≠ 3
          actual:   {.tag = 65, .value = 20.5, .count = 4, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
        """)
  }
}
