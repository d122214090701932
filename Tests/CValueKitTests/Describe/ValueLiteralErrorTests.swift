import Testing

@testable import CValueKit

/// Every kind of bad literal, with the exact one-line message (problem, field, offset, literal), and input
/// that must throw rather than trap: every prefix of valid literals, mutations, absurd nesting.
@Suite("Value literal errors")
struct ValueLiteralErrorTests {
  typealias Fixture = DescribeFixture

  static let point = "{CGPoint=dd}"
  static let flags = "{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}"

  @Test(
    "each problem says what, for which field, and where",
    arguments: [
      ("{?=\"x\"c}", "{.x = 300}", #"300 does not fit in signed char at .x (offset 6 in "{.x = 300}")"#),
      ("{?=\"x\"I}", "{.x = -1}", #"-1 does not fit in unsigned int at .x (offset 6 in "{.x = -1}")"#),
      (flags, "{.mode = 8}", #"8 does not fit in signed 3-bit bitfield at .mode (offset 9 in "{.mode = 8}")"#),
      (flags, "{.ready = 2}", #"2 does not fit in unsigned 1-bit bitfield at .ready (offset 10 in "{.ready = 2}")"#),
      (
        "i", "99999999999999999999999999999999999999999",
        "99999999999999999999999999999999999999999 does not fit in int at offset 0 in \"99999999999999999999999999999999999999999\""
      ),
      ("i", "", #"empty value literal at offset 0 in """#),
      ("[2i]", "{@}", #"unexpected character '@' at offset 1 in "{@}""#),
      ("[2i]", "{1 2}", #"expected ',' or '}', found '2' at offset 3 in "{1 2}""#),
      ("[2i]", "{1, 2", #"unterminated '{' at offset 0 in "{1, 2""#),
      ("[4c]", "\"abc", #"unterminated string literal at offset 0 in ""abc""#),
      ("[2i]", "{1 /* x", #"unterminated comment at offset 3 in "{1 /* x""#),
      ("c", "'ab'", #"unterminated character literal at offset 0 in "'ab'""#),
      ("c", #"'\q'"#, #"invalid escape '\q' at offset 1 in "'\q'""#),
      ("c", #"'\x100'"#, #"invalid escape '\x100' at offset 1 in "'\x100'""#),
      (point, "{.z = 1}", #"no member named 'z' in struct CGPoint at offset 2 in "{.z = 1}""#),
      (point, "{1, 2, 3}", #"too many elements for struct CGPoint at offset 7 in "{1, 2, 3}""#),
      ("[3i]", "{[3] = 1}", #"index 3 out of range 0..<3 at offset 2 in "{[3] = 1}""#),
      ("[3i]", "{[-1] = 1}", #"index -1 out of range 0..<3 at offset 2 in "{[-1] = 1}""#),
      (
        point, "{.x = \"a\"}", #"expected a number for double, found a string literal at .x (offset 6 in "{.x = "a"}")"#
      ),
      ("{P=\"p\"^v}", "{.p = {1, 2}}", #"too many elements for void * at .p (offset 10 in "{.p = {1, 2}}")"#),
      (
        "{?=\"x\"i}", "{.x = 1.5}",
        #"expected an integer for int, found the floating-point number 1.5 at .x (offset 6 in "{.x = 1.5}")"#
      ),
      ("^v", "1.5", #"expected an address for void *, found the floating-point number 1.5 at offset 0 in "1.5""#),
      ("*", "\"hi\"", #"expected an address for char *, found a string literal at offset 0 in ""hi"""#),
      (
        "[100i]", "{1, 2, 3, … 97 more}",
        #"the description was cut short ('… N more') and cannot be read back at offset 10 in "{1, 2, 3, … 97 more}""#
      ),
      (
        "[100i]", "{1, 2, 3, ...}",
        #"the description was cut short ('… N more') and cannot be read back at offset 10 in "{1, 2, 3, ...}""#
      ),
      (
        "[10c]", "\"abcde\" … 5 more",
        #"the description was cut short ('… N more') and cannot be read back at offset 8 in ""abcde" … 5 more""#
      ),
      ("[2i]", "{09}", #"bad number '09' at offset 1 in "{09}""#),
      ("d", "1.5u", #"bad number '1.5u' at offset 0 in "1.5u""#),
      ("d", "0x1.8", #"bad number '0x1.8' at offset 0 in "0x1.8""#),
      ("d", "1e", #"bad number '1e' at offset 0 in "1e""#),
      ("i", "1 2", #"unexpected characters after a complete value at offset 2 in "1 2""#),
      ("[4c]", "\"abcde\"", #"string of 5 characters is too long for char [4] at offset 0 in ""abcde"""#),
      (point, "{.x.y = 1}", #"designator '.y' does not apply to double at .x (offset 3 in "{.x.y = 1}")"#),
      (point, "{[0] = 1}", #"designator '[0]' does not apply to struct CGPoint at offset 1 in "{[0] = 1}""#),
      (point, "{.x 1}", #"expected '=' after the designator, found '1' at .x (offset 4 in "{.x 1}")"#),
      (point, "{.x = foo}", #"expected a value, found 'foo' at offset 6 in "{.x = foo}""#),
      (point, "{. = 1}", #"expected a member name, found '=' at offset 3 in "{. = 1}""#),
      (point, "5", #"expected '{' for struct CGPoint, found the integer 5 at offset 0 in "5""#),
      ("i", "-true", #"expected a number after the sign, found true at offset 1 in "-true""#),
      ("i", "{.x = 1}", #"designator '.' does not apply to int at offset 1 in "{.x = 1}""#),
      (
        "![16,16f]", "{1, 2, 3, 4, 5}",
        #"too many elements for float __attribute__((vector_size(16))) at offset 13 in "{1, 2, 3, 4, 5}""#
      ),
      (
        "![16,16f]", "1",
        #"expected '{' for float __attribute__((vector_size(16))), found the integer 1 at offset 0 in "1""#
      ),
      ("[2i]", "{1,\n\t@}", #"unexpected character '@' at offset 5 in "{1,\u{a}\u{9}@}""#),
    ])
  func messages(encoding: String, literal: String, expected: String) throws {
    let error = try #require(try Fixture.parseError(encoding, literal))
    #expect(error.description == expected)
  }

  @Test("the caret diagnostic points at the byte, control characters escaped")
  func caret() throws {
    let error = try #require(try Fixture.parseError("{?=\"x\"c}", "{.x = 300}"))
    #expect(
      error.caretDiagnostic == """
        300 does not fit in signed char at .x (offset 6 in "{.x = 300}")
          {.x = 300}
                ^
        """)
    #expect(error.reason == .doesNotFit("300", type: "signed char"))
    #expect(error.path == [.member("x")])
    #expect(error.offset == 6)
    let multiline = try #require(try Fixture.parseError("[2i]", "{1,\n@}"))
    #expect(multiline.caretDiagnostic.hasSuffix("  {1,\\u{a}@}\n          ^"))
  }

  @Test("nesting is bounded: 100,000 braces throw, they do not overflow the stack")
  func deepNesting() throws {
    let deep = String(repeating: "{", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    for encoding in ["i", "[2{S=\"a\"[2i]}]"] {
      let error = try #require(try Fixture.parseError(encoding, deep))
      #expect(error.reason == .nestingTooDeep(limit: 256))
      #expect(error.offset == 256)
    }
    #expect(try Fixture.parse("i", String(repeating: "-", count: 100_000) + "1") == "01000000")
    #expect(try Fixture.parseError("i", String(repeating: "[", count: 100_000)) != nil)
    #expect(try Fixture.parseError("[2i]", "{" + String(repeating: "[0]", count: 100_000) + " = 1}") != nil)
  }

  @Test("long lists and long numbers are read without trouble, or refused")
  func longInput() throws {
    let list = "{" + (0..<10_000).map(String.init).joined(separator: ", ") + "}"
    let expected = Fixture.hex((0..<10_000).flatMap { Fixture.bytes(of: Int32($0)) })
    #expect(try Fixture.parse("[10000i]", list) == expected)
    let digits = "0." + String(repeating: "1", count: 6000)
    #expect(try Fixture.parseError("D", digits, abi: .arm64Linux)?.reason == .badNumber(digits))
    #expect(try Fixture.parse("d", digits) == Fixture.hex(of: 0.1111111111111111))
  }

  static let validLiterals: [(String, String)] = [
    ("rect", "{.origin = {.x = 0, .y = -0.0}, .size = {.width = 1e3, .height = 0x1.8p3}}"),
    (
      "{S=\"n\"[8c]\"f\"b64I3\"p\"*\"u\"(?=\"i\"i\"f\"f)}",
      "{.n = \"a\\\"b\\n\", .f = 5, .p = NULL, .u = {.i = 1, .f = 1.5}}"
    ),
    ("[3{?=ijd}]", "{{1, {1.5, -2}}, [2] = {'a', 3}, /* c */ // d\n}"),
    ("{S=\"a\"i{?=\"b\"i\"c\"i}}", "{.a = 1, {.b = 2, .c = 3}, }"),
    ("D", "-0x1.199999999999999ap+0L"),
  ]

  @Test("every prefix of a valid literal parses or throws", arguments: validLiterals)
  func prefixes(encoding: String, literal: String) throws {
    let layout = try Fixture.layout(encoding)
    let parser = ValueLiteralParser(layout: layout)
    #expect(throws: Never.self) { try parser.parse(literal) }
    let utf8 = Array(literal.utf8)
    var failures = 0
    for end in 0..<utf8.count {
      do {
        _ = try parser.parse(String(decoding: utf8[..<end], as: UTF8.self))
      } catch {
        failures += 1
        #expect(error.offset <= end)
      }
    }
    #expect(failures > 0)
  }

  @Test("mutated literals parse or throw, never trap", arguments: validLiterals)
  func mutations(encoding: String, literal: String) throws {
    let parser = ValueLiteralParser(layout: try Fixture.layout(encoding))
    let alphabet = Array("{}[](),.=-+'\"\\/*0x19eEpPfLu…a_ \n".utf8) + [0xE2, 0x80, 0xFF]
    var random = SplitMix64(seed: 0xDE5C)
    for _ in 0..<2_000 {
      var bytes = Array(literal.utf8)
      for _ in 0...random.next(below: 3) {
        let position = random.next(below: bytes.count + 1)
        let byte = alphabet[random.next(below: alphabet.count)]
        switch random.next(below: 3) {
        case 0: bytes.insert(byte, at: position)
        case 1: if position < bytes.count { bytes.remove(at: position) }
        default: if position < bytes.count { bytes[position] = byte }
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        let value = try parser.parse(text)
        #expect(value.count == parser.layout.size)
      } catch {
        #expect(error.offset <= text.utf8.count)
      }
    }
  }
}

/// A small seeded generator, so that the fuzz-ish tests are the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(Swift.max(bound, 1))) }
}
