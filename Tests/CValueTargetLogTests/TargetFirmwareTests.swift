import CValueKit
import CValueTargetLog
import TestSupport
import Testing

/// The same test source as ``TargetLogTests``, built as Cortex-M firmware with no C library, run under QEMU
/// (its output through semihosting), and decoded with its own ELF: every verdict and description as on the host.
@Suite(.needs(.armNoneEABI), .needs(.qemu))
struct TargetFirmwareTests {
  @Test(arguments: [TargetFirmware.armGCC, .armClang])
  func decodedFromQEMU(_ firmware: TargetFirmware) throws {
    let run = try firmware.run()
    let log = try TargetLog.decode(run.log, firmware: run.elf)
    #expect(log.report(as: .text) == TargetLogTests.expected)
  }

  /// The struct's enum is one byte on the Cortex-M (arm-none-eabi's short enums), four on the host: each log is
  /// read with its own ELF's layout, the padding after the enum ignored either way.
  @Test func eachBuildIsReadForItsOwnLayout() throws {
    func firstType(_ firmware: TargetFirmware) throws -> String {
      let run = try firmware.run()
      guard case .assertion(let comparison) = try TargetLog.decode(run.log, firmware: run.elf).entries[0].result else {
        return ""
      }
      return comparison.type.description
    }
    #expect(try firstType(.armGCC) == #"{reading="channel"C"raw"l"volts"f"mode"C}"#)
    #expect(try firstType(.host) == #"{reading="channel"C"raw"i"volts"f"mode"I}"#)
  }

  @Test func aTargetLogDecodedWithTheHostsELFIsAnotherBuild() throws {
    let arm = try TargetFirmware.armGCC.run(stamp: "arm build")
    let host = try TargetFirmware.host.run()
    #expect(throws: TargetLogError.otherBuild(offset: 0, log: "arm build", firmware: "fixture build 1", path: host.elf))
    {
      try TargetLog.decode(arm.log, firmware: host.elf)
    }
  }
}

/// The same test source as the Cortex-M firmware's, built for RV32 (rv32imac, ilp32) with no C library, run under
/// qemu-system-riscv32 and decoded with its own ELF, which says what it is for (no --abi).
@Suite(.needs(.riscvElf), .needs(.qemu))
struct RISCVTargetFirmwareTests {
  @Test func decodedFromQEMU() throws {
    let run = try TargetFirmware.riscv.run()
    let log = try TargetLog.decode(run.log, firmware: run.elf)
    #expect(log.report(as: .text) == TargetLogTests.expected)
  }
}

/// A Unity suite built into Cortex-M firmware with `cvalue_unity.h`'s target mode: Unity runs and counts on the
/// target, where every `TEST_ASSERT_EQUAL_CV` passes; its records, among Unity's own lines, are decided on the
/// host. (Tests/C/run.sh runs the same source on the host, where the assertions decide at once.)
@Suite(.needs(.armNoneEABI), .needs(.qemu))
struct UnityOnTargetTests {
  @Test func unityCountsOnTheTargetAndTheHostDecides() throws {
    let run = try TargetFirmware.unityOnArm()
    let output = String(decoding: run.log, as: UTF8.self)
    let unityLines = output.split(separator: "\n").filter { !$0.contains("CV1:") }
    #expect(
      unityLines == [
        "unity_target_test.c:40:test_padding_is_not_compared:PASS",
        "unity_target_test.c:41:test_a_fault_is_reported_by_field:PASS",
        "unity_target_test.c:42:test_an_array_names_its_element:PASS",
        "unity_target_test.c:43:test_unitys_own_assertions_as_ever:PASS", "-----------------------",
        "4 Tests 0 Failures 0 Ignored ", "OK",
      ])
    let log = try TargetLog.decode(run.log, firmware: run.elf)
    #expect(
      log.report(as: .text) == """
        unity_target_test.c:19: passed: reading values are equal
        unity_target_test.c:26: failed: after a fault: reading values differ at .mode: MODE_FAULT ≠ MODE_RUN
          .mode: MODE_FAULT ≠ MODE_RUN
          actual:   {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_FAULT}
          expected: {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
        unity_target_test.c:31: failed: unsigned short [3] values differ at [2]: 300 ≠ 301
          [2]: 300 ≠ 301
          actual:   {100, 200, 300}
          expected: {100, 200, 301}
        3 assertions, 2 failed; 0 values logged
        """)
    #expect(log.failedCount == 2)
  }
}
