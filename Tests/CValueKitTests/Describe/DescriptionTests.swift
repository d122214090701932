import Testing

@testable import CValueKit

/// Every description rule as input bytes and the exact C initializer it gives. Layouts are for the
/// x86_64 Linux ABI, so these hold on any host (except where a test says it needs x86_64 for `Float80`).
@Suite("Describing values as C initializers")
struct DescriptionTests {
  typealias Fixture = DescribeFixture

  @Test("member names give designated fields; nested records nest")
  func designated() throws {
    #expect(try Fixture.describe("{CGPoint=dd}", Fixture.bytes(of: (1.5, -2.0))) == "{.x = 1.5, .y = -2}")
    #expect(
      try Fixture.describe("rect", Fixture.bytes(of: (0.0, 0.0, 10.0, 20.0)))
        == "{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}")
    #expect(
      try Fixture.describe("{Sample=\"tag\"c\"value\"d}", Fixture.bytes(hex: "41000000 00000000 000000000000f83f"))
        == "{.tag = 65, .value = 1.5}")
  }

  @Test("without member names, fields are positional")
  func positional() throws {
    #expect(try Fixture.describe("{?=dd}", Fixture.bytes(of: (1.5, -2.0))) == "{1.5, -2}")
    #expect(
      try Fixture.describe("{S={T=ii}[2s]}", Fixture.bytes(hex: "01000000 02000000 0300 0400"))
        == "{{1, 2}, {3, 4}}")
  }

  @Test("a field a line: the value's own fields on lines of their own, what they hold on theirs")
  func fieldPerLine() throws {
    var options = DescriptionOptions.default
    options.fieldPerLine = true
    #expect(
      try Fixture.describe("rect", Fixture.bytes(of: (0.0, 0.0, 10.0, 20.0)), options: options) == """
        {
          .origin = {.x = 0, .y = 0},
          .size = {.width = 10, .height = 20}
        }
        """)
    // An anonymous struct in a union writes its members with their own designators, each on its line; a
    // record without fields stays `{}`, a scalar one line, and a capped array counts the rest on a line.
    let bytes = Fixture.bytes(of: (Int32(5), Int32(0)))
    #expect(
      try Fixture.describe("(U=\"i\"i{?=\"a\"i\"b\"i})", bytes, options: options)
        == "{\n  .i = 5,\n  .a = 5,\n  .b = 0\n}")
    #expect(try Fixture.describe("{E=}", [], options: options) == "{}")
    #expect(try Fixture.describe("d", Fixture.bytes(of: 1.5), options: options) == "1.5")
    options.maximumElements = 2
    #expect(
      try Fixture.describe("[4i]", Fixture.bytes(of: (1, 2, 3, 4) as (Int32, Int32, Int32, Int32)), options: options)
        == "{\n  1,\n  2,\n  … 2 more\n}")
  }

  @Test("a C11 anonymous member is a nested brace without a designator")
  func anonymousMember() throws {
    let bytes = Fixture.bytes(of: (Int32(1), Int32(2), Int32(3)))
    #expect(try Fixture.describe("{S=\"a\"i{?=\"b\"i\"c\"i}}", bytes) == "{.a = 1, {.b = 2, .c = 3}}")
  }

  @Test(
    "integers are decimal, chars and __int128 included; _Bool is true or false, else its number",
    arguments: [
      ("c", "ff", "-1"), ("C", "ff", "255"), ("c", "41", "65"), ("s", "feff", "-2"), ("S", "feff", "65534"),
      ("i", "00000080", "-2147483648"), ("I", "ffffffff", "4294967295"), ("l", "ffffffff", "-1"),
      ("q", "0000000000000080", "-9223372036854775808"), ("Q", "ffffffffffffffff", "18446744073709551615"),
      ("t", "00000000000000000000000000000080", "-170141183460469231731687303715884105728"),
      ("T", "ffffffffffffffffffffffffffffffff", "340282366920938463463374607431768211455"),
      ("B", "00", "false"), ("B", "01", "true"), ("B", "02", "2"), ("Ai", "2a000000", "42"),
      ("r*", "0000000000000000", "NULL"),
    ])
  func integers(encoding: String, hex: String, expected: String) throws {
    #expect(try Fixture.describe(encoding, Fixture.bytes(hex: hex)) == expected)
  }

  @Test(
    "doubles: shortest round-trip text, no trailing .0 except on negative zero",
    arguments: [
      (20.0, "20"), (0.0, "0"), (-0.0, "-0.0"), (-2.0, "-2"), (0.1, "0.1"), (1.5, "1.5"), (1e300, "1e+300"),
      (.leastNonzeroMagnitude, "5e-324"), (123456789.25, "123456789.25"), (1e16, "1e+16"), (.infinity, "inf"),
      (-.infinity, "-inf"),
      (.nan, "nan"), (-.nan, "-nan"), (.signalingNaN, "nan"),
    ] as [(Double, String)])
  func doubles(value: Double, expected: String) throws {
    #expect(try Fixture.describe("d", Fixture.bytes(of: value)) == expected)
  }

  @Test(
    "floats are described as Float, not widened",
    arguments: [
      (0.1, "0.1"), (16_777_216, "16777216"), (3.4028235e38, "3.4028235e+38"), (-0.0, "-0.0"),
      (.leastNonzeroMagnitude, "1e-45"),
      (.nan, "nan"),
    ] as [(Float, String)])
  func floats(value: Float, expected: String) throws {
    #expect(try Fixture.describe("f", Fixture.bytes(of: value)) == expected)
  }

  #if arch(x86_64) && !os(Windows)
    @Test(
      "x87 long double through Float80, by the same rules",
      arguments: [(1.1, "1.1"), (20, "20"), (-0.0, "-0.0"), (0.1, "0.1"), (.infinity, "inf")] as [(Float80, String)])
    func x87(value: Float80, expected: String) throws {
      let bytes = Fixture.bytes(of: value) + [UInt8](repeating: 0, count: 16 - MemoryLayout<Float80>.size)
      #expect(try Fixture.describe("D", Array(bytes.prefix(16))) == expected)
    }
  #endif

  @Test("x87 encodings the FPU rejects are nan; a pseudo-denormal is its value")
  func x87Invalid() throws {
    // An unnormal: exponent 0x3fff with the integer bit clear.
    #expect(try Fixture.describe("D", Fixture.bytes(hex: "0000000000000040ff3f000000000000")) == "nan")
    // Pseudo-infinity: exponent all ones, integer bit clear.
    #expect(try Fixture.describe("D", Fixture.bytes(hex: "0000000000000000ff7f000000000000")) == "nan")
    #expect(
      BinaryFloatFormat.x87Extended.text(0x0000_8000_0000_0000_0000) == "0x1p-16382L",
      "a pseudo-denormal means the smallest normal")
  }

  @Test(
    "binary128 long double (arm64 Linux): integers as integers, the rest as exact hex floats with L",
    arguments: [
      ("0000000000000000000000000080ff3f", "0x1.8p+0L"), ("00000000000000000000000000400340", "20"),
      ("9a99999999999999999999999999fb3f", "0x1.999999999999999999999999999ap-4L"),
      ("00000000000000000000000000000080", "-0.0"), ("01000000000000000000000000000000", "0x1p-16494L"),
      ("0000000000000000000000000000ff7f", "inf"), ("0000000000000000000000000080ffff", "-nan"),
      ("000000000000000000000000008000c0", "-3"),
    ])
  func quadruple(hex: String, expected: String) throws {
    #expect(try Fixture.describe("D", Fixture.bytes(hex: hex), abi: .arm64Linux) == expected)
  }

  @Test("x87 off x86_64 is written the exact way binary128 is")
  func x87HexText() {
    #expect(BinaryFloatFormat.x87Extended.text(0x3FFF_C000_0000_0000_0000) == "0x1.8p+0L")
    #expect(BinaryFloatFormat.x87Extended.text(0x3FFF_8CCC_CCCC_CCCC_CCCD) == "0x1.199999999999999ap+0L")
    #expect(BinaryFloatFormat.x87Extended.text(0xC003_A000_0000_0000_0000) == "-20")
  }

  @Test("Apple arm64's long double is a double")
  func appleLongDouble() throws {
    #expect(try Fixture.describe("D", Fixture.bytes(of: 0.1), abi: .arm64Darwin) == "0.1")
  }

  @Test("pointers are lowercase hex, zero is NULL")
  func pointers() throws {
    #expect(try Fixture.describe("^v", Fixture.bytes(of: UInt64(0x5555_AbCd))) == "0x5555abcd")
    #expect(try Fixture.describe("*", Fixture.bytes(of: UInt64(0))) == "NULL")
    #expect(try Fixture.describe("^?", Fixture.bytes(of: UInt64.max)) == "0xffffffffffffffff")
    #expect(
      try Fixture.describe("{P=\"next\"^{P}\"name\"*}", Fixture.bytes(of: (UInt64(0x10), UInt64(0))))
        == "{.next = 0x10, .name = NULL}")
  }

  @Test("char * text is shown only when asked for, escaped, in a comment")
  func cStringText() throws {
    let text = "hi \"there\"\n\u{1}*/"
    let pointer = strdupBytes(text)
    defer { pointer.deallocate() }
    let address = UInt64(UInt(bitPattern: pointer))
    let hex = "0x" + String(address, radix: 16)
    let bytes = Fixture.bytes(of: address)
    #expect(try Fixture.describe("*", bytes) == hex)
    #expect(
      try Fixture.describe("*", bytes, options: DescriptionOptions(showsCStringText: true))
        == hex + #" /* "hi \"there\"\n\001*\057" */"#)
    #expect(try Fixture.describe("^c", bytes, options: DescriptionOptions(showsCStringText: true)) == hex)
    let long = strdupBytes(String(repeating: "a", count: 300))
    defer { long.deallocate() }
    let longAddress = UInt64(UInt(bitPattern: long))
    #expect(
      try Fixture.describe("*", Fixture.bytes(of: longAddress), options: DescriptionOptions(showsCStringText: true))
        == "0x\(String(longAddress, radix: 16)) /* \"\(String(repeating: "a", count: 256))\"… */")
  }

  @Test("_Complex is {re, im}; a vector is its elements")
  func complexAndVectors() throws {
    #expect(try Fixture.describe("jd", Fixture.bytes(of: (1.5, -2.0))) == "{1.5, -2}")
    #expect(try Fixture.describe("jf", Fixture.bytes(of: (Float(0.1), Float(-0.0)))) == "{0.1, -0.0}")
    #expect(
      try Fixture.describe("![16,16f]", Fixture.bytes(of: (Float(1), Float(2), Float(3), Float(4)))) == "{1, 2, 3, 4}")
    #expect(try Fixture.describe("![8,8i]", Fixture.bytes(of: (Int32(-1), Int32(7)))) == "{-1, 7}")
  }

  @Test(
    "a char array is a string literal when it holds text, else numbers",
    arguments: [
      ("[4c]", "61626300", #""abc""#), ("[4c]", "00000000", #""""#), ("[4c]", "61626364", #""abcd""#),
      ("[6c]", "610a09225c00", #""a\n\t\"\\""#), ("[4c]", "68690078", "{104, 105, 0, 120}"),
      ("[3c]", "6869ff", "{104, 105, -1}"), ("[3c]", "680100", "{104, 1, 0}"), ("[3C]", "686900", "{104, 105, 0}"),
      ("[0c]", "", "{}"), ("[2rc]", "6100", #""a""#),
    ])
  func charArrays(encoding: String, hex: String, expected: String) throws {
    #expect(try Fixture.describe(encoding, Fixture.bytes(hex: hex)) == expected)
  }

  @Test("a union shows every member, named or positional")
  func unions() throws {
    let one = Fixture.bytes(of: Float(1))
    #expect(try Fixture.describe("(U=\"i\"i\"f\"f)", one) == "{.i = 1065353216, .f = 1}")
    #expect(try Fixture.describe("(?=if)", one) == "{1065353216, 1}")
    #expect(
      try Fixture.describe("(U=\"i\"i{?=\"a\"s\"b\"s})", Fixture.bytes(of: (Int16(5), Int16(1))))
        == "{.i = 65541, .a = 5, .b = 1}")
    #expect(
      try Fixture.describe("{S=\"t\"i(?=\"u\"I\"f\"f)}", Fixture.bytes(of: (Int32(2), Float(-1))))
        == "{.t = 2, {.u = 3212836864, .f = -1}}")
  }

  @Test("bitfields are their values, sign-extended when signed")
  func bitfields() throws {
    // ready = 1 (bit 0), mode = 0b101 (bits 1..<4) = -3 as a signed 3-bit field, id = 7 at byte 2.
    let bytes = Fixture.bytes(hex: "0b00 0700")
    #expect(try Fixture.describe("{F=\"ready\"b0I1\"mode\"b1i3\"id\"s}", bytes) == "{.ready = 1, .mode = -3, .id = 7}")
    #expect(try Fixture.describe("{F=\"ready\"b0I1\"mode\"b1I3\"id\"s}", bytes) == "{.ready = 1, .mode = 5, .id = 7}")
    #expect(try Fixture.describe("{F=b0q60b60Q4}", Fixture.bytes(hex: "ffffffffffffff7f")) == "{-1, 7}")
  }

  @Test("arrays, capped by maximumElements")
  func arrays() throws {
    let hundred = (0..<100).flatMap { Fixture.bytes(of: Int32($0)) }
    #expect(try Fixture.describe("[3i]", Fixture.bytes(of: (Int32(1), Int32(2), Int32(3)))) == "{1, 2, 3}")
    #expect(
      try Fixture.describe("[100i]", hundred, options: DescriptionOptions(maximumElements: 3)) == "{0, 1, 2, … 97 more}"
    )
    #expect(try Fixture.describe("[100i]", hundred, options: DescriptionOptions(maximumElements: 0)) == "{… 100 more}")
    #expect(
      try Fixture.describe("[100i]", hundred, options: DescriptionOptions(maximumElements: nil))
        == "{" + (0..<100).map(String.init).joined(separator: ", ") + "}")
    #expect(
      try Fixture.describe("[2[2i]]", Fixture.bytes(of: (Int32(1), Int32(2), Int32(3), Int32(4)))) == "{{1, 2}, {3, 4}}"
    )
    #expect(
      try Fixture.describe(
        "[10c]", Fixture.bytes(hex: "61626364656667680000"), options: DescriptionOptions(maximumElements: 5))
        == #""abcde" … 5 more"#)
    #expect(
      try Fixture.describe("{S=\"n\"i\"data\"[0i]}", Fixture.bytes(of: Int32(3))) == "{.n = 3, .data = {}}")
  }

  @Test("consecutive values at the stride")
  func values() throws {
    let layout = try Fixture.layout("point")
    let bytes = Fixture.bytes(of: (1.0, 2.0, 3.0, 4.0, 5.0, 6.0))
    let describer = ValueDescriber(layout: layout, options: DescriptionOptions(maximumElements: 2))
    #expect(
      bytes.withUnsafeBytes { describer.describeValues($0, count: 3) }
        == "{{.x = 1, .y = 2}, {.x = 3, .y = 4}, … 1 more}")
    #expect(bytes.withUnsafeBytes { ValueDescriber(layout: layout).describeValues($0, count: 0) } == "{}")
  }

  @Test("bytes without a layout are a capped hex dump with their count")
  func bytesWithoutLayout() {
    #expect(
      [UInt8]([1, 2, 3, 4, 5, 6, 7, 8]).withUnsafeBytes { ValueDescriber.describeBytes($0) }
        == "<8 bytes: 01 02 03 04 05 06 07 08>")
    #expect([UInt8]().withUnsafeBytes { ValueDescriber.describeBytes($0) } == "<0 bytes>")
    #expect([UInt8(42)].withUnsafeBytes { ValueDescriber.describeBytes($0) } == "<1 byte: 2a>")
    #expect(
      [UInt8](0..<100).withUnsafeBytes { ValueDescriber.describeBytes($0, limit: 4) }
        == "<100 bytes: 00 01 02 03 … 96 more>")
    #expect([UInt8](0..<100).withUnsafeBytes { ValueDescriber.describeBytes($0) }.hasSuffix(" 3f … 36 more>"))
  }

  @Test("a custom describer replaces any node, and gets exactly its bytes")
  func customDescriber() throws {
    let layout = try Fixture.layout("rect")
    let describer = ValueDescriber(layout: layout) { node in
      guard node.type.record?.name == "CGSize" else { return nil }
      return { bytes in "<size \(bytes.count) bytes, width \(bytes.load(as: Double.self))>" }
    }
    let text = Fixture.bytes(of: (0.0, 0.0, 10.0, 20.0)).withUnsafeBytes { describer.describe($0) }
    #expect(text == "{.origin = {.x = 0, .y = 0}, .size = <size 16 bytes, width 10.0>}")
  }

  @Test("one leaf or node of a value, for mismatch lines")
  func leaves() throws {
    let layout = try Fixture.layout("{F=\"ready\"b0I1\"mode\"b1i3\"id\"s\"p\"{CGPoint=dd}}")
    let bytes = Fixture.bytes(hex: "0b00 0700 00000000") + Fixture.bytes(of: (0.5, 2.0))
    let fields = Array(layout.fields)
    let text = bytes.withUnsafeBytes { buffer in
      fields.map { ValueDescriber.describeLeaf($0, in: buffer, abi: layout.abi) }
    }
    #expect(text == ["1", "-3", "7", "0.5", "2"])
    let point = layout.root.members[3]
    let describer = ValueDescriber(layout: layout)
    #expect(
      bytes.withUnsafeBytes { describer.describe(point.node, in: $0, offset: point.offset, bitOffset: point.bitOffset) }
        == "{.x = 0.5, .y = 2}")
    let mode = layout.root.members[1]
    #expect(
      bytes.withUnsafeBytes { describer.describe(mode.node, in: $0, offset: 0, bitOffset: mode.bitOffset) } == "-3")
  }
}

/// A NUL-terminated copy of `text` that the caller deallocates.
private func strdupBytes(_ text: String) -> UnsafeMutablePointer<UInt8> {
  let bytes = Array(text.utf8) + [0]
  let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
  pointer.initialize(from: bytes, count: bytes.count)
  return pointer
}
