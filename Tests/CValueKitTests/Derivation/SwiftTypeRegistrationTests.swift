import CTestTypes
import CValueKit
import Testing

/// Registering an encoding for a Swift type, and comparing and describing by the registered or derived
/// encoding; an explicit encoding wins over both.
@Suite struct SwiftTypeRegistrationTests {
  static let reading = cv_reading(tag: 65, value: 21.5, count: 3, unit: (67, 0, 0, 0))

  @Test func comparesImportedStructsByTheirDerivedEncoding() throws {
    var changed = Self.reading
    changed.value = 22
    changed.unit.0 = 70
    let registry = ValueRegistry()
    #expect(try registry.compare(Self.reading, Self.reading).isEqual)
    let result = try registry.compare(Self.reading, changed)
    #expect(result.strategy == .structural)
    #expect(
      result.report == """
        cv_reading values differ at 2 of 4 fields:
          .value: 21.5 ≠ 22 (difference 0.5)
          .unit: "C" ≠ "F" (first difference at [0])
          actual:   {.tag = 65, .value = 21.5, .count = 3, .unit = "C"}
          expected: {.tag = 65, .value = 22, .count = 3, .unit = "F"}
        """)
    #expect(
      try registry.resolve(swiftType: cv_reading.self).describe(Self.reading)
        == #"{.tag = 65, .value = 21.5, .count = 3, .unit = "C"}"#)
  }

  @Test func aRegisteredEncodingWinsOverTheDerivedOne() throws {
    let registry = ValueRegistry()
    #expect(try registry.encoding(of: cv_point.self).description == #"{cv_point="x"d"y"d}"#)
    try registry.register(#"{cv_point="east"d"north"d}"#, swiftType: cv_point.self)
    #expect(try registry.encoding(of: cv_point.self).description == #"{cv_point="east"d"north"d}"#)
    #expect(
      try registry.resolve(swiftType: cv_point.self).describe(cv_point(x: 1.5, y: -2)) == "{.east = 1.5, .north = -2}")
  }

  @Test func aRegisteredEncodingMakesAnUnderivableTypeUsable() throws {
    let registry = ValueRegistry()
    try registry.register(
      "{cv_flags=\"id\"i\"ready\"b32I1\"mode\"b33I3\"level\"b36I4\"after\"i}", swiftType: cv_flags.self)
    var flags = cv_flags()
    flags.mode = 5
    #expect(
      try registry.resolve(swiftType: cv_flags.self).describe(flags)
        == "{.id = 0, .ready = 0, .mode = 5, .level = 0, .after = 0}")
    #expect(try !registry.compare(flags, cv_flags()).isEqual)
  }

  /// The limit of derivation: a member that fits in the padding the visible fields leave (here a bitfield
  /// in the last 4 bytes of `{double; int}`) moves nothing and grows nothing, so no check can see it. The
  /// derived encoding misses it, and only a registration makes the flag count.
  @Test func aBitfieldInsideThePaddingIsSeenOnlyOnceRegistered() throws {
    let registry = ValueRegistry()
    #expect(try registry.encoding(of: cv_hidden_flags.self).description == #"{cv_hidden_flags="value"d"count"i}"#)
    var flagged = cv_hidden_flags()
    flagged.flag = 1
    #expect(try registry.compare(flagged, cv_hidden_flags()).isEqual)
    try registry.register(#"{cv_hidden_flags="value"d"count"i"flag"b96I1}"#, swiftType: cv_hidden_flags.self)
    #expect(try !registry.compare(flagged, cv_hidden_flags()).isEqual)
  }

  @Test func aRegisteredFieldTypeIsUsedWhenDerivingTheTypesHoldingIt() throws {
    let registry = ValueRegistry()
    try registry.register(#"(cv_number="i"i"f"f"d"d)"#, swiftType: cv_number.self)
    let tagged = try registry.encoding(of: cv_tagged.self)
    #expect(tagged.description == #"{cv_tagged="kind"i"number"(cv_number="i"i"f"f"d"d)"after"i}"#)
    #expect(tagged.isSameType(as: try TypeEncoding("{cv_tagged=i(cv_number=ifd)i}")))
  }

  @Test func registeringAfterDerivingReplacesTheCachedEncoding() throws {
    let registry = ValueRegistry()
    let derived = try registry.encoding(of: cv_segment.self)
    #expect(try registry.encoding(of: cv_segment.self) == derived)
    try registry.register(#"{cv_point="east"d"north"d}"#, swiftType: cv_point.self)
    #expect(
      try registry.encoding(of: cv_segment.self).description
        == #"{cv_segment="from"{cv_point="east"d"north"d}"to"{cv_point="east"d"north"d}}"#)
  }

  @Test func anExplicitEncodingWinsOverTheRegisteredOne() throws {
    let registry = ValueRegistry()
    try registry.register(#"{cv_point="east"d"north"d}"#, swiftType: cv_point.self)
    #expect(try registry.resolve("point").describe(cv_point(x: 1, y: 2)) == "{.x = 1, .y = 2}")
    #expect(try registry.resolve("{cv_tagged=i(cv_number=ifd)i}").compare(cv_tagged(), cv_tagged()).isEqual)
  }

  @Test func derivingFromManyTasksAtOnceGivesOneEncoding() async throws {
    let registry = ValueRegistry()
    let encodings = try await withThrowingTaskGroup(of: TypeEncoding.self) { group in
      for _ in 0..<16 { group.addTask { try registry.encoding(of: cv_path.self) } }
      return try await group.reduce(into: [TypeEncoding]()) { $0.append($1) }
    }
    #expect(encodings.count == 16)
    #expect(Set(encodings).map(\.description) == [try ValueRegistry().encoding(of: cv_path.self).description])
  }

  @Test func resolvesForAnotherABI() throws {
    let handle = try ValueRegistry().resolve(swiftType: cv_reading.self, abi: .arm64Linux)
    #expect(handle.abi == .arm64Linux)
    #expect(handle.size == 24)
  }

  @Test func aRegistrationMustHaveTheSwiftTypesSize() throws {
    let registry = ValueRegistry()
    let error = #expect(throws: ValueError.self) { try registry.register("{cv_point=ff}", swiftType: cv_point.self) }
    #expect(error?.description == "cv_point is 16 bytes, but {cv_point=ff} is 8 bytes")
    #expect(throws: ValueError.self) { try registry.register("{cv_point=dd", swiftType: cv_point.self) }
    #expect(throws: ValueError.notPlainData(swiftType: "String")) {
      try registry.register("{S=^v^v}", swiftType: String.self)
    }
    // A failed registration leaves the derived encoding in use.
    #expect(try registry.encoding(of: cv_point.self).description == #"{cv_point="x"d"y"d}"#)
  }
}

/// An imported C type is compared by the catalog's definition of its C name, as a header import registers
/// it: no encoding set, no derivation (which cannot see `cv_flags`'s bitfields).
@Suite struct CatalogDefinitionTests {
  @Test func aStructTagTheCatalogDefinesIsUsedForTheImportedType() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: #"{cv_flags="id"i"ready"b32I1"mode"b33I3"level"b36I4"after"i}"#)
    let registry = ValueRegistry(catalog: catalog)
    #expect(
      try registry.encoding(of: cv_flags.self).description
        == #"{cv_flags="id"i"ready"b32I1"mode"b33I3"level"b36I4"after"i}"#)
    var flags = cv_flags()
    flags.mode = 5
    #expect(
      try registry.compare(flags, cv_flags()).report == """
        cv_flags values differ at 1 of 5 fields:
          .mode: 5 ≠ 0
          actual:   {.id = 0, .ready = 0, .mode = 5, .level = 0, .after = 0}
          expected: {.id = 0, .ready = 0, .mode = 0, .level = 0, .after = 0}
        """)
  }

  @Test func aDefinitionAddedAfterADerivationReplacesIt() throws {
    let catalog = TypeCatalog()
    let registry = ValueRegistry(catalog: catalog)
    #expect(try registry.encoding(of: cv_point.self).description == #"{cv_point="x"d"y"d}"#)
    try catalog.register(record: #"{cv_point="east"d"north"d}"#)
    #expect(try registry.resolve(swiftType: cv_point.self).describe(cv_point(x: 1, y: 2)) == "{.east = 1, .north = 2}")
  }

  @Test func aDefinitionOfAnotherSizeIsAnErrorNotAGuess() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: #"{cv_point="x"f"y"f}"#)
    #expect(
      throws: ValueError.swiftTypeSize(
        swiftType: "cv_point", size: 16, type: try TypeEncoding(#"{cv_point="x"f"y"f}"#), typeSize: 8)
    ) { try ValueRegistry(catalog: catalog).encoding(of: cv_point.self) }
  }

  @Test func builtInReadableNamesAreNotCNames() throws {
    // The C struct `rect` is not the catalog's readable name `rect` ({CGRect=…}).
    let registry = ValueRegistry(catalog: TypeCatalog())
    #expect(try registry.encoding(of: rect.self).description == #"{rect="left"i"top"i"right"i"bottom"i}"#)
  }
}
