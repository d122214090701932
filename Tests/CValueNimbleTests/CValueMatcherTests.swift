import CTestTypes
import CValueKit
import CValueNimble
import Nimble
import Testing

/// The matchers run under Nimble's `gatherFailingExpectations(silently:)`, which records what Nimble
/// would report instead of reporting it, so the messages are asserted exactly. That swaps Nimble's one
/// global assertion handler, so the tests run one at a time.
@Suite("equalCValue and beCloseToCValue", .serialized)
struct CValueMatcherTests {
  let reading = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
  let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))

  /// The messages of the failing expectations in `body`.
  func failures(_ body: () -> Void) -> [String] {
    gatherFailingExpectations(silently: true, closure: body).map(\.message.stringValue)
  }

  @Test("equalCValue passes with .to for equal values and with .toNot for differing ones")
  func equalPasses() {
    #expect(
      failures {
        expect(cv_point(x: 1, y: 2)).to(equalCValue(cv_point(x: 1, y: 2)))
        expect(cv_point(x: 1, y: 2)).toNot(equalCValue(cv_point(x: 1, y: 2.5)))
        expect(cv_point(x: 1, y: 2)).to(equalCValue(cv_point(x: 1, y: 2), encoding: "point"))
      } == [])
  }

  @Test("equalCValue fails with .to with the values as C initializers and the field-level report")
  func equalFails() {
    #expect(
      failures { expect(cv_point(x: 1, y: 2)).to(equalCValue(cv_point(x: 1, y: 2.5))) } == [
        """
        expected to equal C value <{.x = 1, .y = 2.5}>, got <{.x = 1, .y = 2}>
        cv_point values differ at 1 of 2 fields:
          .y: 2 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """
      ])
  }

  @Test("equalCValue fails with .toNot for equal values")
  func equalFailsNegated() {
    #expect(
      failures { expect(cv_point(x: 1, y: 2)).toNot(equalCValue(cv_point(x: 1, y: 2))) } == [
        "expected to not equal C value <{.x = 1, .y = 2}>, got <{.x = 1, .y = 2}>"
      ])
  }

  @Test("a nil actual value fails with Nimble's hint")
  func nilActual() {
    let missing: cv_point? = nil
    #expect(
      failures { expect(missing).to(equalCValue(cv_point(x: 1, y: 2))) } == [
        "expected to equal C value <{.x = 1, .y = 2}>, got <nil> (use beNil() to match nils)"
      ])
  }

  @Test("a bad encoding fails with .to and .toNot alike")
  func badEncoding() {
    let message = "cannot compare C values: unterminated struct at offset 3 in \"{S=\""
    #expect(
      failures {
        expect(cv_point()).to(equalCValue(cv_point(), encoding: "{S="))
        expect(cv_point()).toNot(equalCValue(cv_point(), encoding: "{S="))
      } == [message, message])
  }

  @Test("beCloseToCValue passes within the tolerance, and with .toNot outside it")
  func closePasses() {
    #expect(
      failures {
        expect(reading).to(beCloseToCValue(calibrated, within: .absolute(0.001)))
        expect(reading).to(
          beCloseToCValue(
            calibrated, within: .exact, options: ComparisonOptions(fieldTolerances: [".value": .relative(1e-4)])))
        expect(reading).toNot(beCloseToCValue(calibrated, within: .ulps(4)))
      } == [])
  }

  @Test("beCloseToCValue fails naming the tolerances and the field that is not close")
  func closeFails() {
    let far = cv_reading(tag: 65, value: 20.5, count: 3, unit: (67, 0, 0, 0))
    #expect(
      failures {
        expect(far).to(
          beCloseToCValue(
            calibrated, within: .absolute(0.001),
            options: ComparisonOptions(fieldTolerances: [".value": .relative(1e-3)])))
      } == [
        """
        expected to be close to C value <{.tag = 65, .value = 20, .count = 3, .unit = "C"}> (within 0.001; \
        .value within 0.001 relative), got <{.tag = 65, .value = 20.5, .count = 3, .unit = "C"}>
        cv_reading values differ at 1 of 4 fields:
          .value: 20.5 ≠ 20 (difference 0.5, tolerance 0.001 relative)
          actual:   {.tag = 65, .value = 20.5, .count = 3, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
        """
      ])
  }

  @Test("beCloseToCValue fails with .toNot for values within the tolerance")
  func closeFailsNegated() {
    #expect(
      failures { expect(reading).toNot(beCloseToCValue(calibrated, within: .absolute(0.001))) } == [
        """
        expected to not be close to C value <{.tag = 65, .value = 20, .count = 3, .unit = "C"}> (within 0.001), \
        got <{.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}>
        """
      ])
  }

  @Test("beCloseToCValue reports an unknown field path")
  func unknownFieldPath() {
    #expect(
      failures {
        expect(reading).to(
          beCloseToCValue(
            calibrated, within: .exact, options: ComparisonOptions(fieldTolerances: [".size": .absolute(1)])))
      }
        == [
          "cannot compare C values: {cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]} has no field .size"
        ])
  }
}
