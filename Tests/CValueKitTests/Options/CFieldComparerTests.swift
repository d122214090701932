import CTestTypes
import CValueKit
import Testing

/// A field comparer made from a C function (`FieldComparer(_:signature:convention:)`): called with a
/// pointer to each field, fitting fields of the pointers' type (or any field through `void *`).
@Suite struct CFieldComparerTests {
  /// `int32_t low16(const uint32_t *, const uint32_t *)`: the low 16 bits of a checksum.
  static let low16: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?) -> Int32 = { a, b in
    guard let a, let b else { return 0 }
    return a.load(as: UInt32.self) & 0xffff == b.load(as: UInt32.self) & 0xffff ? 1 : 0
  }

  @Test func aCFunctionDecidesAField() throws {
    let type = try ValueRegistry().resolve(IgnoredPathTests.packet)
    let comparer = try FieldComparer(
      CFunction(Self.low16, name: "low16"), signature: "i^I^I", convention: .nonZeroMeansEqual)
    #expect(comparer.description == "low16")
    try FieldComparerTests.expectLow16Decides(comparer)
    var options = ComparisonOptions()
    let a = IgnoredPathTests.packet(kind: 1, checksum: 0x1111_abcd)
    // Zero means equal: the same function, read the other way round.
    options.fieldComparers[".checksum"] = try FieldComparer(
      CFunction(Self.low16, name: "low16"), signature: "i^v^v", convention: .zeroMeansEqual)
    #expect(try !type.compare(a, a, options: options).isEqual)
  }

  @Test func aTypedPointerFitsFieldsOfItsTypeOnly() throws {
    let registry = ValueRegistry()
    let type = try registry.resolve(IgnoredPathTests.packet)
    let typed = try FieldComparer(
      CFunction(Self.low16, name: "low16"), signature: "i^I^I", convention: .nonZeroMeansEqual)
    let a = IgnoredPathTests.packet(kind: 1, checksum: 0)
    var options = ComparisonOptions()
    options.fieldComparers[".kind"] = typed
    #expect(
      throws: ValueError.comparerDoesNotFit(".kind", comparer: "low16", field: .scalar(.unsignedShort), in: type.type)
    ) {
      try type.compare(a, a, options: options)
    }
    #expect(
      throws: ValueError.comparerDoesNotFit(
        ".length", comparer: "low16", field: .scalar(.unsignedShort), in: try TypeEncoding(IgnoredPathTests.packet))
    ) {
      try registry.register(IgnoredPathTests.packet, comparer: typed, at: ".length")
    }
    // Through `void *` it fits any field.
    options.fieldComparers[".kind"] = try FieldComparer(
      CFunction(Self.low16, name: "low16"), signature: "i^v^v", convention: .nonZeroMeansEqual)
    #expect(try type.compare(a, a, options: options).isEqual)
  }

  @Test func signaturesThatAreNotTwoPointersAreErrors() throws {
    let function = try CFunction(Self.low16, name: "low16")
    #expect(
      throws: ValueError.cFunction(
        .argumentMismatch(
          function: "low16", position: 1, found: .scalar(.unsignedInt),
          expected: "a field comparer takes a pointer to each field, both of one type"))
    ) {
      try FieldComparer(function, signature: "iII", convention: .nonZeroMeansEqual)
    }
    #expect(
      throws: ValueError.cFunction(
        .argumentMismatch(
          function: "low16", position: 1, found: .pointer(.scalar(.unsignedInt)),
          expected: "a field comparer takes a pointer to each field, both of one type"))
    ) {
      try FieldComparer(function, signature: "i^I^S", convention: .nonZeroMeansEqual)
    }
    #expect(
      throws: ValueError.cFunction(.arity(function: "low16", role: "field comparer", expected: "2", found: 1))
    ) {
      try FieldComparer(function, signature: "i^I", convention: .nonZeroMeansEqual)
    }
    #expect(
      ValueError.cFunction(
        .argumentMismatch(
          function: "low16", position: 1, found: .scalar(.unsignedInt),
          expected: "a field comparer takes a pointer to each field, both of one type")
      ).description
        == "argument 1 of low16 is I, but a field comparer takes a pointer to each field, both of one type")
  }
}
