import CValueKit
import CValueTesting
import Testing

/// The bytes attachment of an array snapshot marks every element's padding, not only the first's.
@Suite("byte dump")
struct ByteDumpTests {
  @Test("a run of two values marks the padding of both")
  func runOfValues() throws {
    let type = try ValueRegistry().resolve("{cv_tag=\"kind\"c\"id\"i}")
    let actual = try type.parse("{{.kind = 1, .id = 2}, {.kind = 3, .id = 4}}", count: 2)
    let expected = try type.parse("{{.kind = 1, .id = 2}, {.kind = 3, .id = 5}}", count: 2)
    let text = actual.withUnsafeBytes { a in
      expected.withUnsafeBytes { b in ByteDump.text(a, b, typeName: "tags.snap", layout: type.layout) }
    }
    #expect(
      text == """
        tags.snap: 16 bytes (~ padding, * differs, ! padding that differs)
        offset  actual                            expected
        0000    01  00~ 00~ 00~ 02  00  00  00    01  00~ 00~ 00~ 02  00  00  00
        0008    03  00~ 00~ 00~ 04* 00  00  00    03  00~ 00~ 00~ 05* 00  00  00
        """)
  }
}
