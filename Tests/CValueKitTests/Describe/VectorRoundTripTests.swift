import TestSupport
import Testing

@testable import CValueKit

/// The clang vectors' values through the parser and the describer, on the x86_64 Linux ABI they were made
/// for:
///
/// (a) a literal built from the leaves as C printed them, with C's own designator paths, parses to exactly
///     the bytes C wrote (every leaf bit; long double leaves, which C did not print, masked out), once with
///     `%.17g` text and once with `%a` hex floats;
/// (b) describing C's bytes and parsing the description gives them back, every leaf bit, padding zero.
///
/// Coverage: 365 vectors; the 51 whose type contains a union carry no values (the README says so) and are
/// checked to be exactly those. Of the 314 with values (942 values), (a) covers every one that has C's
/// member names, plus those whose only leaf is the value itself; a vector without names has positional
/// paths (`.0[1].2`), which are not C designators, so (b) alone covers it (one: the va_list member). (b)
/// runs on the named layout of all 314 (942 values) and again on the positional layout of the 290 whose
/// GNU encoding lays out as C did (870 values); of the other 24, 23 have an unnamed bitfield and one no names.
@Suite("Vector values: parse and describe round trips")
struct VectorRoundTripTests {
  typealias Fixture = DescribeFixture

  static let withValues = LayoutVector.all.filter { !$0.values.isEmpty }

  @Test("every vector has three values unless its type contains a union")
  func coverage() {
    #expect(LayoutVector.all.count == 365)
    #expect(Self.withValues.count == 314)
    #expect(Self.withValues.reduce(0) { $0 + $1.values.count } == 942)
    for vector in LayoutVector.all {
      #expect(vector.values.count == (Self.hasUnion(vector) ? 0 : 3), "\(vector)")
    }
    let literalCovered = Self.withValues.filter(Self.takesLiterals)
    #expect(literalCovered.count == 313)
    #expect(Self.withValues.filter { !Self.takesLiterals($0) }.map(\.description) == ["quirks/Q19_va_list_member"])
    #expect(Self.withValues.filter(Self.hasPositionalTwin).count == 290)
  }

  @Test("(a) a literal of C's printed leaves parses to C's bytes", arguments: withValues.filter(takesLiterals))
  func literalsFromC(_ vector: LayoutVector) throws {
    let layout = try vector.describeLayout()
    // C's leaves are the fields with bytes; a flexible array member is a field of none.
    let fields = layout.fields.filter { $0.flexibleArrayElement == nil }
    try #require(fields.map(\.path.description) == vector.leaves.map(\.path))
    let parser = ValueLiteralParser(layout: layout)
    for value in vector.values {
      let expected = Fixture.bytes(hex: value.hex)
      for hexFloats in [false, true] {
        let (literal, skipped) = vector.literal(for: value, in: layout, hexFloats: hexFloats)
        let parsed = try parser.parse(literal)
        #expect(LeafBits.differences(layout, parsed, expected, skipping: skipped) == [], "\(literal)")
        #expect(LeafBits.dirtyPadding(layout, parsed) == [])
      }
    }
  }

  @Test("(b) describing C's bytes and parsing the description gives them back", arguments: withValues)
  func describeThenParse(_ vector: LayoutVector) throws {
    var layouts = [try vector.describeLayout()]
    if vector.encodingNamed != nil, !vector.hasUnnamedBitfield {
      layouts.append(try vector.describeLayout(named: false))
    }
    for layout in layouts {
      let describer = ValueDescriber(layout: layout, options: DescriptionOptions(maximumElements: nil))
      let parser = ValueLiteralParser(layout: layout)
      for value in vector.values {
        let bytes = Fixture.bytes(hex: value.hex)
        try #require(bytes.count == layout.size)
        let text = bytes.withUnsafeBytes { describer.describe($0) }
        let parsed = try parser.parse(text)
        #expect(LeafBits.differences(layout, parsed, bytes) == [], "\(text)")
        #expect(LeafBits.dirtyPadding(layout, parsed) == [])
      }
    }
  }

  /// Whether C's leaf paths can be written as designators: the vector has member names, or its only
  /// leaf is the value itself.
  static func takesLiterals(_ vector: LayoutVector) -> Bool {
    vector.encodingNamed != nil || vector.leaves.allSatisfy { $0.path.isEmpty }
  }

  /// Whether the GNU encoding, without names, also lays out as C did (an unnamed bitfield would be laid
  /// out as a named one), so that (b) runs on positional paths too.
  static func hasPositionalTwin(_ vector: LayoutVector) -> Bool {
    vector.encodingNamed != nil && !vector.hasUnnamedBitfield
  }

  static func hasUnion(_ vector: LayoutVector) -> Bool {
    vector.flags.contains("union")
  }
}
