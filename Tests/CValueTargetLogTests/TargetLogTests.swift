import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueTargetLog

/// A log written through `cvalue_target.h` by a program built for the host (no QEMU), decoded with its ELF:
/// the verdicts, the descriptions, and every way a log or an ELF can be wrong.
@Suite(.needs(.gcc))
struct TargetLogTests {
  static let expected = TargetFirmware.expectedReport

  /// The host build's log as lines.
  static func lines() throws -> [String] {
    String(decoding: try TargetFirmware.host.run().log, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
  }

  /// The error decoding `log` with the host build's ELF.
  static func error(decoding log: String, firmware: String? = nil) throws -> TargetLogError? {
    let elf = try firmware ?? TargetFirmware.host.run().elf
    do {
      _ = try TargetLog.decode(Array(log.utf8), firmware: elf)
      return nil
    } catch {
      return error
    }
  }

  @Test func passingAndFailingAssertionsAndLoggedValues() throws {
    let run = try TargetFirmware.host.run()
    let log = try TargetLog.decode(run.log, firmware: run.elf)
    #expect(log.report(as: .text) == Self.expected)
    #expect(log.failedCount == 2)
    #expect(log.entries.map(\.site.kind) == [.assertion, .assertion, .value, .assertionArray, .valueArray, .assertion])
    #expect(log.entries.map(\.offset) == [82, 184, 286, 363, 465, 515])
  }

  @Test func theOtherOutputOfTheFirmwareIsPassedBy() throws {
    let text = String(decoding: try TargetFirmware.host.run().log, as: UTF8.self)
    #expect(text.contains("boot: sensors CV1:"))
    #expect(text.contains("frames\nCV1:"))
  }

  /// A RAM buffer read by a debugger: binary bytes before the records and its unused zeros after them.
  @Test func aRawBufferWithBinaryBytesAround() throws {
    let run = try TargetFirmware.host.run()
    let buffer: [UInt8] = [0xff, 0x00, 0x43, 0x56, 0x0a] + run.log + [UInt8](repeating: 0, count: 1024)
    let log = try TargetLog.decode(buffer, firmware: run.elf)
    #expect(log.report(as: .text) == Self.expected)
    #expect(log.entries[0].offset == 82 + 5)
  }

  @Test func toleranceDecidesOnTheHost() throws {
    let run = try TargetFirmware.host.run()
    var options = ComparisonOptions.default
    options.tolerance = FloatTolerance(absolute: 0.01)
    let log = try TargetLog.decode(run.log, firmware: run.elf, options: options)
    #expect(
      log.report(as: .text).split(separator: "\n")[1]
        == "target_test.c:42: failed: after calibration: reading values differ at .mode: MODE_FAULT ≠ MODE_RUN")
  }

  @Test func json() throws {
    let run = try TargetFirmware.host.run()
    let text = try TargetLog.decode(run.log, firmware: run.elf).report(as: .json)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["assertionCount"] as? Int == 4)
    #expect(object["failedCount"] as? Int == 2)
    #expect(object["valueCount"] as? Int == 2)
    let entries = try #require(object["entries"] as? [[String: Any]])
    #expect(
      entries.map { $0["kind"] as? String } == ["assertion", "assertion", "value", "assertion", "value", "assertion"])
    #expect(entries[1]["message"] as? String == "after calibration")
    #expect((entries[1]["comparison"] as? [String: Any])?["mismatchCount"] as? Int == 2)
    #expect(entries[4]["description"] as? String == "{100, 200, 300}")
    #expect(entries[4]["count"] as? Int == 3)
    #expect(entries[4]["type"] as? String == "uint16_t")
    #expect(entries[4]["line"] as? Int == 46)
    #expect(entries[4]["file"] as? String == "target_test.c")
  }

  @Test func aRecordCutShort() throws {
    let lines = try Self.lines()
    let cut = lines[0...2].joined(separator: "\n") + "\n" + lines[3].prefix(40)
    #expect(try Self.error(decoding: cut) == .truncatedRecord(offset: 286))
    #expect(try Self.error(decoding: cut + "\nmore output\n") == .truncatedRecord(offset: 286))
  }

  @Test func aDamagedRecord() throws {
    var lines = try Self.lines()
    // One hex digit of the second record's values changed: its checksum no longer holds.
    var bytes = Array(lines[1].utf8)
    bytes[60] = bytes[60] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
    lines[1] = String(decoding: bytes, as: UTF8.self)
    let error = try #require(try Self.error(decoding: lines.joined(separator: "\n")))
    guard case .checksum(let offset, _, _) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(offset == 82)
    #expect("\(error)".hasPrefix("byte 82: record checksum 0x"))
  }

  @Test func aByteThatIsNoHexDigit() throws {
    var lines = try Self.lines()
    lines[2] = "CV1:x" + lines[2].dropFirst(5)
    #expect(
      try Self.error(decoding: lines.joined(separator: "\n"))
        == .badRecord(offset: 188, reason: "'x' in the record at byte 184, where a lowercase hex digit belongs"))
  }

  @Test func aSiteTheELFDoesNotHave() throws {
    let lines = try Self.lines()
    let record = Self.record(site: 0xfff0, size: 2, count: 1, values: [1, 0])
    let log = ([lines[0], record] + lines[1...]).joined(separator: "\n")
    #expect(
      try Self.error(decoding: log)
        == .unknownSite(offset: 68, site: 0xfff0, firmware: try TargetFirmware.host.run().elf))
  }

  @Test func aSizeofThatIsNotTheELFs() throws {
    let lines = try Self.lines()
    // The first assertion's site, sending 12-byte values where the ELF's struct reading has 16.
    let site = UInt32(lines[1].components(separatedBy: "CV1:")[1].prefix(8), radix: 16).map { $0.byteSwapped } ?? 0
    let record = Self.record(site: site, size: 12, count: 1, values: Array(repeating: 0, count: 24))
    let log = [lines[0], record].joined(separator: "\n")
    #expect(
      try Self.error(decoding: log)
        == .typeSize(offset: 68, site: "target_test.c:41", type: "struct reading", sent: 12, firmware: 16))
  }

  @Test func aLogFromAnotherBuild() throws {
    let other = try TargetFirmware.host.run(stamp: "fixture build 2")
    let log = String(decoding: other.log, as: UTF8.self)
    let elf = try TargetFirmware.host.run().elf
    #expect(
      try Self.error(decoding: log)
        == .otherBuild(offset: 0, log: "fixture build 2", firmware: "fixture build 1", path: elf))
    #expect(
      "\(try #require(try Self.error(decoding: log)))"
        == "byte 0: the log is from the build of fixture build 2, but \(elf) is the build of fixture build 1: "
        + "decode the log with the ELF that was flashed")
  }

  @Test func aLogWithoutItsStartOrItsEnd() throws {
    let lines = try Self.lines()
    #expect(try Self.error(decoding: lines[1...].joined(separator: "\n")) == .recordBeforeBegin(offset: 14))
    let withoutEnd = lines[..<(lines.count - 2)].joined(separator: "\n") + "\n"
    #expect(try Self.error(decoding: withoutEnd) == .missingEnd(byteCount: withoutEnd.utf8.count))
  }

  @Test func noRecordsAndNoSites() throws {
    #expect(try Self.error(decoding: "hello\n") == .noRecords(byteCount: 6))
    let noSites = try TargetFirmware.host(
      source: """
        #include <stddef.h>
        void cv_target_write(const void *bytes, size_t count) { (void)bytes; (void)count; }
        int main(void) { return 0; }

        """, name: "no-sites"
    ).elf
    #expect(try Self.error(decoding: "CV1:", firmware: noSites) == .noSiteTable(noSites))
    #expect(
      try Self.error(decoding: "", firmware: "/nonexistent/fw.elf") == .firmware(.fileNotFound("/nonexistent/fw.elf")))
  }

  @Test func cBasicTypesAndTypedefs() throws {
    let run = try TargetFirmware.host(
      source: """
        #include <stdio.h>
        #include "cvalue_target.h"
        typedef struct { double x, y; } point;
        void cv_target_write(const void *bytes, size_t count) { fwrite(bytes, 1, count, stdout); }
        int main(void) {
          int i = -42;
          unsigned char c = 200;
          long l = -1;
          float f = 1.5f;
          double d[2] = {0.1, 0.2}, e[2] = {0.1, 0.25};
          point p = {1, 2}, q = {1, 2};
          CV_TARGET_LOG(int, i);
          CV_TARGET_LOG(unsigned char, c);
          CV_TARGET_LOG(long, l);
          CV_TARGET_LOG_MSG(float, f, "gain");
          CV_TARGET_ASSERT_EQ_ARRAY(double, d, e, 2);
          CV_TARGET_ASSERT_EQ(point, p, q);
          return 0;
        }

        """, name: "basic")
    #expect(
      try TargetLog.decode(run.log, firmware: run.elf).report(as: .text) == """
        basic.c:12: int = -42
        basic.c:13: unsigned char = 200
        basic.c:14: long = -1
        basic.c:15: gain: float = 1.5
        basic.c:16: failed: double [2] values differ at [1]: 0.2 ≠ 0.25 (difference 0.04999999999999999)
          [1]: 0.2 ≠ 0.25 (difference 0.04999999999999999)
          actual:   {0.1, 0.2}
          expected: {0.1, 0.25}
        basic.c:17: passed: point values are equal
        2 assertions, 1 failed; 4 values logged
        """)
  }

  /// Enumerations by name whatever the shape (issue 52): the logged type itself an enum, by its tag and by a
  /// typedef of an anonymous one, and an enum member of an anonymous struct.
  @Test func enumerationsInEveryShape() throws {
    let run = try TargetFirmware.host(
      source: """
        #include <stdio.h>
        #include "cvalue_target.h"
        enum pwr_state { PWR_OFF, PWR_ON };
        typedef enum { LEVEL_LOW = 10, LEVEL_HIGH = 30 } level_t;
        enum mode { MODE_OFF, MODE_RUN, MODE_FAULT };
        typedef struct { enum mode mode; char c; } anon_t;
        void cv_target_write(const void *bytes, size_t count) { fwrite(bytes, 1, count, stdout); }
        int main(void) {
          enum pwr_state s = PWR_ON;
          level_t l = LEVEL_LOW, h = LEVEL_HIGH, other = (level_t)11;
          anon_t a = {MODE_RUN, 1}, b = {MODE_FAULT, 1};
          CV_TARGET_LOG(enum pwr_state, s);
          CV_TARGET_LOG(level_t, other);
          CV_TARGET_ASSERT_EQ(level_t, l, h);
          CV_TARGET_ASSERT_EQ(anon_t, a, b);
          return 0;
        }

        """, name: "enums")
    let report = try TargetLog.decode(run.log, firmware: run.elf).report(as: .text)
    #expect(
      report == """
        enums.c:12: enum pwr_state = PWR_ON
        enums.c:13: level_t = 11
        enums.c:14: failed: level_t values differ: LEVEL_LOW ≠ LEVEL_HIGH
          value: LEVEL_LOW ≠ LEVEL_HIGH
          actual:   LEVEL_LOW
          expected: LEVEL_HIGH
        enums.c:15: failed: anon_t values differ at .mode: MODE_RUN ≠ MODE_FAULT
          .mode: MODE_RUN ≠ MODE_FAULT
          actual:   {.mode = MODE_RUN, .c = 1}
          expected: {.mode = MODE_FAULT, .c = 1}
        2 assertions, 2 failed; 2 values logged
        """, "\(report)")
  }

  /// A record as `cvalue_target.c` writes it.
  static func record(site: UInt32, size: UInt32, count: UInt32, values: [UInt8]) -> String {
    func word(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    let bytes = word(site) + word(size) + word(count) + values
    let hex = bytes.map { String(format: "%02x", $0) }.joined()
    return "CV1:\(hex):\(String(format: "%08x", TargetRecord.crc32(bytes)))"
  }
}
