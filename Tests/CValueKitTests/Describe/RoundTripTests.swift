import Testing

@testable import CValueKit

/// `parse(describe(v))` gives back every leaf's bits with padding zero, for random values of shapes the
/// vectors do not have (unions, vectors, `_Complex long double`, binary128, `_Bool` bytes other than 0
/// and 1, anonymous members).
@Suite("Describe, then parse: random values")
struct RoundTripTests {
  typealias Fixture = DescribeFixture

  static let shapes: [(String, ABI)] = [
    ("rect", .x86_64Linux), ("{S=\"tag\"c\"value\"d\"count\"i}", .x86_64Linux), ("{?=cdi}", .x86_64Linux),
    ("[3{?=ijd}]", .x86_64Linux), ("{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}", .x86_64Linux),
    ("{B=b0q60b60Q4b64c7b71B1}", .x86_64Linux), ("{S=\"a\"i{?=\"b\"i\"c\"i}}", .x86_64Linux),
    ("(U=\"i\"i\"f\"f)", .x86_64Linux), ("(?=if)", .x86_64Linux), ("(U=\"i\"i{?=\"a\"s\"b\"s})", .x86_64Linux),
    ("{S=\"t\"i(?=\"u\"I\"f\"f)}", .x86_64Linux), ("(U=\"q\"Q\"s\"{?=\"c\"c\"i\"i})", .x86_64Linux),
    ("(U=\"b\"[16C]\"ld\"D)", .x86_64Linux), ("{S=\"n\"[8c]\"p\"*\"b\"B\"t\"t\"T\"T}", .x86_64Linux),
    ("{?=Dd}", .x86_64Linux), ("jD", .x86_64Linux), ("jf", .x86_64Linux), ("![16,16f]", .x86_64Linux),
    ("![32,32d]", .x86_64Linux), ("[4c]", .x86_64Linux), ("[2[3s]]", .x86_64Linux),
    ("{S=\"x\"AQ\"y\"Ai\"z\"A{?=cs}}", .x86_64Linux), ("{S=\"n\"i\"data\"[0i]}", .x86_64Linux),
    ("{S=\"ld\"D\"c\"c}", .arm64Linux), ("jD", .arm64Linux), ("{?=cD}", .arm64Darwin),
  ]

  @Test("random leaves survive describe and parse", arguments: shapes)
  func randomValues(encoding: String, abi: ABI) throws {
    let layout = try Fixture.layout(encoding, abi: abi)
    let describer = ValueDescriber(layout: layout, options: DescriptionOptions(maximumElements: nil))
    let parser = ValueLiteralParser(layout: layout)
    var random = SplitMix64(seed: encoding.utf8.reduce(0xC0FFEE) { $0 &* 31 &+ UInt64($1) })
    for _ in 0..<200 {
      let value = Self.randomValue(layout, using: &random)
      let text = value.withUnsafeBytes { describer.describe($0) }
      let parsed = try parser.parse(text)
      #expect(LeafBits.differences(layout, value, parsed) == [], "\(text)")
      #expect(LeafBits.dirtyPadding(layout, parsed) == [])
    }
  }

  @Test(
    "text in char arrays reads back, in every form the describer picks",
    arguments: [
      "68656c6c6f000000", "6869000000000078", "0000000000000000", "61626364656667ff", "0a090d225c272f2a",
      "6162636465666768",
    ])
  func charText(hex: String) throws {
    let layout = try Fixture.layout("{S=\"name\"[8c]}")
    let bytes = Fixture.bytes(hex: hex)
    let text = bytes.withUnsafeBytes { ValueDescriber(layout: layout).describe($0) }
    #expect(try ValueLiteralParser(layout: layout).parse(text) == bytes, "\(text)")
  }

  /// Random bytes with padding zero and every floating-point leaf made one the describer writes exactly:
  /// NaNs quiet with no payload, x87 values in the encodings the FPU produces.
  static func randomValue(_ layout: CLayout, using random: inout SplitMix64) -> [UInt8] {
    var bytes = (0..<layout.size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    // A few zeros and small numbers, so that text, NULL, false and small integers appear too.
    for index in bytes.indices where random.next(below: 4) == 0 { bytes[index] = UInt8(random.next(below: 3)) }
    for range in layout.padding { for index in range { bytes[index] = 0 } }
    for _ in 0..<2 {
      for field in layout.fields {
        canonicalize(LeafBits.kind(of: field, abi: layout.abi), &bytes, at: field.offset)
      }
    }
    return bytes
  }

  private static func canonicalize(_ kind: LeafKind, _ bytes: inout [UInt8], at offset: Int) {
    let format: BinaryFloatFormat
    switch kind {
    case .float: format = .binary32
    case .double: format = .binary64
    case .x87Extended: format = .x87Extended
    case .quadruple: format = .binary128
    case .complex(let component, let size):
      canonicalize(component, &bytes, at: offset)
      canonicalize(component, &bytes, at: offset + size)
      return
    case .vector(let element, let size, let count):
      for index in 0..<count { canonicalize(element, &bytes, at: offset + index * size) }
      return
    default:
      return
    }
    bytes.withUnsafeMutableBytes { buffer in
      var bits = RawBits.unsigned(UnsafeRawBufferPointer(buffer), at: offset, size: format.byteCount)
      if format == .x87Extended {
        // The integer bit is set exactly when the exponent is not zero.
        let exponent = (bits >> 64) & 0x7FFF
        bits = bits & ~(UInt128(1) << 63) | (exponent == 0 ? 0 : UInt128(1) << 63)
      }
      if case .nan(let isNegative) = format.decode(bits) { bits = format.encode(.nan(isNegative: isNegative)) }
      RawBits.store(bits, into: buffer, at: offset, size: format.byteCount)
    }
  }
}
