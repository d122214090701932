import CValueKit
import Testing

@Suite("Distance in units in the last place")
struct ULPDistanceTests {
  // The last rows pin the ends of the range; their counts were taken from the C implementation
  // (cv_ulp_distance) before it moved to Swift.
  @Test(
    "ulpDistance counts the doubles between two values",
    arguments: [
      (1.0, 1.0, 0), (-0.0, 0.0, 0), (0.0, -0.0, 0), (1.0, 1.0.nextUp, 1), (1.0.nextUp, 1.0, 1),
      (1.0, 1.0.nextDown, 1), (-1.0, -1.0.nextUp, 1), (0.0, .leastNonzeroMagnitude, 1),
      (-.leastNonzeroMagnitude, .leastNonzeroMagnitude, 2), (.infinity, .greatestFiniteMagnitude, 1),
      (-.infinity, -.greatestFiniteMagnitude, 1), (1.0, 2.0, 0x10_0000_0000_0000),
      (-.infinity, .infinity, 0xffe0_0000_0000_0000),
      (-0.0, .leastNonzeroMagnitude, 1), (.leastNormalMagnitude, Double.leastNormalMagnitude.nextDown, 1),
      (0.0, .leastNormalMagnitude, 0x10_0000_0000_0000),
      (.leastNormalMagnitude, -.leastNormalMagnitude, 0x20_0000_0000_0000),
      (-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0xffdf_ffff_ffff_fffe),
      (0.0, .infinity, 0x7ff0_0000_0000_0000),
      (-.infinity, -0.0, 0x7ff0_0000_0000_0000), (.infinity, .infinity, 0), (-.infinity, -.infinity, 0),
      (-1.0, 1.0, 0x7fe0_0000_0000_0000),
    ] as [(Double, Double, UInt64)])
  func ulps(_ a: Double, _ b: Double, _ expected: UInt64) {
    #expect(ulpDistance(a, b) == expected)
  }

  @Test("ulpDistance has no answer for NaN, whatever its sign or payload")
  func ulpsNaN() {
    #expect(ulpDistance(.nan, 1.0) == nil)
    #expect(ulpDistance(1.0, .nan) == nil)
    #expect(ulpDistance(Double.nan, .nan) == nil)
    #expect(ulpDistance(-Double.signalingNaN, .infinity) == nil)
    #expect(ulpDistance(Double(bitPattern: 0xfff8_0000_00c0_ffee), 0) == nil)
  }

  @Test(
    "ulpDistance counts the floats between two values",
    arguments: [
      (1, 1, 0), (-0.0, 0.0, 0), (1, Float(1).nextUp, 1), (-.leastNonzeroMagnitude, .leastNonzeroMagnitude, 2),
      (.infinity, .greatestFiniteMagnitude, 1), (1, 2, 0x80_0000), (-.infinity, .infinity, 0xff00_0000),
      (-0.0, .leastNonzeroMagnitude, 1), (0, .leastNormalMagnitude, 0x80_0000),
      (.leastNormalMagnitude, Float.leastNormalMagnitude.nextDown, 1),
      (-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0xfeff_fffe), (0, .infinity, 0x7f80_0000),
      (-1, 1, 0x7f00_0000), (.infinity, .infinity, 0),
    ] as [(Float, Float, UInt32)])
  func ulpsFloat(_ a: Float, _ b: Float, _ expected: UInt32) {
    #expect(ulpDistance(a, b) == expected)
  }

  @Test("ulpDistance for Float has no answer for NaN")
  func ulpsFloatNaN() {
    #expect(ulpDistance(Float.nan, 1) == nil)
    #expect(ulpDistance(Float(1), .nan) == nil)
    #expect(ulpDistance(Float.signalingNaN, .infinity) == nil)
    #expect(ulpDistance(-Float.nan, -Float.nan) == nil)
  }
}
