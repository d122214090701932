import CValueKit
import Foundation
import Testing

/// Every built-in entry: equal values are equal, different ones are reported with both values described.
@Suite struct BuiltinEntryTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let encoding: String
    let actual: [UInt8]
    let expected: [UInt8]
    let line: String
    var testDescription: String { encoding }
  }

  static func bytes<Value>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

  static let cases: [Case] = [
    Case(encoding: "c", actual: [0xFF], expected: [0x01], line: "-1 ≠ 1"),
    Case(encoding: "int8", actual: [0x80], expected: [0x7F], line: "-128 ≠ 127"),
    Case(encoding: "C", actual: [0xFF], expected: [0x01], line: "255 ≠ 1"),
    Case(encoding: "uint8", actual: [0x00], expected: [0x01], line: "0 ≠ 1"),
    Case(encoding: "s", actual: bytes(Int16(-300)), expected: bytes(Int16(300)), line: "-300 ≠ 300"),
    Case(encoding: "int16", actual: bytes(Int16.min), expected: bytes(Int16.max), line: "-32768 ≠ 32767"),
    Case(encoding: "S", actual: bytes(UInt16.max), expected: bytes(UInt16(1)), line: "65535 ≠ 1"),
    Case(encoding: "uint16", actual: bytes(UInt16(2)), expected: bytes(UInt16(1)), line: "2 ≠ 1"),
    Case(encoding: "i", actual: bytes(Int32(-7)), expected: bytes(Int32(7)), line: "-7 ≠ 7"),
    Case(encoding: "int32", actual: bytes(Int32.min), expected: bytes(Int32(0)), line: "-2147483648 ≠ 0"),
    Case(encoding: "I", actual: bytes(UInt32.max), expected: bytes(UInt32(0)), line: "4294967295 ≠ 0"),
    Case(encoding: "uint32", actual: bytes(UInt32(5)), expected: bytes(UInt32(6)), line: "5 ≠ 6"),
    Case(encoding: "l", actual: bytes(Int32(-1)), expected: bytes(Int32(1)), line: "-1 ≠ 1"),
    Case(encoding: "L", actual: bytes(UInt32.max), expected: bytes(UInt32(1)), line: "4294967295 ≠ 1"),
    Case(
      encoding: "q", actual: bytes(Int64.min), expected: bytes(Int64.max),
      line: "-9223372036854775808 ≠ 9223372036854775807"),
    Case(encoding: "int64", actual: bytes(Int64(-1)), expected: bytes(Int64(1)), line: "-1 ≠ 1"),
    Case(encoding: "Q", actual: bytes(UInt64.max), expected: bytes(UInt64(0)), line: "18446744073709551615 ≠ 0"),
    Case(
      encoding: "uint64", actual: bytes(UInt64(1) << 63), expected: bytes(UInt64(0)), line: "9223372036854775808 ≠ 0"),
    Case(
      encoding: "t", actual: bytes(Int128.min), expected: bytes(Int128(1)),
      line: "-170141183460469231731687303715884105728 ≠ 1"),
    Case(
      encoding: "T", actual: bytes(UInt128.max), expected: bytes(UInt128(0)),
      line: "340282366920938463463374607431768211455 ≠ 0"),
    Case(encoding: "f", actual: bytes(Float(1.5)), expected: bytes(Float(-2)), line: "1.5 ≠ -2 (difference 3.5)"),
    Case(
      encoding: "float", actual: bytes(Float.infinity), expected: bytes(Float(1)), line: "inf ≠ 1 (difference inf)"),
    Case(encoding: "d", actual: bytes(0.1), expected: bytes(0.2), line: "0.1 ≠ 0.2 (difference 0.1)"),
    Case(encoding: "double", actual: bytes(-0.0), expected: bytes(Double.nan), line: "-0.0 ≠ nan (difference nan)"),
    Case(encoding: "B", actual: [1], expected: [0], line: "true ≠ false"),
    Case(encoding: "bool", actual: [0], expected: [1], line: "false ≠ true"),
    Case(encoding: "*", actual: bytes(UInt(0x1000)), expected: bytes(UInt(0)), line: "0x1000 ≠ NULL"),
    Case(encoding: "r*", actual: bytes(UInt(0xdead_beef)), expected: bytes(UInt(0xbeef)), line: "0xdeadbeef ≠ 0xbeef"),
    Case(encoding: "^v", actual: bytes(UInt(8)), expected: bytes(UInt(16)), line: "0x8 ≠ 0x10"),
    Case(encoding: "pointer", actual: bytes(UInt(0)), expected: bytes(UInt(16)), line: "NULL ≠ 0x10"),
    Case(encoding: "^{Node=i^{Node}}", actual: bytes(UInt(1)), expected: bytes(UInt(2)), line: "0x1 ≠ 0x2"),
    Case(encoding: "^?", actual: bytes(UInt(0xff)), expected: bytes(UInt(0)), line: "0xff ≠ NULL"),
    Case(encoding: "@", actual: bytes(UInt(0x10)), expected: bytes(UInt(0x20)), line: "0x10 ≠ 0x20"),
    Case(encoding: "@\"NSString\"", actual: bytes(UInt(0x10)), expected: bytes(UInt(0)), line: "0x10 ≠ NULL"),
    Case(encoding: "#", actual: bytes(UInt(0x10)), expected: bytes(UInt(0x11)), line: "0x10 ≠ 0x11"),
    Case(encoding: ":", actual: bytes(UInt(0x10)), expected: bytes(UInt(0x12)), line: "0x10 ≠ 0x12"),
    Case(encoding: "@?", actual: bytes(UInt(0x10)), expected: bytes(UInt(0x13)), line: "0x10 ≠ 0x13"),
  ]

  @Test(arguments: cases)
  func differentValuesAreReported(_ test: Case) throws {
    let type = try ValueRegistry.shared.resolve(test.encoding)
    let result = try test.actual.withUnsafeBytes { a in
      try test.expected.withUnsafeBytes { b in try type.compare(bytes: a, b) }
    }
    #expect(!result.isEqual)
    #expect(result.strategy == .builtIn)
    #expect(
      result.mismatches.map { "\($0.actual) ≠ \($0.expected)" + ($0.difference.map { " (difference \($0))" } ?? "") }
        == [test.line])
    let same = try test.actual.withUnsafeBytes { a in try type.compare(bytes: a, a) }
    #expect(same.isEqual)
    #expect(same.summary == "\(same.typeName) values are equal")
  }

  @Test func typeNamesInReports() throws {
    let expected = [
      "c": "char", "Q": "unsigned long long", "D": "long double", "B": "_Bool", "*": "char *", "^v": "void *",
      "rect": "CGRect", "(U=if)": "U", "{?=ii}": "struct {…}", "[4i]": "int [4]",
    ]
    for (encoding, name) in expected {
      let type = try ValueRegistry.shared.resolve(encoding)
      let zero = [UInt8](repeating: 0, count: type.size ?? 0)
      let result = try zero.withUnsafeBytes { try type.compare(bytes: $0, $0) }
      #expect(result.typeName == name, "\(encoding)")
      #expect(result.summary == "\(name) values are equal")
    }
  }

  #if arch(x86_64)
    @Test func longDoubleIsComparedAsItsEightyBitValue() throws {
      // The six bytes after the 80-bit value are padding: they differ here and do not count.
      var one = [UInt8](repeating: 0, count: 16)
      var same = [UInt8](repeating: 0xAB, count: 16)
      withUnsafeBytes(of: Float80(1.5)) { one.replaceSubrange(0..<10, with: $0.prefix(10)) }
      withUnsafeBytes(of: Float80(1.5)) { same.replaceSubrange(0..<10, with: $0.prefix(10)) }
      var other = one
      withUnsafeBytes(of: Float80(2.5)) { other.replaceSubrange(0..<10, with: $0.prefix(10)) }
      let type = try ValueRegistry.shared.resolve("D")
      let equal = try one.withUnsafeBytes { a in try same.withUnsafeBytes { b in try type.compare(bytes: a, b) } }
      #expect(equal.isEqual)
      let different = try one.withUnsafeBytes { a in try other.withUnsafeBytes { b in try type.compare(bytes: a, b) } }
      #expect(
        different.report == """
          long double values differ at 1 of 1 field:
            value: 1.5 ≠ 2.5 (difference 1)
            actual:   1.5
            expected: 2.5
          """)
    }
  #endif

  @Test func geometryTypesAreBuiltIn() throws {
    let a = CGRect(x: 0, y: 0, width: 10, height: 20)
    for name in ["point", "size", "rect", "{CGRect}", "{CGPoint=\"x\"d\"y\"d}"] {
      #expect(try ValueRegistry.shared.resolve(name).strategy == .builtIn, "\(name)")
    }
    #expect(try ValueRegistry.shared.resolve("rect").compare(a, a).isEqual)
    #expect(try ValueRegistry.shared.resolve("point").compare(CGPoint(x: 1, y: 2), CGPoint(x: 1, y: 2)).isEqual)
    #expect(
      try ValueRegistry.shared.resolve("size").compare(CGSize(width: -0.0, height: 2), CGSize(width: 0, height: 2))
        .isEqual)
  }

  @Test func theReportOfTheIssue() throws {
    let actual = CGRect(x: 0, y: 0, width: 10, height: 20)
    let expected = CGRect(x: 0, y: 0, width: 10, height: 20.5)
    let result = try ValueRegistry.shared.resolve("rect").compare(
      actual, expected, options: ComparisonOptions(tolerance: .absolute(0.001)))
    #expect(
      result.report == """
        CGRect values differ at 1 of 4 fields:
          .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)
          actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
          expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}
        """)
    #expect(result.summary == "CGRect values differ at .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)")
    #expect(
      result.mismatches == [
        Mismatch(
          path: [.member("size"), .member("height")], offset: 24, actual: "20", expected: "20.5", difference: 0.5,
          tolerance: .absolute(0.001))
      ])
  }
}
