import CValueKit
import Testing

/// A C++ class's vtable pointer, the pointer member `<vptr>` the debug-info import names it: never compared,
/// listed with the ignored fields, left out of descriptions, and gone past by positional values.
@Suite struct VtablePointerTests {
  private let poly = #"{poly="<vptr>"^^?"p"i"q"i}"#
  /// `p` 1 and `q` 2, with a vptr of `vptr` repeated.
  private func value(vptr: UInt8, q: UInt8 = 2) -> [UInt8] {
    Array(repeating: vptr, count: 8) + [1, 0, 0, 0, q, 0, 0, 0]
  }

  @Test func valuesThatDifferOnlyInTheVptrAreEqual() throws {
    let type = try ValueRegistry().resolve(poly)
    let equal = try type.compare(bytes: value(vptr: 0x11), value(vptr: 0xA5))
    #expect(equal.isEqual)
    #expect(equal.comparedFieldCount == 2)
    #expect(equal.report == "poly values are equal (ignoring .<vptr>)")
    #expect(equal.ignoredPaths.map(\.description) == [".<vptr>"])
    #expect(
      try type.compare(bytes: value(vptr: 0x11, q: 3), value(vptr: 0xA5)).report == """
        poly values differ at 1 of 2 fields:
          .q: 3 ≠ 2
          ignored: .<vptr>
          actual:   {.p = 1, .q = 3}
          expected: {.p = 1, .q = 2}
        """)
  }

  @Test func aVptrInsideAnotherRecordOrAnArrayIsNotComparedEither() throws {
    let type = try ValueRegistry().resolve("{holder=\"items\"[2\(poly)]\"n\"i}")
    let actual = value(vptr: 0x11) + value(vptr: 0x22) + [7, 0, 0, 0, 0, 0, 0, 0]
    let expected = value(vptr: 0xA5) + value(vptr: 0xA6) + [7, 0, 0, 0, 0, 0, 0, 0]
    let comparison = try type.compare(bytes: actual, expected)
    #expect(comparison.isEqual)
    #expect(comparison.report == "holder values are equal (ignoring .items[*].<vptr>)")
    #expect(try type.describe(bytes: actual) == "{.items = {{.p = 1, .q = 2}, {.p = 1, .q = 2}}, .n = 7}")
  }

  @Test func aMemberNamedSoThatIsNoPointerIsCompared() throws {
    let type = try ValueRegistry().resolve(#"{odd="<vptr>"q"p"i"q"i}"#)
    let comparison = try type.compare(bytes: value(vptr: 0x11), value(vptr: 0xA5))
    #expect(!comparison.isEqual)
    #expect(comparison.ignoredPaths.isEmpty)
  }

  @Test func aDescriptionLeavesTheVptrOutAndReadsBack() throws {
    let type = try ValueRegistry().resolve(poly)
    let description = try type.describe(bytes: value(vptr: 0xA5))
    #expect(description == "{.p = 1, .q = 2}")
    #expect(try type.parse(description) == value(vptr: 0))
    // Positional values go past the vptr, as a C++ initializer's do: it never names one.
    #expect(try type.parse("{1, 2}") == value(vptr: 0))
    let json = try type.describe(bytes: value(vptr: 0xA5), as: .json)
    #expect(json.contains(#""path":".p""#))
    #expect(!json.contains(#""path":".<vptr>""#))
  }

  @Test func theLayoutTableShowsTheVptrAsWhatItIs() throws {
    var text = ""
    try TypeCatalog().layout(of: poly, abi: .x86_64Linux).report(as: .text, alignmentSource: "natural", to: &text)
    #expect(
      text == """
        {poly="<vptr>"^^?"p"i"q"i}
        size 16, alignment 8, stride 16 (x86_64-linux)

        offset     size  field      type
             0        8  .<vptr>    ^^?  the vtable pointer, not compared
             8        4  .p         i  int
            12        4  .q         i  int

        """)
  }

  /// With no rule, a union compares every byte any member covers, and every member covers the first bytes,
  /// where a member's vptr lies: the union's live member, named, is compared by its own rules, without it.
  @Test func aUnionMemberNamedLiveIsComparedWithoutItsVptr() throws {
    let type = try ValueRegistry().resolve("(U=\"object\"\(poly)\"raw\"Q)")
    let differing = try type.compare(bytes: value(vptr: 0x11), value(vptr: 0xA5))
    #expect(!differing.isEqual)
    let live = try type.compare(
      bytes: value(vptr: 0x11), value(vptr: 0xA5), options: ComparisonOptions(unionMembers: [FieldPath(): "object"]))
    #expect(live.report == "U values are equal (ignoring .object.<vptr>)")
  }
}
