import CTestTypes
import CValueKit
import CValueNimble
import Nimble
import Testing

/// The matchers' `ignoring:` on `struct cv_packet` (CTestTypes): an ignored checksum is not compared, and a
/// failure lists it. In the serialized suite, because Nimble's assertion handler is global.
extension CValueMatcherTests {
  static let packet = #"{cv_packet="kind"S"length"S"checksum"I"name"*"origin"^{cv_point}"payload"[4C]}"#

  static func packet(kind: UInt16, checksum: UInt32) -> cv_packet {
    var packet = cv_packet()
    (packet.kind, packet.checksum) = (kind, checksum)
    return packet
  }

  @Test("equalCValue and beCloseToCValue leave ignored fields out")
  func ignoredFields() {
    let sent = Self.packet(kind: 1, checksum: 0xdead_beef)
    #expect(
      failures {
        expect(sent).to(
          equalCValue(
            Self.packet(kind: 1, checksum: 7), options: ComparisonOptions(ignoredPaths: [".checksum"]),
            encoding: Self.packet))
        expect(sent).to(
          beCloseToCValue(
            Self.packet(kind: 1, checksum: 7), within: .absolute(0.1),
            options: ComparisonOptions(ignoredPaths: [".checksum"]), encoding: Self.packet))
        expect(sent).toNot(equalCValue(Self.packet(kind: 1, checksum: 7), encoding: Self.packet))
      } == [])
    #expect(
      failures {
        expect(sent).to(
          equalCValue(
            Self.packet(kind: 2, checksum: 7), options: ComparisonOptions(ignoredPaths: [".checksum"]),
            encoding: Self.packet))
      } == [
        """
        expected to equal C value <{.kind = 2, .length = 0, .checksum = 7, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}>, \
        got <{.kind = 1, .length = 0, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}>
        cv_packet values differ at 1 of 8 fields:
          .kind: 1 ≠ 2
          ignored: .checksum
          actual:   {.kind = 1, .length = 0, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
          expected: {.kind = 2, .length = 0, .checksum = 7, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
        """
      ])
  }

  @Test("equalCValue and beCloseToCValue compare a field by its comparer")
  func fieldComparers() {
    let low16 = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }
    let sent = Self.packet(kind: 1, checksum: 0x1111_abcd)
    #expect(
      failures {
        expect(sent).to(
          equalCValue(
            Self.packet(kind: 1, checksum: 0x2222_abcd),
            options: ComparisonOptions(fieldComparers: [".checksum": low16]), encoding: Self.packet))
        expect(sent).to(
          beCloseToCValue(
            Self.packet(kind: 1, checksum: 0x2222_abcd), within: .absolute(0.1),
            options: ComparisonOptions(fieldComparers: [".checksum": low16]),
            encoding: Self.packet))
      } == [])
    #expect(
      failures {
        expect(sent).to(
          equalCValue(
            Self.packet(kind: 1, checksum: 0x2222_abce),
            options: ComparisonOptions(fieldComparers: [".checksum": low16]), encoding: Self.packet))
      } == [
        """
        expected to equal C value <{.kind = 1, .length = 0, .checksum = 572697550, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}>, \
        got <{.kind = 1, .length = 0, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}>
        cv_packet values differ at 1 of 9 fields:
          .checksum: 286370765 ≠ 572697550
          actual:   {.kind = 1, .length = 0, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
          expected: {.kind = 1, .length = 0, .checksum = 572697550, .name = NULL, .origin = NULL, .payload = {0, 0, 0, 0}}
        """
      ])
    #expect(
      failures {
        expect(sent).to(
          equalCValue(sent, options: ComparisonOptions(fieldComparers: [".kind": .cString]), encoding: Self.packet))
      } == ["cannot compare C values: struct cv_packet: the comparer cString does not fit .kind (unsigned short)"])
  }
}
