/// Gives C functions their arguments at the alignment C promises: values handed over as bytes (a `[UInt8]`,
/// a field of a packed buffer) are copied to aligned storage first when they are not aligned already.
enum ArgumentAlignment {
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
