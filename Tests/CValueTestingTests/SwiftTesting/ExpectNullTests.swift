import CTestTypes
import CValueTesting
import Testing

@Suite("expectNull and expectNotNull")
struct ExpectNullTests {
  let address = UnsafeRawPointer(bitPattern: 0x1000)

  @Test("expectNull passes for NULL, raw, typed and opaque")
  func nullPasses() {
    #expect(expectNull(nil as UnsafeRawPointer?))
    #expect(expectNull(nil as UnsafePointer<cv_point>?))
    #expect(expectNull(nil as UnsafeMutablePointer<cv_point>?))
    #expect(expectNull(nil as OpaquePointer?))
  }

  @Test("expectNull records the address of a non-NULL pointer")
  func nullFails() {
    #expect(RecordedIssue.text { expectNull(address) } == "expected a NULL pointer, got 0x0000000000001000")
    #expect(
      RecordedIssue.text { expectNull(OpaquePointer(address), "handle closed") }
        == "expected a NULL pointer, got 0x0000000000001000 — handle closed")
    #expect(
      RecordedIssue.text { expectNull(address?.assumingMemoryBound(to: cv_point.self)) }
        == "expected a NULL pointer, got 0x0000000000001000")
  }

  @Test("expectNotNull passes for a pointer and records NULL")
  func notNull() {
    #expect(expectNotNull(address))
    #expect(expectNotNull(OpaquePointer(address)))
    #expect(RecordedIssue.text { expectNotNull(nil as UnsafeRawPointer?) } == "expected a non-NULL pointer, got NULL")
    #expect(
      RecordedIssue.text { expectNotNull(nil as OpaquePointer?, "opened") }
        == "expected a non-NULL pointer, got NULL — opened")
  }

  @Test("the issue points at the caller's line")
  func location() {
    let line = #line + 1
    let issues = RecordedIssue.capture { expectNotNull(nil as UnsafeRawPointer?) }
    #expect(issues.map(\.line) == [line])
    #expect(issues.map(\.fileID) == ["CValueTestingTests/ExpectNullTests.swift"])
  }
}
