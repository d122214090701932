import CFFIFixtures
import CValueShim
import Foundation
import Testing

@testable import CValueKit

extension ValueType {
  /// The own plan's steps, as an array (for tests).
  var steps: [ComparisonStep] { Array(ownPlan.steps) }
}

/// The comparison plan's instruction set: what each shape of type compiles to, and the verdict a handle's own
/// plan decides by. The steps are written out as text (`bytes 0+16`, `doubles 0×4`, `repeat 100×8 {…}`).
@Suite("Comparison plans")
struct ComparisonPlanTests {
  private static func plan(_ encoding: String) throws -> (steps: String, verdict: String) {
    let type = try ValueRegistry().resolve(encoding)
    return (render(type.steps), render(type.ownPlan.verdict))
  }

  /// A verdict written out, its members left out: `fields`, `doubles(offset: 0, count: 4)`.
  static func render(_ verdict: Verdict) -> String {
    switch verdict {
    case .fields: "fields"
    case .fieldsCalling: "fieldsCalling"
    case .function: "function"
    default: "\(verdict)"
    }
  }

  static func render(_ steps: [ComparisonStep]) -> String {
    steps.map { step in
      switch step {
      case .bytes(let offset, let count): "bytes \(offset)+\(count)"
      case .masked(let offset, let mask): "bits \(offset) " + mask.map { String($0, radix: 2) }.joined(separator: ",")
      case .floats(let offset, let count): "floats \(offset)×\(count)"
      case .doubles(let offset, let count): "doubles \(offset)×\(count)"
      case .leaf(let offset, let kind): "leaf \(offset) \(kind)"
      case .registered(let offset, let size, _): "registered \(offset)+\(size)"
      case .kept(let offset, let size, _): "kept \(offset)+\(size)"
      case .repeated(let offset, let count, let stride, let inner):
        "repeat \(offset) \(count)×\(stride) {\(render(inner))}"
      case .tagged(let offset, let union):
        "tagged \(offset) tag \(union.tag.bitDelta) {"
          + union.cases.sorted { $0.key < $1.key }.map { "\($0.key): \(render($0.value))" }.joined(separator: " | ")
          + " | else: \(render(union.unknown))}"
      }
    }.joined(separator: "; ")
  }

  @Test(
    "each shape compiles to the fewest steps",
    arguments: [
      ("{CGRect={CGPoint=dd}{CGSize=dd}}", "doubles 0×4"),
      ("{S=iiii}", "bytes 0+16"),
      ("{S=cdi}", "bytes 0+1; doubles 8×1; bytes 16+4"),
      ("{S=ffd}", "floats 0×2; doubles 8×1"),
      ("[100{?=fff}]", "floats 0×300"),
      ("[1000{?=iiii}]", "bytes 0+16000"),
      ("[100{?=ci}]", "repeat 0 100×8 {bytes 0+1; bytes 4+4}"),
      ("[3{?=ci}]", "bytes 0+1; bytes 4+5; bytes 12+5; bytes 20+4"),
      ("{S=b0I3b3I2c}", "bits 0 11111; bytes 1+1"),
      ("(U=[100{?=ci}]s)", "repeat 0 100×8 {bytes 0+1; bytes 4+4}; bytes 0+2"),
      ("{S=c(U=id)}", "bytes 0+1; bytes 8+8"),
      ("(U={?=cs}c)", "bytes 0+1; bytes 2+2; bytes 0+1"),
    ])
  func compiledSteps(encoding: String, expected: String) throws {
    #expect(try Self.plan(encoding).steps == expected)
  }

  @Test(
    "the verdict a handle's own plan decides by",
    arguments: [
      ("{S=iiii}", "fields"),
      ("{CGRect={CGPoint=dd}{CGSize=dd}}", "doubles(offset: 0, count: 4)"),
      ("[10{V=fff}]", "floatsWithin(offset: 0, count: 30)"),
      ("[1000{?=iiii}]", "bytes(offset: 0, count: 16000)"),
      ("{S=cdi}", "fields"),
      ("[100{?=ci}]", "steps"),
      ("{E=}", "steps"),
      ("{Unknown}", "address"),
    ])
  func verdict(encoding: String, expected: String) throws {
    #expect(try Self.plan(encoding).verdict == expected)
  }

  @Test("an ignored first field leaves one run from past it: still a run")
  func runPastAnIgnoredField() throws {
    let registry = ValueRegistry()
    try registry.register("{CGRect={CGPoint=dd}{CGSize=dd}}", ignoring: [".origin.x"])
    let rect = try registry.resolve("{CGRect={CGPoint=dd}{CGSize=dd}}")
    #expect(Self.render(rect.ownPlan.verdict) == "doubles(offset: 8, count: 3)")
    let a: (Double, Double, Double, Double) = (0, 2, 3, 4)
    #expect(rect.isEqual(a, (9, 2, 3, 4)))
    #expect(!rect.isEqual(a, (0, 2, 3, 5)))
  }

  @Test("a union with a live member compiles to that member's steps; a tagged one to one step per tag")
  func liveMemberSteps() throws {
    let registry = ValueRegistry()
    let named = "{S=\"n\"c\"u\"(U=\"a\"{?=\"x\"c\"y\"i}\"b\"d)}"
    try registry.register(named, unionMember: "a", at: ".u")
    #expect(Self.render(try registry.resolve(named).steps) == "bytes 0+1; bytes 8+1; bytes 12+4")
    // The tag (an int at 0) is 8 bytes before the union: bit delta -64. An unknown tag compares the bytes
    // the members cover: all 8, as the double covers them.
    let tagged = "{T=\"kind\"i\"u\"(U=\"a\"{?=\"x\"c\"y\"i}\"b\"d)}"
    try registry.register(tagged, unionMember: .tagged(by: ".kind", members: [1: "a", 2: "b"]), at: ".u")
    let steps = Self.render(try registry.resolve(tagged).steps)
    #expect(
      steps
        == "bytes 0+4; tagged 8 tag -64 {1: bytes 0+1; bytes 4+4 | 2: doubles 0×1 | else: bytes 0+8}")
  }

  @Test("a comparator registered for the whole value is the one step")
  func registeredStep() throws {
    let registry = ValueRegistry()
    try registry.register("{T=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 })
    let type = try registry.resolve("{T=d}")
    #expect(Self.render(type.ownPlan.verdict) == "steps")
    #expect(Self.render(type.steps) == "kept 0+8")
    #expect(type.ownPlan.direct == nil)
    #expect(type.isEqual(1.0, 1.25))
    #expect(!type.isEqual(1.0, 2.0))
  }
}

/// The vectorized float runs give exactly the answer of the rules applied pair by pair, whatever the
/// values, the tolerance and the alignment.
@Suite("Float runs")
struct FloatRunTests {
  private static let tolerances: [FloatTolerance] = [
    .exact, .bitwise, FloatTolerance(nanEqualsNaN: true), .absolute(1e-3),
    FloatTolerance(absolute: 0.5, nanEqualsNaN: true), .absolute(1e300),
    .relative(1e-6), .ulps(4), FloatTolerance(absolute: 1e-3, ulps: 2),
  ]

  /// Values that stress each rule: zeros of both signs, NaNs, infinities, subnormals and neighbours.
  private static func interesting<T: BinaryFloatingPoint>(_: T.Type) -> [T] {
    [0, -0, 1, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-3, 0.5, 1.5]
  }

  private static func check<T: FloatRuleOperand & CFloatPrefix>(_: T.Type, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let specials = interesting(T.self)
    for _ in 0..<400 {
      let count = Int(random.next() % 40)
      var a: [T] = (0..<count).map { _ in T(Double(Int64(random.next() % 2001) - 1000) / 7) }
      var b = a
      // Nudge some values: within and beyond each tolerance, or to a special value.
      for index in 0..<count where random.next() % 3 == 0 {
        switch random.next() % 5 {
        case 0: b[index] = b[index].nextUp
        case 1: b[index] += T(Double(random.next() % 2000) / 1e6)
        case 2: b[index] = specials[Int(random.next() % UInt64(specials.count))]
        case 3: a[index] = specials[Int(random.next() % UInt64(specials.count))]
        default: b[index] = a[index] + T(0.5)
        }
      }
      let offset = Int(random.next() % 3)  // 0: aligned; 1, 2: bytes that are not
      let size = MemoryLayout<T>.size
      var bytesA = [UInt8](repeating: 0, count: count * size + offset + 1)
      var bytesB = bytesA
      a.withUnsafeBytes { bytesA.replaceSubrange(offset..<(offset + count * size), with: $0) }
      b.withUnsafeBytes { bytesB.replaceSubrange(offset..<(offset + count * size), with: $0) }
      for tolerance in tolerances {
        let expected = zip(a, b).allSatisfy { FloatRule.isEqual($0, $1, tolerance) }
        let got = bytesA.withUnsafeBytes { x in
          bytesB.withUnsafeBytes { y in
            FloatRun<T>.isEqual(
              x.baseAddress.unsafelyUnwrapped + offset, y.baseAddress.unsafelyUnwrapped + offset, count: count,
              tolerance: tolerance)
          }
        }
        #expect(got == expected, "\(T.self) \(a) vs \(b) under \(tolerance)")
      }
    }
  }

  /// Both forms of the C loops, on a machine that has AVX2: the baseline (16-byte vectors) forced, then the
  /// form the processor chooses. One test, so that nothing else switches the form while it runs; other tests
  /// comparing runs meanwhile get the same answers from either form.
  @Test func runsAgreeWithTheRulesInEitherVectorForm() {
    cvi_float_runs_use_baseline(true)
    #expect(cvi_float_runs_vector_width() == 16)
    Self.check(Float.self, seed: 1)
    Self.check(Double.self, seed: 2)
    cvi_float_runs_use_baseline(false)
    #if arch(x86_64)
      let avx2 = Self.cpuHasAVX2()
      #expect(cvi_float_runs_vector_width() == (avx2 ? 32 : 16), "/proc/cpuinfo says AVX2: \(avx2)")
    #endif
    Self.check(Float.self, seed: 3)
    Self.check(Double.self, seed: 4)
  }

  /// Whether `/proc/cpuinfo` lists AVX2 among the processor's flags: the operating system's view, read apart
  /// from the CPUID the library reads.
  private static func cpuHasAVX2() -> Bool {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return false }
    return info.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("avx2") }
  }

  @Test("a difference at the tolerance itself is decided by the rules, not the fast test")
  func differenceAtTheBound() {
    let tolerance = FloatTolerance.absolute(0.25)
    let a: [Float] = Array(repeating: 1, count: 33)
    var b = a
    b[20] = 1.25  // exactly 0.25 apart: equal
    let equal = a.withUnsafeBytes { x in
      b.withUnsafeBytes { FloatRun<Float>.isEqual(x.baseAddress!, $0.baseAddress!, count: 33, tolerance: tolerance) }
    }
    #expect(equal)
    b[20] = Float(1.25).nextUp
    let unequal = a.withUnsafeBytes { x in
      b.withUnsafeBytes { FloatRun<Float>.isEqual(x.baseAddress!, $0.baseAddress!, count: 33, tolerance: tolerance) }
    }
    #expect(!unequal)
    #expect(FloatRun<Float>.safeBound(0.25) < 0.25)
    #expect(FloatRun<Double>.safeBound(1e-3) < 1e-3)
  }
}

/// Runs of values: `isEqual(pointers:_:count:)`, buffers, and `compare(_:_:count:options:)`'s report.
@Suite("Arrays of values")
struct ArrayComparisonTests {
  private let quad: ValueType

  init() throws { quad = try ValueRegistry().resolve(#"{Q="a"i"b"i"c"i"d"i}"#) }

  private func quads(_ count: Int) -> [Int32] { (0..<Int32(count * 4)).map { $0 } }

  private static func compare<T>(
    _ a: [T], _ b: [T], count: Int, _ type: ValueType, options: ComparisonOptions = .default
  ) throws -> Comparison {
    try a.withUnsafeBytes { x in
      try b.withUnsafeBytes { y in try type.compare(bytes: x, y, count: count, options: options) }
    }
  }

  @Test func equalRunsAreEqual() throws {
    let a = quads(1000)
    let b = a
    let equal = a.withUnsafeBytes { x in
      b.withUnsafeBytes { quad.isEqual(pointers: x.baseAddress!, $0.baseAddress!, count: 1000) }
    }
    #expect(equal)
    let comparison = try Self.compare(a, b, count: 1000, quad)
    #expect(comparison.isEqual)
    #expect(comparison.comparedFieldCount == 4000)
    #expect(comparison.type.description == #"[1000{Q="a"i"b"i"c"i"d"i}]"#)
  }

  @Test func oneDifferenceIsReportedByIndexAndField() throws {
    let a = quads(1000)
    var b = a
    b[3 * 4 + 2] = -7
    let comparison = try Self.compare(a, b, count: 1000, quad)
    #expect(!comparison.isEqual)
    #expect(comparison.mismatchCount == 1)
    #expect(comparison.mismatches.first?.path.description == "[3].c")
    #expect(comparison.mismatches.first?.actual == "14")
    #expect(comparison.mismatches.first?.expected == "-7")
    let equal = a.withUnsafeBytes { x in
      b.withUnsafeBytes { quad.isEqual(pointers: x.baseAddress!, $0.baseAddress!, count: 1000) }
    }
    #expect(!equal)
    // Up to the element before the difference, the runs are equal.
    let prefix = a.withUnsafeBytes { x in
      b.withUnsafeBytes { quad.isEqual(pointers: x.baseAddress!, $0.baseAddress!, count: 3) }
    }
    #expect(prefix)
  }

  @Test("a report on runs that differ everywhere counts every mismatch and keeps the first few")
  func cappedReport() throws {
    let a = quads(10_000)
    let b = a.map { $0 &+ 1 }
    let comparison = try Self.compare(a, b, count: 10_000, quad)
    #expect(comparison.mismatchCount == 40_000)
    #expect(comparison.mismatches.count == ComparisonOptions.default.maximumReportedMismatches)
    #expect(comparison.mismatches.map(\.path.description).prefix(5) == ["[0].a", "[0].b", "[0].c", "[0].d", "[1].a"])
    // The descriptions show the elements of the listed mismatches, …
    #expect(
      comparison.actualDescription
        == "{[0] = {.a = 0, .b = 1, .c = 2, .d = 3}, [1] = {.a = 4, .b = 5, .c = 6, .d = 7}, "
        + "[2] = {.a = 8, .b = 9, .c = 10, .d = 11}, [3] = {.a = 12, .b = 13, .c = 14, .d = 15}, "
        + "[4] = {.a = 16, .b = 17, .c = 18, .d = 19}, …}")
    // … and whole, they stop at the default 256 elements.
    var options = ComparisonOptions()
    options.maximumDescriptionLength = nil
    let whole = try Self.compare(a, b, count: 10_000, quad, options: options)
    #expect(whole.actualDescription?.hasSuffix(", … 9744 more}") == true)
    #expect(whole.expectedDescription?.hasPrefix("{{.a = 1, .b = 2, .c = 3, .d = 4}, ") == true)
  }

  @Test func badCountsAreErrors() throws {
    let bytes = [UInt8](repeating: 0, count: 32)
    #expect(throws: ValueError.invalidCount(-1)) {
      try bytes.withUnsafeBytes { try quad.compare(bytes: $0, $0, count: -1) }
    }
    #expect(throws: ValueError.invalidCount(Int.max)) {
      try bytes.withUnsafeBytes { try quad.compare(bytes: $0, $0, count: .max) }
    }
    let message = #expect(throws: ValueError.self) {
      try bytes.withUnsafeBytes { try quad.compare(bytes: $0, $0, count: 3) }
    }
    #expect(message?.description.contains("48") == true)
    let negative = bytes.withUnsafeBytes { quad.isEqual(pointers: $0.baseAddress!, $0.baseAddress!, count: -1) }
    #expect(!negative)
  }

  @Test("compare(pointers:_:count:) reports what the byte form reports, and refuses bad counts")
  func pointerRuns() throws {
    let a = quads(1000)
    var b = a
    b[3 * 4 + 2] = -7
    let byPointers = try a.withUnsafeBytes { x in
      try b.withUnsafeBytes { try quad.compare(pointers: x.baseAddress!, $0.baseAddress!, count: 1000) }
    }
    #expect(byPointers == (try Self.compare(a, b, count: 1000, quad)))
    #expect(byPointers.mismatches.map(\.path.description) == ["[3].c"])
    #expect(throws: ValueError.invalidCount(-1)) {
      try a.withUnsafeBytes { try quad.compare(pointers: $0.baseAddress!, $0.baseAddress!, count: -1) }
    }
    let unknown = try ValueRegistry().resolve("{Opaque}")
    let why = try #require(unknown.layoutError)
    #expect(
      why.description
        == "layout unknown for struct Opaque: the encoding omits its members and no definition is registered")
    #expect(throws: ValueError.layoutUnknown(unknown.type, why)) {
      try a.withUnsafeBytes { try unknown.compare(pointers: $0.baseAddress!, $0.baseAddress!, count: 2) }
    }
  }

  @Test func buffersOfDifferentLengthsAreNotEqual() {
    struct Q { var a, b, c, d: Int32 }
    let a = [Q](repeating: Q(a: 1, b: 2, c: 3, d: 4), count: 5)
    let b = [Q](repeating: Q(a: 1, b: 2, c: 3, d: 4), count: 4)
    #expect(a.withUnsafeBufferPointer { x in a.withUnsafeBufferPointer { quad.isEqual(elements: x, $0) } })
    #expect(!a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { quad.isEqual(elements: x, $0) } })
  }

  @Test func floatRunsUseTheTolerance() throws {
    let vertex = try ValueRegistry().resolve("{V=fff}")
    let a: [Float] = (0..<300).map { Float($0) / 7 }
    let b = a.map { $0 + 1e-4 }
    let within = a.withUnsafeBytes { x in
      b.withUnsafeBytes {
        vertex.isEqual(pointers: x.baseAddress!, $0.baseAddress!, count: 100, tolerance: .absolute(1e-3))
      }
    }
    #expect(within)
    let exact = a.withUnsafeBytes { x in
      b.withUnsafeBytes { vertex.isEqual(pointers: x.baseAddress!, $0.baseAddress!, count: 100) }
    }
    #expect(!exact)
    let report = try Self.compare(a, b, count: 100, vertex, options: ComparisonOptions(tolerance: .absolute(1e-5)))
    #expect(report.mismatchCount == 300)
    #expect(report.mismatches.first?.path.description == "[0].0")
  }
}

/// A C comparator registered for a whole value is called straight from `isEqual(pointers:)`: once per
/// comparison, by both routes, with misaligned values copied to aligned storage first.
@Suite("Direct C comparators")
struct DirectComparatorTests {
  @Test(arguments: [
    ("s_dd_equal", "B{s_dd=dd}{s_dd=dd}", CComparerConvention.nonZeroMeansEqual),
    ("s_dd_compare", "i^{s_dd}^{s_dd}", CComparerConvention.zeroMeansEqual),
  ])
  func calledOncePerComparison(name: String, signature: String, result: CComparerConvention) throws {
    let registry = ValueRegistry()
    try registry.register(
      "{s_dd=dd}", comparer: LinkedFixtures.function(name), signature: signature, convention: result)
    let type = try registry.resolve("{s_dd=dd}")
    #expect(type.ownPlan.direct != nil)
    #expect(ComparisonPlanTests.render(type.ownPlan.verdict) == (signature.hasPrefix("i^") ? "function" : "cFunction"))
    var bytes = [UInt8](repeating: 0, count: 40)
    let one = s_dd(a: 1, b: 2)
    let other = s_dd(a: 1, b: 3)
    let before = cv_fixture_calls()
    #expect(type.isEqual(one, one))
    #expect(!type.isEqual(one, other))
    // At byte 1 the doubles are misaligned; the function still gets aligned copies.
    withUnsafeBytes(of: one) { bytes.replaceSubrange(1..<17, with: $0) }
    withUnsafeBytes(of: one) { bytes.replaceSubrange(17..<33, with: $0) }
    let misaligned = bytes.withUnsafeBytes { type.isEqual(pointers: $0.baseAddress! + 1, $0.baseAddress! + 17) }
    #expect(misaligned)
    #expect(cv_fixture_calls() == before + 3)
  }

  @Test("a Swift comparator registered later replaces the C one everywhere")
  func replacedBySwift() throws {
    let registry = ValueRegistry()
    try registry.register(
      "{s_dd=dd}", comparer: LinkedFixtures.function("s_dd_equal"), signature: "B{s_dd=dd}{s_dd=dd}",
      convention: .nonZeroMeansEqual)
    try registry.register("{s_dd=dd}", as: s_dd.self, comparer: { _, _ in true })
    let type = try registry.resolve("{s_dd=dd}")
    #expect(type.ownPlan.direct == nil)
    #expect(type.isEqual(s_dd(a: 1, b: 2), s_dd(a: 5, b: 6)))
  }
}
