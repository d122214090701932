import CValueKit

// One row of Benchmarks/callgrind/measure.sh: `EngineCalls ROW N` makes N calls of one comparison over 16 equal
// pairs (index i & 15), or N calls on two arrays of 1,000 elements; measure.sh counts (instructions of 2N calls
// − of N) / N, so that set-up cancels out.
struct Point {
  var x: Double
  var y: Double
}
struct Size {
  var width: Double
  var height: Double
}
struct Rect {
  var origin: Point
  var size: Size
}
struct Padded {
  var tag: CChar
  var value: Double
  var count: Int32
  var tail: Int32 = 0
}
struct Quad {
  var a: Int32
  var b: Int32
  var c: Int32
  var d: Int32
}
struct Vertex {
  var x: Float
  var y: Float
  var z: Float
}

let rectEncoding = #"{bench_rect="origin"{bench_point="x"d"y"d}"size"{bench_size="width"d"height"d}}"#
let paddedEncoding = #"{bench_padded="tag"c"value"d"count"i}"#
let quadEncoding = #"{bench_quad="a"i"b"i"c"i"d"i}"#
let vertexEncoding = #"{bench_vertex="x"f"y"f"z"f}"#

@inline(never) func opaque<T>(_ value: T) -> T { value }
nonisolated(unsafe) var sink = 0
@inline(never) func keep(_ value: Bool) { if value { sink &+= 1 } }

let args = CommandLine.arguments
let row = args[1]
let n = Int(args[2])!

let rects: [Rect] = opaque(
  (0..<16).map { i in
    let x = Double(i)
    return Rect(origin: Point(x: x, y: -x / 3), size: Size(width: x * 1.5 + 1, height: 2 / (x + 1)))
  })
let rects2: [Rect] = opaque(rects.map { $0 })
let padded: [Padded] = opaque((0..<16).map { Padded(tag: CChar($0), value: Double($0) / 7, count: Int32($0)) })
let padded2: [Padded] = opaque(
  padded.map { v in
    var c = Padded(tag: 0, value: 0, count: 0)
    withUnsafeMutableBytes(of: &c) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
    c.tag = v.tag
    c.value = v.value
    c.count = v.count
    return c
  })

let plainRect = try ValueRegistry().resolve(rectEncoding)
let paddedType = try ValueRegistry().resolve(paddedEncoding)
let withComparer = ValueRegistry()
try withComparer.register(rectEncoding, ignoring: [".origin.x"])
try withComparer.register(rectEncoding, comparer: FieldComparer(Double.self) { $0 == $1 }, at: ".size.width")
let comparing = try withComparer.resolve(rectEncoding)
var options = ComparisonOptions()
options.ignoredPaths = [".origin.x"]
options.fieldComparers[".size.width"] = FieldComparer(Double.self) { $0 == $1 }
var toleranceOptions = ComparisonOptions()
toleranceOptions.tolerance = .absolute(1e-9)
let areEqual = opaque { (a: Double, b: Double) -> Bool in a == b }

// Arrays: 1,000 elements a call.
let quadType = try ValueRegistry().resolve(quadEncoding)
let vertexType = try ValueRegistry().resolve(vertexEncoding)
let quads = opaque((0..<1000).map { i in Quad(a: Int32(i), b: Int32(i &* 7), c: -1, d: Int32(i % 1000)) })
let quads2 = opaque(quads.map { $0 })
let vertices = opaque(
  (0..<1000).map { (i: Int) -> Vertex in
    Vertex(x: Float(i % 1000) * 0.5, y: -Float(i % 977) / 3, z: 1 / Float(i + 1))
  })
let nearby = opaque(vertices.map { Vertex(x: $0.x.nextUp, y: $0.y.nextDown, z: $0.z + 1e-4) })
let tolerance = FloatTolerance.absolute(1e-3)

switch row {
case "isEqual":
  for i in 0..<n { keep(plainRect.isEqual(rects[i & 15], rects2[i & 15])) }
case "isEqual-pointers":
  rects.withUnsafeBufferPointer { a in
    rects2.withUnsafeBufferPointer { b in
      for i in 0..<n { keep(plainRect.isEqual(pointers: a.baseAddress! + (i & 15), b.baseAddress! + (i & 15))) }
    }
  }
case "isEqual-padded":
  for i in 0..<n { keep(paddedType.isEqual(padded[i & 15], padded2[i & 15])) }
case "compare":
  for i in 0..<n { keep(try plainRect.compare(rects[i & 15], rects2[i & 15]).isEqual) }
case "compare-default-options":
  for i in 0..<n { keep(try plainRect.compare(rects[i & 15], rects2[i & 15], options: .default).isEqual) }
case "compare-options":
  for i in 0..<n { keep(try plainRect.compare(rects[i & 15], rects2[i & 15], options: options).isEqual) }
case "compare-tolerance":
  for i in 0..<n { keep(try plainRect.compare(rects[i & 15], rects2[i & 15], options: toleranceOptions).isEqual) }
case "isEqual-registered":
  for i in 0..<n { keep(comparing.isEqual(rects[i & 15], rects2[i & 15])) }
case "isEqual-closure":
  for i in 0..<n {
    let (a, b) = (rects[i & 15], rects2[i & 15])
    keep(plainRect.isEqual(a, b) && areEqual(a.size.width, b.size.width))
  }
case "difference-pointers":
  rects.withUnsafeBufferPointer { a in
    rects2.withUnsafeBufferPointer { b in
      for i in 0..<n {
        keep(try! plainRect.difference(pointers: a.baseAddress! + (i & 15), b.baseAddress! + (i & 15)) == nil)
      }
    }
  }
case "compare-bytes":
  rects.withUnsafeBytes { a in
    rects2.withUnsafeBytes { b in
      for i in 0..<n {
        let o = (i & 15) * 32
        keep(
          try! plainRect.compare(
            bytes: UnsafeRawBufferPointer(rebasing: a[o..<o + 32]), UnsafeRawBufferPointer(rebasing: b[o..<o + 32])
          ).isEqual)
      }
    }
  }
case "int-array":
  quads.withUnsafeBufferPointer { a in
    quads2.withUnsafeBufferPointer { b in
      for _ in 0..<n { keep(quadType.isEqual(elements: a, b)) }
    }
  }
case "float-array":
  vertices.withUnsafeBufferPointer { a in
    nearby.withUnsafeBufferPointer { b in
      for _ in 0..<n { keep(vertexType.isEqual(elements: a, b, tolerance: tolerance)) }
    }
  }
case "compare-array":
  quads.withUnsafeBytes { a in
    quads2.withUnsafeBytes { b in
      for _ in 0..<n { keep(try! quadType.compare(bytes: a, b, count: 1000).isEqual) }
    }
  }
default: fatalError("row?")
}
print(sink)
