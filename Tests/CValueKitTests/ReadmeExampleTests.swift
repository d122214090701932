import CFFIFixtures
import CShimChecks
import CValueKit
import TestSupport
import Testing

/// The README's Swift examples, verbatim (Scripts/check-readme-examples.py checks that they stay so),
/// followed by assertions of what their comments say they print.
@Suite("README examples")
struct ReadmeExampleTests {
  @Test("laying out, bitfields and unions, overrides and names, errors")
  func examples() throws {
    let catalog = TypeCatalog()
    let sample = try catalog.layout(of: "{Sample=\"tag\"c\"value\"d\"count\"i}")
    print(sample.size, sample.alignment)  // 24 8
    print(sample.fields.map(\.path.description))  // [".tag", ".value", ".count"]
    print(sample.fields.map(\.offset))  // [0, 8, 16]
    print(sample.padding)  // [1..<8, 20..<24]

    let rect = try catalog.layout(of: "rect")
    print(rect.fields.map(\.path.description))  // [".origin.x", ".origin.y", ".size.width", ".size.height"]

    #expect(sample.size == 24)
    #expect(sample.alignment == 8)
    #expect(sample.fields.map(\.path.description) == [".tag", ".value", ".count"])
    #expect(sample.fields.map(\.offset) == [0, 8, 16])
    #expect(Array(sample.padding) == [1..<8, 20..<24])
    #expect(rect.fields.map(\.path.description) == [".origin.x", ".origin.y", ".size.width", ".size.height"])

    let flags = try catalog.layout(of: "{Flags=\"ready\"b0I1\"mode\"b1I3\"id\"s}")
    for field in flags.fields {
      print(field.path, field.offset, field.bits.map { "bits \($0)" } ?? "")
    }
    // .ready 0 bits 0..<1
    // .mode 0 bits 1..<4
    // .id 2

    let value = try catalog.layout(of: "(Value=\"i\"i\"f\"f\"d\"d)")
    print(value.fields.map(\.description))  // [".i @0 +4 i", ".f @0 +4 f", ".d @0 +8 d"]

    #expect(
      flags.fields.map {
        "\($0.path) \($0.offset) \($0.bits.map { "bits \($0)" } ?? "")"
      }
        == [".ready 0 bits 0..<1", ".mode 0 bits 1..<4", ".id 2 "])
    #expect(value.fields.map(\.description) == [".i @0 +4 i", ".f @0 +4 f", ".d @0 +8 d"])

    // struct epoll_event { uint32_t events; uint64_t data; } __attribute__((packed));
    try catalog.register(
      catalog.parse("{epoll_event=IQ}"), override: LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]))
    print(try catalog.layout(of: "[2{epoll_event}]").size)  // 24

    // Names of your own, usable wherever an encoding is.
    try catalog.register(catalog.parse("{vec3=\"x\"f\"y\"f\"z\"f}"), name: "vec3")
    print(try catalog.layout(of: "vec3").size)  // 12

    #expect(try catalog.layout(of: "[2{epoll_event}]").size == 24)
    #expect(try catalog.layout(of: "vec3").size == 12)

    do {
      _ = try catalog.parse("{CGPoint=dd")
    } catch {
      print(error)  // unterminated struct at offset 11 in "{CGPoint=dd"
    }
    do {
      _ = try catalog.layout(of: "{List=i{Node}}")
    } catch {
      print(error)
      // layout unknown for struct Node: the encoding omits its members and no definition
      // is registered (at .1)
    }

    #expect {
      try catalog.parse("{CGPoint=dd")
    } throws: { error in
      "\(error)" == "unterminated struct at offset 11 in \"{CGPoint=dd\""
    }
    #expect {
      try catalog.layout(of: "{List=i{Node}}")
    } throws: { error in
      "\(error)"
        == "layout unknown for struct Node: the encoding omits its members and no definition is registered (at .1)"
    }
  }

  // struct sensor_reading { char tag; double value; int count; char unit[4]; };  (from your C module)
  @Test func readingIsWithinTolerance() throws {
    let reading = try ValueRegistry.shared.resolve("{sensor_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}")
    let actual = sensor_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
    let expected = sensor_reading(tag: 65, value: 20.0, count: 3, unit: (67, 0, 0, 0))

    let result = try reading.compare(actual, expected, options: ComparisonOptions(tolerance: .absolute(0.001)))
    #expect(result.isEqual, Comment(rawValue: result.report))
    print(try reading.describe(actual))  // {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
  }

  @Test("what readingIsWithinTolerance prints")
  func readingDescription() throws {
    let reading = try ValueRegistry.shared.resolve("{sensor_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}")
    let actual = sensor_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
    #expect(try reading.describe(actual) == "{.tag = 65, .value = 20.0004, .count = 3, .unit = \"C\"}")
    #expect(reading.layout?.size == MemoryLayout<sensor_reading>.size)
    #expect(reading.layout?.fields.map(\.offset) == [0, 8, 16, 20, 21, 22, 23])
  }

  @Test("a report")
  func report() throws {
    let reading = try ValueRegistry.shared.resolve("{sensor_reading=\"tag\"c\"value\"d\"count\"i\"unit\"[4c]}")
    let actual = sensor_reading(tag: 65, value: 20.0004, count: 3, unit: (67, 0, 0, 0))
    let off = sensor_reading(tag: 65, value: 20.5, count: 4, unit: (67, 0, 0, 0))
    print(try reading.compare(actual, off).report)
    // sensor_reading values differ at 2 of 4 fields:
    //   .value: 20.0004 ≠ 20.5 (difference 0.49960000000000093)
    //   .count: 3 ≠ 4
    //   actual:   {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
    //   expected: {.tag = 65, .value = 20.5, .count = 4, .unit = "C"}

    #expect(
      try reading.compare(actual, off).report == """
        sensor_reading values differ at 2 of 4 fields:
          .value: 20.0004 ≠ 20.5 (difference 0.49960000000000093)
          .count: 3 ≠ 4
          actual:   {.tag = 65, .value = 20.0004, .count = 3, .unit = "C"}
          expected: {.tag = 65, .value = 20.5, .count = 4, .unit = "C"}
        """)
  }

  @Test("registering, field tolerances, parsing")
  func registering() throws {
    let registry = ValueRegistry()
    try registry.register("{Temp=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 }, describer: { "\($0) K" })
    print(try registry.resolve("{Temp=d}").compare(20.0, 20.3).isEqual)  // true

    var options = ComparisonOptions()
    options.fieldTolerances[".size.width"] = .absolute(0.5)
    let rect = try registry.resolve("rect")
    let bytes = try rect.parse("{.origin = {.x = 1}, .size.width = 10.25, .size.height = 20}")
    let wider = try rect.parse("{.origin.x = 1, .size = {10.5, 20}}")
    let sizes = try rect.compare(bytes: bytes, wider, options: options)
    print(sizes.isEqual)  // true

    #expect(try registry.resolve("{Temp=d}").compare(20.0, 20.3).isEqual)
    #expect(try !registry.resolve("{Temp=d}").compare(20.0, 20.6).isEqual)
    #expect(sizes.isEqual)
    let exact = try rect.compare(bytes: bytes, wider)
    #expect(exact.mismatches.map(\.path) == [".size.width"])
    #expect(try rect.describe(bytes: bytes) == "{.origin = {.x = 1, .y = 0}, .size = {.width = 10.25, .height = 20}}")
  }

  @Test("comparing many values")
  func manyValues() throws {
    let vertex = try ValueRegistry.shared.resolve("{Vertex=\"x\"f\"y\"f\"z\"f}")
    let mesh: [Float] = (0..<30_000).map { Float($0) / 8 }  // 10,000 vertices
    let moved = mesh.map { $0 + 0.5 }
    let close = mesh.withUnsafeBytes { a in
      moved.withUnsafeBytes { b in
        vertex.isEqual(pointers: a.baseAddress!, b.baseAddress!, count: 10_000, tolerance: .absolute(1))
      }
    }
    print(close)  // true
    let report = try mesh.withUnsafeBytes { a in
      try moved.withUnsafeBytes { b in try vertex.compare(bytes: a, b, count: 10_000) }
    }
    print(report.mismatchCount, report.mismatches.count)  // 30000 20
    print(report.mismatches[0].path)  // [0].x

    #expect(close)
    #expect(report.mismatchCount == 30_000)
    #expect(report.mismatches.count == 20)
    #expect(report.mismatches[0].path.description == "[0].x")
  }

  @Test("C functions as comparators")
  func cComparators() throws {
    let library = try FixtureLibrary.path()
    // bool geo_point_equal(struct geo_point a, struct geo_point b);   like CGPointEqualToPoint, by value
    let registry = ValueRegistry()
    let pointEqual: @convention(c) (geo_point, geo_point) -> Bool = geo_point_equal
    try registry.register(
      "{geo_point=\"x\"d\"y\"d}", comparer: CFunction(pointEqual, name: "geo_point_equal"),
      signature: "B{geo_point=dd}{geo_point=dd}", convention: .nonZeroMeansEqual)

    let result = try registry.resolve("{geo_point}").compare(geo_point(x: 1, y: 2), geo_point(x: 1, y: 2.5))
    print(result.summary)  // geo_point values differ (C function geo_point_equal): {.x = 1, .y = 2} ≠ {.x = 1, …
    #expect(
      result.summary
        == "geo_point values differ (C function geo_point_equal): {.x = 1, .y = 2} ≠ {.x = 1, .y = 2.5}")

    // int geo_point_cmp(const struct geo_point *a, const struct geo_point *b);   in libgeom.so
    try registry.register(
      "{geo_point}", comparer: .lookup("geo_point_cmp", in: library), signature: "i^{geo_point}^{geo_point}",
      convention: .zeroMeansEqual)
    let byPointer = try registry.resolve("{geo_point}").compare(geo_point(x: 1, y: 2), geo_point(x: 1, y: 2))
    #expect(byPointer.isEqual)
    #expect(byPointer.strategy == .cFunction(name: "geo_point_cmp", type: try TypeEncoding("{geo_point}")))
    #expect(try !registry.resolve("{geo_point}").compare(geo_point(x: 1, y: 2), geo_point(x: 3, y: 2)).isEqual)
  }
}
