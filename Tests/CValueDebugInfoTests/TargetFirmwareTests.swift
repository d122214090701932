import CValueKit
import TestSupport
import Testing

@testable import CValueDebugInfo

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
