import Benchmark
import BenchmarkCTypes
import CValueKit
import CustomDump
import Foundation
import Nimble

// Every group runs CValueKit's path and its peers on the same data in one run. Names are
// "group/subject"; Benchmarks/compare.py pairs them into ratios. A benchmark of one value (groups rect,
// padded, c-pointer, c-value, describe) measures `operationsPerSample` operations per sample, so that
// nanosecond costs keep three more digits; compare.py divides them back to one operation.

let operationsPerSample = 1_000

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 10, scalingFactor: .one,
    maxDuration: .seconds(2), maxIterations: 100_000)
  do {
    try singleValueBenchmarks()
    try arrayBenchmarks()
    try cFunctionBenchmarks()
    try describeBenchmarks()
    try encodingBenchmarks()
    try headerBenchmarks()
    try cLibraryBenchmarks()
  } catch {
    fatalError("setting up the benchmarks failed: \(error)")
  }
}

// MARK: - 1. One struct

func singleValueBenchmarks() throws {
  let registry = ValueRegistry()
  let rects = makeRects()
  let padded = makePadded()
  let rect = try registry.resolve(Encodings.rect)
  let paddedType = try registry.resolve(Encodings.padded)
  let derived = try registry.encoding(of: bench_rect.self)
  precondition(derived.description.hasPrefix("{bench_rect="), "derived \(derived)")

  func group<Value>(
    _ name: String, _ pairs: (actual: [Value], expected: [Value]), handle: ValueType, encoding: String,
    handWritten: @escaping (Value, Value) -> Bool
  ) throws {
    let (actual, expected) = pairs
    let mask = pairCount - 1
    for index in 0..<pairCount {
      precondition(handle.isEqual(actual[index], expected[index]), "\(name): pair \(index) is not equal")
      let derivedEqual = try registry.compare(actual[index], expected[index]).isEqual
      precondition(derivedEqual, "\(name): pair \(index) is not equal by the derived encoding")
    }
    Benchmark("\(name)/hand-written ==") { benchmark in
      for i in 0..<operationsPerSample { blackHole(handWritten(actual[i & mask], expected[i & mask])) }
    }
    Benchmark("\(name)/handle isEqual") { benchmark in
      for i in 0..<operationsPerSample { blackHole(handle.isEqual(actual[i & mask], expected[i & mask])) }
    }
    Benchmark("\(name)/handle isEqual(pointers:)") { benchmark in
      forEachPairOfAddresses(actual, expected) { handle.isEqual(pointers: $0, $1) }
    }
    Benchmark("\(name)/handle compare") { benchmark in
      for i in 0..<operationsPerSample {
        blackHole(try handle.compare(actual[i & mask], expected[i & mask]).isEqual)
      }
    }
    Benchmark("\(name)/encoding-string isEqual") { benchmark in
      for i in 0..<operationsPerSample {
        blackHole(try registry.resolve(encoding).isEqual(actual[i & mask], expected[i & mask]))
      }
    }
    Benchmark("\(name)/derived-encoding isEqual") { benchmark in
      for i in 0..<operationsPerSample {
        blackHole(try registry.resolve(swiftType: Value.self).isEqual(actual[i & mask], expected[i & mask]))
      }
    }
    Benchmark("\(name)/encoding-string compare") { benchmark in
      for i in 0..<operationsPerSample {
        blackHole(try registry.resolve(encoding).compare(actual[i & mask], expected[i & mask]).isEqual)
      }
    }
    Benchmark("\(name)/derived-encoding compare") { benchmark in
      for i in 0..<operationsPerSample {
        blackHole(try registry.compare(actual[i & mask], expected[i & mask]).isEqual)
      }
    }
    Benchmark("\(name)/memcmp") { benchmark in
      forEachPairOfAddresses(actual, expected) { bench_memcmp_equal($0, $1, MemoryLayout<Value>.stride) }
    }
    Benchmark("\(name)/Nimble equal") { benchmark in
      for i in 0..<operationsPerSample {
        let a = Equatably(value: actual[i & mask], isEqual: handWritten)
        let b = Equatably(value: expected[i & mask], isEqual: handWritten)
        // What a test writes; a passing expectation records nothing.
        blackHole(expect(a).to(equal(b)))
      }
    }
    Benchmark("\(name)/custom-dump diff") { benchmark in
      for i in 0..<operationsPerSample { blackHole(diff(actual[i & mask], expected[i & mask]) == nil) }
    }
  }
  try group("rect", rects, handle: rect, encoding: Encodings.rect, handWritten: handWrittenEqual)
  try group("padded", padded, handle: paddedType, encoding: Encodings.padded, handWritten: handWrittenEqual)
  try fieldOptionBenchmarks(rects)
}

/// Ignored paths and field comparers against the same comparisons without them (target: `isEqual` with a
/// registered ignored path within 1.2× of `rect/handle isEqual`): registered, they are compiled into the
/// plan; per comparison, the rules along their paths are rebuilt for the call.
func fieldOptionBenchmarks(_ rects: (actual: [bench_rect], expected: [bench_rect])) throws {
  let (actual, expected) = rects
  let mask = pairCount - 1
  let registry = ValueRegistry()
  try registry.register(Encodings.rect, ignoring: [".origin.x"])
  let ignoring = try registry.resolve(Encodings.rect)
  let withComparer = ValueRegistry()
  try withComparer.register(Encodings.rect, ignoring: [".origin.x"])
  try withComparer.register(Encodings.rect, comparer: FieldComparer(Double.self) { $0 == $1 }, at: ".size.width")
  let comparing = try withComparer.resolve(Encodings.rect)
  var options = ComparisonOptions()
  options.ignoredPaths = [".origin.x"]
  options.fieldComparers[".size.width"] = FieldComparer(Double.self) { $0 == $1 }
  let plain = try ValueRegistry().resolve(Encodings.rect)
  for index in 0..<pairCount {
    precondition(ignoring.isEqual(actual[index], expected[index]), "rect: pair \(index) is not equal ignoring")
    precondition(comparing.isEqual(actual[index], expected[index]), "rect: pair \(index) is not equal comparing")
  }
  Benchmark("rect/handle isEqual, ignored path registered") { benchmark in
    for i in 0..<operationsPerSample { blackHole(ignoring.isEqual(actual[i & mask], expected[i & mask])) }
  }
  Benchmark("rect/handle isEqual, ignored path and field comparer registered") { benchmark in
    for i in 0..<operationsPerSample { blackHole(comparing.isEqual(actual[i & mask], expected[i & mask])) }
  }
  // The work a field comparer adds, without it: the same isEqual, then the comparer's closure called
  // through a reference the optimizer cannot see through, as the plan calls it.
  let areEqual = opaque { (a: Double, b: Double) -> Bool in a == b }
  Benchmark("rect/handle isEqual, then a Double closure") { benchmark in
    for i in 0..<operationsPerSample {
      let (a, b) = (actual[i & mask], expected[i & mask])
      blackHole(plain.isEqual(a, b) && areEqual(a.size.width, b.size.width))
    }
  }
  Benchmark("rect/handle compare, ignored path and field comparer per comparison") { benchmark in
    for i in 0..<operationsPerSample {
      blackHole(try plain.compare(actual[i & mask], expected[i & mask], options: options).isEqual)
    }
  }
}

/// `value`, hidden from the optimizer: a closure called through it is called, not inlined.
@inline(never)
func opaque<T>(_ value: T) -> T { value }

// MARK: - 2. Arrays of 1,000,000 structs

let arrayCount = 1_000_000

func arrayBenchmarks() throws {
  let registry = ValueRegistry()
  let quad = try registry.resolve(Encodings.quad)
  let vertex = try registry.resolve(Encodings.vertex)
  let quads = (0..<arrayCount).map { i in
    bench_quad(a: Int32(truncatingIfNeeded: i), b: Int32(truncatingIfNeeded: i &* 7), c: -1, d: Int32(i % 1000))
  }
  let quadsCopy = quads.map { $0 }
  let vertices = (0..<arrayCount).map { (i: Int) -> bench_vertex in
    let x = Float(i % 1000) * 0.5
    let y = -Float(i % 977) / 3
    let z = 1 / Float(i + 1)
    return bench_vertex(x: x, y: y, z: z)
  }
  // Within 1e-3 of the first everywhere, and different in most elements: the tolerance is exercised.
  let nearbyVertices = vertices.map { bench_vertex(x: $0.x.nextUp, y: $0.y.nextDown, z: $0.z + 1e-4) }
  let verticesCopy = vertices.map { $0 }
  let tolerance = FloatTolerance.absolute(1e-3)
  let config = Benchmark.Configuration(scalingFactor: .one, maxIterations: 1_000)

  precondition(
    quads.withUnsafeBufferPointer { a in quadsCopy.withUnsafeBufferPointer { quad.isEqual(elements: a, $0) } })
  precondition(
    vertices.withUnsafeBufferPointer { a in
      nearbyVertices.withUnsafeBufferPointer { vertex.isEqual(elements: a, $0, tolerance: tolerance) }
    })
  precondition(
    !vertices.withUnsafeBufferPointer { a in
      nearbyVertices.withUnsafeBufferPointer { vertex.isEqual(elements: a, $0) }
    })

  Benchmark("int-array/handle isEqual", configuration: config) { benchmark in
    quads.withUnsafeBufferPointer { a in
      quadsCopy.withUnsafeBufferPointer { blackHole(quad.isEqual(elements: a, $0)) }
    }
  }
  Benchmark("int-array/hand-written loop", configuration: config) { benchmark in
    blackHole(allPairs(quads, quadsCopy, satisfy: handWrittenEqual))
  }
  Benchmark("int-array/memcmp", configuration: config) { benchmark in blackHole(memcmpEqual(quads, quadsCopy)) }
  Benchmark("float-array/handle isEqual within", configuration: config) { benchmark in
    vertices.withUnsafeBufferPointer { a in
      nearbyVertices.withUnsafeBufferPointer { blackHole(vertex.isEqual(elements: a, $0, tolerance: tolerance)) }
    }
  }
  Benchmark("float-array/hand-written loop", configuration: config) { benchmark in
    blackHole(allPairs(vertices, nearbyVertices) { handWrittenClose($0, $1, within: 1e-3) })
  }
  Benchmark("float-array/memcmp", configuration: config) { benchmark in
    blackHole(memcmpEqual(vertices, verticesCopy))
  }
  // A report for two arrays that differ in every element: capped at the default 20 mismatches, counting all.
  let differentQuads = quads.map { bench_quad(a: $0.a &+ 1, b: $0.b, c: $0.c, d: $0.d) }
  Benchmark("int-array/handle compare, every element differs", configuration: config) { benchmark in
    try quads.withUnsafeBytes { a in
      try differentQuads.withUnsafeBytes { b in
        blackHole(try quad.compare(bytes: a, b, count: arrayCount).mismatchCount)
      }
    }
  }
}

/// Runs `body` on the addresses of `operationsPerSample` pairs, the pairs of `actual` and `expected` in turn.
@inline(__always) func forEachPairOfAddresses<Value>(
  _ actual: [Value], _ expected: [Value], _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Bool
) {
  actual.withUnsafeBytes { a in
    expected.withUnsafeBytes { b in
      let stride = MemoryLayout<Value>.stride
      for i in 0..<operationsPerSample {
        let offset = (i & (pairCount - 1)) * stride
        blackHole(body(a.baseAddress.unsafelyUnwrapped + offset, b.baseAddress.unsafelyUnwrapped + offset))
      }
    }
  }
}

/// The loop a user writes: every pair satisfies `test`, stopping at the first that does not.
@inline(__always) func allPairs<Element>(_ a: [Element], _ b: [Element], satisfy test: (Element, Element) -> Bool)
  -> Bool
{
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      for i in 0..<a.count where !test(a[i], b[i]) { return false }
      return true
    }
  }
}

/// memcmp of the two whole buffers.
func memcmpEqual<Element>(_ a: [Element], _ b: [Element]) -> Bool {
  a.withUnsafeBytes { a in
    b.withUnsafeBytes { b in
      bench_memcmp_equal(a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped, a.count)
    }
  }
}

// MARK: - 3. C comparators

func cFunctionBenchmarks() throws {
  precondition(bench_ffi_prepare())
  let registry = ValueRegistry()
  let equalPointers: @convention(c) (UnsafePointer<bench_rect>?, UnsafePointer<bench_rect>?) -> Int32 =
    bench_rect_equal_pointers
  let equalValues: @convention(c) (bench_rect, bench_rect) -> Bool = bench_rect_equal_values
  try registry.register(
    "{bench_rect={bench_point=dd}{bench_size=dd}}",
    comparer: CFunction(equalPointers, name: "bench_rect_equal_pointers"), signature: "i^{bench_rect}^{bench_rect}",
    convention: .nonZeroMeansEqual)
  let byPointer = try registry.resolve("{bench_rect={bench_point=dd}{bench_size=dd}}")
  let byValueRegistry = ValueRegistry()
  try byValueRegistry.register(
    "{bench_rect={bench_point=dd}{bench_size=dd}}", comparer: CFunction(equalValues, name: "bench_rect_equal_values"),
    signature: "B{bench_rect={bench_point=dd}{bench_size=dd}}{bench_rect={bench_point=dd}{bench_size=dd}}",
    convention: .nonZeroMeansEqual)
  let byValue = try byValueRegistry.resolve("{bench_rect={bench_point=dd}{bench_size=dd}}")
  let (actual, expected) = makeRects()

  Benchmark("c-pointer/direct C call") { benchmark in
    forEachPairOfAddresses(actual, expected) {
      bench_rect_equal_pointers(
        $0.assumingMemoryBound(to: bench_rect.self), $1.assumingMemoryBound(to: bench_rect.self))
        != 0
    }
  }
  Benchmark("c-pointer/handle isEqual(pointers:)") { benchmark in
    forEachPairOfAddresses(actual, expected) { byPointer.isEqual(pointers: $0, $1) }
  }
  Benchmark("c-value/raw ffi_call") { benchmark in
    forEachPairOfAddresses(actual, expected) {
      bench_ffi_rect_equal($0.assumingMemoryBound(to: bench_rect.self), $1.assumingMemoryBound(to: bench_rect.self))
    }
  }
  Benchmark("c-value/handle isEqual(pointers:)") { benchmark in
    forEachPairOfAddresses(actual, expected) { byValue.isEqual(pointers: $0, $1) }
  }
}

// MARK: - 4. Describe

func describeBenchmarks() throws {
  let registry = ValueRegistry()
  let rect = try registry.resolve(Encodings.rect)
  let (rects, _) = makeRects()
  let many = (0..<10_000).map { rects[$0 % pairCount] }
  let all = DescriptionOptions(maximumElements: nil)
  let config = Benchmark.Configuration(scalingFactor: .one)
  Benchmark("describe/handle describe", configuration: config) { benchmark in
    for i in 0..<operationsPerSample { blackHole(try rect.describe(rects[i % pairCount])) }
  }
  Benchmark("describe/customDump", configuration: config) { benchmark in
    for i in 0..<operationsPerSample {
      var text = ""
      customDump(rects[i % pairCount], to: &text)
      blackHole(text)
    }
  }
  Benchmark("describe/String(describing:)", configuration: config) { benchmark in
    for i in 0..<operationsPerSample { blackHole(String(describing: rects[i % pairCount])) }
  }
  Benchmark("describe-array/handle describe", configuration: config) { benchmark in
    try many.withUnsafeBytes { bytes in blackHole(try rect.describe(bytes: bytes, count: many.count, options: all)) }
  }
  Benchmark("describe-array/customDump", configuration: config) { benchmark in
    var text = ""
    customDump(many, to: &text)
    blackHole(text)
  }
  Benchmark("describe-array/String(describing:)", configuration: config) { benchmark in
    blackHole(String(describing: many))
  }
}

// MARK: - 5. Parse and lay out the encodings of 200 real C structs

func encodingBenchmarks() throws {
  let encodings = realCStructEncodings
  precondition(encodings.count == 200)
  for encoding in encodings {
    let layout = try ValueRegistry().resolve(encoding).layout
    precondition(layout != nil, "\(encoding) has no layout")
  }
  let config = Benchmark.Configuration(scalingFactor: .one)
  Benchmark("encodings/parse + layout 200, cold", configuration: config) { benchmark in
    // A new catalog and registry: nothing parsed, laid out or resolved before.
    let registry = ValueRegistry(catalog: TypeCatalog())
    for encoding in encodings { blackHole(try registry.resolve(encoding).size) }
  }
  let warm = ValueRegistry()
  for encoding in encodings { _ = try warm.resolve(encoding) }
  Benchmark("encodings/parse + layout 200, cached", configuration: config) { benchmark in
    for encoding in encodings { blackHole(try warm.resolve(encoding).size) }
  }
}
