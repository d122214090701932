/// The two 16-bit floating-point formats C compilers offer, `_Float16`/`__fp16` (IEEE binary16) and
/// `__bf16` (bfloat16): both widen exactly to a binary32, so they are compared and printed as that `Float`,
/// while ULPs are counted in their own steps.
enum HalfFloat {
  /// The format of a 16-bit floating-point leaf kind, or `nil` for any other kind.
  static func format(of kind: LeafKind) -> BinaryFloatFormat? {
    switch kind {
    case .float16: return .binary16
    case .bfloat16: return .bfloat16
    default: return nil
    }
  }

  /// The `Float` that `bits` of `format` stand for, exactly (NaNs stay NaNs of the same sign).
  static func float(_ bits: UInt16, format: BinaryFloatFormat) -> Float {
    if format == .bfloat16 { return Float(bitPattern: UInt32(bits) << 16) }
    let widened = BinaryFloatFormat.binary32.converting(UInt128(bits), from: format)
    return Float(bitPattern: UInt32(truncatingIfNeeded: widened))
  }

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
