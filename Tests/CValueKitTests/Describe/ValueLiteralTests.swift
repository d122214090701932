import Testing

@testable import CValueKit

/// Literals read back into bytes: each row is a layout, a C initializer and the exact bytes (hex) it makes,
/// with every field not mentioned and all padding zero.
@Suite("Reading value literals")
struct ValueLiteralTests {
  typealias Fixture = DescribeFixture

  static let point = "{CGPoint=dd}"
  static let flags = "{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}"
  static let anonymous = "{S=\"a\"i{?=\"b\"i\"c\"i}}"
  static let nested = "{S=\"a\"[3{T=\"b\"i\"c\"i}]}"

  @Test(
    "designators, positions, nesting, elision",
    arguments: [
      (point, "{.x = 1.5, .y = -2}", Fixture.hex(of: (1.5, -2.0))),
      (point, "{1.5, -2}", Fixture.hex(of: (1.5, -2.0))),
      (point, "{.y = -2}", Fixture.hex(of: (0.0, -2.0))),
      (point, "{.y = 1, .x = 2}", Fixture.hex(of: (2.0, 1.0))),
      (point, "{.x = 1, .x = 2}", Fixture.hex(of: (2.0, 0.0))),
      (point, "{ .x = {1.5}, }", Fixture.hex(of: (1.5, 0.0))),
      (point, "{}", Fixture.hex(of: (0.0, 0.0))),
      ("rect", "{.origin.x = 1, .size = {10, 20}}", Fixture.hex(of: (1.0, 0.0, 10.0, 20.0))),
      ("rect", "{.origin.y = 2, 3}", Fixture.hex(of: (0.0, 2.0, 3.0, 0.0))),
      ("rect", "{1, 2, 3, 4}", Fixture.hex(of: (1.0, 2.0, 3.0, 4.0))),
      ("rect", "{.origin = {1, 2}, 3, 4}", Fixture.hex(of: (1.0, 2.0, 3.0, 4.0))),
      ("rect", "{.size = 3, 4}", Fixture.hex(of: (0.0, 0.0, 3.0, 4.0))),
      ("rect", "{{1}, 3}", Fixture.hex(of: (1.0, 0.0, 3.0, 0.0))),
      ("rect", "{.origin = {1, 2}, .origin = {.y = 3}}", Fixture.hex(of: (0.0, 3.0, 0.0, 0.0))),
      ("rect", "{.size.height = 4, .origin = {1}}", Fixture.hex(of: (1.0, 0.0, 0.0, 4.0))),
      ("[3i]", "{[2] = 5, [0] = 1, 2}", Fixture.hex(of: (Int32(1), Int32(2), Int32(5)))),
      ("[3i]", "{1, 2,}", Fixture.hex(of: (Int32(1), Int32(2), Int32(0)))),
      ("[2[2i]]", "{1, 2, {3}}", Fixture.hex(of: (Int32(1), Int32(2), Int32(3), Int32(0)))),
      ("[2[2i]]", "{[1][1] = 4}", Fixture.hex(of: (Int32(0), Int32(0), Int32(0), Int32(4)))),
      (nested, "{.a[2].b = 3}", Fixture.hex(of: (Int64(0), Int64(0), Int32(3), Int32(0)))),
      (nested, "{.a[1] = {.c = 7}, 8}", Fixture.hex(of: (Int64(0), Int32(0), Int32(7), Int32(8), Int32(0)))),
      (anonymous, "{.a = 1, {.b = 2, .c = 3}}", Fixture.hex(of: (Int32(1), Int32(2), Int32(3)))),
      (anonymous, "{.c = 3}", Fixture.hex(of: (Int32(0), Int32(0), Int32(3)))),
      (anonymous, "{.b = 2, 3}", Fixture.hex(of: (Int32(0), Int32(2), Int32(3)))),
      (anonymous, "{1, 2, 3}", Fixture.hex(of: (Int32(1), Int32(2), Int32(3)))),
      ("{S=\"n\"i\"data\"[0i]}", "{.n = 3, .data = {}}", Fixture.hex(of: Int32(3))),
      ("{S=\"a\"[2i]\"b\"i}", "{1, 2, 3}", Fixture.hex(of: (Int32(1), Int32(2), Int32(3)))),
      ("{S=\"tag\"c\"value\"d}", "{.value = 1.5, .tag = 'A'}", "4100000000000000000000000000f83f"),
      ("i", "{5}", "05000000"), ("i", "{{5}}", "05000000"), ("i", " 5 ", "05000000"),
      ("i", "/* p */ 5 // q", "05000000"),
      ("[2i]", "/* a */ {1 /* b */, // c\n 2}", Fixture.hex(of: (Int32(1), Int32(2)))),
    ])
  func structure(encoding: String, literal: String, expected: String) throws {
    #expect(try Fixture.parse(encoding, literal) == expected)
  }

  @Test(
    "integers, characters, booleans, pointers",
    arguments: [
      ("i", "0x10", "10000000"), ("i", "010", "08000000"), ("i", "42u", "2a000000"), ("i", "42UL", "2a000000"),
      ("i", "42llu", "2a000000"), ("i", "-1", "ffffffff"), ("i", "- 1", "ffffffff"), ("i", "+7", "07000000"),
      ("i", "--3", "03000000"), ("i", "-2147483648", "00000080"), ("i", "'a'", "61000000"), ("i", "true", "01000000"),
      ("c", "'a'", "61"), ("c", "'\\n'", "0a"), ("c", "'\\xff'", "ff"), ("c", "'\\0'", "00"), ("c", "'\\''", "27"),
      ("c", "-128", "80"), ("C", "255", "ff"), ("C", "'\\377'", "ff"), ("s", "-0", "0000"),
      ("t", "-170141183460469231731687303715884105728", "00000000000000000000000000000080"),
      ("T", "0xffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffff"),
      ("B", "true", "01"), ("B", "false", "00"), ("B", "1", "01"), ("B", "2", "02"),
      ("^v", "NULL", "0000000000000000"), ("^v", "0", "0000000000000000"), ("^v", "0x5555", "5555000000000000"),
      ("*", "0x5555 /* \"hi\" */", "5555000000000000"), ("^?", "0xffffffffffffffff", "ffffffffffffffff"),
      ("{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}", "{.ready = 1, .mode = -3, .id = 7}", "0b000700"),
      ("{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}", "{.mode = 3, .ready = true}", "07000000"),
      ("{F=b0q60b60Q4}", "{-1, 7}", "ffffffffffffff7f"),
    ])
  func integers(encoding: String, literal: String, expected: String) throws {
    #expect(try Fixture.parse(encoding, literal) == expected)
  }

  @Test(
    "floating point, read in the field's own type",
    arguments: [
      ("d", "1.5", Fixture.hex(of: 1.5)), ("d", "0x1.8p3", Fixture.hex(of: 12.0)),
      ("d", "1e3", Fixture.hex(of: 1000.0)),
      ("d", "1E+3", Fixture.hex(of: 1000.0)), ("d", ".5", Fixture.hex(of: 0.5)), ("d", "5.", Fixture.hex(of: 5.0)),
      ("d", "5", Fixture.hex(of: 5.0)), ("d", "0x10", Fixture.hex(of: 16.0)), ("d", "010", Fixture.hex(of: 8.0)),
      ("d", "1.5L", Fixture.hex(of: 1.5)), ("d", "0.1f", Fixture.hex(of: Double(Float(0.1)))),
      ("d", "-0.0", Fixture.hex(of: -0.0)), ("d", "-0", Fixture.hex(of: -0.0)), ("d", "'a'", Fixture.hex(of: 97.0)),
      ("d", "nan", Fixture.hex(of: Double.nan)), ("d", "NAN", Fixture.hex(of: Double.nan)),
      ("d", "-nan", Fixture.hex(of: -Double.nan)), ("d", "inf", Fixture.hex(of: Double.infinity)),
      ("d", "INFINITY", Fixture.hex(of: Double.infinity)), ("d", "-inf", Fixture.hex(of: -Double.infinity)),
      ("d", "1e-400", Fixture.hex(of: 0.0)), ("d", "1e400", Fixture.hex(of: Double.infinity)),
      ("d", "9007199254740993", Fixture.hex(of: 9_007_199_254_740_992.0)),
      ("f", "0.1", Fixture.hex(of: Float(0.1))), ("f", "0x1.8p3f", Fixture.hex(of: Float(12))),
      ("f", "16777217", Fixture.hex(of: Float(16_777_216))), ("f", "0x1000001", Fixture.hex(of: Float(16_777_216))),
      ("f", "0x1000003", Fixture.hex(of: Float(16_777_220))),
      // Halfway between 1 and the next float plus a little: through double it would round to 1 (ties to even).
      ("f", "1.0000000596046447753906250000001", "0100803f"),
      ("jd", "{1.5, -2}", Fixture.hex(of: (1.5, -2.0))), ("jd", "{1.5}", Fixture.hex(of: (1.5, 0.0))),
      ("jd", "3", Fixture.hex(of: (3.0, 0.0))), ("jf", "{{1}, 2}", Fixture.hex(of: (Float(1), Float(2)))),
      ("![16,16f]", "{1, 2, 3, 4}", Fixture.hex(of: (Float(1), Float(2), Float(3), Float(4)))),
      ("![16,16f]", "{1, 2}", Fixture.hex(of: (Float(1), Float(2), Float(0), Float(0)))),
    ])
  func floating(encoding: String, literal: String, expected: String) throws {
    #expect(try Fixture.parse(encoding, literal) == expected)
  }

  @Test(
    "long double: x87 (x86_64) and binary128 (arm64 Linux), exactly",
    arguments: [
      (ABI.x86_64Linux, "1.1", "cdcccccccccccc8cff3f000000000000"),
      (ABI.x86_64Linux, "0x1.8p+0L", "00000000000000c0ff3f000000000000"),
      (ABI.x86_64Linux, "0x1.199999999999999ap+0L", "cdcccccccccccc8cff3f000000000000"),
      (ABI.x86_64Linux, "-20", "00000000000000a003c0000000000000"),
      (ABI.x86_64Linux, "0.1f", "0000000000cdccccfb3f000000000000"),
      (ABI.arm64Linux, "0x1.8p+0L", "0000000000000000000000000080ff3f"),
      (ABI.arm64Linux, "0.1", "9a99999999999999999999999999fb3f"),
      (ABI.arm64Linux, "0.1L", "9a99999999999999999999999999fb3f"),
      (ABI.arm64Linux, "20", "00000000000000000000000000400340"),
      (ABI.arm64Linux, "1e4933", "0000000000000000000000000000ff7f"),
      (ABI.arm64Linux, "1e-5000", "00000000000000000000000000000000"),
      (ABI.arm64Linux, "0x1p-16494", "01000000000000000000000000000000"),
      (ABI.arm64Linux, "-nan", "0000000000000000000000000080ffff"),
      (ABI.arm64Darwin, "0.1", Fixture.hex(of: 0.1)),
    ])
  func longDouble(abi: ABI, literal: String, expected: String) throws {
    #expect(try Fixture.parse("D", literal, abi: abi) == expected)
  }

  @Test(
    "strings for char arrays: zero-filled, exactly full, braced, joined",
    arguments: [
      ("[4c]", "\"abc\"", "61626300"), ("[4c]", "\"abcd\"", "61626364"), ("[4c]", "\"\"", "00000000"),
      ("[4c]", "{\"ab\"}", "61620000"), ("[4c]", "\"a\" \"b\"", "61620000"), ("[4C]", "\"\\xff\\n\"", "ff0a0000"),
      ("[4c]", "{'a', 98}", "61620000"), ("{S=\"n\"[4c]\"i\"i}", "{.n = \"hi\", .i = 1}", "6869000001000000"),
      ("{S=\"n\"[4c]\"i\"i}", "{\"hi\", 1}", "6869000001000000"),
      ("{S=\"n\"[4c]\"i\"i}", "{.n = \"abcd\", .n = \"x\"}", "7800000000000000"),
      ("[2[3c]]", "{\"ab\", \"c\"}", "616200630000"),
    ])
  func strings(encoding: String, literal: String, expected: String) throws {
    #expect(try Fixture.parse(encoding, literal) == expected)
  }

  @Test(
    "unions: every member in turn, later ones overwrite",
    arguments: [
      ("(U=\"i\"i\"f\"f)", "{.f = 1}", "0000803f"), ("(U=\"i\"i\"f\"f)", "{.i = 1065353216, .f = 1}", "0000803f"),
      ("(U=\"i\"i\"f\"f)", "{.i = 5, .f = 1}", "0000803f"), ("(?=if)", "{1065353216, 1}", "0000803f"),
      ("(?=if)", "{7}", "07000000"), ("(U=\"i\"i{?=\"a\"s\"b\"s})", "{.i = 65541, .a = 5, .b = 1}", "05000100"),
      ("(U=\"i\"i{?=\"a\"s\"b\"s})", "{.b = 2}", "00000200"),
      // Elided braces end a union as in C: 2 goes to .b, not to the union's second member.
      ("{S=\"u\"(?=\"i\"i\"f\"f)\"b\"i}", "{1, 2}", "0100000002000000"),
      // A member's padding bytes keep another member's value.
      (
        "(U=\"q\"Q\"s\"{?=\"c\"c\"i\"i})", "{.q = 0x1122334455667788, .s = {.c = 0x11, .i = 0x11223344}}",
        "1177665544332211"
      ),
    ])
  func unions(encoding: String, literal: String, expected: String) throws {
    #expect(try Fixture.parse(encoding, literal) == expected)
  }

  @Test("the literal's ABI decides sizes; an aggregate's root needs braces unless a string fills it")
  func roots() throws {
    #expect(try Fixture.parse("[3c]", "\"ab\"") == "616200")
    #expect(try Fixture.parse("jf", "1") == Fixture.hex(of: (Float(1), Float(0))))
  }
}
