import CValueKit
import Testing

/// A `char` array is one field in a report: both strings, escaped where a byte is not printable, and the
/// index of the first char that differs. Whether the arrays are equal is still their bytes.
@Suite struct CharArrayReportTests {
  static let type = "{utsname=\"sysname\"[8c]\"release\"[16c]\"level\"i}"

  static func value(_ sysname: [UInt8], _ release: [UInt8], level: Int32 = 0) -> [UInt8] {
    func padded(_ text: [UInt8], to count: Int) -> [UInt8] { text + [UInt8](repeating: 0, count: count - text.count) }
    return padded(sysname, to: 8) + padded(release, to: 16) + withUnsafeBytes(of: level) { Array($0) }
  }

  @Test func twoReleasesAreOneLineWithBothStrings() throws {
    let type = try ValueRegistry.shared.resolve(Self.type)
    let result = try type.compare(
      bytes: Self.value(Array("Linux".utf8), Array("6.1.0".utf8)),
      Self.value(Array("Linux".utf8), Array("6.18.0".utf8), level: 2))
    #expect(
      result.report == """
        utsname values differ at 2 of 3 fields:
          .release: "6.1.0" ≠ "6.18.0" (first difference at [3])
          .level: 0 ≠ 2
          actual:   {.sysname = "Linux", .release = "6.1.0", .level = 0}
          expected: {.sysname = "Linux", .release = "6.18.0", .level = 2}
        """)
    #expect(result.mismatches.first?.firstDifference == 3)
  }

  @Test func bytesThatAreNotTextAreEscaped() throws {
    let type = try ValueRegistry.shared.resolve(Self.type)
    // A NUL inside the text, a control byte and a byte above ASCII: C's octal escapes, as descriptions write
    // them; the zeros after the last non-zero byte are left out, as a C initializer leaves them out.
    let result = try type.compare(
      bytes: Self.value(Array("eth0".utf8), [0x61, 0x00, 0x62]), Self.value(Array("eth0".utf8), [0x61, 0x01, 0xE9]))
    #expect(
      result.report == """
        utsname values differ at 1 of 3 fields:
          .release: "a\\000b" ≠ "a\\001\\351" (first difference at [1])
          actual:   {.sysname = "eth0", .release = {97, 0, 98, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, .level = 0}
          expected: {.sysname = "eth0", .release = {97, 1, -23, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, .level = 0}
        """)
  }

  @Test func equalArraysAndArraysOfCharsInArrays() throws {
    let type = try ValueRegistry.shared.resolve(Self.type)
    let linux = Self.value(Array("Linux".utf8), Array("6.1.0".utf8))
    #expect(try type.compare(bytes: linux, linux).isEqual)
    #expect(try type.compare(bytes: linux, linux).comparedFieldCount == 3)
    // Each element of an array of names is one field, reached by its index.
    let names = try ValueRegistry.shared.resolve("[2[4c]]")
    let summary = try names.compare(bytes: Array("ab\0\0cd\0\0".utf8), Array("ab\0\0ce\0\0".utf8)).summary
    #expect(
      summary == #"char [4] [2] values differ at [1]: "cd" ≠ "ce" (first difference at [1])"#)
  }

  @Test func unsignedCharArraysStayNumbers() throws {
    // `[N C]` holds bytes, not text: each byte is a field, as before.
    let type = try ValueRegistry.shared.resolve("{A=\"octets\"[4C]}")
    #expect(
      try type.compare(bytes: [10, 0, 0, 1], [10, 0, 0, 2]).summary == "A values differ at .octets[3]: 1 ≠ 2")
  }
}
