import Testing

@testable import CValueKit

/// `TypeCatalog.merge(_:)`, which a catalog file's load uses to take its checked scratch catalog in one
/// step: everything, or, on a conflict, nothing, refused as the registrations refuse.
@Suite("Merging one catalog into another")
struct TypeCatalogMergeTests {
  static let packed = LayoutOverride(size: 12, alignment: 1, placements: [.byte(0), .byte(4)])
  static let state = CEnumeration(name: "enum state", constants: [(name: "UP", value: 1)])

  /// A catalog with one of each: a name, a record, an override and an enumeration.
  static func source() throws -> TypeCatalog {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register("{ev=\"events\"I\"data\"Q}", name: "ev_t")
    try catalog.register("{ev=\"events\"I\"data\"Q}", override: packed, abi: .x86_64Linux)
    try catalog.register(record: "{link=\"state\"i\"next\"^{link}}")
    try catalog.register("{link}", enumeration: state, member: "state")
    return catalog
  }

  /// Everything a catalog holds, to check that a refused merge changed nothing.
  struct Snapshot: Equatable {
    var names: [String: TypeEncoding]
    var definitions: RecordDefinitions
    var generation: Int

    init(_ catalog: TypeCatalog) {
      names = catalog.names
      definitions = catalog.definitions
      generation = catalog.generation
    }
  }

  /// The refusals of merging `other` into `catalog`, which must throw and change nothing.
  static func refusals(merging other: TypeCatalog, into catalog: TypeCatalog) -> [TypeCatalog.MergeConflict.Refusal] {
    let before = Snapshot(catalog)
    do throws(TypeCatalog.MergeConflict) {
      try catalog.merge(other)
      Issue.record("the merge was not refused")
      return []
    } catch {
      #expect(Snapshot(catalog) == before, "a refused merge changed the catalog")
      return error.refusals
    }
  }

  @Test("a merge takes every name, record, override and enumeration, as registering them does")
  func takesEverything() throws {
    let catalog = TypeCatalog()
    let generation = catalog.generation
    try catalog.merge(Self.source())
    #expect(catalog.encoding(named: "ev_t") == (try TypeEncoding("{ev=\"events\"I\"data\"Q}")))
    #expect(catalog.encoding(named: "int32") == .scalar(.int))
    #expect(catalog.record(named: "link") == (try TypeEncoding("{link=\"state\"i\"next\"^{link}}")))
    #expect(catalog.override(of: try TypeEncoding("{ev}"), abi: .x86_64Linux) == Self.packed)
    #expect(catalog.enumeration(forMember: "state", of: "link") == Self.state)
    #expect(try catalog.layout(of: "ev_t", abi: .x86_64Linux).size == 12)
    #expect(catalog.generation > generation)

    let registered = TypeCatalog()
    let source = try Self.source()
    try registered.register(record: try #require(source.record(named: "ev")))
    try registered.register("{ev=\"events\"I\"data\"Q}", override: Self.packed, abi: .x86_64Linux)
    try registered.register("{ev=\"events\"I\"data\"Q}", name: "ev_t")
    try registered.register(record: "{link=\"state\"i\"next\"^{link}}")
    try registered.register("{link}", enumeration: Self.state, member: "state")
    #expect(registered.names == catalog.names)
    #expect(registered.definitions == catalog.definitions)
  }

  @Test("merging what the catalog already holds, or itself, is no conflict and no change")
  func mergingAgainChangesNothing() throws {
    let catalog = TypeCatalog()
    try catalog.merge(Self.source())
    let before = Snapshot(catalog)
    try catalog.merge(Self.source())
    try catalog.merge(catalog)
    #expect(Snapshot(catalog) == before)
  }

  @Test("a definition with member names is kept over the same one without, either way round")
  func memberNamesAreKept() throws {
    let named = TypeCatalog(includingBuiltins: false)
    try named.register(record: "{P=\"x\"i\"y\"i}")
    let bare = TypeCatalog(includingBuiltins: false)
    try bare.register(record: "{P=ii}")
    try named.merge(bare)
    #expect(named.record(named: "P") == (try TypeEncoding("{P=\"x\"i\"y\"i}")))
    let other = TypeCatalog()
    try other.register(record: "{P=ii}")
    try other.merge(named)
    #expect(other.record(named: "P") == (try TypeEncoding("{P=\"x\"i\"y\"i}")))
  }

  @Test("a name that stands for another encoding is refused, with the registration's error")
  func nameTaken() throws {
    let catalog = TypeCatalog()
    try catalog.register("i", name: "ev_t")
    let refusals = Self.refusals(merging: try Self.source(), into: catalog)
    #expect(
      refusals == [
        .init(
          entry: .name("ev_t"),
          error: .nameTaken("ev_t", existing: .scalar(.int), new: try TypeEncoding("{ev=\"events\"I\"data\"Q}")))
      ])
    #expect(catalog.record(named: "link") == nil)
    // A built-in name too.
    let other = TypeCatalog(includingBuiltins: false)
    try other.register("q", name: "int32")
    #expect(Self.refusals(merging: other, into: TypeCatalog()).map(\.entry) == [.name("int32")])
  }

  @Test("a record defined differently under its tag is refused, with the registration's error")
  func recordTaken() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: "{link=\"state\"q}")
    let refusals = Self.refusals(merging: try Self.source(), into: catalog)
    #expect(
      refusals == [
        .init(
          entry: .record("link", isUnion: false),
          error: .recordTaken(
            "struct link", existing: try TypeEncoding("{link=\"state\"q}"),
            new: try TypeEncoding("{link=\"state\"i\"next\"^{link}}")))
      ])
    #expect(catalog.encoding(named: "ev_t") == nil)
    #expect(catalog.enumeration(forMember: "state", of: "link") == nil)
  }

  @Test("another override for a record on the same ABI is refused; one on another ABI is not")
  func overrideTaken() throws {
    let catalog = TypeCatalog()
    let other = LayoutOverride(size: 16, alignment: 4, placements: [.byte(0), .byte(4)])
    try catalog.register("{ev=\"events\"I\"data\"Q}", override: other, abi: .x86_64Linux)
    let refusals = Self.refusals(merging: try Self.source(), into: catalog)
    #expect(refusals.map(\.entry) == [.override(record: try TypeEncoding("{ev=IQ}"), abi: .x86_64Linux)])
    let registration = #expect(throws: CatalogError.self) {
      try catalog.register("{ev=\"events\"I\"data\"Q}", override: Self.packed, abi: .x86_64Linux)
    }
    #expect(refusals.first?.error == registration)
    #expect(
      registration?.description
        == "invalid layout override: another override is already registered for struct ev on x86_64-linux")
    #expect(catalog.override(of: try TypeEncoding("{ev}"), abi: .x86_64Linux) == other)

    let elsewhere = TypeCatalog()
    try elsewhere.register("{ev=\"events\"I\"data\"Q}", override: other, abi: .arm64Linux)
    try elsewhere.merge(Self.source())
    #expect(elsewhere.override(of: try TypeEncoding("{ev}"), abi: .arm64Linux) == other)
    #expect(elsewhere.override(of: try TypeEncoding("{ev}"), abi: .x86_64Linux) == Self.packed)
  }

  @Test("another enumeration for a member is refused, with the registration's error")
  func enumerationTaken() throws {
    let catalog = TypeCatalog()
    let down = CEnumeration(name: "enum state", constants: [(name: "DOWN", value: 0)])
    try catalog.register("{link=\"state\"i\"next\"^{link}}", enumeration: down, member: "state")
    let refusals = Self.refusals(merging: try Self.source(), into: catalog)
    #expect(
      refusals == [
        .init(
          entry: .enumeration(member: "state", record: "link", isUnion: false),
          error: .enumerationTaken(
            member: "state", record: try TypeEncoding("{link=\"state\"i\"next\"^{link}}"), existing: down,
            new: Self.state))
      ])
    #expect(catalog.enumeration(forMember: "state", of: "link") == down)
    #expect(catalog.encoding(named: "ev_t") == nil)
  }

  @Test("every conflict is refused at once, in a fixed order: records, overrides, names, enumerations, then by name")
  func everyConflictInAFixedOrder() throws {
    let source = try Self.source()
    try source.register("Q", name: "a_t")
    try source.register("Q", name: "z_t")
    try source.register(record: "(u=\"i\"i\"f\"f)")
    // The same conflicts, registered in two orders (and so stored in two orders).
    func conflicting(reversed: Bool) throws -> TypeCatalog {
      var steps: [(TypeCatalog) throws -> Void] = [
        { try $0.register("q", name: "z_t") },
        { try $0.register(record: "{link=\"state\"q}") },
        { try $0.register("i", name: "ev_t") },
        { try $0.register(record: "(u=\"i\"i)") },
        { try $0.register("q", name: "a_t") },
        { try $0.register("{ev=\"events\"I\"data\"Q}", override: Self.packed, abi: .arm64Linux) },
        {
          try $0.register(
            "{ev=IQ}", override: LayoutOverride(size: 16, alignment: 8, placements: nil), abi: .x86_64Linux)
        },
      ]
      if reversed { steps.reverse() }
      let catalog = TypeCatalog()
      for step in steps { try step(catalog) }
      return catalog
    }
    let expected: [TypeCatalog.MergedEntry] = [
      .record("link", isUnion: false), .record("u", isUnion: true),
      .override(record: try TypeEncoding("{ev=IQ}"), abi: .x86_64Linux),
      .name("a_t"), .name("ev_t"), .name("z_t"),
    ]
    for reversed in [false, true] {
      let catalog = try conflicting(reversed: reversed)
      let refusals = Self.refusals(merging: source, into: catalog)
      #expect(refusals.map(\.entry) == expected)
      #expect(Self.refusals(merging: source, into: catalog) == refusals)
      // The enumeration of .state is no conflict of its own here: the catalog has none for the member.
      #expect(catalog.enumeration(forMember: "state", of: "link") == nil)
    }
  }
}
