import BenchmarkCTypes
import CValueKit

// The values every benchmark reads. Each single-value benchmark walks `pairs` equal pairs (the common case
// in a passing suite) by index, so that no comparison is loop-invariant and none can be hoisted out of
// the measured loop; the two values of a pair are separate copies.

let pairCount = 1024

func makeRects() -> (actual: [bench_rect], expected: [bench_rect]) {
  let rects = (0..<pairCount).map { index in
    let x = Double(index)
    return bench_rect(origin: bench_point(x: x, y: -x / 3), size: bench_size(width: x * 1.5 + 1, height: 2 / (x + 1)))
  }
  return (rects, rects.map { $0 })
}

func makePadded() -> (actual: [bench_padded], expected: [bench_padded]) {
  let values = (0..<pairCount).map { index in
    bench_padded(tag: CChar(truncatingIfNeeded: index), value: Double(index) / 7, count: Int32(index))
  }
  // The same fields over different padding bytes: memcmp calls these unequal, every field-wise check equal.
  return (
    values,
    values.map { value in
      var copy = bench_padded()
      withUnsafeMutableBytes(of: &copy) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
      copy.tag = value.tag
      copy.value = value.value
      copy.count = value.count
      return copy
    }
  )
}

/// The hand-written equality a user would write for each struct.
@inline(__always) func handWrittenEqual(_ a: bench_rect, _ b: bench_rect) -> Bool {
  a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width
    && a.size.height == b.size.height
}

@inline(__always) func handWrittenEqual(_ a: bench_padded, _ b: bench_padded) -> Bool {
  a.tag == b.tag && a.value == b.value && a.count == b.count
}

@inline(__always) func handWrittenEqual(_ a: bench_quad, _ b: bench_quad) -> Bool {
  a.a == b.a && a.b == b.b && a.c == b.c && a.d == b.d
}

@inline(__always) func handWrittenClose(_ a: bench_vertex, _ b: bench_vertex, within tolerance: Float) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.z - b.z) <= tolerance
}

/// An Equatable wrapper, which is what Nimble's `equal` and other Equatable-based peers need.
struct Equatably<Value>: Equatable, CustomStringConvertible {
  let value: Value
  let isEqual: (Value, Value) -> Bool
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(lhs.value, rhs.value) }
  var description: String { "\(value)" }
}

/// The encodings of the benchmarked structs, as clang's `@encode` writes them (with member names).
enum Encodings {
  static let rect = #"{bench_rect="origin"{bench_point="x"d"y"d}"size"{bench_size="width"d"height"d}}"#
  static let padded = #"{bench_padded="tag"c"value"d"count"i}"#
  static let quad = #"{bench_quad="a"i"b"i"c"i"d"i}"#
  static let vertex = #"{bench_vertex="x"f"y"f"z"f}"#
}
