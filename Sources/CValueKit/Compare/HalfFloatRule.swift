/// ``FloatRule`` for the 16-bit formats: their values compared as the `Float`s they widen to, their bit
/// patterns as 16 bits, and ULPs counted in their own steps.
extension HalfFloat {
  /// How many values of the format lie between `a` and `b`: the bit patterns, read as sign and magnitude,
  /// order the finite values.
  static func ulps(_ a: UInt16, _ b: UInt16) -> UInt64 {
    func key(_ bits: UInt16) -> Int { bits & 0x8000 != 0 ? -Int(bits & 0x7FFF) : Int(bits & 0x7FFF) }
    return UInt64((key(a) - key(b)).magnitude)
  }

  /// Whether `a` and `b`, of `format`, are equal under `tolerance`: ``FloatRule`` on their `Float` values,
  /// bit patterns compared as 16 bits and ULPs counted in the format's steps.
  static func isEqual(_ a: UInt16, _ b: UInt16, format: BinaryFloatFormat, _ tolerance: FloatTolerance) -> Bool {
    if tolerance.isBitwise { return a == b }
    let x = float(a, format: format)
    let y = float(b, format: format)
    if x == y { return true }
    if x.isNaN || y.isNaN { return tolerance.nanEqualsNaN && x.isNaN && y.isNaN }
    if tolerance.isExact || x.isInfinite || y.isInfinite { return false }
    let difference = abs(Double(x) - Double(y))
    if difference <= tolerance.absolute { return true }
    if difference <= tolerance.relative * Double(max(x.magnitude, y.magnitude)) { return true }
    return tolerance.ulps > 0 && ulps(a, b) <= tolerance.ulps
  }
}
