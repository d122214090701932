import CTestTypes
import CValueKit
import CValueTesting
import XCTest

/// The XCTest assertions, run inside a test case that captures what they report instead of failing:
/// `recordFailure` is what `XCTFail` calls in swift-corelibs-xctest, so the captured text, file and line
/// are exactly what a user would see.
final class XCTestAssertionTests: XCTestCase {
  private struct Failure: Equatable {
    var description: String
    var file: String
    var line: Int
  }

  private var captured: [Failure] = []
  private var capturing = false

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
  ) {
    guard capturing else {
      return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    captured.append(Failure(description: description, file: filePath, line: lineNumber))
  }

  /// The failures `body` reports, captured.
  private func failures(_ body: () -> Void) -> [Failure] {
    captured = []
    capturing = true
    body()
    capturing = false
    return captured
  }

  /// The description of the one failure `body` reports.
  private func failure(_ body: () -> Void, file: StaticString = #filePath, line: UInt = #line) -> String? {
    let reported = failures(body)
    XCTAssertEqual(reported.count, 1, "expected one failure, got \(reported)", file: file, line: line)
    return reported.first?.description
  }

  func testEqualValuesPass() {
    XCTAssertEqual(failures { XCTAssertCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2)) }, [])
    XCTAssertEqual(XCTAssertCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2))?.isEqual, true)
  }

  func testDifferingValuesFailWithTheReportAtTheCallersLine() {
    let line = #line + 1
    let reported = failures { XCTAssertCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2.5), "after scaling") }
    XCTAssertEqual(
      reported,
      [
        Failure(
          description: """
            failed - cv_point values differ at .y: 2 ≠ 2.5 (difference 0.5) — after scaling
              .y: 2 ≠ 2.5 (difference 0.5)
              actual:   {.x = 1, .y = 2}
              expected: {.x = 1, .y = 2.5}
            """, file: #filePath, line: line)
      ])
  }

  func testTolerances() {
    let reading = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
    let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
    XCTAssertEqual(failures { XCTAssertCValuesEqual(reading, calibrated, within: .absolute(0.001)) }, [])
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(
          reading, calibrated, options: ComparisonOptions(fieldTolerances: [".value": .relative(1e-4)]))
      }, [])
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(reading, calibrated, within: .ulps(4)) },
      """
      failed - cv_reading values differ at .value: 20.0004 ≠ 20 (difference 0.00039999999999906777, tolerance 4 ulps)
        .value: 20.0004 ≠ 20 (difference 0.00039999999999906777, tolerance 4 ulps)
        actual:   {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
        expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
      """)
  }

  func testErrorsAreFailures() {
    let point = cv_point(x: 1, y: 2)
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(point, point, encoding: "rect") },
      "failed - cannot compare C values: cv_point is 16 bytes, but {CGRect={CGPoint=dd}{CGSize=dd}} is 32 bytes")
  }

  func testIgnoredPathsAreNotComparedAndAreListed() {
    let packet = #"{cv_packet="kind"S"length"S"checksum"I"name"*"origin"^{cv_point}"payload"[4C]}"#
    var sent = cv_packet()
    (sent.kind, sent.checksum) = (1, 0xdead_beef)
    var received = sent
    received.checksum = 7
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(sent, received, options: ComparisonOptions(ignoredPaths: [".checksum"]), encoding: packet)
      }, [])
    received.kind = 2
    XCTAssertEqual(
      failure {
        XCTAssertCValuesEqual(sent, received, options: ComparisonOptions(ignoredPaths: [".checksum"]), encoding: packet)
      },
      """
      failed - cv_packet values differ at .kind: 1 ≠ 2
        .kind: 1 ≠ 2
        ignored: .checksum
        actual:   {.kind = 1, .length = 0, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
        expected: {.kind = 2, .length = 0, .checksum = 7, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
      """)
    let rows = [cv_row(value: 1, stamp: 10)]
    let later = [cv_row(value: 1, stamp: 11)]
    let row = #"{cv_row="value"i"stamp"I}"#
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(rows, later, options: ComparisonOptions(ignoredPaths: ["[*].stamp"]), encoding: row)
      }, [])
    XCTAssertEqual(
      failures {
        XCTAssertCValuesNotEqual(sent, received, options: ComparisonOptions(ignoredPaths: [".kind"]), encoding: packet)
      }, [])
  }

  func testFieldComparers() {
    let packet = #"{cv_packet="kind"S"length"S"checksum"I"name"*"origin"^{cv_point}"payload"[4C]}"#
    let low16 = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }
    var sent = cv_packet()
    (sent.kind, sent.checksum) = (1, 0x1111_abcd)
    var received = sent
    received.checksum = 0x2222_abcd
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(
          sent, received, options: ComparisonOptions(fieldComparers: [".checksum": low16]), encoding: packet)
      }, [])
    XCTAssertEqual(
      failure {
        XCTAssertCValuesNotEqual(
          sent, received, options: ComparisonOptions(fieldComparers: [".checksum": low16]), encoding: packet)
      },
      """
      failed - cv_packet values are equal, but should differ
        value: {.kind = 1, .length = 0, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
      """)
    received.checksum = 0x1111_abce
    XCTAssertEqual(
      failure {
        XCTAssertCValuesEqual(
          sent, received, options: ComparisonOptions(fieldComparers: [".checksum": low16]), encoding: packet)
      },
      """
      failed - cv_packet values differ at .checksum: 286370765 ≠ 286370766
        .checksum: 286370765 ≠ 286370766
        actual:   {.kind = 1, .length = 0, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
        expected: {.kind = 1, .length = 0, .checksum = 286370766, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
      """)
    XCTAssertEqual(
      failure {
        XCTAssertCValuesEqual(
          sent, received, options: ComparisonOptions(fieldComparers: [".kind": .cString]), encoding: packet)
      },
      "failed - cannot compare C values: struct cv_packet: the comparer cString does not fit .kind (unsigned short)")
  }

  func testPaddingZeroed() {
    let reading = #"{cv_reading="tag"c"value"d"count"i"unit"[4c]}"#
    var bytes = [UInt8](repeating: 0, count: MemoryLayout<cv_reading>.size)
    XCTAssertEqual(
      failures { XCTAssertCPaddingZeroed(bytes: bytes, encoding: reading) },
      [])
    bytes[5] = 0xAA
    XCTAssertEqual(
      failure { XCTAssertCPaddingZeroed(bytes: bytes, encoding: reading) },
      """
      failed - cv_reading has 1 non-zero padding byte
        5..<6 (after .tag, before .value): <1 byte: aa>
      """)
  }

  func testNotEqual() {
    XCTAssertEqual(failures { XCTAssertCValuesNotEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 3)) }, [])
    XCTAssertEqual(
      failure { XCTAssertCValuesNotEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 2), "moved") },
      """
      failed - cv_point values are equal, but should differ — moved
        value: {.x = 1, .y = 2}
      """)
  }

  func testArraysAndBuffers() {
    let track = [cv_point(x: 0, y: 0), cv_point(x: 1, y: 2)]
    let bent = [cv_point(x: 0, y: 0), cv_point(x: 1, y: 2.5)]
    XCTAssertEqual(failures { XCTAssertCValuesEqual(track, track) }, [])
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(track, bent) },
      """
      failed - struct cv_point [2] values differ at [1].y: 2 ≠ 2.5 (difference 0.5)
        [1].y: 2 ≠ 2.5 (difference 0.5)
        actual[1]:   {.x = 1, .y = 2}
        expected[1]: {.x = 1, .y = 2.5}
      """)
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(track, [], "trimmed") },
      "failed - cv_point arrays differ in length: actual has 2 elements, expected has 0 — trimmed")
    track.withUnsafeBufferPointer { actual in
      bent.withUnsafeBufferPointer { expected in
        XCTAssertEqual(failures { XCTAssertCValuesEqual(actual, expected, within: .absolute(0.5)) }, [])
        XCTAssertEqual(
          failure { XCTAssertCValuesEqual(actual, expected, within: .absolute(0.25)) },
          """
          failed - struct cv_point [2] values differ at [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 0.25)
            [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 0.25)
            actual[1]:   {.x = 1, .y = 2}
            expected[1]: {.x = 1, .y = 2.5}
          """)
      }
    }
  }

  func testUnionMembers() {
    // cv_message's body is a union; byte 10 of it is in `text` only, dead when `number` is live.
    let message = UnionMemberArgumentTests.message
    let live = UnionMemberArgumentTests.number(7, 1.5)
    let deadBytesDiffer = UnionMemberArgumentTests.withDeadByte(live)
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(
          live, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: message)
      }, [])
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(live, deadBytesDiffer, encoding: message) }?.components(separatedBy: "\n")
        .first,
      #"failed - cv_message values differ at .body.text: "\007\000\000\000\000\000\300?" ≠ "\007\000\000\000\000\000\300?\000\000U" (first difference at [10])"#
    )
    XCTAssertEqual(
      failure {
        XCTAssertCValuesEqual(
          live, UnionMemberArgumentTests.number(8, 1.5),
          options: ComparisonOptions(unionMembers: [".body": UnionMemberArgumentTests.byKind]),
          encoding: message)
      },
      """
      failed - cv_message values differ at .body.number.value: 7 ≠ 8
        .body.number.value: 7 ≠ 8
        actual:   {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
        expected: {.kind = 2, .body = {.number = {.value = 8, .scale = 1.5}}}
      """)
    XCTAssertEqual(failures { XCTAssertCValuesNotEqual(live, deadBytesDiffer, encoding: message) }, [])
    XCTAssertEqual(
      failure {
        XCTAssertCValuesNotEqual(
          live, deadBytesDiffer, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: message)
      },
      """
      failed - cv_message values are equal, but should differ
        value: {.kind = 2, .body = {.number = {.value = 7, .scale = 1.5}}}
      """)
    let run = [live, live]
    let dead = [live, deadBytesDiffer]
    XCTAssertEqual(
      failures {
        XCTAssertCValuesEqual(
          run, dead, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: message)
      }, [])
    XCTAssertEqual(failures { XCTAssertCValuesEqual(run, dead, encoding: message) }.count, 1)
    run.withUnsafeBufferPointer { actual in
      dead.withUnsafeBufferPointer { expected in
        XCTAssertEqual(
          failures {
            XCTAssertCValuesEqual(
              actual, expected, options: ComparisonOptions(unionMembers: [".body": "number"]), encoding: message)
          },
          [])
        XCTAssertEqual(
          failures {
            XCTAssertCValuesEqual(
              pointers: actual.baseAddress, expected.baseAddress, count: 2,
              options: ComparisonOptions(unionMembers: [".body": "number"]),
              encoding: message)
          }, [])
        XCTAssertEqual(
          failures {
            XCTAssertCValuesEqual(pointers: actual.baseAddress, expected.baseAddress, count: 2, encoding: message)
          }.count, 1)
      }
    }
  }

  func testPointers() {
    var actual = cv_point(x: 1, y: 2)
    var expected = cv_point(x: 1, y: 2.5)
    XCTAssertEqual(failures { XCTAssertCValuesEqual(pointers: &actual, &actual, encoding: "{cv_point=dd}") }, [])
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(pointers: &actual, &expected, encoding: "{cv_point=dd}") },
      """
      failed - cv_point values differ at .1: 2 ≠ 2.5 (difference 0.5)
        .1: 2 ≠ 2.5 (difference 0.5)
        actual:   {1, 2}
        expected: {1, 2.5}
      """)
    XCTAssertEqual(
      failure { XCTAssertCValuesEqual(pointers: nil, &expected, count: 1, encoding: "{cv_point=dd}") },
      "failed - cannot compare C values: the actual pointer is NULL")
  }

  func testNullPointers() {
    let address = UnsafeRawPointer(bitPattern: 0x1000)
    XCTAssertEqual(failures { XCTAssertCPointerNull(nil as UnsafePointer<cv_point>?) }, [])
    XCTAssertEqual(failures { XCTAssertCPointerNull(nil as OpaquePointer?) }, [])
    XCTAssertEqual(failures { XCTAssertCPointerNotNull(address) }, [])
    XCTAssertEqual(failures { XCTAssertCPointerNotNull(OpaquePointer(address)) }, [])
    XCTAssertEqual(
      failure { XCTAssertCPointerNull(address, "closed") },
      "failed - expected a NULL pointer, got 0x0000000000001000 — closed")
    XCTAssertEqual(
      failure { XCTAssertCPointerNull(OpaquePointer(address)) },
      "failed - expected a NULL pointer, got 0x0000000000001000")
    XCTAssertEqual(
      failure { XCTAssertCPointerNotNull(nil as UnsafeMutableRawPointer?) },
      "failed - expected a non-NULL pointer, got NULL")
    let line = #line + 1
    let reported = failures { XCTAssertCPointerNotNull(nil as OpaquePointer?) }
    XCTAssertEqual(
      reported, [Failure(description: "failed - expected a non-NULL pointer, got NULL", file: #filePath, line: line)])
  }
}
