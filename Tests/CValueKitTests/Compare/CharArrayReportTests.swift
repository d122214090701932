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

  @Test func aLongArrayShowsTheBytesAroundItsFirstDifference() throws {
    // `char label[200]` holding "abc", and a stray byte at [150] after the NUL: the field line says where,
    // and shows eight bytes around it rather than 145 escapes a side.
    let type = try ValueRegistry.shared.resolve("{tag=\"label\"[200c]}")
    var actual = Array("abc".utf8) + [UInt8](repeating: 0, count: 197)
    var expected = actual
    actual[150] = 1
    expected[150] = 2
    let result = try type.compare(bytes: actual, expected)
    #expect(
      result.report.split(separator: "\n").prefix(2) == [
        "tag values differ at 1 of 1 field:",
        #"  .label: …"\000\000\000\000\001\000\000\000"… ≠ …"\000\000\000\000\002\000\000\000"… "#
          + "(first difference at [150], chars 146..<154 shown)",
      ])
    #expect(result.mismatches.first?.excerpt == 146..<154)
    #expect(result.mismatches.first?.firstDifference == 150)
    // At the start of the array, the window starts there too; a short array keeps both whole strings.
    var late = actual
    late[1] = UInt8(ascii: "x")
    #expect(
      try type.compare(bytes: late, actual).mismatches.first?.description
        == #".label: "axc\000\000"… ≠ "abc\000\000"… (first difference at [1], chars 0..<5 shown)"#)
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
