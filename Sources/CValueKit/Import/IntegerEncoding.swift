extension TypeEncoding.Scalar {
  /// The integer scalar of `size` bytes as every type source encodes it (header import, debug info, a
  /// ``TypeReader`` of your own): LP64 `long` is `q`, as clang encodes it, and `l` always means 32 bits;
  /// `nil` for a size no scalar has.
  ///
  /// ```swift
  /// TypeEncoding.Scalar.integer(signed: false, size: 4, isLong: false)   // .unsignedInt ("I")
  /// ```
  package static func integer(signed: Bool, size: Int, isLong: Bool) -> TypeEncoding.Scalar? {
    switch (size, signed) {
    case (1, true): .char
    case (1, false): .unsignedChar
    case (2, true): .short
    case (2, false): .unsignedShort
    case (4, true): isLong ? .long : .int
    case (4, false): isLong ? .unsignedLong : .unsignedInt
    case (8, true): .longLong
    case (8, false): .unsignedLongLong
    case (16, true): .int128
    case (16, false): .unsignedInt128
    default: nil
    }
  }
}
