import CSystemHeaders
import CTestTypes
import CValueKit
import Testing

/// Derivation errors name the exact bytes `Mirror` cannot account for and what they can hold, decided from
/// the evidence. Every offset and size here is clang's (`offsetof`, `sizeof` and
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
        == .cannotDerive(
          swiftType: "cv_reserved",
          .hiddenBytes([
            DerivationError.HiddenRun(
              bytes: 20..<40, after: ".tai", before: nil, candidates: Self.trailing + [.complex])
          ])))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_reserved: bytes 20..<40 after .tai (likely unnamed bitfields such as \
        int :32, named bitfields, an anonymous struct or union, or a _Complex member) are not covered by any \
        field Mirror can see; Swift imports none of these as a stored property; set its encoding with \
        registry.setEncoding("…", for: cv_reserved.self) or pass encoding: explicitly; for a type from a C \
        header, import the header (catalog.importHeaders)
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
        == .cannotDerive(
          swiftType: "timex",
          .hiddenBytes([
            DerivationError.HiddenRun(
              bytes: 164..<208, after: ".tai", before: nil, candidates: Self.trailing + [.complex, .int128])
          ])))
    #expect(
      error?.description == """
        cannot derive the C encoding of timex: bytes 164..<208 after .tai (likely unnamed bitfields such as \
        int :32, named bitfields, an anonymous struct or union, a _Complex member, or an __int128 member) are \
        not covered by any field Mirror can see; Swift imports none of these as a stored property; set its \
        encoding with registry.setEncoding("…", for: timex.self) or pass encoding: explicitly; for a type from \
        a C header, import the header (catalog.importHeaders)
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
        imports none of these as a stored property; set its encoding with registry.setEncoding("…", for: \
        cv_middle.self) or pass encoding: explicitly; for a type from a C header, import the header \
        (catalog.importHeaders)
        """)
  }

  /// clang: `struct cv_three_hidden` has .kind at 0, `ready : 1` in 4..<8, .count at 8, an anonymous union at
  /// 12, .after at 16, two `int :32`; sizeof 28.
  @Test func everyRunIsNamed() {
    let error = Self.error(deriving: cv_three_hidden.self)
    #expect(
      error
        == .cannotDerive(
          swiftType: "cv_three_hidden",
          .hiddenBytes([
            DerivationError.HiddenRun(bytes: 4..<8, after: ".kind", before: ".count", candidates: Self.between),
            DerivationError.HiddenRun(bytes: 12..<16, after: ".count", before: ".after", candidates: Self.between),
            DerivationError.HiddenRun(
              bytes: 20..<28, after: ".after", before: nil, candidates: Self.trailing + [.complex]),
          ])))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_three_hidden: bytes 4..<8 between .kind and .count (likely bitfields \
        or an anonymous struct or union), bytes 12..<16 between .count and .after (likely bitfields or an \
        anonymous struct or union) and bytes 20..<28 after .after (likely unnamed bitfields such as int :32, \
        named bitfields, an anonymous struct or union, or a _Complex member) are not covered by any field Mirror \
        can see; Swift imports none of these as a stored property; set its encoding with \
        registry.setEncoding("…", for: cv_three_hidden.self) or pass encoding: explicitly; for a type from a C \
        header, import the header (catalog.importHeaders)
        """)
  }

  /// clang: `struct cv_anonymous_pair` holds two `struct cv_anonymous` (12 bytes each, the union at 4):
  /// .items[1].kind is at 12 and .items[1].after at 20.
  @Test func eachElementOfAnArrayHasItsRun() {
    #expect(
      Self.error(deriving: cv_anonymous_pair.self)
        == .cannotDerive(
          swiftType: "cv_anonymous_pair",
          .hiddenBytes([
            DerivationError.HiddenRun(
              bytes: 4..<8, after: ".items[0].kind", before: ".items[0].after", candidates: Self.between),
            DerivationError.HiddenRun(
              bytes: 16..<20, after: ".items[1].kind", before: ".items[1].after", candidates: Self.between),
          ])))
  }

  /// clang: `struct cv_wide_pair` holds two `struct cv_wide` (32 bytes each, _Alignof 16, .big at 16):
  /// .pair[1].kind is at 32; sizeof 64.
  @Test func aHiddenMemberAtTheEndOfAnArrayElement() {
    #expect(
      Self.error(deriving: cv_wide_pair.self)
        == .cannotDerive(
          swiftType: "cv_wide_pair",
          .hiddenBytes([
            DerivationError.HiddenRun(
              bytes: 4..<32, after: ".pair[0].kind", before: ".pair[1].kind",
              candidates: Self.between + [.complex, .int128]),
            DerivationError.HiddenRun(
              bytes: 36..<64, after: ".pair[1].kind", before: nil, candidates: Self.trailing + [.complex, .int128]),
          ])))
  }

  @Test func theMessageListsEightRunsAndCountsTheRest() {
    struct Many {
      var items:
        (
          cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous, cv_anonymous,
          cv_anonymous, cv_anonymous, cv_anonymous
        )
    }
    guard case .cannotDerive(_, let reason)? = Self.error(deriving: Many.self), case .hiddenBytes(let runs) = reason
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
        == .cannotDerive(
          swiftType: "cv_aligned16",
          .hiddenBytes([
            DerivationError.HiddenRun(
              bytes: 8..<16, after: ".second", before: nil,
              candidates: [.alignmentPadding(16)] + Self.trailing + [.complex])
          ])))
  }

  // MARK: - Fields out of place

  /// A struct declared in Swift may place a field in the tail padding of the one before it (here .x at 9,
  /// where C puts it at 16): the error says where the field is.
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
        == .cannotDerive(swiftType: "Outer", .misplacedField(".x", derivedOffset: 16, actualOffset: 9)))
  }
}
