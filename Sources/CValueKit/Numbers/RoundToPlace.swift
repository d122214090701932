/// `value` rounded to the nearest multiple of `place`, halves away from zero.
///
/// When `1 / place` is a whole number (`0.1`, `0.01`, `0.25`, `1` …), `place` means exactly that fraction, and
/// the result is the `Double` nearest to the decimal answer: `roundToPlace(3.14159, 0.01) == 3.14` holds
/// exactly. Halves are judged on the exact value of `value`, so `roundToPlace(2.675, 0.01)` is `2.67`: the
/// `Double` written `2.675` is a little below it. For other places the result is the nearest multiple times
/// `place`, rounded once.
///
/// ```swift
/// roundToPlace(3.14159, 0.01)  // 3.14
/// roundToPlace(1234, 100)      // 1200
/// roundToPlace(-2.5, 1)        // -3
/// roundToPlace(0.125, 0.25)    // 0.25
/// ```
///
/// `value` comes back unchanged when it is NaN or infinite, when `place` is zero, negative, NaN or infinite,
/// and when `|value / place|` is at least 2⁵², where the doubles are already as close to a multiple of
/// `place` as a `Double` can be. A result of zero keeps the sign of `value`.
///
/// - Parameters:
///   - value: The number to round.
///   - place: The step to round to: `0.01` for hundredths, `100` for hundreds.
/// - Returns: The multiple of `place` nearest to `value`.
public func roundToPlace(_ value: Double, _ place: Double) -> Double {
  guard value.isFinite, place > 0, place.isFinite else { return value }
  // 0.01 means a hundredth: dividing the whole number by 100 gives the double nearest to the decimal answer,
  // where multiplying by 0.01 (itself inexact) can land one ulp away.
  let inverse = 1 / place
  if inverse.isFinite && DecimalRounding.isWhole(inverse) {
    let scaled = value * inverse
    guard scaled.magnitude < 0x1p52 else { return value }
    let excess = DecimalRounding.productError(value, inverse, scaled)
    return DecimalRounding.halfAwayFromZero(scaled, excess: excess) / inverse
  }
  let scaled = value / place
  guard scaled.magnitude < 0x1p52 else { return value }
  // value - scaled * place, exactly: value - product is exact (the two are within a factor of 2 at a tie).
  let product = scaled * place
  let excess = (value - product) - DecimalRounding.productError(scaled, place, product)
  return DecimalRounding.halfAwayFromZero(scaled, excess: excess) * place
}

/// `value` rounded to the nearest multiple of `place`, halves away from zero, in `Float`.
///
/// The rules of the `Double` form of `roundToPlace(_:_:)` with `Float` precision: the result is the `Float`
/// nearest to the answer, and `value` comes back unchanged when `|value / place|` is at least 2²³.
///
/// ```swift
/// roundToPlace(Float(3.14159), 0.01)  // 3.14
/// ```
///
/// - Parameters:
///   - value: The number to round.
///   - place: The step to round to: `0.01` for hundredths, `100` for hundreds.
/// - Returns: The multiple of `place` nearest to `value`.
public func roundToPlace(_ value: Float, _ place: Float) -> Float {
  guard value.isFinite, place > 0, place.isFinite else { return value }
  let inverse = 1 / place
  if inverse.isFinite && DecimalRounding.isWhole(Double(inverse)) {
    // Exact in Double: two 24-bit significands make at most 48 bits, so there is no excess to weigh.
    let scaled = Double(value) * Double(inverse)
    guard scaled.magnitude < 0x1p23 else { return value }
    return Float(DecimalRounding.halfAwayFromZero(scaled, excess: 0)) / inverse
  }
  let scaled = Double(value) / Double(place)
  guard scaled.magnitude < 0x1p23 else { return value }
  let product = scaled * Double(place)
  let excess = (Double(value) - product) - DecimalRounding.productError(scaled, Double(place), product)
  return Float(DecimalRounding.halfAwayFromZero(scaled, excess: excess)) * place
}

/// The exact arithmetic behind `roundToPlace(_:_:)`.
///
/// Swift never fuses `a * b + c` into one fused multiply-add unless asked, which the error-free product
/// below depends on. Whole parts come from a conversion to `Int64`, not `rounded(_:)`, which calls libm's
/// `trunc` where the CPU has no rounding instruction, and a Swift executable on Linux need not link libm;
/// every caller first checks `|x| < 2⁵²`, where the conversion is exact.
private enum DecimalRounding {
  /// Whether `x` has no fractional part; any double of 2⁵² or more is whole.
  static func isWhole(_ x: Double) -> Bool {
    !(x.magnitude < 0x1p52) || Double(Int64(x)) == x
  }

  /// The exact `a * b` minus `product` (which is `a * b` rounded), by Dekker's product rather than a fused
  /// multiply-add, which is a slow library call on x86_64 without FMA. Only its sign is used, and only at a
  /// tie, where neither operand is near overflow.
  static func productError(_ a: Double, _ b: Double, _ product: Double) -> Double {
    let split = 0x1p27 + 1.0
    let aSplit = split * a
    let aHigh = aSplit - (aSplit - a)
    let aLow = a - aHigh
    let bSplit = split * b
    let bHigh = bSplit - (bSplit - b)
    let bLow = b - bHigh
    return ((aHigh * bHigh - product) + aHigh * bLow + aLow * bHigh) + aLow * bLow
  }

  /// `scaled` rounded to a whole number, halves away from zero, as the exact value would round.
  ///
  /// `scaled` is an exact quotient or product rounded to a double, `|scaled| < 2⁵²`; `excess` is the exact
  /// value minus `scaled` (only its sign matters). A tie in `scaled` can be the rounding of a value just
  /// short of the tie, which belongs to the whole number nearer zero.
  static func halfAwayFromZero(_ scaled: Double, excess: Double) -> Double {
    var whole = Double(Int64(scaled))
    let fraction = (scaled - whole).magnitude
    let shortOfTie = excess != 0 && (excess < 0) != (scaled < 0)
    if fraction > 0.5 || (fraction == 0.5 && !shortOfTie) { whole += scaled < 0 ? -1 : 1 }
    // A zero keeps the sign of the value it came from, as rounding -0.001 to hundredths gives -0.0.
    return Double(signOf: scaled, magnitudeOf: whole)
  }
}
