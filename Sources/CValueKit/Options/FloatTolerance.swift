/// How close two floating-point values must be to count as equal: an absolute difference, a relative
/// difference, a number of ULPs, and what to do with NaN and signed zeros.
///
/// Two values are equal when any of these holds, checked in this order:
/// 1. ``isBitwise``: their bit patterns are equal, and nothing else counts (so `-0.0 ≠ 0.0`, and a NaN
///    equals only the same NaN).
/// 2. Either is NaN: they are equal only when both are and ``nanEqualsNaN`` is set.
/// 3. They are equal as numbers (`-0.0 == 0.0`, `inf == inf`, under any tolerance).
/// 4. Either is infinite: never equal; a finite value is never within tolerance of an infinity.
/// 5. `|a − b| ≤ absolute`, or `|a − b| ≤ relative × max(|a|, |b|)`, or they are at most ``ulps``
///    representable values apart.
///
/// `float` fields are compared as `float`: ULPs count `float` steps, and the values are never widened
/// from a `double` by accident.
///
/// ```swift
/// let options = ComparisonOptions(tolerance: .absolute(0.001))
/// let loose = FloatTolerance(relative: 1e-6, nanEqualsNaN: true)
/// ```
public struct FloatTolerance: Hashable, Sendable, CustomStringConvertible {
  /// The largest difference accepted, in the values' own units.
  public var absolute: Double
  /// The largest difference accepted, as a fraction of the larger magnitude.
  public var relative: Double
  /// The largest distance accepted, in units in the last place of the field's type.
  public var ulps: UInt64
  /// Whether a NaN equals another NaN (any payload). Off by default: NaN ≠ NaN, as in IEEE 754.
  public var nanEqualsNaN: Bool
  /// Whether to compare bit patterns only, so that `-0.0 ≠ 0.0` and the other rules are off.
  public var isBitwise: Bool

  /// Creates a tolerance; every part defaults to exact.
  public init(
    absolute: Double = 0, relative: Double = 0, ulps: UInt64 = 0, nanEqualsNaN: Bool = false,
    isBitwise: Bool = false
  ) {
    self.absolute = absolute
    self.relative = relative
    self.ulps = ulps
    self.nanEqualsNaN = nanEqualsNaN
    self.isBitwise = isBitwise
  }

  /// Equal as numbers only: `-0.0 == 0.0`, NaN ≠ NaN. The registry's default.
  public static let exact = FloatTolerance()
  /// Equal bit patterns only.
  public static let bitwise = FloatTolerance(isBitwise: true)

  /// Within `difference` of each other.
  public static func absolute(_ difference: Double) -> FloatTolerance { FloatTolerance(absolute: difference) }
  /// Within `fraction` of the larger magnitude (1e-6 is one part in a million).
  public static func relative(_ fraction: Double) -> FloatTolerance { FloatTolerance(relative: fraction) }
  /// At most `count` representable values apart.
  public static func ulps(_ count: UInt64) -> FloatTolerance { FloatTolerance(ulps: count) }

  /// Whether the tolerance accepts only values that are equal as numbers (or bitwise).
  public var isExact: Bool { isBitwise || (absolute == 0 && relative == 0 && ulps == 0) }

  /// How the tolerance reads in a report: `exact`, `0.001`, `1e-06 relative`, `4 ulps`, joined by `or`.
  public var description: String {
    if isBitwise { return "bitwise" }
    var parts: [String] = []
    if absolute != 0 { parts.append(FloatText.shortest(absolute)) }
    if relative != 0 { parts.append("\(FloatText.shortest(relative)) relative") }
    if ulps != 0 { parts.append("\(ulps) \(ulps == 1 ? "ulp" : "ulps")") }
    if parts.isEmpty { parts.append("exact") }
    if nanEqualsNaN { parts.append("nan == nan") }
    return parts.joined(separator: " or ")
  }

  /// Why the tolerance cannot be used, or `nil` when it can (`package`: CValueFixtures checks a file's
  /// tolerances the way ``ValueType`` checks the options it is handed).
  package var problem: String? {
    if !(absolute >= 0) || absolute.isInfinite {
      return "absolute tolerance \(FloatText.shortest(absolute)) is not a finite number ≥ 0"
    }
    if !(relative >= 0) || relative.isInfinite {
      return "relative tolerance \(FloatText.shortest(relative)) is not a finite number ≥ 0"
    }
    return nil
  }
}
