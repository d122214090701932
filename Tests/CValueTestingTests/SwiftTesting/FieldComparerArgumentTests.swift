import CTestTypes
import CValueKit
import CValueTesting
import Testing

/// The `fieldComparers:` argument, spelled as `ComparisonOptions.fieldComparers`: a field compared by its
/// own comparer instead of its type's rules. `struct cv_packet` is declared in CTestTypes.
@Suite("fieldComparers: in the expectations")
struct FieldComparerArgumentTests {
  static let packet = IgnoredPathArgumentTests.packet
  /// A receiver checks the low 16 bits of a checksum only.
  static let low16 = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }

  @Test("a checksum compared by its low 16 bits")
  func checksum() {
    let sent = IgnoredPathArgumentTests.packet(kind: 1, checksum: 0x1111_abcd)
    let received = IgnoredPathArgumentTests.packet(kind: 1, checksum: 0x2222_abcd)
    #expect(
      expectCValuesEqual(
        sent, received, options: ComparisonOptions(fieldComparers: [".checksum": Self.low16]), encoding: Self.packet)?
        .isEqual
        == true)
    #expect(
      RecordedIssue.text {
        expectCValuesNotEqual(
          sent, received, options: ComparisonOptions(fieldComparers: [".checksum": Self.low16]), encoding: Self.packet)
      } == """
        cv_packet values are equal, but should differ
          value: {.kind = 1, .length = 4, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(
          sent, IgnoredPathArgumentTests.packet(kind: 1, checksum: 0x1111_abce),
          options: ComparisonOptions(fieldComparers: [".checksum": Self.low16]), encoding: Self.packet)
      } == """
        cv_packet values differ at .checksum: 286370765 ≠ 286370766
          .checksum: 286370765 ≠ 286370766
          actual:   {.kind = 1, .length = 4, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
          expected: {.kind = 1, .length = 4, .checksum = 286370766, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
  }

  @Test("names as C strings, in arrays and through pointers; an ignored path wins")
  func cStringsArraysAndPointers() {
    "eth0".withCString { first in
      String("eth0").withCString { second in
        var a = IgnoredPathArgumentTests.packet(kind: 1, checksum: 0)
        a.name = first
        var b = a
        b.name = second
        #expect(
          expectCValuesEqual(
            [a, a], [b, b], options: ComparisonOptions(fieldComparers: ["[*].name": .cString]), encoding: Self.packet)?
            .isEqual
            == true)
        withUnsafeBytes(of: a) { x in
          withUnsafeBytes(of: b) { y in
            #expect(
              expectCValuesEqual(
                pointers: x.baseAddress, y.baseAddress, options: ComparisonOptions(fieldComparers: [".name": .cString]),
                encoding: Self.packet)?
                .isEqual == true)
          }
        }
        b.name = nil
        #expect(
          expectCValuesEqual(
            a, b, options: ComparisonOptions(ignoredPaths: [".name"], fieldComparers: [".name": .cString]),
            encoding: Self.packet)?
            .isEqual == true)
      }
    }
  }

  @Test("a comparer that does not fit its field is an issue")
  func misfit() {
    let sent = IgnoredPathArgumentTests.packet(kind: 1, checksum: 0)
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(
          sent, sent, options: ComparisonOptions(fieldComparers: [".kind": .cString]), encoding: Self.packet)
      }
        == "cannot compare C values: struct cv_packet: the comparer cString does not fit .kind (unsigned short)")
    #expect(
      RecordedIssue.text {
        expectCValuesEqual(
          sent, sent, options: ComparisonOptions(fieldComparers: [".chksum": Self.low16]), encoding: Self.packet)
      } == "cannot compare C values: struct cv_packet has no field .chksum")
  }
}
