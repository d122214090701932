import CValueKit
import Testing

/// A union is equal when the bytes its members cover are; when they differ, the report names the differing
/// fields of every member view, since which member is live is unknown.
@Suite struct UnionReportTests {
  static func bytes<Value>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

  @Test func eachViewReportsItsOwnFields() throws {
    let type = try ValueRegistry.shared.resolve("(U=\"i\"i\"f\"f)")
    let result = try type.compare(Int32(1), Int32(2))
    #expect(
      result.report == """
        U values differ at 2 of 2 fields:
          .i: 1 ≠ 2
          .f: 1e-45 ≠ 3e-45 (difference 1.401298464324817e-45)
          actual:   {.i = 1, .f = 1e-45}
          expected: {.i = 2, .f = 3e-45}
        """)
  }

  @Test func aFloatViewWithinToleranceLeavesTheOtherViewsLines() throws {
    // 1.0 and the next float up: equal within the tolerance, unequal as bytes, so the union is unequal and
    // the integer view says where.
    let type = try ValueRegistry.shared.resolve("(U=\"f\"f\"i\"i)")
    let result = try type.compare(Float(1), Float(1).nextUp, options: ComparisonOptions(tolerance: .absolute(0.001)))
    #expect(
      result.report == """
        U values differ at 1 of 2 fields:
          .i: 1065353216 ≠ 1065353217
          actual:   {.f = 1, .i = 1065353216}
          expected: {.f = 1.0000001, .i = 1065353217}
        """)
  }

  @Test func bytesNoViewReportsNameTheWholeUnion() throws {
    // 0.0 and -0.0 are equal as floats and different bytes: the union differs, and no view has a field to
    // name, so the union itself is the line.
    let type = try ValueRegistry.shared.resolve("{S=\"n\"i\"u\"(U=\"f\"f)}")
    let result = try type.compare(bytes: Self.bytes((Int32(7), Float(0))), Self.bytes((Int32(7), Float(-0.0))))
    #expect(
      result.report == """
        S values differ at 1 of 2 fields:
          .u: {.f = 0} ≠ {.f = -0.0}
          actual:   {.n = 7, .u = {.f = 0}}
          expected: {.n = 7, .u = {.f = -0.0}}
        """)
  }

  @Test func aUnionInAnArrayReportsByIndex() throws {
    let type = try ValueRegistry.shared.resolve("{S=\"u\"[3(U=\"i\"i\"c\"c)]}")
    // Element 1 differs in the int only (the char is its low byte, 2 in both); element 2 in both views.
    let result = try type.compare(
      bytes: Self.bytes((Int32(1), Int32(2), Int32(3))), Self.bytes((Int32(1), Int32(258), Int32(4))))
    #expect(
      result.report == """
        S values differ at 3 of 6 fields:
          .u[1].i: 2 ≠ 258
          .u[2].i: 3 ≠ 4
          .u[2].c: 3 ≠ 4
          actual:   {.u = {{.i = 1, .c = 1}, {.i = 2, .c = 2}, {.i = 3, .c = 3}}}
          expected: {.u = {{.i = 1, .c = 1}, {.i = 258, .c = 2}, {.i = 4, .c = 4}}}
        """)
    let capped = try type.compare(
      bytes: Self.bytes((Int32(1), Int32(2), Int32(3))), Self.bytes((Int32(1), Int32(258), Int32(4))),
      options: ComparisonOptions(maximumReportedMismatches: 1))
    #expect(
      capped.report == """
        S values differ at 3 of 6 fields:
          .u[1].i: 2 ≠ 258
          … and 2 more
          actual:   {.u = {{.i = 1, .c = 1}, {.i = 2, .c = 2}, {.i = 3, .c = 3}}}
          expected: {.u = {{.i = 1, .c = 1}, {.i = 258, .c = 2}, {.i = 4, .c = 4}}}
        """)
  }

  @Test func equalityIsStillTheBytes() throws {
    let type = try ValueRegistry.shared.resolve("(U=\"i\"i\"c\"c)")
    #expect(try type.compare(Int32(5), Int32(5)).isEqual)
    #expect(type.isEqual(Int32(5), Int32(5)))
    #expect(!type.isEqual(Int32(5), Int32(261)))
    #expect(try type.compare(Int32(5), Int32(261)).mismatchCount == 1)
  }
}
