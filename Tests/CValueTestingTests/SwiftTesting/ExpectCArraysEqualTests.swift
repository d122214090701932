import CTestTypes
import CValueKit
import CValueTesting
import Testing

@Suite("expectCValuesEqual for arrays, buffers and pointers")
struct ExpectCArraysEqualTests {
  let track = [cv_point(x: 0, y: 0), cv_point(x: 1, y: 2), cv_point(x: 2, y: 4)]
  let bent = [cv_point(x: 0, y: 0), cv_point(x: 1, y: 2.5), cv_point(x: 2, y: 4)]

  @Test("equal arrays pass")
  func equalArraysPass() {
    #expect(expectCValuesEqual(track, track)?.isEqual == true)
    #expect(expectCValuesEqual([cv_point](), [])?.isEqual == true)
  }

  @Test("a differing element is reported by index and field path, with both elements")
  func differingElement() {
    let text = RecordedIssue.text { expectCValuesEqual(track, bent, "track") }
    #expect(
      text == """
        struct cv_point [3] values differ at [1].y: 2 ≠ 2.5 (difference 0.5) — track
          [1].y: 2 ≠ 2.5 (difference 0.5)
          actual[1]:   {.x = 1, .y = 2}
          expected[1]: {.x = 1, .y = 2.5}
        """)
  }

  @Test("nested fields are reported by index and full path, and tolerances apply to every element")
  func nestedPathsAndTolerances() {
    let segments = [
      cv_segment(from: cv_point(x: 0, y: 0), to: cv_point(x: 1, y: 1)),
      cv_segment(from: cv_point(x: 1, y: 1), to: cv_point(x: 2, y: 2)),
    ]
    var moved = segments
    moved[1].to.y = 2.0001
    #expect(expectCValuesEqual(segments, moved, within: .absolute(0.001))?.isEqual == true)
    #expect(
      expectCValuesEqual(segments, moved, options: ComparisonOptions(fieldTolerances: ["[1].to": .absolute(0.001)]))?
        .isEqual == true)
    let text = RecordedIssue.text { expectCValuesEqual(segments, moved, within: .absolute(0.00001)) }
    #expect(
      text == """
        struct cv_segment [2] values differ at [1].to.y: 2 ≠ 2.0001 (difference 0.00010000000000021103, tolerance 1e-05)
          [1].to.y: 2 ≠ 2.0001 (difference 0.00010000000000021103, tolerance 1e-05)
          actual[1]:   {.from = {.x = 1, .y = 1}, .to = {.x = 2, .y = 2}}
          expected[1]: {.from = {.x = 1, .y = 1}, .to = {.x = 2, .y = 2.0001}}
        """)
  }

  @Test("at most 20 mismatching fields are listed; the rest are counted")
  func firstMismatchesOnly() {
    let zeros = [cv_point](repeating: cv_point(x: 0, y: 0), count: 25)
    let ones = (0..<25).map { cv_point(x: 0, y: Double($0 + 1)) }
    let text = RecordedIssue.text { expectCValuesEqual(zeros, ones) }
    let lines = text?.split(separator: "\n").map(String.init) ?? []
    #expect(lines.count == 24)
    #expect(lines.first == "struct cv_point [25] values differ at 25 of 50 fields ([0].y, [1].y, [2].y, …)")
    #expect(lines[1] == "  [0].y: 0 ≠ 1 (difference 1)")
    #expect(lines[20] == "  [19].y: 0 ≠ 20 (difference 20)")
    #expect(lines[21] == "  … and 5 more")
    #expect(lines[22] == "  actual[0]:   {.x = 0, .y = 0}")
    #expect(lines[23] == "  expected[0]: {.x = 0, .y = 1}")
  }

  @Test("arrays of different lengths are an issue that says so")
  func differentLengths() {
    #expect(
      RecordedIssue.text { expectCValuesEqual(track, Array(track.prefix(1))) }
        == "cv_point arrays differ in length: actual has 3 elements, expected has 1")
  }

  @Test("buffers compare like arrays")
  func buffers() {
    track.withUnsafeBufferPointer { actual in
      bent.withUnsafeBufferPointer { expected in
        #expect(expectCValuesEqual(actual, actual)?.isEqual == true)
        let text = RecordedIssue.text { expectCValuesEqual(actual, expected, within: .absolute(0.1)) }
        #expect(
          text == """
            struct cv_point [3] values differ at [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 0.1)
              [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 0.1)
              actual[1]:   {.x = 1, .y = 2}
              expected[1]: {.x = 1, .y = 2.5}
            """)
      }
    }
  }

  @Test("a pointer and a count compare the values the encoding describes")
  func pointerAndCount() {
    track.withUnsafeBytes { actual in
      bent.withUnsafeBytes { expected in
        let encoding = "{cv_point=\"x\"d\"y\"d}"
        #expect(
          expectCValuesEqual(pointers: actual.baseAddress, expected.baseAddress, count: 1, encoding: encoding)?
            .isEqual == true)
        let text = RecordedIssue.text {
          expectCValuesEqual(pointers: actual.baseAddress, expected.baseAddress, count: 3, encoding: encoding)
        }
        #expect(
          text == """
            struct cv_point [3] values differ at [1].y: 2 ≠ 2.5 (difference 0.5)
              [1].y: 2 ≠ 2.5 (difference 0.5)
              actual[1]:   {.x = 1, .y = 2}
              expected[1]: {.x = 1, .y = 2.5}
            """)
      }
    }
  }

  @Test("one pointee is compared without a count")
  func onePointee() {
    var actual = cv_point(x: 1, y: 2)
    var expected = cv_point(x: 1, y: 2.5)
    #expect(expectCValuesEqual(pointers: &actual, &actual, encoding: "point")?.isEqual == true)
    let text = RecordedIssue.text { expectCValuesEqual(pointers: &actual, &expected, encoding: "point") }
    #expect(
      text == """
        CGPoint values differ at .y: 2 ≠ 2.5 (difference 0.5)
          .y: 2 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """)
  }

  @Test("NULL pointers, a negative count and a bad encoding are issues, not crashes")
  func badPointerInput() {
    var point = cv_point(x: 1, y: 2)
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: nil, &point, encoding: "point") }
        == "cannot compare C values: the actual pointer is NULL")
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: &point, nil, encoding: "point") }
        == "cannot compare C values: the expected pointer is NULL")
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: nil, nil, encoding: "point") }
        == "cannot compare C values: both pointers are NULL")
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: &point, &point, count: -1, encoding: "point") }
        == "cannot compare C values: invalid count of values: -1")
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: &point, &point, encoding: "{cv_point=dd") }
        == "cannot compare C values: unterminated struct at offset 12 in \"{cv_point=dd\"")
    #expect(
      RecordedIssue.text { expectCValuesEqual(pointers: &point, &point, count: 2, encoding: "{cv_opaque}") }
        == "cannot compare C values: cannot lay out {cv_opaque}: layout unknown for struct cv_opaque: the encoding "
        + "omits its members and no definition is registered")
  }
}
