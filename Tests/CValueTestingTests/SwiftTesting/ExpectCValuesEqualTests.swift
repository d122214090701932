import CTestTypes
import CValueKit
import CValueTesting
import Testing

@Suite("expectCValuesEqual")
struct ExpectCValuesEqualTests {
  let reading = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
  let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))

  @Test("equal values pass and return the comparison")
  func passes() {
    let comparison = expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2))
    #expect(comparison?.isEqual == true)
    #expect(comparison?.summary == "cv_point values are equal")
  }

  @Test("differing values record the summary and the field-level report")
  func fails() {
    let text = RecordedIssue.text { expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5)) }
    #expect(
      text == """
        cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5)
          .y: 2 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """)
  }

  @Test("several differing fields are all listed")
  func failsAtSeveralFields() {
    let text = RecordedIssue.text {
      expectCValuesEqual(reading, cv_reading(tag: 66, value: 20.5, count: 4, unit: (67, 0, 0, 0)))
    }
    #expect(
      text == """
        cv_reading values differ at 3 of 4 fields (.tag, .value, .count)
          .tag: 65 ≠ 66
          .value: 20.0004 ≠ 20.5 (difference 0.49960000000000093)
          .count: 3 ≠ 4
          actual:   {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
          expected: {.tag = 66, .value = 20.5, .count = 4, .unit = "C"}
        """)
  }

  @Test("the comment follows the first line")
  func appendsTheComment() {
    let text = RecordedIssue.text {
      expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5), "after scaling")
    }
    #expect(
      text == """
        cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5) — after scaling
          .y: 2 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """)
  }

  @Test("the issue points at the caller's file, line and column")
  func recordsTheCallersLocation() {
    let line = #line + 1
    let issues = RecordedIssue.capture { expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 0, y: 2)) }
    #expect(issues.map(\.fileID) == ["CValueTestingTests/ExpectCValuesEqualTests.swift"])
    #expect(issues.map(\.line) == [line])
    // A default #_sourceLocation points at the call's argument list.
    #expect(issues.map(\.column) == [60])
  }

  @Test("an absolute tolerance passes close values and names itself when they are not close enough")
  func absoluteTolerance() {
    #expect(expectCValuesEqual(reading, calibrated, within: .absolute(0.001))?.isEqual == true)
    let text = RecordedIssue.text { expectCValuesEqual(reading, calibrated, within: .absolute(0.0001)) }
    #expect(
      text == """
        cv_reading values differ at .value: 20.0004 ≠ 20 (difference 0.00039999999999906777, tolerance 0.0001)
          .value: 20.0004 ≠ 20 (difference 0.00039999999999906777, tolerance 0.0001)
          actual:   {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
        """)
  }

  @Test("relative and ULP tolerances")
  func relativeAndULPTolerances() {
    #expect(expectCValuesEqual(reading, calibrated, within: .relative(1e-4))?.isEqual == true)
    let next = cv_point(x: 1, y: 2.0.nextUp.nextUp)
    #expect(expectCValuesEqual(next, cv_point(x: 1, y: 2), within: .ulps(2))?.isEqual == true)
    let text = RecordedIssue.text { expectCValuesEqual(next, cv_point(x: 1, y: 2), within: .ulps(1)) }
    #expect(
      text == """
        cv_point values differ at .y: 2.000000000000001 ≠ 2 (difference 8.881784197001252e-16, tolerance 1 ulp)
          .y: 2.000000000000001 ≠ 2 (difference 8.881784197001252e-16, tolerance 1 ulp)
          actual:   {.x = 1, .y = 2.000000000000001}
          expected: {.x = 1, .y = 2}
        """)
  }

  @Test("a field tolerance loosens one field and what it contains, and nothing else")
  func fieldTolerances() {
    let segment = cv_segment(from: cv_point(x: 0, y: 0), to: cv_point(x: 10, y: 20.25))
    let expected = cv_segment(from: cv_point(x: 0, y: 0.5), to: cv_point(x: 10, y: 20))
    #expect(
      expectCValuesEqual(
        segment, expected,
        options: ComparisonOptions(fieldTolerances: [".to": .absolute(0.5), ".from.y": .absolute(0.5)]))?
        .isEqual == true)
    let text = RecordedIssue.text {
      expectCValuesEqual(
        segment, expected, within: .absolute(0.01),
        options: ComparisonOptions(fieldTolerances: [".to.y": .absolute(0.5)]))
    }
    #expect(
      text == """
        cv_segment values differ at .from.y: 0 ≠ 0.5 (difference 0.5, tolerance 0.01)
          .from.y: 0 ≠ 0.5 (difference 0.5, tolerance 0.01)
          actual:   {.from = {.x = 0, .y = 0}, .to = {.x = 10, .y = 20.25}}
          expected: {.from = {.x = 0, .y = 0.5}, .to = {.x = 10, .y = 20}}
        """)
  }

  @Test("an explicit encoding compares a type derivation cannot see")
  func explicitEncoding() {
    var actual = cv_anonymous()
    actual.kind = 1
    actual.f = 1.5
    var expected = actual
    let encoding = "{cv_anonymous=\"kind\"i\"u\"(?=\"i\"i\"f\"f)\"after\"i}"
    #expect(expectCValuesEqual(actual, expected, encoding: encoding)?.isEqual == true)
    expected.f = 2.5
    let text = RecordedIssue.text { expectCValuesEqual(actual, expected, encoding: encoding) }
    #expect(
      text == """
        cv_anonymous values differ at 2 of 4 fields (.u.i, .u.f)
          .u.i: 1069547520 ≠ 1075838976
          .u.f: 1.5 ≠ 2.5 (difference 1)
          actual:   {.kind = 1, .u = {.i = 1069547520, .f = 1.5}, .after = 0}
          expected: {.kind = 1, .u = {.i = 1075838976, .f = 2.5}, .after = 0}
        """)
  }

  @Test("a type derivation cannot see is a recorded issue that asks for the encoding")
  func derivationFailure() {
    let text = RecordedIssue.text { expectCValuesEqual(cv_anonymous(), cv_anonymous()) }
    #expect(
      text
        == "cannot compare C values: cannot derive the C encoding of cv_anonymous: bytes 4..<8 between .kind and "
        + ".after (likely bitfields or an anonymous struct or union) are not covered by any field Mirror can see; "
        + "Swift imports none of these as a stored property; set its encoding with registry.register(\"…\", "
        + "swiftType: cv_anonymous.self) or pass encoding: explicitly; for a type from a C header, import the header "
        + "(catalog.importHeaders), or read its exact layout from the debug info of the C target that uses it "
        + "(built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: [\"cv_anonymous\"])")
  }

  @Test("a bad encoding, a size mismatch and an unknown field path are recorded issues")
  func badInput() {
    let point = cv_point(x: 1, y: 2)
    #expect(
      RecordedIssue.text { expectCValuesEqual(point, point, encoding: "{cv_point=dd", "parsing") }
        == "cannot compare C values: unterminated struct at offset 12 in \"{cv_point=dd\" — parsing")
    #expect(
      RecordedIssue.text { expectCValuesEqual(point, point, encoding: "rect") }
        == "cannot compare C values: cv_point is 16 bytes, but {CGRect={CGPoint=dd}{CGSize=dd}} is 32 bytes")
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(point, point, options: ComparisonOptions(fieldTolerances: [".z": .absolute(1)]))
      }
        == "cannot compare C values: {cv_point=\"x\"d\"y\"d} has no field .z")
  }

  @Test("within: wins over options.tolerance, and options.tolerance applies without it")
  func withinWinsOverTheOptionsTolerance() {
    let loose = ComparisonOptions(tolerance: .absolute(1))
    #expect(expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5), options: loose)?.isEqual == true)
    #expect(
      expectCValuesEqual(
        cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5), within: .absolute(1),
        options: ComparisonOptions(tolerance: .exact)
      )?.isEqual == true)
    let text = RecordedIssue.text {
      expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5), within: .absolute(0.1), options: loose)
    }
    #expect(
      text == """
        cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5, tolerance 0.1)
          .y: 2 ≠ 2.5 (difference 0.5, tolerance 0.1)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """)
  }
}
