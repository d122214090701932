import CValueFixtures
import CValueKit
import Foundation
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
    let description = try type.describe(bytes: bytes, options: DescriptionOptions(maximumElements: nil))
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
    let description = try type.describe(bytes: zeros, options: DescriptionOptions(maximumElements: nil))
    #expect(description == "{NULL, .n = 0}")
    #expect(try type.parse(description) == zeros)
  }

  // encoding timeout-e7b278b8: `[1000[1000[1000{\xA0?=}]]]` on x86_64 Windows, where an empty struct
  // takes 4 bytes, compiled its plan by unrolling a billion elements that compare nothing. An element with
  // nothing to compare now adds no step, however many there are.
  @Test("an array of a billion elements with nothing to compare has an empty plan")
  func billionEmptyElements() throws {
    let encoding = Self.text(Array("[1000[1000[1000{".utf8) + [0xA0] + Array("?=}]]]".utf8))
    let type = try ValueRegistry().resolve(encoding, abi: .x86_64Windows)
    #expect(type.size == 4_000_000_000)
    #expect(type.layout?.fields.isEmpty == true)
    #expect(type.strategy == .structural)
    // A union's coverage is compiled the same way.
    let union = try ValueRegistry().resolve(#"(U="e"[1000000000{E=}]"c"c)"#, abi: .x86_64Windows)
    #expect(union.size == 4_000_000_000)
    #expect(union.layout?.fields.map(\.path.description) == [".c"])
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
    #expect(try type.describe(bytes: [], options: DescriptionOptions(maximumElements: nil)) == "{}")
    #expect(try type.parse("{}") == [])
  }

  // Found with the above: `count:` values of a type without bytes looped over every one of them (up to
  // 2^40, the largest count it accepts).
  @Test("any number of values without bytes describes as {}", .timeLimit(.minutes(1)))
  func zeroSizedValues() throws {
    let type = try ValueRegistry().resolve("{E=}")
    let description = try [UInt8]().withUnsafeBytes { bytes in
      try type.describe(bytes: bytes, count: CLayout.maximumSize, options: DescriptionOptions(maximumElements: nil))
    }
    #expect(description == "{}")
  }

  @Test("a member array of elements without bytes describes as {} between its neighbours")
  func zeroSizedMemberArray() throws {
    let result = try Self.roundTrip("{.b = 5}", as: #"{S="a"[4{E=}]"b"i}"#)
    #expect(result.description == "{.a = {}, .b = 5}")
    #expect(result.same)
  }

  /// The fixture fuzzer's timeout (CI smoke run): a 738-byte binary property list whose arrays refer to
  /// one another, so that it stands for an enormous, deeply nested tree. Decoding it took minutes; it is
  /// now refused once it nests deeper or holds more values than a fixture file may.
  @Test(.timeLimit(.minutes(1)))
  func aPropertyListThatRepeatsValuesByReferenceIsRefused() throws {
    let encoded = [
      "YnBsaXN0MDDWAQIDBAUGBwwPEhUYV2Nhc2UgNTNXY2FzZSA1NVdjYXNlIDU2V2Nhc2UgNTdXY2FzZSA1OFdjYXNlIDU50ggJCgtU",
      "dHlwZVV2YWx1ZV8QEntRMjRfYm9vbHM9QmNbM0JdfV8QIXtmYWxzZSwgLTIwLCB7ZmFsc2UsIHRydWUsIHRydWV9fdIICQ0OXxAv",
      "e1EyNV9wb2ludGVyX3RvX2FycmF5PV5bNGldXlsyWzNkXV1eWzJ7UTI1X1h9XX1fEDR7MHg1NmZkZWIyN2QwZWI0MzEyLCAweDdm",
      "Yjk1YTZkZTEzNywgMHg3Zjk0M2UxZDhiMDB90ggJEBFfEBN7UTI2X2VtcHR5X3N0cnVjdD19Unt90ggBAAAgEDJ7UTI3X25lc3Rl",
      "ZF9uYW1lZF9yZXVzZT1OUTI3X0luPWljfVsye1EyN19Jbj1pY31dfV8QLHt7MSwgLTEyNn0sIHt7LTEzMDk2NjU4NTIsIDMzfSwg",
      "ey0xLCAtMTI4fX190ggJFhdfEEl7UTI4X3NlbGZfcmVmZXZlbnRpYWw9aV57UTI4X3NlbGZfcmVmZXJlbnRpYWx9WzJee1EyOF9z",
      "ZWxmX3JlZmVyZW50aWFsfV19XxBFezE1NTEwMzc4MzIsIDB4N2Y3MDhjZjVhYWUwLCB7MHg2YWIzNzEzNmM4OTY2ZTE4LCAweGEz",
      "ZmY0OTU2OWQxZWJiOX190ggJGRpfEBx7UTMzX21hbnlfcGFkZGluZz1jZGNzY2ljRGN9XxBJezEyNywgMi45NjE0NTk4NjI3MTEw",
      "NjFlKzI5LCAtMjQsIC0yNmM4fTwvc3RyaW5nPgoJCTxrZXk+dmFsdWU8LyBuYW4sIDE5fQAIABUAHQAlAC0ANQA9AEUASgBPAFUA",
      "agCOAJMAxQD8AQEBFwEaAR8BVAGDAYgB1AIcAiECQAAAAAAAAAIBAAAAAAAAABsAAAAAAAAAAAAAAAAAAAKM",
    ].joined()
    let data = try #require(Data(base64Encoded: encoded))
    #expect(data.count == 738)
    #expect(
      throws: FixtureError(file: "refs.plist", reason: .tooLarge(maximumValues: 65536, maximumDepth: 32))
    ) { try ValueFixture.load(data, format: .propertyList, file: "refs.plist") }
    let message = FixtureError(file: "refs.plist", reason: .tooLarge(maximumValues: 65536, maximumDepth: 32))
      .description
    #expect(
      message
        == "refs.plist: more than 65536 values or nested more than 32 deep (a property list may repeat a value by reference)"
    )
  }

  @Test func jsonNestedDeeperThanAFixtureMayBeIsRefused() {
    let deep = Data((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8)
    #expect(
      throws: FixtureError(file: "deep.json", reason: .tooLarge(maximumValues: 65536, maximumDepth: 32))
    ) { try ValueFixture.load(deep, format: .json, file: "deep.json") }
  }

  /// The encoding fuzzer (CI smoke run): `b900000000-0000` parsed as an Apple-form bitfield and a frame
  /// offset of -0, and printed as `b9000000000`, one bitfield 9000000000 bits wide. A bitfield is no
  /// argument or return type, so a signature refuses it.
  @Test func aBitfieldIsNoSignatureElement() {
    #expect(throws: EncodingError(.bitfieldInSignature, at: 0, in: "b900000000-0000")) {
      try MethodSignature("b900000000-0000")
    }
    #expect(throws: EncodingError(.bitfieldInSignature, at: 2, in: "i8rb3")) { try MethodSignature("i8rb3") }
    // encoding crash-eba42352 (stop 17): the same behind `j` (or `^`), whose text also ends with the width:
    // `jb900000000-0000` printed as `jb9000000000`.
    #expect(throws: EncodingError(.bitfieldInSignature, at: 0, in: "jb900000000-0000")) {
      try MethodSignature("jb900000000-0000")
    }
    #expect(throws: EncodingError(.bitfieldInSignature, at: 1, in: "v^rb3")) { try MethodSignature("v^rb3") }
    #expect(throws: EncodingError.self) { try TypeEncoding.parseSequence("vb0I3") }
    #expect((try? MethodSignature("v16@0:8"))?.description == "v16@0:8")
  }

  /// The encoding fuzzer (timeout-01833…): a union holding `{?=c[865547250c]d}` built a byte mask as large
  /// as the union, 865 MB filled byte by byte, when it was resolved. A union's rule now compares each
  /// member's covered bytes, in steps that grow with the encoding, never with the union's size.
  @Test(
    "resolving a union does not take time or memory in proportion to its size", .timeLimit(.minutes(1)),
    arguments: ["(U={?=c[865547250c]d})", "(U=[100000000{?=ci}]s)", "{S=c(U=[1000[1000[1000{?=cs}]]]d)}"])
  func hugeUnionResolvesQuickly(encoding: String) throws {
    let type = try ValueRegistry().resolve(encoding)
    #expect(type.layoutError == nil)
    #expect((type.size ?? 0) > 100_000_000)
  }

  @Test("a union of a long padded array compares the bytes some member covers, and no others")
  func unionOfPaddedArrayIgnoresOnlyPadding() throws {
    // {char; int} is 8 bytes with padding at 1..<4; the short covers bytes 0 and 1 of the first element.
    let type = try ValueRegistry().resolve("(U=[100{?=ci}]s)")
    let zeros = [UInt8](repeating: 0, count: 800)
    func differs(at offset: Int) throws -> Bool {
      var changed = zeros
      changed[offset] = 0x5A
      return try !type.compare(bytes: zeros, changed).isEqual
    }
    #expect(try differs(at: 0))
    #expect(try differs(at: 1))  // padding of element 0, covered by the short
    #expect(try !differs(at: 2))
    #expect(try !differs(at: 8 * 50 + 1))
    #expect(try differs(at: 8 * 50 + 4))
    #expect(try differs(at: 8 * 99 + 7))
    #expect(try !differs(at: 8 * 99 + 3))
  }

  /// The value-literal fuzzer (crash-8e29a943): in a union of integers and a `long double`, integer
  /// values make the `long double`'s bytes an x87 unnormal, which is written `nan`; the union's members
  /// read back in order, so the default NaN lands over the pointer's bytes. Documented, not fixable by
  /// text C can read; the bytes read back are a fixed point.
  @Test func aUnionMemberThatReadsAsNaNReadsBackAsTheDefaultNaN() throws {
    #if arch(x86_64)
      let type = try ValueRegistry().resolve("(U=[2Q]D)", abi: .x86_64Linux)
      let bytes = try type.parse("{{5, 2}}")
      let description = try type.describe(bytes: bytes)
      #expect(description == "{{5, 2}, nan}")
      let again = try type.parse(description)
      #expect(Array(again[0..<10]) == [0, 0, 0, 0, 0, 0, 0, 0xC0, 0xFF, 0x7F])
      #expect(try type.parse(type.describe(bytes: again)) == again)
    #endif
  }

  /// The value-literal fuzzer (crash-667d41b4, minimized to `(\0=dD)` and `{-5}`): the double -5 leaves
  /// the `long double` member exponent 0 under a mantissa with its integer bit set, an x87 pseudo-denormal.
  /// It is described as the number it equals, which C (and the parser) write as the normal encoding,
  /// exponent 1. No C text keeps a pseudo-denormal's bits; documented (LeafDescription, "Descriptions are
  /// C initializers"), and the bytes read back are a fixed point.
  @Test func aUnionMemberThatReadsAsAPseudoDenormalReadsBackNormalized() throws {
    #if arch(x86_64)
      let type = try ValueRegistry().resolve("(U=dD)", abi: .x86_64Linux)
      let bytes = try type.parse("{-5}")
      #expect(Array(bytes[0..<10]) == [0, 0, 0, 0, 0, 0, 0x14, 0xC0, 0, 0])
      let description = try type.describe(bytes: bytes)
      #expect(description == "{-5, 5.0452067795748248868e-4932}")
      let again = try type.parse(description)
      #expect(Array(again[0..<10]) == [0, 0, 0, 0, 0, 0, 0x14, 0xC0, 1, 0])
      #expect(try type.describe(bytes: again) == description)
      #expect(try type.parse(type.describe(bytes: again)) == again)
      // Outside a union the same bytes read back the same way: the value is kept, not the encoding.
      let longDouble = try ValueRegistry().resolve("D", abi: .x86_64Linux)
      let pseudoDenormal = Array(bytes[0..<16])
      let text = try longDouble.describe(bytes: pseudoDenormal)
      #expect(try Array(longDouble.parse(text)[0..<10]) == Array(again[0..<10]))
      #expect(try longDouble.compare(bytes: pseudoDenormal, longDouble.parse(text)).isEqual)
    #endif
  }

  /// The fixture fuzzer (crash-9713feb2): a case whose type has a GNU bitfield 395,920,607,559 bits in
  /// (a 49 GB struct, within what a layout allows) and a short literal. Parsing zero-filled the whole value
  /// first, and the allocation failed. `parse` now refuses values over 1 GiB, and a fixture file's values
  /// may take 256 MiB in all.
  @Test func aFixtureValueLargerThanAParseBuildsIsRefused() throws {
    let type = "{B=b0i7b395920607559I2}"
    let json = #"[{"name": "huge", "type": "\#(type)", "value": "{3}"}]"#
    let size = try ValueRegistry().resolve(type).size
    #expect(size == 49_490_075_948)
    let error = try #require(throws: FixtureError.self) {
      try ValueFixture.load(Data(json.utf8), format: .json, file: "huge.json", registry: ValueRegistry())
    }
    #expect(
      error.description
        == "huge.json: case \"huge\", field \"value\": {B=b0i7b395920607559I2} is 49490075948 bytes, "
        + "larger than the 1073741824 bytes a literal is parsed into")
    // Within both limits a large value still parses, zero-filled beyond what the literal names.
    let large = try ValueRegistry().resolve("[16777216i]").parse("{1, 2}")
    #expect(large.count == 64 << 20)
    #expect(Array(large[0..<8]) == [1, 0, 0, 0, 2, 0, 0, 0])
  }
}
