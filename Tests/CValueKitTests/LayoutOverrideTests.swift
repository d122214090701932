import CValueKit
import Testing

/// Overrides state what an encoding cannot: packing, over-alignment, enums wider than int.
@Suite("Layout overrides")
struct LayoutOverrideTests {
  private static func type(_ text: String, _ catalog: TypeCatalog) throws -> TypeEncoding {
    try catalog.parse(text)
  }

  @Test("struct epoll_event: packed to 12 bytes, used wherever the record appears")
  func epollEvent() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    #expect(try catalog.layout(of: "{epoll_event=IQ}").size == 16)
    try catalog.register(
      Self.type("{epoll_event=IQ}", catalog), override: LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]))
    let event = try catalog.layout(of: "{epoll_event=IQ}")
    #expect(event.size == 12)
    #expect(event.alignment == 1)
    #expect(event.fields.map(\.description) == [".0 @0 +4 I", ".1 @4 +8 Q"])
    #expect(Array(event.padding) == [])
    // By name only, inside another record, and in an array: the override is used everywhere.
    #expect(try catalog.layout(of: "{epoll_event}").size == 12)
    let wrapper = try catalog.layout(of: "{W=c[2{epoll_event}]}")
    #expect(wrapper.size == 25)
    #expect(wrapper.fields.map(\.offset) == [0, 1, 5, 13, 17])
    #expect(
      catalog.override(of: try Self.type("{epoll_event}", catalog))
        == LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]))
  }

  @Test("overrides belong to one ABI")
  func perABI() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let packed = try Self.type("{P=cd}", catalog)
    try catalog.register(
      packed, override: LayoutOverride(size: 9, alignment: 1, memberOffsets: [0, 1]), abi: .arm64Linux)
    #expect(try catalog.layout(of: packed, abi: .arm64Linux).size == 9)
    #expect(try catalog.layout(of: packed, abi: .x86_64Linux).size == 16)
    #expect(catalog.override(of: packed, abi: .x86_64Linux) == nil)
  }

  @Test("an override can keep the computed offsets and change only size and alignment")
  func sizeAndAlignmentOnly() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    // struct __attribute__((aligned(32))) { int i; } (the Q14 vector: 32/32)
    try catalog.register(Self.type("{Q14=i}", catalog), override: LayoutOverride(size: 32, alignment: 32))
    let layout = try catalog.layout(of: "{Q14=i}")
    #expect([layout.size, layout.alignment] == [32, 32])
    #expect(Array(layout.padding) == [4..<32])
  }

  @Test("an anonymous record is overridden by its whole encoding")
  func anonymousRecord() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(
      Self.type("{?=ci}", catalog), override: LayoutOverride(size: 5, alignment: 1, memberOffsets: [0, 1]))
    #expect(try catalog.layout(of: "{?=ci}").size == 5)
    #expect(try catalog.layout(of: "{?=cs}").size == 4)
  }

  @Test("Apple-form bitfields lay out once an override places their bits")
  func appleBitfields() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let flags = try Self.type("{F=b3b5c}", catalog)
    try catalog.register(
      flags, override: LayoutOverride(size: 4, alignment: 4, placements: [.bit(0), .bit(3), .byte(1)]))
    let layout = try catalog.layout(of: flags)
    #expect(
      layout.fields.map(\.bits) == [0..<3, 3..<8, nil] && layout.fields.map(\.bitfieldIsSigned) == [nil, nil, nil])
    #expect(Array(layout.padding) == [2..<4])
  }

  @Test(
    "an override that does not fit is refused with the reason, and nothing is registered",
    arguments: [
      (LayoutOverride(size: 12, alignment: 3, memberOffsets: [0, 4]), "alignment 3 is not a power of two"),
      (LayoutOverride(size: 12, alignment: 8, memberOffsets: [0, 4]), "size 12 is not a multiple of the alignment 8"),
      (LayoutOverride(size: -4, alignment: 1, memberOffsets: [0, 4]), "size -4 is outside 0...1099511627776"),
      (LayoutOverride(size: 12, alignment: 1, memberOffsets: [0]), "1 placements given for 2 members"),
      (
        LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 5]),
        "member .1 at bit 40 (64 bits) does not fit in 12 bytes"
      ),
      (
        LayoutOverride(size: 12, alignment: 1, memberOffsets: [4, 0]),
        "member .1 at bit 0 overlaps the member before it, which ends at bit 64"
      ),
      (
        LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 2]),
        "member .1 at bit 16 overlaps the member before it, which ends at bit 32"
      ),
      (
        LayoutOverride(size: 12, alignment: 1, placements: [.byte(0), .bit(32)]),
        "member 1 is not a bitfield and needs a byte placement"
      ),
    ])
  func invalid(_ override: LayoutOverride, _ reason: String) throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let event = try Self.type("{epoll_event=IQ}", catalog)
    #expect {
      try catalog.register(event, override: override)
    } throws: { error in
      guard case .invalidOverride(let error)? = error as? CatalogError,
        case .invalidOverride(let message) = error.reason
      else { return false }
      return message == reason || message == "\(reason) for struct epoll_event"
    }
    #expect(catalog.override(of: event) == nil)
    #expect(catalog.record(named: "epoll_event") == nil)
  }

  @Test("a union's members must all start at 0; a bitfield needs a bit placement")
  func unionAndBitfieldPlacements() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    #expect(
      throws: CatalogError.invalidOverride(
        LayoutError(.invalidOverride("member .1 of a union must be at offset 0 for union U")))
    ) {
      try catalog.register(
        Self.type("(U=if)", catalog), override: LayoutOverride(size: 8, alignment: 4, memberOffsets: [0, 4]))
    }
    #expect(
      throws: CatalogError.invalidOverride(
        LayoutError(.invalidOverride("bitfield member 0 needs a bit placement"), at: [.position(0)]))
    ) {
      try catalog.register(
        Self.type("{F=b0I3}", catalog), override: LayoutOverride(size: 4, alignment: 4, memberOffsets: [0]))
    }
    #expect(
      throws: CatalogError.invalidOverride(
        LayoutError(.invalidOverride("an override needs a struct or union with its members, not i")))
    ) {
      try catalog.register(TypeEncoding.scalar(.int), override: LayoutOverride(size: 4, alignment: 4))
    }
  }

  @Test("a second, different override for the same record is refused; the first stays")
  func conflicts() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    let event = try Self.type("{epoll_event=IQ}", catalog)
    let packed = LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4])
    try catalog.register(event, override: packed)
    try catalog.register(event, override: packed)
    #expect(
      throws: CatalogError.invalidOverride(
        LayoutError(.invalidOverride("another override is already registered for struct epoll_event on x86_64-linux")))
    ) {
      try catalog.register(
        event, override: LayoutOverride(size: 16, alignment: 8, memberOffsets: [0, 8]), abi: .x86_64Linux)
    }
    #expect(catalog.override(of: event, abi: .x86_64Linux) == packed)
    // The same tag with other members contradicts the registered override.
    #expect(
      throws: LayoutError(
        .invalidOverride(
          "the override for struct epoll_event was registered for {epoll_event=IQ}, not {epoll_event=Iq}"))
    ) {
      try catalog.layout(of: "{epoll_event=Iq}", abi: .x86_64Linux)
    }
  }
}
