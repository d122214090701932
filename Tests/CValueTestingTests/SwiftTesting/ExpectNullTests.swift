import CTestTypes
import CValueTesting
import Testing

@Suite("expectCPointerNull and expectCPointerNotNull")
struct ExpectCPointerNullTests {
  let address = UnsafeRawPointer(bitPattern: 0x1000)

  @Test("expectCPointerNull passes for NULL, raw, typed and opaque")
  func nullPasses() {
    #expect(expectCPointerNull(nil as UnsafeRawPointer?))
    #expect(expectCPointerNull(nil as UnsafePointer<cv_point>?))
    #expect(expectCPointerNull(nil as UnsafeMutablePointer<cv_point>?))
    #expect(expectCPointerNull(nil as OpaquePointer?))
  }

  @Test("expectCPointerNull records the address of a non-NULL pointer")
  func nullFails() {
    #expect(RecordedIssue.text { expectCPointerNull(address) } == "expected a NULL pointer, got 0x0000000000001000")
    #expect(
      RecordedIssue.text { expectCPointerNull(OpaquePointer(address), "handle closed") }
        == "expected a NULL pointer, got 0x0000000000001000 — handle closed")
    #expect(
      RecordedIssue.text { expectCPointerNull(address?.assumingMemoryBound(to: cv_point.self)) }
        == "expected a NULL pointer, got 0x0000000000001000")
  }

  @Test("expectCPointerNotNull passes for a pointer and records NULL")
  func notNull() {
    #expect(expectCPointerNotNull(address))
    #expect(expectCPointerNotNull(OpaquePointer(address)))
    #expect(
      RecordedIssue.text { expectCPointerNotNull(nil as UnsafeRawPointer?) } == "expected a non-NULL pointer, got NULL")
    #expect(
      RecordedIssue.text { expectCPointerNotNull(nil as OpaquePointer?, "opened") }
        == "expected a non-NULL pointer, got NULL — opened")
  }

  @Test("the issue points at the caller's line")
  func location() {
    let line = #line + 1
    let issues = RecordedIssue.capture { expectCPointerNotNull(nil as UnsafeRawPointer?) }
    #expect(issues.map(\.line) == [line])
    #expect(issues.map(\.fileID) == ["CValueTestingTests/ExpectNullTests.swift"])
  }
}
