import CTestTypes
import CValueHeaders
import CValueKit
import CValueTesting
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

  @Test("the first example's failure text is the one the README shows")
  func failureText() {
    let reading = cv_reading(tag: 65, value: 20.5, count: 4, unit: (67, 0, 0, 0))
    let calibrated = cv_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))
    let text = RecordedIssue.text { expectCValuesEqual(reading, calibrated, within: .absolute(0.001)) }
    #expect(
      text == """
        cv_reading values differ at 2 of 4 fields (.value, .count)
          .value: 20.5 ≠ 20.0 (difference 0.5, tolerance 0.001)
          .count: 4 ≠ 3
          actual:   {.tag = 65, .value = 20.5, .count = 4, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 3, .unit = "C"}
        """)
  }
}
