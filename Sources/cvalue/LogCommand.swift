import ArgumentParser
import CValueKit
import CValueTargetLog

struct LogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "Decode a target's log of assertions and values with its firmware's ELF, and report each one.",
    discussion: """
      Firmware built with cvalue_target.h (CV_TARGET_ASSERT_EQ, CV_TARGET_LOG and their array and _MSG forms) sends only bytes: each record is a line "CV1:<hex>:<crc32>" naming a site, an offset into the ELF's non-loaded .cvalue_sites section that holds the type's name, the file, the line and any message. This command finds the records in the log (what the firmware's sink wrote, or a capture of a UART or console in which the records are interleaved with any other output), reads the types from the ELF's DWARF for the ABI its header names, and decides here: each assertion is compared field by field as 'cvalue compare' compares (padding ignored, floats equal as numbers or within the tolerance flags, unions by the union flags, enumerations by their constants' names), and each logged value is printed as a C initializer.

      The options apply to every assertion of the log: a field path (--ignore, --field-tolerance, --union-member) must be one that each asserted type has.

      Exit status:
        0  every assertion passed
        1  an assertion failed: its report names each differing field
        2  the log or the ELF is bad: no record, a record cut short or with a bad checksum (by byte offset), a log from another build (CV_TARGET_BEGIN's stamp, an unknown site, or sizeof a type that differs), a log without CV_TARGET_END's record from a firmware that sends it, an ELF without .cvalue_sites or without debug info for a type

      --json prints one object (schema 1, keys sorted): assertionCount, failedCount, valueCount, and entries [{kind (assertion or value), file, line, type, offset (the record's byte offset in the log), count (array forms), message, comparison (as 'cvalue compare --json' prints it) or description}].

      Examples:
        qemu-system-arm -M mps2-an385 -nographic -semihosting -kernel fw.elf > fw.log
        cvalue log fw.elf fw.log
        cvalue log fw.elf fw.log --absolute 0.01 --json
        qemu-system-arm -M mps2-an385 -nographic -semihosting -kernel fw.elf | cvalue log fw.elf -
      """
  )

  @Argument(help: ArgumentHelp("The firmware's ELF, built with -g, that wrote the log.", valueName: "firmware"))
  var firmware: String

  @Argument(help: ArgumentHelp("The log: a file, or - for standard input.", valueName: "log"))
  var log: String

  @OptionGroup(title: ToleranceOptions.title) var tolerances: ToleranceOptions

  @OptionGroup(title: "What is compared") var fields: ComparedFieldOptions

  @OptionGroup(title: "Unions") var unions: UnionMemberOptions

  @OptionGroup(title: OutputOptions.title) var report: OutputOptions

  func run() throws {
    let bytes = try ByteFile.read(log == "-" ? "/dev/stdin" : log)
    let options = try CompareCommand.options(tolerances: tolerances, fields: fields, unions: unions)
    let decoded: TargetLog
    do throws(TargetLogError) {
      decoded = try TargetLog.decode(
        bytes, firmware: firmware, options: options, description: DescriptionOptions(unionMembers: options.unionMembers)
      )
    } catch {
      throw BadInput(message: error.description)
    }
    var output = StandardOutput()
    output.write(decoded.report(as: report.format) + "\n")
    output.flush()
    if decoded.failedCount > 0 { throw ExitCode(1) }
  }
}
