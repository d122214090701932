import CValueKit
import Testing

/// Inputs the fuzz targets in Fuzz/ found (or that fixing what they found showed), fed through the public
/// API exactly as the targets do. Each input is also in the target's seed corpus.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  /// The bytes of the input as the encoding target read it: invalid UTF-8 decoded with replacement
  /// characters.
  private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  private static func roundTrip(_ literal: String, as encoding: String) throws -> (description: String, same: Bool) {
    let type = try ValueRegistry().resolve(encoding)
    let bytes = try type.parse(literal)
    let description = try type.describe(bytes, options: DescriptionOptions(maximumElements: nil))
    return (description, try type.parse(description) == bytes)
  }

  // encoding crash-d5a17db4: `{S="o\xA1"@"n"i}` described its first member as `.o\u{FFFD} = NULL`, which
  // the literal parser cannot read back; a member whose name is not a C identifier is now written by
  // position.
  @Test("a member name that is not an identifier is described by position")
  func memberNameNotAnIdentifier() throws {
    let encoding = Self.text([0x7B, 0x53, 0x3D, 0x22, 0x6F, 0xA1, 0x22, 0x40, 0x22, 0x6E, 0x22, 0x69, 0x7D])
    let type = try ValueRegistry().resolve(encoding, abi: .x86_64Darwin)
    let zeros = [UInt8](repeating: 0, count: 16)
    let description = try type.describe(zeros, options: DescriptionOptions(maximumElements: nil))
    #expect(description == "{NULL, .n = 0}")
    #expect(try type.parse(description) == zeros)
  }

  @Test("a member name with a space is described by position and reads back")
  func memberNameWithSpace() throws {
    let result = try Self.roundTrip("{7, .c = -2}", as: #"{S="a b"i"c"i}"#)
    #expect(result.description == "{7, .c = -2}")
    #expect(result.same)
  }

  // Found while fixing the above: of two members with one name, the parser reaches only the first.
  @Test("a second member of the same name is described by position and reads back")
  func duplicateMemberName() throws {
    let result = try Self.roundTrip("{1, 2}", as: #"{S="a"i"a"i}"#)
    #expect(result.description == "{.a = 1, 2}")
    #expect(result.same)
  }

  @Test("anonymous union members whose names clash are not written inline")
  func clashingInlineMembers() throws {
    let result = try Self.roundTrip("{{.a = 1}, {.a = 2}}", as: #"(U={?="a"c}{?="z"c"a"c})"#)
    #expect(result.description == "{.a = 0, {.z = 0, .a = 2}}")
    #expect(result.same)
  }

  // encoding timeout-eab4d6d4: `[1000000{?=}]` is zero bytes that described as a million `{}`, and
  // `[1000[1000[1000{?=}]]]` as a billion.
  @Test(
    "an array of elements without bytes describes as {}", .timeLimit(.minutes(1)),
    arguments: ["[1000000{?      =}]", "[1000[1000[1000{?=}]]]", "[1099511627776{E=}]"])
  func zeroSizedElements(encoding: String) throws {
    let type = try ValueRegistry().resolve(encoding)
    #expect(type.size == 0)
    #expect(try type.describe([], options: DescriptionOptions(maximumElements: nil)) == "{}")
    #expect(try type.parse("{}") == [])
  }

  // Found with the above: `count:` values of a type without bytes looped over every one of them (up to
  // 2^40, the largest count it accepts).
  @Test("any number of values without bytes describes as {}", .timeLimit(.minutes(1)))
  func zeroSizedValues() throws {
    let type = try ValueRegistry().resolve("{E=}")
    let description = try [UInt8]().withUnsafeBytes { bytes in
      try type.describe(bytes, count: CLayout.maximumSize, options: DescriptionOptions(maximumElements: nil))
    }
    #expect(description == "{}")
  }

  @Test("a member array of elements without bytes describes as {} between its neighbours")
  func zeroSizedMemberArray() throws {
    let result = try Self.roundTrip("{.b = 5}", as: #"{S="a"[4{E=}]"b"i}"#)
    #expect(result.description == "{.a = {}, .b = 5}")
    #expect(result.same)
  }
}
