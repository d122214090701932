/// The floating-point rules of ``FloatTolerance``, applied to one pair of values in their own type.
enum FloatRule {
  /// Whether `a` and `b` are equal under `tolerance`.
  @inline(__always)
  static func isEqual<T: FloatRuleOperand>(_ a: T, _ b: T, _ tolerance: FloatTolerance) -> Bool {
    if tolerance.isBitwise { return a.bitsEqual(b) }
    if a == b { return true }
    if a.isNaN || b.isNaN { return tolerance.nanEqualsNaN && a.isNaN && b.isNaN }
    if tolerance.isExact || a.isInfinite || b.isInfinite { return false }
    let difference = a.distance(to: b)
    if difference <= tolerance.absolute { return true }
    if difference <= tolerance.relative * max(a.magnitudeAsDouble, b.magnitudeAsDouble) { return true }
    return tolerance.ulps > 0 && a.ulps(to: b) <= tolerance.ulps
  }
}

/// A floating-point type the rules apply to: `Float`, `Double` and, on x86_64, `Float80`.
protocol FloatRuleOperand: BinaryFloatingPoint {
  /// Whether the bit patterns are equal.
  func bitsEqual(_ other: Self) -> Bool
  /// `|self − other|`, as a `Double` (exact for `Float`; rounded for wider types).
  func distance(to other: Self) -> Double
  /// `|self|` as a `Double`.
  var magnitudeAsDouble: Double { get }
  /// How many representable values lie between `self` and `other`; the type's largest count when either is
  /// NaN, so that no tolerance accepts it (`isEqual` settles NaN before asking).
  func ulps(to other: Self) -> UInt64
}

extension Float: FloatRuleOperand {
  func bitsEqual(_ other: Float) -> Bool { bitPattern == other.bitPattern }
  func distance(to other: Float) -> Double { abs(Double(self) - Double(other)) }
  var magnitudeAsDouble: Double { Double(magnitude) }
  func ulps(to other: Float) -> UInt64 { UInt64(ulpDistance(self, other) ?? .max) }
}

extension Double: FloatRuleOperand {
  func bitsEqual(_ other: Double) -> Bool { bitPattern == other.bitPattern }
  func distance(to other: Double) -> Double { abs(self - other) }
  var magnitudeAsDouble: Double { magnitude }
  func ulps(to other: Double) -> UInt64 { ulpDistance(self, other) ?? .max }
}

#if arch(x86_64) && !os(Windows)
  extension Float80: FloatRuleOperand {
    func bitsEqual(_ other: Float80) -> Bool {
      sign == other.sign && exponentBitPattern == other.exponentBitPattern
        && significandBitPattern == other.significandBitPattern
    }
    func distance(to other: Float80) -> Double { Double(abs(self - other)) }
    var magnitudeAsDouble: Double { Double(magnitude) }
    func ulps(to other: Float80) -> UInt64 {
      // The bit patterns, read as sign and magnitude, order the finite values; ULPs are the gap between keys.
      func key(_ value: Float80) -> Int128 {
        let magnitude = Int128(value.exponentBitPattern) << 63 | Int128(value.significandBitPattern)
        return value.sign == .minus ? -magnitude : magnitude
      }
      let gap = (key(self) - key(other)).magnitude
      return gap > UInt128(UInt64.max) ? .max : UInt64(gap)
    }
  }
#endif
