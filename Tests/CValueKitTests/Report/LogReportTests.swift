import CValueKit
import Testing

/// A log's entries written by the report: a line an entry and a closing count as text, one schema 1 object as
/// JSON, the comparisons in it as their own reports write them (what `TargetLog` and `cvalue log` print).
@Suite struct LogReportTests {
  private static func entries() throws -> [LogEntry] {
    let point = try ValueRegistry.shared.resolve(#"{cv_point="x"d"y"d}"#)
    let one: [UInt8] = [0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0x40]
    var other = one
    other[14] = 0x20  // .y: 2 → 8
    return [
      LogEntry(
        file: "test.c", line: 31, type: "struct cv_point", offset: 14,
        assertion: try point.compare(bytes: one, one)),
      LogEntry(
        file: "test.c", line: 33, type: "struct cv_point", message: "after scaling", offset: 60,
        assertion: try point.compare(bytes: one, other)),
      LogEntry(file: "test.c", line: 35, type: "uint16_t", offset: 120, count: 3, value: "{100, 200, 300}"),
    ]
  }

  @Test func eachEntryALineThenWhatTheyAddUpTo() throws {
    #expect(
      LogEntry.report(try Self.entries(), as: .text) == """
        test.c:31: passed: cv_point values are equal
        test.c:33: failed: after scaling: cv_point values differ at .y: 2 ≠ 8 (difference 6)
          .y: 2 ≠ 8 (difference 6)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 8}
        test.c:35: uint16_t[3] = {100, 200, 300}
        2 assertions, 1 failed; 1 value logged
        """)
    #expect(LogEntry.summary(of: []) == "0 assertions, 0 failed; 0 values logged")
  }

  @Test func oneObjectWithEachComparisonsOwn() throws {
    let entries = try Self.entries()
    guard case .assertion(let failed) = entries[1].result else {
      Issue.record("not an assertion")
      return
    }
    #expect(
      LogEntry.report(entries, as: .json)
        == #"{"assertionCount":2,"entries":[{"comparison":"# + Self.equalJSON + #","file":"test.c","#
        + #""kind":"assertion","line":31,"offset":14,"type":"struct cv_point"},{"comparison":"#
        + failed.report(as: .json) + #","file":"test.c","kind":"assertion","line":33,"message":"after scaling","#
        + #""offset":60,"type":"struct cv_point"},{"count":3,"description":"{100, 200, 300}","file":"test.c","#
        + #""kind":"value","line":35,"offset":120,"type":"uint16_t"}],"failedCount":1,"schema":1,"valueCount":1}"#)
  }

  private static let equalJSON =
    #"{"comparedFieldCount":2,"ignoredPaths":[],"isEqual":true,"mismatchCount":0,"mismatches":[],"schema":1,"#
    + #""strategy":"structural","type":"{cv_point=\"x\"d\"y\"d}","typeName":"cv_point"}"#
}
