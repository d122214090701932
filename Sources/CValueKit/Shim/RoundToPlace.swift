import CValueShim

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
/// `place` as a `Double` can be.
///
/// - Parameters:
///   - value: The number to round.
///   - place: The step to round to: `0.01` for hundredths, `100` for hundreds.
/// - Returns: The multiple of `place` nearest to `value`.
public func roundToPlace(_ value: Double, _ place: Double) -> Double {
  cv_round_to_place(value, place)
}

/// `value` rounded to the nearest multiple of `place`, halves away from zero, in `Float`.
///
/// The rules of ``roundToPlace(_:_:)-(Double,Double)`` with `Float` precision: the result is the `Float`
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
  cv_round_to_place_f(value, place)
}
