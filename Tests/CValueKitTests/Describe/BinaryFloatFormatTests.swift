import Testing

@testable import CValueKit

/// The integer-only conversions used for the long doubles Swift has no type for, checked against Swift's
/// own correctly rounded parsers on the formats it does have (and `Float80` on x86_64): same bits for
/// random decimal and hexadecimal text, subnormals, overflow and ties included.
@Suite("Exact float conversions without a host type")
struct BinaryFloatFormatTests {
  static func randomDecimal(_ random: inout SplitMix64, exponents: ClosedRange<Int>) -> String {
    let digits = (0...random.next(below: 25)).map { _ in String(random.next(below: 10)) }.joined()
    let point = random.next(below: digits.count + 1)
    let mantissa = digits.prefix(point) + "." + digits.dropFirst(point)
    let exponent = exponents.lowerBound + random.next(below: exponents.count)
    return mantissa == "." ? "0" : "\(mantissa)e\(exponent)"
  }

  @Test("decimal text gives the bits Float and Double give")
  func decimalAgainstSwift() {
    var random = SplitMix64(seed: 0xF10A7)
    for _ in 0..<3_000 {
      let text = Self.randomDecimal(&random, exponents: -345...310)
      let double = BinaryFloatFormat.binary64.bits(decimal: text[...], isNegative: false)
      #expect(double == Double(text).map { UInt128($0.bitPattern) }, "\(text)")
      let float = BinaryFloatFormat.binary32.bits(decimal: text[...], isNegative: true)
      #expect(float == Float("-" + text).map { UInt128($0.bitPattern) }, "\(text)")
    }
    // Exactly halfway between two doubles, and just above: ties go to even.
    #expect(BinaryFloatFormat.binary64.bits(decimal: "9007199254740993", isNegative: false) == 0x4340_0000_0000_0000)
    #expect(
      BinaryFloatFormat.binary64.bits(decimal: "9007199254740993.0000000001", isNegative: false)
        == 0x4340_0000_0000_0001)
  }

  @Test("hexadecimal text gives the bits Double gives")
  func hexadecimalAgainstSwift() {
    var random = SplitMix64(seed: 0x4E8)
    for _ in 0..<3_000 {
      let digits = (0...random.next(below: 35)).map { _ in String(random.next(below: 16), radix: 16) }.joined()
      let point = random.next(below: digits.count + 1)
      let text = "0x\(digits.prefix(point)).\(digits.dropFirst(point))p\(random.next(below: 2200) - 1100)"
      guard text.contains(where: \.isHexDigit) else { continue }
      let bits = BinaryFloatFormat.binary64.bits(hexadecimal: text[...], isNegative: false)
      #expect(bits == Double(text).map { UInt128($0.bitPattern) }, "\(text)")
    }
  }

  #if arch(x86_64) && !os(Windows)
    @Test("x87 decimal text without Float80 gives Float80's bits")
    func x87AgainstFloat80() {
      var random = SplitMix64(seed: 0x87)
      for _ in 0..<400 {
        let text = Self.randomDecimal(&random, exponents: -4960...4940)
        let bits = BinaryFloatFormat.x87Extended.bits(decimal: text[...], isNegative: false)
        #expect(bits == Float80(text)?.x87Bits, "\(text)")
      }
    }
  #endif

  @Test("binary128 hex text and bits round trip exactly")
  func quadrupleText() {
    var random = SplitMix64(seed: 0x128)
    let format = BinaryFloatFormat.binary128
    for _ in 0..<2_000 {
      let bits = UInt128(random.next()) << 64 | UInt128(random.next())
      let text = format.text(bits)
      var body = text[...]
      let isNegative = body.hasPrefix("-")
      if isNegative { body = body.dropFirst() }
      if body.hasSuffix("L") { body = body.dropLast() }
      let parsed =
        body.hasPrefix("0x")
        ? format.bits(hexadecimal: body, isNegative: isNegative) : format.bits(decimal: body, isNegative: isNegative)
      if case .nan = format.decode(bits) {
        #expect(text.hasSuffix("nan"))
      } else {
        #expect(parsed == bits, "\(text)")
      }
    }
  }

  @Test("rounding at the edges: overflow, underflow, the smallest subnormal")
  func edges() {
    let quad = BinaryFloatFormat.binary128
    #expect(quad.bits(decimal: "1.2e4932", isNegative: false) == quad.encode(.infinity(isNegative: false)))
    #expect(quad.bits(decimal: "1e-4967", isNegative: false) == 0)
    #expect(quad.bits(decimal: "7e-4966", isNegative: false) == 1)
    #expect(BinaryFloatFormat.binary64.bits(decimal: "2.4703282292062328e-324", isNegative: false) == 1)
    #expect(BinaryFloatFormat.binary64.bits(decimal: "2.4703282292062327e-324", isNegative: false) == 0)
    #expect(BinaryFloatFormat.binary64.converting(0x3F80_0000, from: .binary32) == 0x3FF0_0000_0000_0000)
  }
}
