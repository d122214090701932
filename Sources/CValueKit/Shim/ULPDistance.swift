import CValueShim

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
  let distance = cv_ulp_distance(a, b)
  return distance == .max ? nil : distance
}

/// How many representable `Float`s lie between `a` and `b` (units in the last place), or `nil` when either
/// is NaN.
///
/// The rules of ``ulpDistance(_:_:)-(Double,Double)`` with `Float` steps.
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
  let distance = cv_ulp_distance_f(a, b)
  return distance == .max ? nil : distance
}
