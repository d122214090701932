/// How many representable `Double`s lie between `a` and `b` (units in the last place), or `nil` when either
/// is NaN.
///
/// Equal values are 0 apart, and so are `-0.0` and `0.0`; neighbours are 1 apart, with
/// `Double.greatestFiniteMagnitude` and `.infinity` as neighbours; steps on both sides of zero count, so the
/// smallest negative and positive subnormals are 2 apart. A NaN has no place among the numbers, hence `nil`
/// rather than a count that some tolerance could accept.
///
/// ```swift
/// ulpDistance(1.0, 1.0.nextUp)   // 1
/// ulpDistance(-0.0, 0.0)         // 0
/// ulpDistance(.nan, 1.0)         // nil
/// ```
///
/// - Parameters:
///   - a: One value.
///   - b: The other value; the order does not matter.
/// - Returns: The number of steps from one to the other, or `nil` when either is NaN.
public func ulpDistance(_ a: Double, _ b: Double) -> UInt64? {
  a.isNaN || b.isNaN ? nil : orderedDistance(a.bitPattern, b.bitPattern)
}

/// How many representable `Float`s lie between `a` and `b` (units in the last place), or `nil` when either
/// is NaN.
///
/// The rules of the `Double` form of `ulpDistance(_:_:)` with `Float` steps.
///
/// ```swift
/// ulpDistance(Float(1), Float(1).nextUp)  // 1
/// ```
///
/// - Parameters:
///   - a: One value.
///   - b: The other value; the order does not matter.
/// - Returns: The number of steps from one to the other, or `nil` when either is NaN.
public func ulpDistance(_ a: Float, _ b: Float) -> UInt32? {
  a.isNaN || b.isNaN ? nil : orderedDistance(a.bitPattern, b.bitPattern)
}

/// The distance between two non-NaN bit patterns once each is mapped to an integer that counts up in the same
/// order as the values, with -0.0 and +0.0 on the same integer.
private func orderedDistance<Bits: FixedWidthInteger & UnsignedInteger>(_ a: Bits, _ b: Bits) -> Bits {
  let sign: Bits = 1 << (Bits.bitWidth - 1)
  // Sign and magnitude to an offset count: negatives below `sign`, descending as the magnitude grows.
  func ordered(_ bits: Bits) -> Bits { bits & sign != 0 ? sign - (bits & ~sign) : sign + bits }
  let (x, y) = (ordered(a), ordered(b))
  return x > y ? x - y : y - x
}
