extension BinaryFloatFormat {
  /// Significant digits beyond this are refused: the conversion is exact, and its cost grows with them.
  static let maximumDecimalDigits = 5000

  /// The bits of a decimal floating-point or integer text without sign or suffix (`1.5`, `.5e-3`, `20`),
  /// correctly rounded; `nil` when the text is not one or has more than ``maximumDecimalDigits``
  /// significant digits.
  ///
  /// The value `digits × 10^e` is turned into a quotient of about 120 bits and a remainder flag with
  /// big-integer arithmetic, and rounded once, so the result is the nearest value whatever the format.
  func bits(decimal text: Substring, isNegative: Bool) -> UInt128? {
    var digits = BigUnsigned()
    var digitCount = 0
    var exponent = 0
    var sawDigit = false
    var afterPoint = false
    var characters = text.utf8[...]
    while let byte = characters.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
      characters = characters.dropFirst()
      if byte == UInt8(ascii: ".") {
        guard !afterPoint else { return nil }
        afterPoint = true
        continue
      }
      guard let digit = ASCII.digitValue(byte) else { return nil }
      sawDigit = true
      if afterPoint { exponent -= 1 }
      guard digitCount > 0 || digit != 0 else { continue }
      digitCount += 1
      guard digitCount <= Self.maximumDecimalDigits else { return nil }
      digits.multiply(by: 10, adding: UInt32(digit))
    }
    guard sawDigit else { return nil }
    if !characters.isEmpty {
      guard let power = Self.exponent(characters.dropFirst()) else { return nil }
      exponent += power
    }
    guard digitCount > 0 else { return round(isNegative: isNegative, significand: 0, exponent: 0, sticky: false) }
    // 10^5000 is beyond every format's range and 10^-5000 below half of every smallest subnormal.
    let magnitude = exponent + digitCount
    if magnitude > 5000 { return encode(.infinity(isNegative: isNegative)) }
    if magnitude < -5000 { return encode(.zero(isNegative: isNegative)) }
    var numerator = digits
    var denominator = BigUnsigned(1)
    var remaining = Swift.abs(exponent)
    while remaining > 0 {
      let step = Swift.min(remaining, 9)
      var power: UInt32 = 1
      for _ in 0..<step { power *= 10 }
      if exponent > 0 { numerator.multiply(by: power, adding: 0) } else { denominator.multiply(by: power, adding: 0) }
      remaining -= step
    }
    // Scale so that the quotient has 120 or 121 bits: plenty for a correctly rounded 113-bit result.
    let scale = 120 + denominator.bitWidth - numerator.bitWidth
    if scale > 0 { numerator.shiftLeft(by: scale) } else { denominator.shiftLeft(by: -scale) }
    let (quotient, isExact) = numerator.divided(by: denominator)
    return round(isNegative: isNegative, significand: quotient, exponent: -scale, sticky: !isExact)
  }
}

/// A nonnegative integer of any size, with the few operations decimal conversion needs.
struct BigUnsigned {
  /// Little-endian 32-bit words, without high zero words.
  private(set) var words: [UInt32] = []

  init() {}

  init(_ value: UInt32) { words = value == 0 ? [] : [value] }

  var bitWidth: Int {
    guard let last = words.last else { return 0 }
    return words.count * 32 - last.leadingZeroBitCount
  }

  mutating func multiply(by factor: UInt32, adding addend: UInt32) {
    var carry = UInt64(addend)
    for index in words.indices {
      let product = UInt64(words[index]) * UInt64(factor) + carry
      words[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { words.append(UInt32(carry)) }
  }

  mutating func shiftLeft(by bits: Int) {
    guard bits > 0, !words.isEmpty else { return }
    let wordShift = bits / 32
    let bitShift = bits % 32
    var result = [UInt32](repeating: 0, count: wordShift)
    var carry: UInt32 = 0
    for word in words {
      result.append(bitShift == 0 ? word : word << bitShift | carry)
      carry = bitShift == 0 ? 0 : word >> (32 - bitShift)
    }
    if carry != 0 { result.append(carry) }
    words = result
  }

  /// The quotient, which must fit in 128 bits, and whether the remainder is zero. Binary long division:
  /// one compare-and-subtract per quotient bit.
  func divided(by divisor: BigUnsigned) -> (quotient: UInt128, isExact: Bool) {
    var remainder = self
    var quotient: UInt128 = 0
    let quotientBits = Swift.min(Swift.max(0, bitWidth - divisor.bitWidth + 1), UInt128.bitWidth)
    for bit in stride(from: quotientBits - 1, through: 0, by: -1) {
      var shifted = divisor
      shifted.shiftLeft(by: bit)
      if !remainder.isLess(than: shifted) {
        remainder.subtract(shifted)
        quotient |= 1 << bit
      }
    }
    return (quotient, remainder.words.isEmpty)
  }

  private func isLess(than other: BigUnsigned) -> Bool {
    guard words.count == other.words.count else { return words.count < other.words.count }
    for index in words.indices.reversed() where words[index] != other.words[index] {
      return words[index] < other.words[index]
    }
    return false
  }

  /// Subtracts a value no larger than this one.
  private mutating func subtract(_ other: BigUnsigned) {
    var borrow: UInt64 = 0
    for index in words.indices {
      let subtrahend = UInt64(index < other.words.count ? other.words[index] : 0) + borrow
      let minuend = UInt64(words[index])
      words[index] = UInt32(truncatingIfNeeded: minuend &- subtrahend)
      borrow = minuend < subtrahend ? 1 : 0
    }
    while words.last == 0 { words.removeLast() }
  }
}
