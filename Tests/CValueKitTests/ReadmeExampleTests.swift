import CValueKit
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
      print(field.path, field.offset, field.bits.map { "bits \($0.offset)..<\($0.offset + $0.width)" } ?? "")
    }
    // .ready 0 bits 0..<1
    // .mode 0 bits 1..<4
    // .id 2

    let value = try catalog.layout(of: "(Value=\"i\"i\"f\"f\"d\"d)")
    print(value.fields.map(\.description))  // [".i @0 +4 i", ".f @0 +4 f", ".d @0 +8 d"]

    #expect(
      flags.fields.map {
        "\($0.path) \($0.offset) \($0.bits.map { "bits \($0.offset)..<\($0.offset + $0.width)" } ?? "")"
      }
        == [".ready 0 bits 0..<1", ".mode 0 bits 1..<4", ".id 2 "])
    #expect(value.fields.map(\.description) == [".i @0 +4 i", ".f @0 +4 f", ".d @0 +8 d"])

    // struct epoll_event { uint32_t events; uint64_t data; } __attribute__((packed));
    try catalog.register(
      LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]),
      for: TypeEncoding("{epoll_event=IQ}", catalog: catalog))
    print(try catalog.layout(of: "[2{epoll_event}]").size)  // 24

    // Names of your own, usable wherever an encoding is.
    try catalog.register(name: "vec3", for: TypeEncoding("{vec3=\"x\"f\"y\"f\"z\"f}", catalog: catalog))
    print(try catalog.layout(of: "vec3").size)  // 12

    #expect(try catalog.layout(of: "[2{epoll_event}]").size == 24)
    #expect(try catalog.layout(of: "vec3").size == 12)

    do {
      _ = try TypeEncoding("{CGPoint=dd", catalog: catalog)
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
      try TypeEncoding("{CGPoint=dd", catalog: catalog)
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
}
