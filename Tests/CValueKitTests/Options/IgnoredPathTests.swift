import CTestTypes
import CValueKit
import Testing

/// Fields left out of a comparison (`ComparisonOptions.ignoredPaths`, `ValueRegistry.register(_:ignoring:)`):
/// not compared, not counted, listed as ignored. The C types are declared in the CTestTypes target; their
/// encodings are what clang's `@encode` gives, with the member names added.
@Suite struct IgnoredPathTests {
  /// `struct cv_packet`: `@encode` gives `{cv_packet=SSI*^{cv_point}[4C]}`, 32 bytes, `.checksum` at 4.
  static let packet =
    "{cv_packet=\"kind\"S\"length\"S\"checksum\"I\"name\"*\"origin\"^{cv_point}\"payload\"[4C]}"
  /// `struct cv_log`: `@encode` gives `{cv_log=I[3{cv_row=iI}]}`, 28 bytes, `.rows` at 4.
  static let log = "{cv_log=\"sequence\"I\"rows\"[3{cv_row=\"value\"i\"stamp\"I}]}"

  static func packet(kind: UInt16, checksum: UInt32) -> cv_packet {
    var packet = cv_packet()
    packet.kind = kind
    packet.length = 4
    packet.checksum = checksum
    packet.payload = (1, 2, 3, 4)
    return packet
  }

  static func log(sequence: UInt32, stamps: (UInt32, UInt32, UInt32), values: (Int32, Int32, Int32)) -> cv_log {
    var log = cv_log()
    log.sequence = sequence
    log.rows = (
      cv_row(value: values.0, stamp: stamps.0), cv_row(value: values.1, stamp: stamps.1),
      cv_row(value: values.2, stamp: stamps.2)
    )
    return log
  }

  @Test func anIgnoredChecksumIsNotComparedNorCounted() throws {
    let type = try ValueRegistry().resolve(Self.packet)
    let a = Self.packet(kind: 1, checksum: 0xdead_beef)
    let b = Self.packet(kind: 1, checksum: 0x1234_5678)
    var options = ComparisonOptions()
    options.ignoredPaths = [".checksum"]
    let equal = try type.compare(a, b, options: options)
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 8)
    #expect(equal.ignoredPaths == [".checksum"])
    #expect(equal.report == "cv_packet values are equal (ignoring .checksum)")
    #expect(try type.compare(a, b).comparedFieldCount == 9)

    let report = try type.compare(a, Self.packet(kind: 2, checksum: 0), options: options).report
    #expect(
      report == """
        cv_packet values differ at 1 of 8 fields:
          .kind: 1 ≠ 2
          ignored: .checksum
          actual:   {.kind = 1, .length = 4, .checksum = 3735928559, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
          expected: {.kind = 2, .length = 4, .checksum = 0, .name = NULL, .origin = NULL, .payload = {1, 2, 3, 4}}
        """)
  }

  @Test func starPathsIgnoreAFieldOfEveryElement() throws {
    let type = try ValueRegistry().resolve(Self.log)
    let a = Self.log(sequence: 7, stamps: (100, 200, 300), values: (1, 2, 3))
    let b = Self.log(sequence: 7, stamps: (101, 202, 303), values: (1, 2, 4))
    var options = ComparisonOptions()
    options.ignoredPaths = [".rows[*].stamp"]
    #expect(
      try type.compare(a, b, options: options).report == """
        cv_log values differ at 1 of 4 fields:
          .rows[2].value: 3 ≠ 4
          ignored: .rows[*].stamp
          actual:   {.sequence = 7, .rows = {{.value = 1, .stamp = 100}, {.value = 2, .stamp = 200}, {.value = 3, .stamp = 300}}}
          expected: {.sequence = 7, .rows = {{.value = 1, .stamp = 101}, {.value = 2, .stamp = 202}, {.value = 4, .stamp = 303}}}
        """)
    // A whole sub-record by its path, and every element of the array.
    options.ignoredPaths = [".rows"]
    #expect(try type.compare(a, b, options: options).report == "cv_log values are equal (ignoring .rows)")
    options.ignoredPaths = [".rows[*]"]
    #expect(try type.compare(a, b, options: options).report == "cv_log values are equal (ignoring .rows[*])")
  }

  @Test func runsOfRecordsIgnoreByStarFromTheElement() throws {
    let row = try ValueRegistry().resolve("{cv_row=\"value\"i\"stamp\"I}")
    let a = [cv_row(value: 1, stamp: 10), cv_row(value: 2, stamp: 20)]
    let b = [cv_row(value: 1, stamp: 11), cv_row(value: 2, stamp: 22)]
    var options = ComparisonOptions()
    options.ignoredPaths = ["[*].stamp"]
    let result = try a.withUnsafeBufferPointer { a in
      try b.withUnsafeBufferPointer { b in try row.compare(elements: a, b, options: options) }
    }
    #expect(result.report == "struct cv_row [2] values are equal (ignoring [*].stamp)")
  }

  @Test func registeredPathsApplyWhereverTheRecordIs() throws {
    let registry = ValueRegistry()
    try registry.register("{cv_row=\"value\"i\"stamp\"I}", ignoring: [".stamp"])
    let type = try registry.resolve(Self.log)
    let a = Self.log(sequence: 7, stamps: (100, 200, 300), values: (1, 2, 3))
    let b = Self.log(sequence: 8, stamps: (101, 202, 303), values: (1, 2, 3))
    #expect(
      try type.compare(a, b).summary == "cv_log values differ at .sequence: 7 ≠ 8")
    #expect(try type.compare(a, b).ignoredPaths == [".rows[*].stamp"])
    #expect(type.isEqual(a, Self.log(sequence: 7, stamps: (0, 0, 0), values: (1, 2, 3))))
    // The comparison's own paths add to the registered ones.
    var options = ComparisonOptions()
    options.ignoredPaths = [".sequence"]
    #expect(
      try type.compare(a, b, options: options).report == "cv_log values are equal (ignoring .sequence, .rows[*].stamp)")
    #expect(try registry.unregister("{cv_row=\"value\"i\"stamp\"I}"))
    #expect(try !registry.resolve(Self.log).compare(a, b, options: options).isEqual)
  }

  @Test func pathsThatNameNothingAreErrors() throws {
    let registry = ValueRegistry()
    let type = try registry.resolve(Self.log)
    let a = Self.log(sequence: 1, stamps: (0, 0, 0), values: (0, 0, 0))
    var options = ComparisonOptions()
    options.ignoredPaths = [".rows[*].stmp"]
    #expect(throws: ValueError.unknownFieldPath(".rows[*].stmp", in: type.type)) {
      try type.compare(a, a, options: options)
    }
    options.ignoredPaths = [".rows[1].stamp"]
    #expect(throws: ValueError.pathThroughElement(".rows[1].stamp", in: type.type)) {
      try type.compare(a, a, options: options)
    }
    options.ignoredPaths = [".sequence[*]"]
    #expect(throws: ValueError.unknownFieldPath(".sequence[*]", in: type.type)) {
      try type.compare(a, a, options: options)
    }
    #expect(throws: ValueError.unknownFieldPath(".stamps", in: try TypeEncoding("{cv_row=\"value\"i\"stamp\"I}"))) {
      try registry.register("{cv_row=\"value\"i\"stamp\"I}", ignoring: [".stamps"])
    }
    #expect(
      ValueError.pathThroughElement(".rows[1].stamp", in: type.type).description
        == "{cv_log=\"sequence\"I\"rows\"[3{cv_row=\"value\"i\"stamp\"I}]}: .rows[1].stamp names one array element; "
        + "ignored paths and field comparers apply to every element, written [*]")
  }

  @Test func starPathsParseAndPrint() throws {
    let path = try FieldPath(parsing: ".rows[*].stamp")
    #expect(path.components == [.member("rows"), .anyIndex, .member("stamp")])
    #expect(path.description == ".rows[*].stamp")
    #expect(throws: ValueError.invalidFieldPath(".rows[*", offset: 5)) { try FieldPath(parsing: ".rows[*") }
    #expect(throws: ValueError.invalidFieldPath(".rows[**]", offset: 5)) { try FieldPath(parsing: ".rows[**]") }
  }
}
