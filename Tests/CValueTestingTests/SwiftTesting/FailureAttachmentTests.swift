import CTestTypes
import CValueKit
import CValueTesting
import Foundation
import TestSupport
import Testing

/// What a failing `expectCValuesEqual` attaches (Swift 6.2+): the whole report and both values' bytes,
/// padding marked and differing bytes flagged.
///
/// Swift Testing 6.3 gives a test no way to read attachments back in its own process: `Issue` has no
/// attachments, and the event handler that sees them (`Configuration.eventHandler`) is SPI, absent from the
/// toolchain's `Testing.swiftinterface`. What it does give is its runner's `--attachments-path`, which
/// writes every recorded attachment to a file by its name; ``attachmentsReadBack()`` runs the probe test in
/// a test process of its own with that option and reads the files back.
@Suite("failure attachments")
struct FailureAttachmentTests {
  static let reading = "{cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}"

  @Test("the byte dump marks padding and flags differing bytes")
  func byteDump() throws {
    let layout = try ValueRegistry().resolve(Self.reading).layout
    var actual = [UInt8](repeating: 0, count: 24)
    var expected = actual
    (actual[0], expected[0]) = (0x41, 0x41)
    actual[2] = 0x11  // padding
    expected[16] = 3  // .count
    let text = actual.withUnsafeBytes { a in
      expected.withUnsafeBytes { b in ByteDump.text(a, b, typeName: "cv_reading", layout: layout) }
    }
    #expect(
      text == """
        cv_reading: 24 bytes (~ padding, * differs, ! padding that differs)
        offset  actual                            expected
        0000    41  00~ 11! 00~ 00~ 00~ 00~ 00~   41  00~ 00! 00~ 00~ 00~ 00~ 00~
        0008    00  00  00  00  00  00  00  00    00  00  00  00  00  00  00  00
        0010    00* 00  00  00  00  00  00  00    03* 00  00  00  00  00  00  00
        """)
  }

  @Test("a failing expectation still records one issue with the report")
  func oneIssue() {
    let issues = RecordedIssue.capture { expectCValuesEqual(cv_point(x: 1, y: 2), cv_point(x: 1, y: 3)) }
    #expect(issues.count == 1)
  }

  /// Set in the environment of the test process ``attachmentsReadBack()`` starts, so that the probe runs
  /// there only.
  static let probe = "CVALUE_ATTACHMENT_PROBE"

  @Test(
    "attachment probe, run by attachmentsReadBack in a process of its own",
    .enabled(if: ProcessInfo.processInfo.environment[FailureAttachmentTests.probe] != nil))
  func attachmentProbe() {
    // cv_reading's bytes as C wrote them: 0xaa in the actual value's padding, .count 3 against 4.
    var actual: [UInt8] = [0x41, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa] + [0, 0, 0, 0, 0, 0, 0x34, 0x40]
    actual += [3, 0, 0, 0, 0x43, 0, 0, 0]
    var expected = actual
    for offset in 1..<8 { expected[offset] = 0 }
    expected[16] = 4
    _ = RecordedIssue.capture {
      actual.withUnsafeBytes { a in
        expected.withUnsafeBytes { b in
          _ = expectCValuesEqual(pointers: a.baseAddress, b.baseAddress, encoding: Self.reading)
        }
      }
    }
  }

  @Test("the attachments read back: the whole report, and the bytes with padding marked and differences flagged")
  func attachmentsReadBack() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-attachments-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var environment = ProcessInfo.processInfo.environment
    environment[Self.probe] = "1"
    let log = directory.appendingPathComponent("log").path
    let pid = try Subprocess.spawn(
      executable,
      [
        "--testing-library", "swift-testing", "--filter", "FailureAttachmentTests/attachmentProbe",
        "--attachments-path", directory.path,
      ], environment: environment, stdout: log, stderr: log)
    let status = Subprocess.exitStatus(Subprocess.waitForExit(pid))
    #expect(status == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "log" }.sorted()
    #expect(names == ["cv_reading bytes.txt", "cv_reading report.txt"])
    let report = try String(contentsOf: directory.appendingPathComponent("cv_reading report.txt"), encoding: .utf8)
    #expect(
      report == """
        cv_reading values differ at 1 of 4 fields:
          .count: 3 ≠ 4
          actual:   {.tag = 65, .value = 20, .count = 3, .unit = "C"}
          expected: {.tag = 65, .value = 20, .count = 4, .unit = "C"}
        """)
    let bytes = try String(contentsOf: directory.appendingPathComponent("cv_reading bytes.txt"), encoding: .utf8)
    #expect(
      bytes == """
        cv_reading: 24 bytes (~ padding, * differs, ! padding that differs)
        offset  actual                            expected
        0000    41  aa! aa! aa! aa! aa! aa! aa!   41  00! 00! 00! 00! 00! 00! 00!
        0008    00  00  00  00  00  00  34  40    00  00  00  00  00  00  34  40
        0010    03* 00  00  00  43  00  00  00    04* 00  00  00  43  00  00  00
        """)
  }
}
