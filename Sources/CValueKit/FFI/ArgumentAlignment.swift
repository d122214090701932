/// Gives C functions their arguments at the alignment C promises: values handed over as bytes (a `[UInt8]`,
/// a field of a packed buffer) are copied to aligned storage first when they are not aligned already.
enum ArgumentAlignment {
  /// Both values aligned; the common case (both already are) costs two tests and no copy.
  @inline(__always)
  static func withAligned<Result>(
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ alignment: Int,
    _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
  ) -> Result {
    if let a = first.baseAddress, let b = second.baseAddress,
      (Int(bitPattern: a) | Int(bitPattern: b)) & (alignment - 1) == 0
    {
      return body(a, b)
    }
    return copyingMisaligned(first, second, alignment, body)
  }

  /// The copy for misaligned values, kept out of line so that the aligned path, inlined into every
  /// caller, carries no stack buffer (and no stack protector) of its own.
  @inline(never)
  private static func copyingMisaligned<Result>(
    _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer, _ alignment: Int,
    _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
  ) -> Result {
    withAligned(first, alignment) { a in withAligned(second, alignment) { b in body(a, b) } }
  }

  static func withAligned<Result>(
    _ bytes: UnsafeRawBufferPointer, _ alignment: Int, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    if let base = bytes.baseAddress, Int(bitPattern: base) & (alignment - 1) == 0 { return body(base) }
    return withUnsafeTemporaryAllocation(byteCount: max(bytes.count, 1), alignment: alignment) { copy in
      copy.initializeMemory(as: UInt8.self, repeating: 0)
      if bytes.count > 0 { copy.copyMemory(from: bytes) }
      return body(UnsafeRawPointer(copy.baseAddress.unsafelyUnwrapped))
    }
  }
}
