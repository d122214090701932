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
}
