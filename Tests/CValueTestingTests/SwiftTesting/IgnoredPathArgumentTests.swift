import CTestTypes
import CValueKit
import CValueTesting
import Testing

/// The `ignoring:` argument: fields left out of the comparison, not counted, and listed as ignored.
/// `struct cv_packet` and `struct cv_row` are declared in CTestTypes.
@Suite("ignoring: in the expectations")
struct IgnoredPathArgumentTests {
  /// `struct cv_packet`, as clang's `@encode` gives it (`{cv_packet=SSI*^{cv_point}[4C]}`) with the names.
  static let packet =
    "{cv_packet=\"kind\"S\"length\"S\"checksum\"I\"name\"*\"origin\"^{cv_point}\"payload\"[4C]}"
  static let row = "{cv_row=\"value\"i\"stamp\"I}"

  static func packet(kind: UInt16, checksum: UInt32) -> cv_packet {
    var packet = cv_packet()
    (packet.kind, packet.length, packet.checksum, packet.payload) = (kind, 4, checksum, (1, 2, 3, 4))
    return packet
  }

  @Test("an ignored checksum passes, and a failure lists it")
  func ignoredChecksum() {
    let sent = Self.packet(kind: 1, checksum: 0xdead_beef)
    #expect(
      expectCValuesEqual(
        sent, Self.packet(kind: 1, checksum: 7), options: ComparisonOptions(ignoredPaths: [".checksum"]),
        encoding: Self.packet)?
        .isEqual == true)
    let text = RecordedIssue.text {
      expectCValuesEqual(
        sent, Self.packet(kind: 2, checksum: 7), options: ComparisonOptions(ignoredPaths: [".checksum"]),
        encoding: Self.packet)
    }
    #expect(
      text == """
        cv_packet values differ at .kind: 1 ≠ 2
          .kind: 1 ≠ 2
          ignored: .checksum
          actual:   {.kind = 1, .length = 4, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
          expected: {.kind = 2, .length = 4, .checksum = 7, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
    #expect(
      RecordedIssue.text {
        expectCValuesNotEqual(
          sent, Self.packet(kind: 1, checksum: 7), options: ComparisonOptions(ignoredPaths: [".checksum"]),
          encoding: Self.packet)
      } == """
        cv_packet values are equal (ignoring .checksum), but should differ
          value: {.kind = 1, .length = 4, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
  }

  @Test("arrays ignore a field of every element by [*]")
  func arrays() {
    let a = [cv_row(value: 1, stamp: 10), cv_row(value: 2, stamp: 20)]
    let b = [cv_row(value: 1, stamp: 11), cv_row(value: 2, stamp: 22)]
    #expect(
      expectCValuesEqual(a, b, options: ComparisonOptions(ignoredPaths: ["[*].stamp"]), encoding: Self.row)?.isEqual
        == true)
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        #expect(
          expectCValuesEqual(
            pointers: a.baseAddress, b.baseAddress, count: 2, options: ComparisonOptions(ignoredPaths: ["[*].stamp"]),
            encoding: Self.row)?.isEqual
            == true)
      }
    }
  }

  @Test("a path that names nothing is an issue")
  func unknownPath() {
    let sent = Self.packet(kind: 1, checksum: 0)
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(sent, sent, options: ComparisonOptions(ignoredPaths: [".chksum"]), encoding: Self.packet)
      }
        == "cannot compare C values: struct cv_packet has no field .chksum")
  }
}
