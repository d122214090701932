public import CValueDebugInfo
public import CValueKit

/// Why a target's log could not be decoded with a firmware's ELF: each case names where, as a byte offset
/// in the log (of the record's `CV1:`, or of the bad byte) or in the ELF's `.cvalue_sites` section, and its
/// ``description`` says what to do.
///
/// ```swift
/// do {
///   _ = try TargetLog.decode(log, firmware: "build/fw.elf")
/// } catch {
///   print(error)   // byte 120: record checksum 0x1c291ca3, but its bytes sum to 0x5e8e2e2a: damaged in transit
/// }
/// ```
public enum TargetLogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The ELF could not be read, or has no debug info for a type a site names.
  case firmware(DebugInfoError)
  /// The ELF has no `.cvalue_sites` section: it was not built with `cvalue_target.h`, or is another file.
  case noSiteTable(String)
  /// The ELF's `.cvalue_sites` section is not a list of sites from this tool's `cvalue_target.h`.
  case malformedSiteTable(String, offset: Int, reason: String)
  /// The log holds no record (no `CV1:`) in its `byteCount` bytes.
  case noRecords(byteCount: Int)
  /// A record's line ends (or the log does) before its checksum: cut short.
  case truncatedRecord(offset: Int)
  /// A byte of a record that is not a lowercase hex digit where one belongs (`reason` says what was found).
  case badRecord(offset: Int, reason: String)
  /// A record whose CRC-32 is not that of its bytes: damaged, or interleaved with other output mid-record.
  case checksum(offset: Int, sent: UInt32, computed: UInt32)
  /// A record whose site is no site of the ELF: the log is from another build.
  case unknownSite(offset: Int, site: UInt32, firmware: String)
  /// The log's start record names another build than the ELF's.
  case otherBuild(offset: Int, log: String, firmware: String, path: String)
  /// A record before the log's start record (`CV_TARGET_BEGIN`), in a firmware that has one: unchecked.
  case recordBeforeBegin(offset: Int)
  /// The log ends without the end record (`CV_TARGET_END`) of a firmware that sends one: cut short.
  case missingEnd(byteCount: Int)
  /// A record's byte count is not what its header (size and count) and its site's kind say.
  case recordLength(offset: Int, site: String, byteCount: Int, expected: Int)
  /// `sizeof` the type where it was asserted or logged is not its size in the ELF's debug info.
  case typeSize(offset: Int, site: String, type: String, sent: Int, firmware: Int)
  /// The type a site names cannot be resolved or compared with these options.
  case type(offset: Int, site: String, type: String, error: ValueError)

  /// What went wrong, where, and how to fix it.
  public var description: String {
    switch self {
    case .firmware(let error): return "\(error)"
    case .noSiteTable(let path):
      return "\(path) has no .cvalue_sites section: build the firmware with cvalue_target.h and its sites "
        + "(CV_TARGET_ASSERT_EQ, CV_TARGET_LOG), and do not strip the section"
    case .malformedSiteTable(let path, let offset, let reason):
      return "\(path): .cvalue_sites at offset \(offset): \(reason)"
    case .noRecords(let count): return "the log holds no CV1: record in its \(count) bytes"
    case .truncatedRecord(let offset):
      return "byte \(offset): the record is cut short before its checksum (the log ends, or its line does)"
    case .badRecord(let offset, let reason): return "byte \(offset): \(reason)"
    case .checksum(let offset, let sent, let computed):
      return "byte \(offset): record checksum \(Self.hex(sent)), but its bytes sum to \(Self.hex(computed)): "
        + "damaged in transit, or other output was written into it"
    case .unknownSite(let offset, let site, let firmware):
      return "byte \(offset): site \(Self.hex(site)) is no site of \(firmware): the log is from another build"
    case .otherBuild(let offset, let log, let firmware, let path):
      return "byte \(offset): the log is from the build of \(log), but \(path) is the build of \(firmware): "
        + "decode the log with the ELF that was flashed"
    case .recordBeforeBegin(let offset):
      return "byte \(offset): a record before CV_TARGET_BEGIN's, whose build cannot be checked: the log's "
        + "start is missing"
    case .missingEnd(let count):
      return "the log ends at byte \(count) without CV_TARGET_END's record: it was cut short, or the firmware "
        + "stopped before the end"
    case .recordLength(let offset, let site, let count, let expected):
      return "byte \(offset): the record of \(site) holds \(count) bytes of values, but its size and count "
        + "say \(expected)"
    case .typeSize(let offset, let site, let type, let sent, let firmware):
      return "byte \(offset): sizeof(\(type)) is \(sent) at \(site), but \(firmware) in the ELF's debug info: "
        + "the log is from another build, or the code was compiled with other flags"
    case .type(let offset, let site, let type, let error):
      return "byte \(offset): \(type) at \(site): \(error)"
    }
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}
