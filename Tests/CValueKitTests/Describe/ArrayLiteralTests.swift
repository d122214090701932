import CValueKit
import Testing

/// `parse(_:count:)`: an array initializer of `count` values, as `describe(bytes:count:)` prints them.
@Suite("Reading array literals")
struct ArrayLiteralTests {
  let point: ValueType

  init() throws { point = try ValueRegistry().resolve("{cv_point=\"x\"d\"y\"d}") }

  @Test("an array initializer reads back what describe printed, element by element")
  func roundTrip() throws {
    let bytes = try point.parse("{{.x = 1, .y = 2}, {3, 4}, {.y = -1}}", count: 3)
    #expect(bytes.count == 48)
    #expect(try point.describe(bytes: bytes, count: 3) == "{{.x = 1, .y = 2}, {.x = 3, .y = 4}, {.x = 0, .y = -1}}")
    #expect(try point.parse("{}", count: 0) == [])
  }

  @Test("errors name the element's path and the offset in the literal")
  func errors() {
    let error = #expect(throws: ValueError.self) { try point.parse("{{.x = 1, .y = 2}, {1, 2.5.}}", count: 2) }
    #expect(error?.description == #"bad number '2.5.' at [1] (offset 23 in "{{.x = 1, .y = 2}, {1, 2.5.}}")"#)
    #expect(throws: ValueError.invalidCount(-1)) { try point.parse("{}", count: -1) }
  }
}
