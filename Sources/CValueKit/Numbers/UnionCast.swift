/// The bytes of `value` read as a `Target`, as a C union would read them: bit for bit, no conversion.
///
/// Unlike `unsafeBitCast(_:to:)`, a size mismatch is an error you can catch rather than a trap, which suits
/// sizes that come from data (a type encoding, a registered layout) rather than from the code.
///
/// ```swift
/// try unionCast(Float(1), to: UInt32.self)   // 0x3f80_0000
/// try unionCast(-0.0, to: UInt64.self)       // 0x8000_0000_0000_0000
/// try unionCast(Int32(1), to: Double.self)   // throws: cannot union-cast Int32 (4 bytes) to Double (8 bytes): …
/// ```
///
/// Both types must be `BitwiseCopyable`: a copy of their bytes is then a valid copy, where a reference or a
/// `String` read from raw bytes would not be retained. As in C, the bytes must also be a valid `Target`
/// (any bytes are, for integers, floating-point numbers and C structs of them; not every byte is a `Bool`).
///
/// - Parameters:
///   - value: The value whose bytes are read.
///   - to: The type to read them as; it must have the same size as `Source`.
/// - Returns: A `Target` with exactly the bytes of `value`.
/// - Throws: ``ValueError/unionCastSizes(source:sourceSize:target:targetSize:)`` when the sizes of `Source`
///   and `Target` differ.
public func unionCast<Source: BitwiseCopyable, Target: BitwiseCopyable>(
  _ value: Source, to: Target.Type
) throws(ValueError) -> Target {
  let sourceSize = MemoryLayout<Source>.size
  let targetSize = MemoryLayout<Target>.size
  guard sourceSize == targetSize else {
    throw .unionCastSizes(
      source: String(describing: Source.self), sourceSize: sourceSize, target: String(describing: Target.self),
      targetSize: targetSize)
  }
  return withUnsafeBytes(of: value) { source in
    withUnsafeTemporaryAllocation(of: Target.self, capacity: 1) { target in
      UnsafeMutableRawBufferPointer(target).copyMemory(from: source)
      // Every byte of the Target was just written, and a BitwiseCopyable value needs nothing more.
      return target[0]
    }
  }
}
