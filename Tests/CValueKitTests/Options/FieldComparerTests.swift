import CTestTypes
import CValueKit
import Testing

/// Comparers for one field (`ComparisonOptions.fieldComparers`, `ValueRegistry.register(_:comparer:at:)`):
/// a Swift closure, a `char *` as a C string, a pointer by its pointee; with the precedence of union member
/// rules, and typed errors for comparers that do not fit.
@Suite struct FieldComparerTests {
  static let packet = IgnoredPathTests.packet
  static let row = "{cv_row=\"value\"i\"stamp\"I}"
  /// The low 16 bits of a checksum are the ones a receiver checks.
  static let low16 = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }

  @Test func aClosureDecidesTheChecksum() throws {
    let type = try ValueRegistry().resolve(Self.packet)
    var options = ComparisonOptions()
    options.fieldComparers[".checksum"] = Self.low16
    let a = IgnoredPathTests.packet(kind: 1, checksum: 0x1111_abcd)
    #expect(try type.compare(a, IgnoredPathTests.packet(kind: 1, checksum: 0x2222_abcd), options: options).isEqual)
    #expect(
      try type.compare(a, IgnoredPathTests.packet(kind: 1, checksum: 0x1111_abce), options: options).report == """
        cv_packet values differ at 1 of 9 fields:
          .checksum: 286370765 ≠ 286370766
          actual:   {.kind = 1, .length = 4, .checksum = 286370765, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
          expected: {.kind = 1, .length = 4, .checksum = 286370766, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
    // An ignored path wins over a comparer for the same field.
    options.ignoredPaths = [".checksum"]
    #expect(
      try type.compare(a, IgnoredPathTests.packet(kind: 1, checksum: 0), options: options).report
        == "cv_packet values are equal (ignoring .checksum)")
  }

  @Test func aNameComparesAsACString() throws {
    let type = try ValueRegistry().resolve(Self.packet)
    try "eth0".withCString { first in
      try String("eth0").withCString { second in
        try "eth1".withCString { third in
          var a = IgnoredPathTests.packet(kind: 1, checksum: 0)
          a.name = first
          var b = a
          b.name = second
          var c = a
          c.name = third
          #expect(try !type.compare(a, b).isEqual)
          var options = ComparisonOptions()
          options.fieldComparers[".name"] = .cString
          #expect(try type.compare(a, b, options: options).isEqual)
          let mismatch = try #require(try type.compare(a, c, options: options).mismatches.first)
          #expect(mismatch.path == ".name")
          #expect(mismatch.actual.hasSuffix(" /* \"eth0\" */"))
          #expect(mismatch.expected.hasSuffix(" /* \"eth1\" */"))
          var null = a
          null.name = nil
          #expect(try type.compare(null, c, options: options).mismatches.first?.actual == "NULL")
          #expect(try type.compare(null, null, options: options).isEqual)
        }
      }
    }
  }

  @Test func aPointerComparesByItsPointee() throws {
    let registry = ValueRegistry()
    let type = try registry.resolve(Self.packet)
    var options = ComparisonOptions()
    options.fieldComparers[".origin"] = .pointee(try registry.resolve("{cv_point=\"x\"d\"y\"d}"))
    var one = cv_point(x: 1, y: 2)
    var same = cv_point(x: 1, y: 2)
    var other = cv_point(x: 1, y: 3)
    var a = IgnoredPathTests.packet(kind: 1, checksum: 0)
    var b = a
    withUnsafeMutablePointer(to: &one) { a.origin = $0 }
    withUnsafeMutablePointer(to: &same) { b.origin = $0 }
    #expect(try type.compare(a, b, options: options).isEqual)
    withUnsafeMutablePointer(to: &other) { b.origin = $0 }
    #expect(try type.compare(a, b, options: options).mismatches.map(\.path) == [".origin"])
    b.origin = nil
    #expect(try !type.compare(a, b, options: options).isEqual)
  }

  @Test func theComparisonsComparerReplacesTheRegisteredOne() throws {
    let registry = ValueRegistry()
    let exact = FieldComparer(UInt32.self) { $0 == $1 }
    try registry.register(Self.packet, comparer: Self.low16, at: ".checksum")
    let type = try registry.resolve(Self.packet)
    let a = IgnoredPathTests.packet(kind: 1, checksum: 0x1111_abcd)
    let b = IgnoredPathTests.packet(kind: 1, checksum: 0x2222_abcd)
    #expect(type.isEqual(a, b))
    #expect(try type.compare(a, b).isEqual)
    var options = ComparisonOptions()
    options.fieldComparers[".checksum"] = exact
    #expect(try type.compare(a, b, options: options).mismatches.map(\.path) == [".checksum"])
  }

  @Test func theEnclosingRecordsComparerWins() throws {
    let registry = ValueRegistry()
    // Inner: stamps never matter. Outer: the stamps of a log must be equal after all.
    try registry.register(Self.row, comparer: FieldComparer(UInt32.self) { _, _ in true }, at: ".stamp")
    try registry.register(IgnoredPathTests.log, comparer: FieldComparer(UInt32.self) { $0 == $1 }, at: ".rows[*].stamp")
    let a = IgnoredPathTests.log(sequence: 1, stamps: (1, 2, 3), values: (0, 0, 0))
    let b = IgnoredPathTests.log(sequence: 1, stamps: (1, 2, 4), values: (0, 0, 0))
    #expect(try !registry.resolve(IgnoredPathTests.log).isEqual(a, b))
    let rows = [cv_row(value: 0, stamp: 1)]
    let others = [cv_row(value: 0, stamp: 9)]
    #expect(try registry.resolve(Self.row).isEqual(rows[0], others[0]))
  }

  @Test func comparersThatDoNotFitAreErrors() throws {
    let registry = ValueRegistry()
    let type = try registry.resolve(Self.packet)
    let a = IgnoredPathTests.packet(kind: 1, checksum: 0)
    var options = ComparisonOptions()
    options.fieldComparers[".kind"] = Self.low16
    #expect(
      throws: ValueError.comparerDoesNotFit(".kind", comparer: "UInt32", field: .scalar(.unsignedShort), in: type.type)
    ) {
      try type.compare(a, a, options: options)
    }
    #expect(
      ValueError.comparerDoesNotFit(".kind", comparer: "UInt32", field: .scalar(.unsignedShort), in: type.type)
        .description == "struct cv_packet: the comparer UInt32 does not fit .kind (unsigned short)")
    options.fieldComparers = [".origin": .cString]
    #expect(
      throws: ValueError.comparerDoesNotFit(
        ".origin", comparer: "cString", field: try TypeEncoding("^{cv_point}"), in: type.type)
    ) {
      try type.compare(a, a, options: options)
    }
    options.fieldComparers = [".length": .pointee(try registry.resolve("i"))]
    #expect(
      throws: ValueError.comparerDoesNotFit(
        ".length", comparer: "pointee(int)", field: .scalar(.unsignedShort), in: type.type)
    ) {
      try type.compare(a, a, options: options)
    }
    options.fieldComparers = [".nam": .cString]
    #expect(throws: ValueError.unknownFieldPath(".nam", in: type.type)) { try type.compare(a, a, options: options) }
    #expect(
      throws: ValueError.comparerDoesNotFit(
        ".checksum", comparer: "cString", field: .scalar(.unsignedInt), in: try TypeEncoding(Self.packet))
    ) {
      try registry.register(Self.packet, comparer: .cString, at: ".checksum")
    }
  }
}
