import CValueDebugInfo
public import CValueKit

/// A target's log decoded with its firmware's ELF: each assertion's verdict as a `Comparison` and each logged
/// value as a C initializer, in the order the target sent them.
///
/// On the target, `cvalue_target.h` sends bytes only: the site (an offset into the ELF's non-loaded
/// `.cvalue_sites` section, which names the type, the file, the line and any message), `sizeof` the type, and
/// the values' bytes, each record one `CV1:` line of hex with a CRC-32. Here, on the host, the records are
/// found among any other output, the types are read from the ELF's DWARF (for the ABI its header names), and
/// every verdict is decided by the one comparison pipeline (`ValueType.compare(bytes:_:count:options:)`): padding
/// ignored, floats by the options' tolerance, unions by their rules, enumerations by their constants' names.
///
/// ```swift
/// let log = try TargetLog.decode(Array(capture.utf8), firmware: "build/fw.elf")
/// log.failedCount                // 1
/// print(log.report(as: .text))   // test.c:31: passed: struct reading values are equal …
/// ```
public struct TargetLog: Sendable {
  /// One record of the log, decoded.
  public struct Entry: Sendable {
    /// What the record says on the host: an assertion's verdict, or a logged value as a C initializer.
    public enum Result: Hashable, Sendable {
      /// An assertion's verdict: equal or not, with every mismatching field.
      case assertion(Comparison)
      /// A logged value (or array of values) as a C initializer.
      case value(String)
    }

    /// Where in the source the record was sent from.
    public var site: TargetSite
    /// The byte offset in the log of the record's `CV1:`.
    public var offset: Int
    /// How many values each side holds: 1 but for the array forms.
    public var count: Int
    /// The verdict or the description.
    public var result: Result

    /// Whether this is an assertion whose values differ.
    public var failed: Bool { logEntry.failed }
  }

  /// The assertions and logged values, in the log's order (the start and end records are checked, not listed).
  public var entries: [Entry]

  /// How many assertions failed.
  public var failedCount: Int { entries.count { $0.failed } }

  /// How many assertions the log holds.
  public var assertionCount: Int {
    entries.count { if case .assertion = $0.result { true } else { false } }
  }

  /// Decodes a target's log with the firmware's ELF.
  ///
  /// ```swift
  /// var options = ComparisonOptions.default
  /// options.tolerance = FloatTolerance(absolute: 0.01)
  /// let log = try TargetLog.decode(bytes, firmware: "fw.elf", options: options)
  /// for entry in log.entries where entry.failed { print(entry.site.location) }   // test.c:35
  /// ```
  ///
  /// - Parameters:
  ///   - log: The log's bytes: what the firmware's sink wrote (a RAM buffer's dump), or a text capture of
  ///     a UART or console in which the records' lines are interleaved with any other output.
  ///   - firmware: The ELF that ran, built with `-g`: its `.cvalue_sites` names the sites, its DWARF the types,
  ///     its header the ABI.
  ///   - options: How every assertion compares (tolerances, ignored paths, union members); a path or a union
  ///     rule must fit the type of every assertion.
  ///   - description: How logged values are described.
  /// - Returns: The entries, in order.
  /// - Throws: ``TargetLogError``: a damaged or cut-short log (by byte offset), a log from another build, an
  ///   ELF without sites or without debug info for a type, a type whose `sizeof` on the target is not its size
  ///   in the ELF.
  public static func decode(
    _ log: some Collection<UInt8>, firmware: String, options: ComparisonOptions = .default,
    description: DescriptionOptions = .default
  ) throws(TargetLogError) -> TargetLog {
    let sites = try siteTable(firmware)
    let records = try TargetRecord.records(in: Array(log))
    let names = Set(records.compactMap { sites[$0.site] }.filter { !$0.type.isEmpty }.map(\.type))
    let types = try TypeResolver(firmware: firmware, names: names.sorted())
    var run = Run(sites: sites, firmware: firmware)
    var entries: [Entry] = []
    for record in records {
      guard let site = try run.check(record) else { continue }
      let value = try types.resolve(site, offset: record.offset)
      entries.append(
        try entry(record, site: site, value: value, options: options, description: description))
    }
    try run.finish(byteCount: log.count)
    return TargetLog(entries: entries)
  }

  /// The sites of the ELF's `.cvalue_sites`; an ELF that cannot be read is named as the debug-info reader
  /// names it.
  private static func siteTable(_ firmware: String) throws(TargetLogError) -> [UInt32: TargetSite] {
    guard let bytes = DebugInfoImport.section(".cvalue_sites", of: firmware) else {
      do throws(DebugInfoError) {
        _ = try DebugInfoImport.read(firmware, types: [])
      } catch {
        throw .firmware(error)
      }
      throw .noSiteTable(firmware)
    }
    return try TargetSite.table(bytes, path: firmware)
  }

  /// The entry of an assertion or logged value whose record passed ``Run/check(_:)``.
  private static func entry(
    _ record: TargetRecord, site: TargetSite, value: ValueType, options: ComparisonOptions,
    description: DescriptionOptions
  ) throws(TargetLogError) -> Entry {
    let isArray = site.kind == .assertionArray || site.kind == .valueArray
    let layoutSize = value.size ?? record.size
    guard record.size == layoutSize else {
      throw .typeSize(
        offset: record.offset, site: site.location, type: site.type, sent: record.size, firmware: layoutSize)
    }
    let sides = site.kind.hasExpected ? 2 : 1
    let (perSide, overflow) = record.size.multipliedReportingOverflow(by: record.count)
    guard !overflow, isArray || record.count == 1, record.values.count == perSide * sides else {
      throw .recordLength(
        offset: record.offset, site: site.location, byteCount: record.values.count,
        expected: overflow ? Int.max : perSide * sides)
    }
    let actual = record.values[..<perSide]
    let expected = record.values[perSide...]
    do throws(ValueError) {
      let result: Entry.Result
      switch (site.kind.hasExpected, isArray) {
      case (true, false): result = .assertion(try value.compare(bytes: actual, expected, options: options))
      case (true, true):
        result = .assertion(try value.compare(bytes: actual, expected, count: record.count, options: options))
      case (false, false): result = .value(try value.describe(bytes: actual, options: description))
      case (false, true):
        result = .value(try value.describe(bytes: actual, count: record.count, options: description))
      }
      return Entry(site: site, offset: record.offset, count: record.count, result: result)
    } catch {
      throw .type(offset: record.offset, site: site.location, type: site.type, error: error)
    }
  }
}

extension TargetLog {
  /// The start and end records of the log, checked against the ELF's: a log from another build, or one cut
  /// short, is refused.
  struct Run {
    let sites: [UInt32: TargetSite]
    let firmware: String
    /// The ELF's `CV_TARGET_BEGIN` site and its `CV_TARGET_END` site, if it has them.
    let begin: TargetSite?
    let end: TargetSite?
    var begun = false
    var ended = false

    init(sites: [UInt32: TargetSite], firmware: String) {
      self.sites = sites
      self.firmware = firmware
      begin = sites.values.first { $0.kind == .begin }
      end = sites.values.first { $0.kind == .end }
    }

    /// The site of an assertion or value record; `nil` for a start or end record, which is checked.
    mutating func check(_ record: TargetRecord) throws(TargetLogError) -> TargetSite? {
      let stamp = String(decoding: record.values, as: UTF8.self)
      if let begin, record.site == begin.id || (!begun && Self.isStamp(record.values)) {
        guard record.site == begin.id, stamp == begin.message else {
          throw .otherBuild(offset: record.offset, log: stamp, firmware: begin.message, path: firmware)
        }
        begun = true
        ended = false
        return nil
      }
      guard let site = sites[record.site] else {
        throw .unknownSite(offset: record.offset, site: record.site, firmware: firmware)
      }
      if begin != nil, !begun { throw .recordBeforeBegin(offset: record.offset) }
      if site.kind == .end {
        ended = true
        return nil
      }
      ended = false
      return site
    }

    /// Refuses a log that lacks the end record of a firmware that sends one.
    func finish(byteCount: Int) throws(TargetLogError) {
      if end != nil, !ended { throw .missingEnd(byteCount: byteCount) }
    }

    /// Whether a record's values look like a build's stamp (`Nov 28 2026 11:40:02`, or what
    /// `CV_TARGET_BUILD_STAMP` says), not a value: printable text.
    private static func isStamp(_ bytes: [UInt8]) -> Bool {
      !bytes.isEmpty && bytes.allSatisfy { (0x20..<0x7f).contains($0) }
    }
  }
}
