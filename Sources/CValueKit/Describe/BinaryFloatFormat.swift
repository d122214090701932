/// The bit layout of a binary floating-point format, so that values Swift has no type for on every host
/// (x87 extended off x86_64, IEEE binary128 everywhere) can still be read, written, rounded and printed
/// exactly. Every conversion here is integer arithmetic on the bits: no host floating point is involved.
struct BinaryFloatFormat: Hashable, Sendable {
  /// The width of the exponent field.
  let exponentBits: Int
  /// The bits of the significand below the binary point.
  let fractionBits: Int
  /// Whether the leading significand bit is stored (x87) rather than implied (IEEE interchange formats).
  let hasExplicitIntegerBit: Bool

  static let binary16 = BinaryFloatFormat(exponentBits: 5, fractionBits: 10, hasExplicitIntegerBit: false)
  static let bfloat16 = BinaryFloatFormat(exponentBits: 8, fractionBits: 7, hasExplicitIntegerBit: false)
  static let binary32 = BinaryFloatFormat(exponentBits: 8, fractionBits: 23, hasExplicitIntegerBit: false)
  static let binary64 = BinaryFloatFormat(exponentBits: 11, fractionBits: 52, hasExplicitIntegerBit: false)
  static let x87Extended = BinaryFloatFormat(exponentBits: 15, fractionBits: 63, hasExplicitIntegerBit: true)
  static let binary128 = BinaryFloatFormat(exponentBits: 15, fractionBits: 112, hasExplicitIntegerBit: false)

  /// The significand field: the fraction, plus the integer bit when it is stored.
  var significandFieldBits: Int { fractionBits + (hasExplicitIntegerBit ? 1 : 0) }
  /// 32, 64, 80 or 128.
  var totalBits: Int { 1 + exponentBits + significandFieldBits }
  /// The bytes the value occupies (an x87 value's 16-byte slot has 6 more that carry nothing).
  var byteCount: Int { totalBits / 8 }
  var bias: Int { (1 << (exponentBits - 1)) - 1 }
  private var maximumExponentField: Int { (1 << exponentBits) - 1 }

  /// A decoded value. Finite values are `significand × 2^exponent` with a nonzero significand.
  enum Value: Hashable {
    case zero(isNegative: Bool)
    case finite(isNegative: Bool, significand: UInt128, exponent: Int)
    case infinity(isNegative: Bool)
    /// Any NaN, and the x87 encodings the FPU rejects as operands (pseudo-NaN, pseudo-infinity,
    /// unnormals): none of them is a number.
    case nan(isNegative: Bool)
  }

  /// What `bits` (in the low ``totalBits``) mean.
  func decode(_ bits: UInt128) -> Value {
    let isNegative = (bits >> (totalBits - 1)) & 1 == 1
    let exponentField = Int(truncatingIfNeeded: (bits >> significandFieldBits) & UInt128(maximumExponentField))
    let significandField = bits & Self.mask(significandFieldBits)
    let fraction = significandField & Self.mask(fractionBits)
    if hasExplicitIntegerBit {
      let hasIntegerBit = significandField >> fractionBits == 1
      if exponentField == maximumExponentField {
        return hasIntegerBit && fraction == 0 ? .infinity(isNegative: isNegative) : .nan(isNegative: isNegative)
      }
      if exponentField != 0 && !hasIntegerBit { return .nan(isNegative: isNegative) }
      if significandField == 0 { return .zero(isNegative: isNegative) }
      // A denormal, or a pseudo-denormal (exponent 0 with the integer bit set), which means the same as
      // the number with exponent field 1.
      let exponent = Swift.max(exponentField, 1) - bias - fractionBits
      return .finite(isNegative: isNegative, significand: significandField, exponent: exponent)
    }
    if exponentField == maximumExponentField {
      return fraction == 0 ? .infinity(isNegative: isNegative) : .nan(isNegative: isNegative)
    }
    if exponentField == 0 {
      guard fraction != 0 else { return .zero(isNegative: isNegative) }
      return .finite(isNegative: isNegative, significand: fraction, exponent: 1 - bias - fractionBits)
    }
    return .finite(
      isNegative: isNegative, significand: fraction | (1 << fractionBits), exponent: exponentField - bias - fractionBits
    )
  }

  /// The bits of a value; a finite value is rounded to nearest, ties to even.
  func encode(_ value: Value) -> UInt128 {
    switch value {
    case .zero(let isNegative): return sign(isNegative)
    case .infinity(let isNegative): return sign(isNegative) | infinityBits
    case .nan(let isNegative):
      // The default quiet NaN: the top fraction bit set (and the x87 integer bit, through infinityBits).
      return sign(isNegative) | infinityBits | (1 << (fractionBits - 1))
    case .finite(let isNegative, let significand, let exponent):
      return round(isNegative: isNegative, significand: significand, exponent: exponent, sticky: false)
    }
  }

  /// Rounds `significand × 2^exponent`, plus something smaller than `2^exponent` when `sticky`, to the
  /// nearest value of the format, ties to even; too large gives infinity, too small zero.
  func round(isNegative: Bool, significand: UInt128, exponent: Int, sticky: Bool) -> UInt128 {
    guard significand != 0 else { return sign(isNegative) }
    let length = UInt128.bitWidth - significand.leadingZeroBitCount
    let leading = exponent + length - 1
    // The weight of the lowest bit kept: precision bits below the leading one, or the subnormal limit.
    var lowest = Swift.max(leading - fractionBits, 1 - bias - fractionBits)
    let drop = lowest - exponent
    var kept: UInt128
    if drop <= 0 {
      kept = significand << -drop
    } else if drop > UInt128.bitWidth {
      kept = 0  // far below half of the smallest subnormal
    } else {
      kept = drop == UInt128.bitWidth ? 0 : significand >> drop
      let remainder = drop == UInt128.bitWidth ? significand : significand & Self.mask(drop)
      let half: UInt128 = 1 << (drop - 1)
      if remainder > half || (remainder == half && (sticky || kept & 1 == 1)) { kept += 1 }
    }
    if kept >> (fractionBits + 1) != 0 {
      kept >>= 1
      lowest += 1
    }
    let exponentField = kept >> fractionBits == 0 ? 0 : lowest + fractionBits + bias
    guard exponentField < maximumExponentField else { return sign(isNegative) | infinityBits }
    let significandField = hasExplicitIntegerBit ? kept : kept & Self.mask(fractionBits)
    return sign(isNegative) | UInt128(exponentField) << significandFieldBits | significandField
  }

  /// Converts `bits` of another format to this one (exact when this one is wider).
  func converting(_ bits: UInt128, from source: BinaryFloatFormat) -> UInt128 {
    guard source != self else { return bits }
    return encode(source.decode(bits))
  }

  private var infinityBits: UInt128 {
    UInt128(maximumExponentField) << significandFieldBits | (hasExplicitIntegerBit ? 1 << fractionBits : 0)
  }

  private func sign(_ isNegative: Bool) -> UInt128 { isNegative ? 1 << (totalBits - 1) : 0 }

  static func mask(_ bits: Int) -> UInt128 { bits >= UInt128.bitWidth ? ~0 : (1 << bits) - 1 }
}

extension BinaryFloatFormat {
  /// The value as C source, exactly: an integer when it is one (`20`, `-3`), otherwise a hexadecimal
  /// float with the `L` suffix (`0x1.8p-1L`); `0`, `-0.0`, `inf`, `-inf`, `nan`, `-nan` as elsewhere.
  func text(_ bits: UInt128) -> String {
    switch decode(bits) {
    case .zero(let isNegative): return isNegative ? "-0.0" : "0"
    case .infinity(let isNegative): return isNegative ? "-inf" : "inf"
    case .nan(let isNegative): return isNegative ? "-nan" : "nan"
    case .finite(let isNegative, let significand, let exponent):
      let sign = isNegative ? "-" : ""
      let length = UInt128.bitWidth - significand.leadingZeroBitCount
      if exponent >= 0, length + exponent <= UInt128.bitWidth {
        return sign + String(significand << exponent)
      }
      if exponent < 0, -exponent < length, significand & Self.mask(-exponent) == 0 {
        return sign + String(significand >> -exponent)
      }
      // Normalized: one integer digit 1, the rest of the bits in hex digits, trailing zeros dropped.
      let fractionLength = length - 1
      let digits = (fractionLength + 3) / 4
      let fraction = (significand & Self.mask(fractionLength)) << (digits * 4 - fractionLength)
      var hex = digits == 0 ? "" : String(fraction, radix: 16)
      hex = String(repeating: "0", count: Swift.max(0, digits - hex.count)) + hex
      while hex.last == "0" { hex.removeLast() }
      let leading = exponent + fractionLength
      return "\(sign)0x1\(hex.isEmpty ? "" : ".\(hex)")p\(leading >= 0 ? "+" : "")\(leading)L"
    }
  }

  /// The bits of a hexadecimal float written without sign or suffix, `0x1.8p3`, correctly rounded; `nil`
  /// when the text is not one.
  func bits(hexadecimal text: Substring, isNegative: Bool) -> UInt128? {
    var characters = text.utf8.dropFirst(2)[...]
    var significand: UInt128 = 0
    var exponent = 0
    var sticky = false
    var sawDigit = false
    var afterPoint = false
    while let byte = characters.first, byte != UInt8(ascii: "p"), byte != UInt8(ascii: "P") {
      characters = characters.dropFirst()
      if byte == UInt8(ascii: ".") {
        guard !afterPoint else { return nil }
        afterPoint = true
        continue
      }
      guard let digit = ASCII.hexDigitValue(byte) else { return nil }
      sawDigit = true
      if significand >> 124 == 0 {
        significand = significand << 4 | UInt128(digit)
        if afterPoint { exponent -= 4 }
      } else {
        sticky = sticky || digit != 0
        if !afterPoint { exponent += 4 }
      }
    }
    guard sawDigit, characters.first != nil, let power = Self.exponent(characters.dropFirst()) else { return nil }
    return round(isNegative: isNegative, significand: significand, exponent: exponent + power, sticky: sticky)
  }

  /// A decimal exponent or binary power `[+-]digits`, clamped far beyond every format's range.
  static func exponent(_ text: Substring.UTF8View.SubSequence) -> Int? {
    var characters = text
    var isNegative = false
    if let sign = characters.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      isNegative = sign == UInt8(ascii: "-")
      characters = characters.dropFirst()
    }
    guard !characters.isEmpty else { return nil }
    var value = 0
    for byte in characters {
      guard let digit = ASCII.digitValue(byte) else { return nil }
      value = Swift.min(value * 10 + Int(digit), 1_000_000)
    }
    return isNegative ? -value : value
  }
}
