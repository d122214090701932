import CTestTypes
import CValueHeaders
import CValueKit
import CValueTesting
import Foundation
import Glibc
import Testing

// The README's first examples, verbatim (Scripts/check-readme-examples.py checks that they stay so).

@Test func listenerBindsToPort80() throws {
  let catalog = TypeCatalog()
  try catalog.importHeaders(["netinet/in.h"])
  var expected = sockaddr_in6()
  expected.sin6_family = sa_family_t(AF_INET6)
  expected.sin6_port = in_port_t(80).bigEndian
  let bound = expected  // what the C code under test filled in
  expectCValuesEqual(bound, expected, registry: ValueRegistry(catalog: catalog))
}

// struct cv_reading { char tag; double value; int count; char unit[4]; };  (from your C module)
@Test func readingMatchesCalibration() {
  let reading = cv_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
  let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
  expectCValuesEqual(reading, calibrated, within: .absolute(0.001))
}

/// The header declaring the README's tagged message: the CTestTypes target's own.
let messageHeader = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .appending(path: "CTestTypes/include/CTestTypes.h").path

// message.h, in your C module:
//   enum cv_message_kind { CV_MESSAGE_TEXT = 1, CV_MESSAGE_NUMBER = 2, CV_MESSAGE_POINT = 3 };
//   struct cv_message {
//     enum cv_message_kind kind;
//     union { char text[12]; struct { int value; float scale; } number; struct { float x, y; } point; } body;
//   };
@Test func replyCarriesTheNumber() throws {
  let catalog = TypeCatalog()
  try catalog.importHeaders([messageHeader])
  let registry = ValueRegistry(catalog: catalog)
  try registry.register(
    "struct cv_message", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"]), at: ".body")
  var sent = cv_message()
  sent.kind = CV_MESSAGE_NUMBER
  sent.body.number.value = 7
  sent.body.number.scale = 0.5
  let reply = sent  // what the C code under test sent back
  expectCValuesEqual(reply, sent, registry: registry)
}

@Suite("README example")
struct ReadmeExampleTests {
  @Test("the header example's failure text is the one the README shows")
  func headerFailureText() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h"])
    var expected = sockaddr_in6()
    expected.sin6_family = sa_family_t(AF_INET6)
    expected.sin6_port = in_port_t(80).bigEndian
    var bound = expected
    bound.sin6_port = in_port_t(8080).bigEndian
    let text = RecordedIssue.text { expectCValuesEqual(bound, expected, registry: ValueRegistry(catalog: catalog)) }
    let any =
      "{.__in6_u = {.__u6_addr8 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, .__u6_addr16 = {0, 0, 0, 0, 0, 0, 0, 0}, .__u6_addr32 = {0, 0, 0, 0}}}"
    #expect(
      text == """
        sockaddr_in6 values differ at .sin6_port: 36895 ≠ 20480
          .sin6_port: 36895 ≠ 20480
          actual:   {.sin6_family = 10, .sin6_port = 36895, .sin6_flowinfo = 0, .sin6_addr = \(any), .sin6_scope_id = 0}
          expected: {.sin6_family = 10, .sin6_port = 20480, .sin6_flowinfo = 0, .sin6_addr = \(any), .sin6_scope_id = 0}
        """)
  }

  @Test("the tagged union example: dead bytes are ignored, and a different tag reads as the README shows")
  func taggedUnionText() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([messageHeader])
    let registry = ValueRegistry(catalog: catalog)
    try registry.register(
      "struct cv_message", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"]), at: ".body"
    )
    var sent = cv_message()
    sent.kind = CV_MESSAGE_NUMBER
    sent.body.number.value = 7
    sent.body.number.scale = 0.5
    var deadBytes = sent
    withUnsafeMutableBytes(of: &deadBytes.body) { $0[10] = 0x7F }  // text[10]: outside number's 8 bytes
    #expect(expectCValuesEqual(deadBytes, sent, registry: registry)?.isEqual == true)
    #expect(try !ValueRegistry(catalog: catalog).resolve(swiftType: cv_message.self).isEqual(deadBytes, sent))
    var point = cv_message()
    point.kind = CV_MESSAGE_POINT
    point.body.point.x = 7
    point.body.point.y = 0.5
    let text = RecordedIssue.text { expectCValuesEqual(point, sent, registry: registry) }
    #expect(
      text == """
        cv_message values differ at 2 of 2 fields (.kind, .body)
          .kind: CV_MESSAGE_POINT ≠ CV_MESSAGE_NUMBER
          .body: {.point = {.x = 7, .y = 0.5}} ≠ {.number = {.value = 7, .scale = 0.5}}
          actual:   {.kind = CV_MESSAGE_POINT, .body = {.point = {.x = 7, .y = 0.5}}}
          expected: {.kind = CV_MESSAGE_NUMBER, .body = {.number = {.value = 7, .scale = 0.5}}}
        """)
  }

  @Test("the first example's failure text is the one the README shows")
  func failureText() {
    let reading = cv_reading(tag: 65, value: 20.5, count: 4, unit: (67, 0, 0, 0))
    let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
    let text = RecordedIssue.text { expectCValuesEqual(reading, calibrated, within: .absolute(0.001)) }
    #expect(
      text == """
        cv_reading values differ at 2 of 4 fields (.value, .count)
          .value: 20.5 ≠ 20 (difference 0.5, tolerance 0.001)
          .count: 4 ≠ 3
          actual:   {.tag = 65, .value = 20.5, .count = 4, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
        """)
  }
}
