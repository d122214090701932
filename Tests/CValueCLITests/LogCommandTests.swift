import Foundation
import TestSupport
import Testing

/// `cvalue log`: the host-built log of `cvalue_target.h`'s test source, decoded with its ELF by the tool.
@Suite(.needs(.gcc))
struct LogCommandTests {
  /// The host build's log, written to a file of the calling test's own: the tests run at once, and one test
  /// rewriting a file another reads would hand it a cut log.
  static func logFile(_ test: String = #function) throws -> (elf: String, log: String) {
    let run = try TargetFirmware.host.run()
    let path = run.elf + "-" + test.filter { $0.isLetter || $0.isNumber } + ".log.txt"
    try Data(run.log).write(to: URL(fileURLWithPath: path), options: .atomic)
    return (run.elf, path)
  }

  @Test func aFailedAssertionExitsWithStatus1() async throws {
    let (elf, log) = try Self.logFile()
    let run = try await CValue.run("log", elf, log)
    #expect(run.exited(1), "\(run)")
    #expect(run.stdout == TargetFirmware.expectedReport + "\n")
    let tolerant = try await CValue.run("log", elf, log, "--absolute", "0.01")
    #expect(tolerant.exited(1), "\(tolerant)")
    #expect(
      tolerant.stdout.split(separator: "\n")[1]
        == "target_test.c:42: failed: after calibration: reading values differ at .mode: MODE_FAULT ≠ MODE_RUN")
    #expect(run.stderr == "")
  }

  @Test func passingAssertionsExitWith0() async throws {
    let (elf, log) = try Self.logFile()
    // The log's first three records: its start, the assertion that passes on padding, and the end cut off,
    // which the firmware sends: the log is refused as cut short.
    let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
    let short = log + ".short"
    try (lines[0...1].joined(separator: "\n") + "\n").write(toFile: short, atomically: true, encoding: .utf8)
    let cut = try await CValue.run("log", elf, short)
    #expect(cut.exited(2), "\(cut)")
    #expect(cut.stderr.hasPrefix("the log ends at byte 184 without CV_TARGET_END's record"))
    try (lines[0...1].joined(separator: "\n") + "\n" + lines.last! + "\n").write(
      toFile: short, atomically: true, encoding: .utf8)
    let run = try await CValue.run("log", elf, short)
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == "target_test.c:41: passed: reading values are equal\n1 assertion, 0 failed; 0 values logged\n")
  }

  @Test func json() async throws {
    let (elf, log) = try Self.logFile()
    let run = try await CValue.run("log", elf, log, "--json")
    #expect(run.exited(1), "\(run)")
    #expect(run.stdout.hasPrefix(#"{"assertionCount":4,"entries":[{"comparison":{"comparedFieldCount":4,"#))
    #expect(run.stdout.hasSuffix(#"],"failedCount":2,"schema":1,"valueCount":2}"# + "\n"))
  }

  @Test func formatJSONIsJSONAndFormatTextTheReport() async throws {
    let (elf, log) = try Self.logFile()
    let json = try await CValue.run("log", elf, log, "--json")
    let format = try await CValue.run("log", elf, log, "--format", "json")
    #expect(format.exited(1), "\(format)")
    #expect(format.stdout == json.stdout)
    let text = try await CValue.run("log", elf, log, "--format", "text")
    #expect(text.exited(1), "\(text)")
    #expect(text.stdout == TargetFirmware.expectedReport + "\n")
  }

  @Test func aDamagedLogIsBadInput() async throws {
    let (elf, log) = try Self.logFile()
    let damaged = log + ".damaged"
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: log)))
    try #require(bytes.count > 5)
    bytes.removeLast(5)
    try Data(bytes).write(to: URL(fileURLWithPath: damaged))
    let run = try await CValue.run("log", elf, damaged)
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "")
    #expect(run.stderr == "byte 574: the record is cut short before its checksum (the log ends, or its line does)\n")
  }

  @Test func standardInputIsTheLogWhenItIsDash() async throws {
    let (elf, _) = try Self.logFile()
    // The tests' standard input is /dev/null: an empty log.
    let run = try await CValue.run("log", elf, "-")
    #expect(run.exited(2), "\(run)")
    #expect(run.stderr == "the log holds no CV1: record in its 0 bytes\n")
  }
}
