import CValueKit
import Testing

/// The resolution order: registered → built-in → structural → bytes → pointer identity.
@Suite struct ResolutionTests {
  /// A `{Temp=d}` comparator that accepts half a kelvin, and a describer that says kelvin.
  static func registryWithTemperature() throws -> ValueRegistry {
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.register(
      "{Temp=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 }, describer: { "\($0) K" })
    return registry
  }

  static func bytes<Value>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

  @Test func aRegisteredComparatorDecides() throws {
    let registry = try Self.registryWithTemperature()
    let result = try registry.resolve("{Temp=d}").compare(20.0, 20.3)
    #expect(result.isEqual)
    #expect(result.strategy == .registered(try TypeEncoding("{Temp=d}")))
    let different = try registry.resolve("{Temp=d}").compare(20.0, 21.0)
    #expect(
      different.report == """
        Temp values differ at 1 of 1 field:
          value: 20.0 K ≠ 21.0 K
          actual:   20.0 K
          expected: 21.0 K
        """)
  }

  @Test(arguments: ["{Temp=d}", "{Temp=\"kelvin\"d}", "r{Temp=d}", "{Temp}", "n{Temp}"])
  func qualifiersNamesAndTheBareNameFindTheEntry(_ encoding: String) throws {
    let registry = try Self.registryWithTemperature()
    let type = try registry.resolve(registry.catalog.parse(encoding))
    #expect(type.strategy == .registered(try TypeEncoding("{Temp=d}")))
  }

  @Test func anEntryRegisteredByTagAloneAppliesToTheFullEncoding() throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.register("{Handle}", comparer: { _, _ in true })
    #expect(try registry.resolve("{Handle=^v}").strategy == .registered(try TypeEncoding("{Handle}")))
    // A different struct with the same tag written in full is not the registered one.
    let other = ValueRegistry(catalog: TypeCatalog())
    try other.register("{Handle=^v}", comparer: { _, _ in true })
    #expect(try other.resolve("{Handle=ii}").strategy == .structural)
  }

  @Test func aRegisteredMemberIsComparedAndDescribedByItsEntry() throws {
    let registry = try Self.registryWithTemperature()
    let encoding = "{Reading=\"t\"{Temp=d}\"id\"i}"
    struct Reading {
      var t: Double
      var id: Int32
    }
    #expect(try registry.resolve(encoding).compare(Reading(t: 20, id: 1), Reading(t: 20.2, id: 1)).isEqual)
    let result = try registry.resolve(encoding).compare(Reading(t: 20, id: 1), Reading(t: 21, id: 1))
    #expect(result.strategy == .structural)
    #expect(
      result.report == """
        Reading values differ at 1 of 2 fields:
          .t: 20.0 K ≠ 21.0 K
          actual:   {.t = 20.0 K, .id = 1}
          expected: {.t = 21.0 K, .id = 1}
        """)
  }

  @Test func structuralComparisonIgnoresPadding() throws {
    // {S=cdi}: bytes 1..<8 and 20..<24 are padding.
    var a = [UInt8](repeating: 0, count: 24)
    var b = [UInt8](repeating: 0xEE, count: 24)
    a[0] = 7
    b[0] = 7
    a.replaceSubrange(8..<16, with: Self.bytes(2.5))
    b.replaceSubrange(8..<16, with: Self.bytes(2.5))
    a.replaceSubrange(16..<20, with: Self.bytes(Int32(-1)))
    b.replaceSubrange(16..<20, with: Self.bytes(Int32(-1)))
    let type = try ValueRegistry.shared.resolve("{S=cdi}")
    #expect(type.strategy == .structural)
    let result = try a.withUnsafeBytes { a in try b.withUnsafeBytes { b in try type.compare(bytes: a, b) } }
    #expect(result.isEqual)
    b[17] = 0
    let different = try a.withUnsafeBytes { a in try b.withUnsafeBytes { b in try type.compare(bytes: a, b) } }
    #expect(
      different.report == """
        S values differ at 1 of 3 fields:
          .2: -1 ≠ -65281
          actual:   {7, 2.5, -1}
          expected: {7, 2.5, -65281}
        """)
  }

  @Test func aUnionIsComparedBytewiseOverWhatItsMembersCover() throws {
    // (U=ic): 4 bytes, all covered by the int. The char view sees byte 0, 1 in both: only .i is reported.
    let type = try ValueRegistry.shared.resolve("(U=\"i\"i\"c\"c)")
    let result = try ValueRegistry.shared.resolve("(U=\"i\"i\"c\"c)").compare(Int32(1), Int32(257))
    #expect(type.strategy == .structural)
    #expect(
      result.report == """
        U values differ at 1 of 2 fields:
          .i: 1 ≠ 257
          actual:   {.i = 1, .c = 1}
          expected: {.i = 257, .c = 1}
        """)
    // +0.0 and -0.0 are different bytes: a union does not know which member is live.
    #expect(try !ValueRegistry.shared.resolve("(U=fi)").compare(Float(0), Float(-0.0)).isEqual)
  }

  @Test func bitfieldsAreComparedByTheirBits() throws {
    // {F=b0I3b3I5}: .0 is bits 0..<3, .1 bits 3..<8; bits 8… are padding.
    let encoding = "{F=\"low\"b0I3\"high\"b3I5}"
    #expect(try ValueRegistry.shared.resolve(encoding).compare(UInt32(0x0000_0005), UInt32(0xFFFF_0005)).isEqual)
    let result = try ValueRegistry.shared.resolve(encoding).compare(UInt32(0b0000_1_101), UInt32(0b0001_0_101))
    #expect(
      result.report == """
        F values differ at 1 of 2 fields:
          .high: 1 ≠ 2
          actual:   {.low = 5, .high = 1}
          expected: {.low = 5, .high = 2}
        """)
  }

  @Test func anUnknownLayoutWithASizeIsComparedByBytes() throws {
    let type = try ValueRegistry.shared.resolve("{Opaque}")
    #expect(type.layout == nil)
    let a: [UInt8] = [1, 2, 3, 4]
    let b: [UInt8] = [1, 2, 9, 4]
    let result = try a.withUnsafeBytes { a in try b.withUnsafeBytes { b in try type.compare(bytes: a, b) } }
    let reason = "layout unknown for struct Opaque: the encoding omits its members and no definition is registered"
    #expect(result.strategy == .bytes(reason: reason))
    #expect(
      result.report == """
        Opaque values differ at 1 of 4 fields (compared byte by byte: \(reason)):
          [2]: 0x03 ≠ 0x09
          actual:   <4 bytes: 01 02 03 04>
          expected: <4 bytes: 01 02 09 04>
        """)
    #expect(try a.withUnsafeBytes { try type.compare(bytes: $0, $0) }.isEqual)
    #expect(throws: ValueError.sizesDiffer(actual: 4, expected: 3)) {
      try a.withUnsafeBytes { a in
        try [UInt8](repeating: 0, count: 3).withUnsafeBytes { try type.compare(bytes: a, $0) }
      }
    }
  }

  @Test func nothingKnownFallsBackToPointerIdentity() throws {
    let type = try ValueRegistry.shared.resolve("{Opaque}")
    let first = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    let second = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    defer {
      first.deallocate()
      second.deallocate()
    }
    let same = try type.compare(pointers: first, first)
    #expect(same.isEqual)
    #expect(same.strategy == .pointerIdentity(reason: type.layoutError!.description))
    #expect(type.isEqual(pointers: first, first))
    #expect(!type.isEqual(pointers: first, second))
    let different = try type.compare(pointers: first, second)
    #expect(!different.isEqual)
    #expect(different.summary.hasPrefix("Opaque values differ (compared by address: layout unknown for struct Opaque"))
  }

  @Test func withoutBuiltinsLeavesAreComparedByTheirBytes() throws {
    let registry = ValueRegistry(catalog: TypeCatalog(), includingBuiltins: false)
    #expect(try !registry.resolve("d").compare(-0.0, 0.0).isEqual)
    #expect(try registry.resolve("d").strategy == .bytes(reason: "no entry compares d"))
    #expect(try registry.resolve("{P=dd}").strategy == .structural)
    #expect(try ValueRegistry.shared.resolve("d").compare(-0.0, 0.0).isEqual)
  }

  /// A program's `typedef struct { int a; char b; } rect;` (a catalog without built-ins, as debug info fills
  /// one) is reported as `rect`, not `struct {…}`; the built-in `rect` keeps its record's tag, CGRect.
  @Test func aCatalogsOwnMeaningOfABuiltinWordNamesTheType() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(#"{?="a"i"b"c}"#, name: "rect")
    let rect = try ValueRegistry(catalog: catalog).resolve("rect")
    let actual: [UInt8] = [1, 0, 0, 0, 120, 0, 0, 0]
    var expected = actual
    expected[4] = 121
    #expect(try rect.compare(bytes: actual, expected).summary == "rect values differ at .b: 120 ≠ 121")
    let builtin = try ValueRegistry(catalog: TypeCatalog()).resolve("rect")
    #expect(
      try builtin.compare(bytes: [UInt8](repeating: 0, count: 32), [UInt8](repeating: 1, count: 32)).typeName
        == "CGRect")
  }

  @Test func registrationsMergeAndCanBeRemoved() throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.register("{Temp=d}", comparer: { _, _ in true })
    try registry.register("{Temp=d}", describer: { _ in "some temperature" })
    #expect(try registry.resolve("{Temp=d}").compare(1.0, 2.0).isEqual)
    #expect(try registry.resolve("{Temp=d}").describe(1.0) == "some temperature")
    #expect(try registry.unregister("{Temp=d}"))
    #expect(try !registry.unregister("{Temp=d}"))
    #expect(try !registry.resolve("{Temp=d}").compare(1.0, 2.0).isEqual)
    #expect(throws: ValueError.nothingToRegister(try TypeEncoding("i"))) { try registry.register("i") }
  }

  @Test func aDescriberAloneLeavesComparisonStructural() throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.register("{Temp=d}", describer: { "\($0.load(as: Double.self)) K" })
    #expect(try registry.resolve("{Temp=d}").strategy == .structural)
    #expect(try registry.resolve("{Temp=d}").describe(2.5) == "2.5 K")
  }

  @Test func handlesAreSnapshotsAndResolvingAgainSeesNewEntries() throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    let before = try registry.resolve("{Temp=d}")
    try registry.register("{Temp=d}", as: Double.self, comparer: { _, _ in true })
    let after = try registry.resolve("{Temp=d}")
    #expect(!before.isEqual(1.0, 2.0))
    #expect(after.isEqual(1.0, 2.0))
  }

  @Test func aCatalogChangeIsSeenByTheNextResolve() throws {
    let catalog = TypeCatalog()
    let registry = ValueRegistry(catalog: catalog)
    #expect(try registry.resolve("{Late}").layout == nil)
    try catalog.register(record: TypeEncoding("{Late=\"a\"i\"b\"i}"))
    #expect(try registry.resolve("{Late}").layout?.size == 8)
  }

  @Test func typedRegistrationChecksTheSize() throws {
    let registry = ValueRegistry(catalog: TypeCatalog())
    #expect(throws: ValueError.swiftTypeSize(swiftType: "Int32", size: 4, type: try TypeEncoding("d"), typeSize: 8)) {
      try registry.register("d", as: Int32.self, comparer: { $0 == $1 })
    }
    #expect(throws: ValueError.self) { try registry.register("{Nowhere}", as: Int32.self, comparer: { $0 == $1 }) }
    #expect(throws: ValueError.wrongSize(role: "actual", byteCount: 4, type: try TypeEncoding("d"), typeSize: 8)) {
      try [UInt8](repeating: 0, count: 4).withUnsafeBytes { a in
        try [UInt8](repeating: 0, count: 8).withUnsafeBytes { b in try registry.resolve("d").compare(bytes: a, b) }
      }
    }
  }
}
