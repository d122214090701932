import CSystemHeaders
import CTestTypes
import Testing

@testable import CValueKit

/// Derivation errors name the exact bytes `Mirror` cannot account for, the likely cause decided from the
/// evidence, and the fix that applies. Every offset and size here is clang's (`offsetof`, `sizeof` and
/// `_Alignof` printed by a C program compiled with clang on x86_64 Linux), given in the comment above each
/// test; the runs are computed from `MemoryLayout` and `Mirror` alone.
@Suite struct DerivationCauseTests {
  static func error<Value>(deriving _: Value.Type, in registry: ValueRegistry = ValueRegistry()) -> ValueError? {
    #expect(throws: ValueError.self) { try registry.encoding(of: Value.self) }
  }

  static let trailing: [DerivationError.HiddenMember] = [.unnamedBitfields, .namedBitfields, .anonymousRecord]
  static let between: [DerivationError.HiddenMember] = [.bitfields, .anonymousRecord]

  // MARK: - Hidden members

  /// clang: `struct cv_reserved` has .tai at 16 (4 bytes), then five `int :32`; sizeof 40.
  @Test func unnamedBitfieldsAtTheEndStartWhereTheLastFieldEnds() {
    let error = Self.error(deriving: cv_reserved.self)
    #expect(
      error
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(
            bytes: 20..<40, after: ".tai", before: nil, candidates: Self.trailing + [.complex])
        ]).valueError(swiftType: "cv_reserved"))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_reserved: bytes 20..<40 after .tai (likely unnamed bitfields such as \
        int :32, named bitfields, an anonymous struct or union, or a _Complex member) are not covered by any \
        field Mirror can see; Swift imports none of these as a stored property; set its encoding with \
        registry.register("…", swiftType: cv_reserved.self) or pass encoding: explicitly; for a type from a C \
        header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_reserved"])
        """)
  }

  /// clang: glibc's `struct timex` has .tai at 160 (4 bytes), then eleven `int :32`; sizeof 208. Its other
  /// `int :32` sit where natural padding is (after .modes, .status and .shift), so they leave no run.
  @Test func glibcTimex() {
    #expect(MemoryLayout<timex>.offset(of: \.tai) == 160)
    #expect(MemoryLayout<timex>.size == 208)
    let error = Self.error(deriving: timex.self)
    #expect(
      error
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(
            bytes: 164..<208, after: ".tai", before: nil, candidates: Self.trailing + [.complex, .int128])
        ]).valueError(swiftType: "timex"))
    #expect(
      error?.description == """
        cannot derive the C encoding of timex: bytes 164..<208 after .tai (likely unnamed bitfields such as \
        int :32, named bitfields, an anonymous struct or union, a _Complex member, or an __int128 member) are \
        not covered by any field Mirror can see; Swift imports none of these as a stored property; set its \
        encoding with registry.register("…", swiftType: timex.self) or pass encoding: explicitly; for a type from \
        a C header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["timex"])
        """)
  }

  /// clang: `struct cv_middle` has .tag at 0 (1 byte), an anonymous union at 8 (8 bytes), .after at 16 (2
  /// bytes); sizeof 24, _Alignof 8. The bytes Mirror cannot account for run from the end of .tag to .after;
  /// 18..<24 is the tail padding the union's alignment of 8 makes, not a second run.
  @Test func aHiddenMemberAfterPaddingAndTheTailPaddingItsAlignmentMakes() {
    #expect(
      Self.error(deriving: cv_middle.self)?.description == """
        cannot derive the C encoding of cv_middle: bytes 1..<16 between .tag and .after (likely bitfields, an \
        anonymous struct or union, or a _Complex member) are not covered by any field Mirror can see; Swift \
        imports none of these as a stored property; set its encoding with registry.register("…", swiftType: \
        cv_middle.self) or pass encoding: explicitly; for a type from a C header, import the header \
        (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_middle"])
        """)
  }

  /// clang: `struct cv_three_hidden` has .kind at 0, `ready : 1` in 4..<8, .count at 8, an anonymous union at
  /// 12, .after at 16, two `int :32`; sizeof 28.
  @Test func everyRunIsNamed() {
    let error = Self.error(deriving: cv_three_hidden.self)
    #expect(
      error
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(bytes: 4..<8, after: ".kind", before: ".count", candidates: Self.between),
          DerivationError.HiddenRun(bytes: 12..<16, after: ".count", before: ".after", candidates: Self.between),
          DerivationError.HiddenRun(
            bytes: 20..<28, after: ".after", before: nil, candidates: Self.trailing + [.complex]),
        ]).valueError(swiftType: "cv_three_hidden"))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_three_hidden: bytes 4..<8 between .kind and .count (likely bitfields \
        or an anonymous struct or union), bytes 12..<16 between .count and .after (likely bitfields or an \
        anonymous struct or union) and bytes 20..<28 after .after (likely unnamed bitfields such as int :32, \
        named bitfields, an anonymous struct or union, or a _Complex member) are not covered by any field Mirror \
        can see; Swift imports none of these as a stored property; set its encoding with \
        registry.register("…", swiftType: cv_three_hidden.self) or pass encoding: explicitly; for a type from a C \
        header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_three_hidden"])
        """)
  }

  /// clang: `struct cv_anonymous_pair` holds two `struct cv_anonymous` (12 bytes each, the union at 4):
  /// .items[1].kind is at 12 and .items[1].after at 20.
  @Test func eachElementOfAnArrayHasItsRun() {
    #expect(
      Self.error(deriving: cv_anonymous_pair.self)
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(
            bytes: 4..<8, after: ".items[0].kind", before: ".items[0].after", candidates: Self.between),
          DerivationError.HiddenRun(
            bytes: 16..<20, after: ".items[1].kind", before: ".items[1].after", candidates: Self.between),
        ]).valueError(swiftType: "cv_anonymous_pair"))
  }

  /// clang: `struct cv_wide_pair` holds two `struct cv_wide` (32 bytes each, _Alignof 16, .big at 16):
  /// .pair[1].kind is at 32; sizeof 64.
  @Test func aHiddenMemberAtTheEndOfAnArrayElement() {
    #expect(
      Self.error(deriving: cv_wide_pair.self)
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(
            bytes: 4..<32, after: ".pair[0].kind", before: ".pair[1].kind",
            candidates: Self.between + [.complex, .int128]),
          DerivationError.HiddenRun(
            bytes: 36..<64, after: ".pair[1].kind", before: nil, candidates: Self.trailing + [.complex, .int128]),
        ]).valueError(swiftType: "cv_wide_pair"))
  }

  @Test func theMessageListsEightRunsAndCountsTheRest() {
    struct Many {
      var items:
        (
          cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous,
          cv_anonymous, cv_anonymous, cv_anonymous
        )
    }
    let reason: DerivationError
    do throws(DerivationError) {
      _ = try EncodingDerivation(catalog: TypeCatalog(), known: SwiftTypeEncodings()).derive(Many.self)
      Issue.record("expected hidden bytes")
      return
    } catch {
      reason = error
    }
    guard case .hiddenBytes(let runs) = reason.cause
    else {
      Issue.record("expected hidden bytes")
      return
    }
    #expect(runs.map(\.bytes) == (0..<10).map { (12 * $0 + 4)..<(12 * $0 + 8) })
    #expect(reason.problem.contains("bytes 88..<92 between .items[7].kind and .items[7].after"))
    #expect(
      reason.problem.contains(
        "88..<92 between .items[7].kind and .items[7].after (likely bitfields or an anonymous struct or union) and 2 more runs are not covered"
      ))
  }

  /// clang: `struct cv_aligned16` (`__attribute__((aligned(16)))`) has .second at 4; sizeof 16, _Alignof
  /// 16. Rounding 8 up to 16 is all the run is, so the attribute comes first.
  @Test func paddingFromAnAlignmentAttributeIsACandidate() {
    #expect(
      Self.error(deriving: cv_aligned16.self)
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(
            bytes: 8..<16, after: ".second", before: nil,
            candidates: [.alignmentPadding(16)] + Self.trailing + [.complex])
        ]).valueError(swiftType: "cv_aligned16"))
  }

  // MARK: - Packing

  /// clang: `struct cv_packed` (`__attribute__((packed))`) has .tag at 0, .count at 1, .value at 5; sizeof
  /// 13, _Alignof 1.
  @Test func aPackedStructNamesTheMisalignedFieldAndTheOverride() throws {
    let error = Self.error(deriving: cv_packed.self)
    #expect(
      error
        == DerivationError.packed(
          .misalignedField(".count", swiftType: "Int32", offset: 1, alignment: 4),
          DerivationError.PackedLayout(
            path: [], size: 13, alignment: 1, memberOffsets: [0, 1, 5], recordName: "cv_packed",
            record: try TypeEncoding(#"{cv_packed="tag"c"count"i"value"d}"#), unionFields: [])
        ).valueError(swiftType: "cv_packed"))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_packed: the type is packed (__attribute__((packed)) or #pragma pack): \
        .count is at offset 1, but Int32 aligns to 4; register its exact layout with \
        registry.catalog.register(#"{cv_packed="tag"c"count"i"value"d}"#, \
        override: LayoutOverride(size: 13, alignment: 1, memberOffsets: [0, 1, 5])); for a type from a C header, import the header \
        (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_packed"])
        """)
    // The fix, as written in the message, makes the type derivable.
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.catalog.register(
      #"{cv_packed="tag"c"count"i"value"d}"#,
      override: LayoutOverride(size: 13, alignment: 1, memberOffsets: [0, 1, 5]))
    #expect(try registry.encoding(of: cv_packed.self).description == #"{cv_packed="tag"c"count"i"value"d}"#)
    let value = cv_packed(tag: 65, count: 7, value: 2.5)
    #expect(try registry.resolve(swiftType: cv_packed.self).describe(value) == "{.tag = 65, .count = 7, .value = 2.5}")
  }

  /// clang: `struct cv_packed_ints` (`__attribute__((packed))`) has .second at 4, sizeof 8, _Alignof 1: only
  /// the alignment shows the packing.
  @Test func aPackedStructWithNaturalOffsetsIsKnownByItsAlignment() {
    #expect(
      Self.error(deriving: cv_packed_ints.self)?.description == """
        cannot derive the C encoding of cv_packed_ints: the type is packed (__attribute__((packed)) or \
        #pragma pack): it aligns to 1, but its field .first of type Int32 aligns to 4; register its exact \
        layout with registry.catalog.register(#"{cv_packed_ints="first"i"second"i}"#, \
        override: LayoutOverride(size: 8, alignment: 1, memberOffsets: [0, 4])); for a type from a C header, import the header \
        (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_packed_ints"])
        """)
  }

  /// clang: `struct cv_pack2` (`#pragma pack(2)`) has .count at 2 and .code at 6; sizeof 8, _Alignof 2.
  @Test func pragmaPack() {
    #expect(
      Self.error(deriving: cv_pack2.self)?.description == """
        cannot derive the C encoding of cv_pack2: the type is packed (__attribute__((packed)) or #pragma pack): \
        .count is at offset 2, but Int32 aligns to 4; register its exact layout with \
        registry.catalog.register(#"{cv_pack2="tag"c"count"i"code"s}"#, \
        override: LayoutOverride(size: 8, alignment: 2, memberOffsets: [0, 2, 6])); for a type from a C header, import the header \
        (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_pack2"])
        """)
  }

  /// A Swift struct holding a packed C struct: the packed record is the field's type, not the Swift struct.
  @Test func aPackedFieldIsNamed() {
    struct Holder {
      var first: Int8
      var packed: cv_packed
    }
    #expect(
      Self.error(deriving: Holder.self)?.description == """
        cannot derive the C encoding of Holder: the field .packed of type cv_packed is packed \
        (__attribute__((packed)) or #pragma pack): .count is at offset 1, but Int32 aligns to 4; register its \
        exact layout with registry.catalog.register(#"{cv_packed="tag"c"count"i"value"d}"#, override: LayoutOverride(size: 13, alignment: 1, memberOffsets: \
        [0, 1, 5])); for a type from a C header, import the \
        header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_packed"])
        """)
  }

  /// clang: glibc's `struct epoll_event` (`__attribute__((packed))` on x86_64) has .data, a union, at 4;
  /// sizeof 12, _Alignof 1. The override's offsets are known, the union's members are not.
  @Test func glibcEpollEvent() throws {
    #expect(
      Self.error(deriving: epoll_event.self)?.description == """
        cannot derive the C encoding of epoll_event: the type is packed (__attribute__((packed)) or \
        #pragma pack): .data is at offset 4, but epoll_data aligns to 8; Mirror sees no stored properties in \
        .data (likely a C union); register its exact layout with registry.catalog.register("{epoll_event=…}", override: LayoutOverride(size: \
        12, alignment: 1, memberOffsets: [0, 4])), writing its members where … is; for \
        a type from a C header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["epoll_event"])
        """)
    // The fix with the members written in: the catalog's definition is then the type's encoding.
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.catalog.register(
      #"{epoll_event="events"I"data"(epoll_data="ptr"^v"fd"i"u32"I"u64"Q)}"#,
      override: LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]))
    var event = epoll_event()
    event.events = 1
    event.data.fd = 7
    #expect(
      try registry.resolve(swiftType: epoll_event.self).describe(event)
        == "{.events = 1, .data = {.ptr = 0x7, .fd = 7, .u32 = 7, .u64 = 7}}")
  }

  /// The same packed union inside a C test type.
  @Test func aPackedStructWithAUnion() {
    #expect(
      Self.error(deriving: cv_packed_union.self)
        == DerivationError.packed(
          .misalignedField(".data", swiftType: "cv_number", offset: 4, alignment: 8),
          DerivationError.PackedLayout(
            path: [], size: 12, alignment: 1, memberOffsets: [0, 4], recordName: "cv_packed_union", record: nil,
            unionFields: [".data"])
        ).valueError(swiftType: "cv_packed_union"))
  }

  /// A struct declared in Swift may place a field in the tail padding of the one before it (here .x at 9,
  /// where C puts it at 16): that is no packing, and the error says only where the field is.
  @Test func aSwiftStructIsNeverCalledPacked() {
    struct Inner {
      var value: Double
      var flag: Int8
    }
    struct Outer {
      var inner: Inner
      var x: Int8
    }
    #expect(MemoryLayout<Outer>.offset(of: \.x) == 9)
    #expect(
      Self.error(deriving: Outer.self)
        == DerivationError.misplacedField(".x", derivedOffset: 16, actualOffset: 9).valueError(swiftType: "Outer"))
  }

  // MARK: - Alignment

  /// clang: `struct cv_aligned8` (`__attribute__((aligned(8)))`): sizeof 8, _Alignof 8.
  @Test func anOverAlignedStructNamesTheAttributeAndTheOverride() throws {
    #expect(
      Self.error(deriving: cv_aligned8.self)?.description == """
        cannot derive the C encoding of cv_aligned8: the derived encoding {cv_aligned8="first"i"second"i} has \
        size 8 and alignment 4, but the Swift type has size 8 and alignment 8 (likely an alignment attribute, \
        such as __attribute__((aligned(8))) or _Alignas(8), or a hidden member that fits in the padding); \
        register its exact layout with registry.catalog.register(#"{cv_aligned8="first"i"second"i}"#, \
        override: LayoutOverride(size: 8, alignment: 8)); for a type from a C header, import the header \
        (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_aligned8"])
        """)
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.catalog.register(
      #"{cv_aligned8="first"i"second"i}"#, override: LayoutOverride(size: 8, alignment: 8))
    #expect(try registry.encoding(of: cv_aligned8.self).description == #"{cv_aligned8="first"i"second"i}"#)
  }

  // MARK: - An explicit encoding of the wrong size

  /// `{epoll_event=IQ}` is 16 bytes, of which its members fill 12: the 12-byte Swift type is likely packed.
  @Test func aPackedTypeGivenItsNaturalEncoding() throws {
    let error = #expect(throws: ValueError.self) {
      try ValueRegistry().resolve("{epoll_event=IQ}").compare(epoll_event(), epoll_event())
    }
    #expect(
      error?.description == """
        epoll_event is 12 bytes, but {epoll_event=IQ} is 16 bytes: its members fill 12 of those 16 bytes, so the \
        C type is likely packed (__attribute__((packed)) or #pragma pack); register its exact layout with \
        registry.catalog.register("{epoll_event=IQ}", override: LayoutOverride(size: 12, alignment: MemoryLayout<epoll_event>.alignment, \
        memberOffsets: [0, 4])); for a type from a C header, import the header \
        (catalog.importHeaders)
        """)
    let registry = ValueRegistry(catalog: TypeCatalog())
    try registry.catalog.register(
      "{epoll_event=IQ}",
      override: LayoutOverride(size: 12, alignment: MemoryLayout<epoll_event>.alignment, memberOffsets: [0, 4]))
    #expect(try registry.resolve("{epoll_event=IQ}").compare(epoll_event(), epoll_event()).isEqual)
  }

  /// `#pragma pack(2)` leaves some padding: the offsets are not known from the sizes alone.
  @Test func aPartlyPackedType() {
    let error = #expect(throws: ValueError.self) {
      try ValueRegistry().register("{cv_pack2=cis}", swiftType: cv_pack2.self)
    }
    #expect(
      error?.description == """
        cv_pack2 is 8 bytes, but {cv_pack2=cis} is 12 bytes: its members fill 7 of those 12 bytes, so the C type \
        is likely packed (__attribute__((packed)) or #pragma pack); register its exact layout with \
        registry.catalog.register("{cv_pack2=cis}", override: LayoutOverride(size: 8, alignment: MemoryLayout<cv_pack2>.alignment, \
        memberOffsets: […])); for a type from a C header, import the header \
        (catalog.importHeaders)
        """)
  }

  /// No guess when packing cannot explain the sizes: a Swift type smaller than the members, or larger.
  @Test func noCauseWhenPackingCannotExplainTheSizes() throws {
    let registry = ValueRegistry()
    #expect(
      throws: ValueError.swiftTypeSize(swiftType: "cv_packed", size: 13, type: try TypeEncoding("{S=dd}"), typeSize: 16)
    ) { try registry.register("{S=dd}", swiftType: cv_packed.self) }
    #expect(
      ValueError.swiftTypeSize(swiftType: "cv_packed", size: 13, type: try TypeEncoding("{S=dd}"), typeSize: 16)
        .description == "cv_packed is 13 bytes, but {S=dd} is 16 bytes")
    #expect(
      ValueError.swiftTypeSize(swiftType: "cv_point", size: 16, type: try TypeEncoding("{cv_point=ff}"), typeSize: 8)
        .description == "cv_point is 16 bytes, but {cv_point=ff} is 8 bytes")
  }
}
