import CTestTypes
import CValueKit
import Testing

/// What `Mirror` cannot see is an error that names the bytes and the fields around them, never a partial
/// encoding. The offsets are clang's `offsetof` for the types in CTestTypes.h.
@Suite struct DerivationErrorTests {
  @Test func aUnionMemberIsNamedWithItsBytes() throws {
    let error = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_tagged.self) }
    #expect(
      error
        == DerivationError.opaqueField(".number", swiftType: "cv_number", bytes: 8..<16).valueError(
          swiftType: "cv_tagged"))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_tagged: the field .number of type cv_number (bytes 8..<16) has no \
        stored properties Mirror can see (likely a C union, or a struct of bitfields only: Swift imports both \
        with computed properties); set its encoding with registry.register("…", swiftType: cv_tagged.self) or \
        pass encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_tagged"])
        """)
  }

  @Test func aUnionItselfIsRefused() throws {
    let error = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_number.self) }
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_number: cv_number (bytes 0..<8) has no stored properties Mirror can \
        see (likely a C union, or a struct of bitfields only: Swift imports both with computed properties); \
        set its encoding with registry.register("…", swiftType: cv_number.self) or pass encoding: explicitly; \
        for a type from a C header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_number"])
        """)
  }

  /// A run between two visible fields can hold bitfields or an anonymous member; one of 4 bytes cannot hold
  /// a `_Complex` (8 bytes) or an `__int128` (16).
  static func between(_ bytes: Range<Int>, _ after: FieldPath, _ before: FieldPath) -> DerivationError.HiddenRun {
    DerivationError.HiddenRun(bytes: bytes, after: after, before: before, candidates: [.bitfields, .anonymousRecord])
  }

  @Test func anAnonymousMemberLeavesAHole() throws {
    let error = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_anonymous.self) }
    #expect(
      error
        == DerivationError.hiddenBytes([Self.between(4..<8, ".kind", ".after")]).valueError(swiftType: "cv_anonymous"))
    #expect(
      error?.description == """
        cannot derive the C encoding of cv_anonymous: bytes 4..<8 between .kind and .after (likely bitfields or an \
        anonymous struct or union) are not covered by any field Mirror can see; Swift imports none of these as a \
        stored property; set its encoding with registry.register("…", swiftType: cv_anonymous.self) or pass \
        encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_anonymous"])
        """)
  }

  @Test func bitfieldsLeaveAHole() throws {
    let error = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_flags.self) }
    #expect(
      error == DerivationError.hiddenBytes([Self.between(4..<8, ".id", ".after")]).valueError(swiftType: "cv_flags"))
  }

  /// clang: `offsetof(struct cv_complex, z)` is 8 and `sizeof` 24; `offsetof(struct cv_wide, big)` is 16 and
  /// `sizeof` 32. The run starts where `.kind` ends, at 4: the padding before the hidden member cannot be
  /// told from it.
  @Test func complexAndInt128MembersLeaveAHoleAtTheEnd() throws {
    let trailing: [DerivationError.HiddenMember] = [.unnamedBitfields, .namedBitfields, .anonymousRecord, .complex]
    let complex = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_complex.self) }
    #expect(
      complex
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(bytes: 4..<24, after: ".kind", before: nil, candidates: trailing)
        ]).valueError(swiftType: "cv_complex"))
    let wide = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: cv_wide.self) }
    #expect(
      wide
        == DerivationError.hiddenBytes([
          DerivationError.HiddenRun(bytes: 4..<32, after: ".kind", before: nil, candidates: trailing + [.int128])
        ]).valueError(swiftType: "cv_wide"))
    #expect(
      wide?.description == """
        cannot derive the C encoding of cv_wide: bytes 4..<32 after .kind (likely unnamed bitfields such as \
        int :32, named bitfields, an anonymous struct or union, a _Complex member, or an __int128 member) are not \
        covered by any field Mirror can see; Swift imports none of these as a stored property; set its encoding \
        with registry.register("…", swiftType: cv_wide.self) or pass encoding: explicitly; for a type from a C \
        header, import the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_wide"])
        """)
  }

  @Test func aHoleInsideANestedStructNamesTheNestedFields() throws {
    struct Outer {
      var first: Int32
      var inner: cv_anonymous
    }
    let error = #expect(throws: ValueError.self) { try ValueRegistry().encoding(of: Outer.self) }
    #expect(
      error
        == DerivationError.hiddenBytes([Self.between(8..<12, ".inner.kind", ".inner.after")]).valueError(
          swiftType: "Outer"))
  }

  @Test func theAPIsThatDeriveThrowTheSameError() throws {
    let registry = ValueRegistry()
    let expected = DerivationError.hiddenBytes([Self.between(4..<8, ".id", ".after")]).valueError(swiftType: "cv_flags")
    #expect(throws: expected) { try registry.compare(cv_flags(), cv_flags()) }
    #expect(throws: expected) { try registry.resolve(swiftType: cv_flags.self) }
  }

  @Test func typesWithNoCEncodingAreNamedByField() throws {
    enum Mode { case on, off }
    struct Settings {
      var id: Int32
      var mode: Mode
    }
    struct Mixed {
      var pair: (Int32, Float)
    }
    struct Maybe {
      var count: Int32?
    }
    let registry = ValueRegistry()
    #expect(throws: DerivationError.unsupportedType("Mode", at: ".mode").valueError(swiftType: "Settings")) {
      try registry.encoding(of: Settings.self)
    }
    #expect(
      throws: DerivationError.mixedTuple(at: ".pair", elementTypes: ["Int32", "Float"]).valueError(swiftType: "Mixed")
    ) { try registry.encoding(of: Mixed.self) }
    #expect(throws: DerivationError.unsupportedType("Optional<Int32>", at: ".count").valueError(swiftType: "Maybe")) {
      try registry.encoding(of: Maybe.self)
    }
    #expect(
      DerivationError.unsupportedType("Optional<Int32>", at: ".count").valueError(swiftType: "Maybe").description
        == """
        cannot derive the C encoding of Maybe: the field .count of Swift type Optional<Int32> has no C encoding; \
        set its encoding with registry.register("…", swiftType: Maybe.self) or pass encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders)
        """)
  }

  @Test func typesHoldingReferencesAreNotPlainData() throws {
    struct Named {
      var name: String
    }
    #expect(throws: ValueError.notPlainData(swiftType: "Named")) { try ValueRegistry().encoding(of: Named.self) }
  }

  @Test func theDerivationErrorAloneSaysWhatToDo() {
    let error = DerivationError.hiddenBytes([Self.between(4..<8, ".id", ".after")])
    #expect(
      error.description == """
        bytes 4..<8 between .id and .after (likely bitfields or an anonymous struct or union) are not covered by \
        any field Mirror can see; Swift imports none of these as a stored property; set its encoding with \
        registry.register("…", swiftType: T.self) or pass encoding: explicitly; for a type from a C header, import \
        the header (catalog.importHeaders), \
        or read its exact layout from the debug info of the C target that uses it \
        (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["T"])
        """)
  }
}
