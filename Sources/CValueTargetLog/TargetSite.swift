/// One place in a firmware's source that sends a record through `cvalue_target.h`: what its entry in the ELF's
/// non-loaded `.cvalue_sites` section says. Its id, the entry's offset in the section, is what the target sends.
///
/// ```swift
/// site.location   // "test.c:42"
/// site.kind       // .assertion
/// site.type       // "struct reading"
/// ```
public struct TargetSite: Hashable, Sendable {
  /// What a site sends.
  public enum Kind: UInt8, Hashable, Sendable {
    /// `CV_TARGET_BEGIN`: the build's stamp.
    case begin = 0
    /// `CV_TARGET_ASSERT_EQ`: an actual and an expected value.
    case assertion = 1
    /// `CV_TARGET_LOG`: one value.
    case value = 2
    /// `CV_TARGET_ASSERT_EQ_ARRAY`: two arrays of a count of values.
    case assertionArray = 3
    /// `CV_TARGET_LOG_ARRAY`: an array of a count of values.
    case valueArray = 4
    /// `CV_TARGET_END`: the log is complete.
    case end = 5

    /// Whether the record holds an expected side too.
    var hasExpected: Bool { self == .assertion || self == .assertionArray }
  }

  /// The site's id: its entry's offset in `.cvalue_sites`.
  public var id: UInt32
  /// What the site sends.
  public var kind: Kind
  /// The type as the source spells it: `struct reading`, `uint16_t`.
  public var type: String
  /// The source file, as the compiler was given it (`__FILE__`).
  public var file: String
  /// The line (`__LINE__`).
  public var line: Int
  /// The `_MSG` form's message; for ``Kind/begin``, the build's stamp; else empty.
  public var message: String

  /// `file:line`, as a compiler names a place.
  public var location: String { "\(file):\(line)" }

  /// The sites of a `.cvalue_sites` section's bytes, by id.
  static func table(_ bytes: [UInt8], path: String) throws(TargetLogError) -> [UInt32: TargetSite] {
    var sites: [UInt32: TargetSite] = [:]
    var index = 0
    func string() throws(TargetLogError) -> String {
      guard let end = bytes[index...].firstIndex(of: 0) else {
        throw .malformedSiteTable(path, offset: index, reason: "a site's text runs past the section's end")
      }
      defer { index = end + 1 }
      return String(decoding: bytes[index..<end], as: UTF8.self)
    }
    while index < bytes.count {
      let start = index
      guard let kind = Kind(rawValue: bytes[index]) else {
        throw .malformedSiteTable(path, offset: index, reason: "kind \(bytes[index]) is no site kind")
      }
      index += 1
      let type = try string()
      let file = try string()
      let lineText = try string()
      guard let line = Int(lineText) else {
        throw .malformedSiteTable(path, offset: start, reason: "line \"\(lineText)\" is not a number")
      }
      let message = try string()
      sites[UInt32(start)] = TargetSite(
        id: UInt32(start), kind: kind, type: type, file: file, line: line, message: message)
    }
    return sites
  }
}
