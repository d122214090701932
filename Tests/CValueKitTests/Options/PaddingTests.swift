import CTestTypes
import CValueKit
import Testing

/// `ValueType.checkPadding`: every non-zero padding byte by offset and the fields it lies between, and a
/// union's dead bytes when a member rule says which member is live. The C types are declared in CTestTypes.
@Suite struct PaddingTests {
  /// `struct cv_reading`: `@encode` gives `{cv_reading=cdi[4c]}`, 24 bytes, padding 1..<8.
  static let reading = "{cv_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}"
  static let message = UnionMemberTests.message

  @Test func holesBetweenFieldsAreReportedWithTheFieldsAround() throws {
    let type = try ValueRegistry().resolve(Self.reading)
    var bytes = [UInt8](repeating: 0, count: 24)
    bytes[2] = 0x11
    bytes[3] = 0x22
    bytes[6] = 0x33
    #expect(
      try type.checkPadding(bytes: bytes).report == """
        cv_reading has 3 non-zero padding bytes:
          2..<4 (after .tag, before .value): <2 bytes: 11 22>
          6..<7 (after .tag, before .value): <1 byte: 33>
        """)
    #expect(try type.checkPadding(bytes: [UInt8](repeating: 0, count: 24)).isEqual)
  }

  @Test func aUnionsDeadBytesArePaddingOnceItsLiveMemberIsKnown() throws {
    let type = try ValueRegistry().resolve(Self.message)
    var message = withUnsafeBytes(of: UnionMemberTests.number(7, 1.5)) { Array($0) }
    // Byte 10 of .body (at 4): .text's alone.
    message[14] = 0x55
    // With no rule, it is .text's.
    #expect(try type.checkPadding(bytes: message).isEqual)
    #expect(
      try type.checkPadding(bytes: message, unionMembers: [".body": "number"]).report == """
        cv_message has 1 non-zero padding byte:
          14..<15 (after .body.number.scale): <1 byte: 55>
        """)
    #expect(
      try type.checkPadding(bytes: message, unionMembers: [".body": UnionMemberTests.byKind]).mismatches.compactMap(
        \.paddingRange) == [
          14..<15
        ])
  }

  @Test func badInputIsATypedError() throws {
    let type = try ValueRegistry().resolve(Self.reading)
    #expect(throws: ValueError.wrongSize(role: "", byteCount: 3, type: type.type, typeSize: 24)) {
      try type.checkPadding(bytes: [0, 0, 0])
    }
    let unknown = #expect(throws: ValueError.self) { try ValueRegistry().resolve("{X}").checkPadding(bytes: [0]) }
    #expect(
      unknown?.description
        == "cannot lay out {X}: layout unknown for struct X: the encoding omits its members and no definition is "
        + "registered")
    #expect(throws: UnionMemberError(path: ".x", reason: .noSuchField(".x")).valueError(in: type.type)) {
      try type.checkPadding(bytes: [UInt8](repeating: 0, count: 24), unionMembers: [".x": "a"])
    }
  }

  @Test func comparingPaddingOfARun() throws {
    let type = try ValueRegistry().resolve(Self.reading)
    let zero = [UInt8](repeating: 0, count: 48)
    var leaking = zero
    leaking[24 + 5] = 0xAA
    var options = ComparisonOptions()
    options.comparesPadding = true
    #expect(try type.compare(bytes: leaking, zero, count: 2).isEqual)
    let result = try type.compare(bytes: leaking, zero, count: 2, options: options)
    #expect(result.mismatchCount == 1)
    #expect(result.comparedFieldCount == 10)
    #expect(
      result.report.split(separator: "\n")[1]
        == "  padding 25..<32 (after [1].tag, before [1].value): <7 bytes: 00 00 00 00 aa 00 00> ≠ "
        + "<7 bytes: 00 00 00 00 00 00 00>")
  }
}
