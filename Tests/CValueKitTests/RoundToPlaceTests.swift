import CValueKit
import Testing

@Suite("Rounding to a place")
struct RoundToPlaceTests {
  @Test(
    "roundToPlace rounds to the nearest multiple, halves away from zero",
    arguments: [
      (3.14159, 0.01, 3.14), (2.5, 1, 3), (-2.5, 1, -3), (1234, 100, 1200), (0.125, 0.25, 0.25),
      (1250, 100, 1300), (-1250, 100, -1300), (2.675, 0.01, 2.67), (0.15, 0.1, 0.1), (1.005, 0.01, 1),
      (7, 0.5, 7), (7.3, 0.5, 7.5), (1, 3, 0), (2, 3, 3), (3.14159, 0, 3.14159), (3.14159, -0.01, 3.14159),
      (3.14159, .infinity, 3.14159), (.infinity, 0.01, .infinity), (-.infinity, 1, -.infinity),
      (1e300, 0.01, 1e300), (0x1p60 + 2048, 1, 0x1p60 + 2048),
    ] as [(Double, Double, Double)])
  func rounding(_ value: Double, _ place: Double, _ expected: Double) {
    #expect(roundToPlace(value, place) == expected)
  }

  @Test("roundToPlace lets NaN through, keeps the sign of zero, and ignores a NaN place")
  func roundingSpecialValues() {
    #expect(roundToPlace(.nan, 0.01).isNaN)
    #expect(roundToPlace(3.14159, .nan) == 3.14159)
    #expect(roundToPlace(-0.001, 0.01) == 0)
    #expect(roundToPlace(-0.001, 0.01).sign == .minus)
  }

  // Expected values taken from the C implementation (cv_round_to_place) before it moved to Swift, compared
  // bit for bit so that the sign of a zero counts.
  @Test(
    "roundToPlace at the edges of Double: signed zeros, subnormals, the limits, huge and tiny places",
    arguments: [
      (-0.0, 0.01, -0.0), (-0.4, 1, -0.0), (0.4, 1, 0), (-0.25, 0.5, -0.5), (-0x1p-1074, 0.01, -0.0),
      (0x1p-1074, 0x1p-1074, 0x1p-1074), (0x6p-1074, 0x4p-1074, 0x8p-1074), (-0x6p-1074, 0x4p-1074, -0x8p-1074),
      (0x1p-1074, 1e-300, 0), (0x1.8p-1022, 0x1p-1022, 0x1p-1021), (0x7e8p-1074, 0xcap-1074, 0x7e4p-1074),
      (1.5e-300, 1e-300, 0x1.56e1fc2f8f359p-997), (2.5, 1e-300, 2.5), (1, 0x1p-1074, 1),
      (1, .greatestFiniteMagnitude, 0), (.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude),
      (-.greatestFiniteMagnitude, 0.01, -.greatestFiniteMagnitude),
      (.greatestFiniteMagnitude, 1e300, 0x1.ffffffe8c42f7p+1023), (1.5e300, 1e300, 0x1.7e43c8800759cp+997),
      (1.4e300, 1e300, 0x1.7e43c8800759cp+996), (123_456_789, 1e300, 0),
      (0x1p52 - 0.5, 1, 0x1p52), (-(0x1p52 - 0.5), 1, -0x1p52), (0x1p52 - 1.5, 1, 0x1p52 - 1),
      (45_035_996.273704985, 0.01, 0x1.5798ee228f5c3p+25), (1.45, 0.1, 0x1.6666666666666p+0),
      (0.045, 0.01, 0x1.47ae147ae147bp-5), (0x1.5555555555555p-1, 0x1.5555555555555p-2, 0x1.5555555555555p-1),
      (.nan, 1, .nan), (1, -0.0, 1), (1, -.infinity, 1),
    ] as [(Double, Double, Double)])
  func roundingEdges(_ value: Double, _ place: Double, _ expected: Double) {
    #expect(roundToPlace(value, place).bitPattern == expected.bitPattern)
  }

  @Test(
    "roundToPlace for Float gives the nearest Float",
    arguments: [
      (3.14159, 0.01, 3.14), (2.5, 1, 3), (-2.5, 1, -3), (1234, 100, 1200), (0.125, 0.25, 0.25),
      (3.14159, 0, 3.14159), (.infinity, 0.01, .infinity), (1e30, 0.01, 1e30),
    ] as [(Float, Float, Float)])
  func roundingFloat(_ value: Float, _ place: Float, _ expected: Float) {
    #expect(roundToPlace(value, place) == expected)
  }

  @Test("roundToPlace for Float lets NaN through")
  func roundingFloatNaN() {
    #expect(roundToPlace(Float.nan, 0.01).isNaN)
  }

  // Expected values taken from the C implementation (cv_round_to_place_f) before it moved to Swift.
  @Test(
    "roundToPlace at the edges of Float: signed zeros, subnormals, the limits, huge and tiny places",
    arguments: [
      (-0.0, 0.01, -0.0), (-0.4, 1, -0.0), (0x1p-149, 0x1p-149, 0x1p-149), (0x6p-149, 0x4p-149, 0x8p-149),
      (0x1p-149, 0.01, 0), (0.1, 0x1p-149, 0.1), (0x1p-126, 0x1p-126, 0x1p-126),
      (.greatestFiniteMagnitude, 1, .greatestFiniteMagnitude),
      (.greatestFiniteMagnitude, .greatestFiniteMagnitude, .greatestFiniteMagnitude),
      (1, .greatestFiniteMagnitude, 0), (8_388_607.5, 1, 0x1p23), (-8_388_607.5, 1, -0x1p23),
      (2.675, 0.01, 0x1.55c29p+1), (1.005, 0.01, 1), (1.5e30, 1e30, 0x1.93e594p+99),
      (1.5e-30, 1e-30, 0x1.4484cp-99), (-.infinity, 1, -.infinity), (1, -0.0, 1), (1, .infinity, 1),
    ] as [(Float, Float, Float)])
  func roundingFloatEdges(_ value: Float, _ place: Float, _ expected: Float) {
    #expect(roundToPlace(value, place).bitPattern == expected.bitPattern)
  }
}
