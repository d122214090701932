import CValueKit
import Testing

/// What a registry shares with others: a registry made without a catalog has one of its own, so tests that
/// register into ``TypeCatalog/shared`` while others run beside them change nothing it finds.
@Suite struct RegistryIsolationTests {
  @Test func aRegistryMadeWithoutACatalogDoesNotSeeTheSharedCatalog() throws {
    let name = "isolation_probe_point"
    try TypeCatalog.shared.register("{isolation_probe_point=ii}", name: name)
    let fresh = ValueRegistry()
    #expect(fresh.catalog !== TypeCatalog.shared)
    #expect(fresh.catalog.encoding(named: name) == nil)
    #expect(throws: ValueError.encoding(EncodingError(.unknownName(name), at: 0, in: name))) {
      try fresh.resolve(name)
    }
    // The built-in names are there, and .shared still sees what was registered in the shared catalog.
    #expect(try fresh.resolve("rect").size == 32)
    #expect(ValueRegistry.shared.catalog === TypeCatalog.shared)
    #expect(try ValueRegistry.shared.resolve(name).description == "{isolation_probe_point=ii}")
  }

  @Test func twoFreshRegistriesDoNotShareTheirCatalogs() throws {
    let first = ValueRegistry()
    let second = ValueRegistry()
    try first.catalog.register("{pair=cc}", name: "pair")
    #expect(try first.resolve("pair").size == 2)
    #expect(second.catalog.encoding(named: "pair") == nil)
  }

  @Test func recordsAreLookedUpByTheirCName() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: #"(sigval="sival_int"i"sival_ptr"^v)"#)
    try catalog.register(record: #"{tm="tm_sec"i"tm_min"i}"#)
    #expect(catalog.record(named: "union sigval")?.description == #"(sigval="sival_int"i"sival_ptr"^v)"#)
    #expect(catalog.record(named: "sigval") == nil)
    #expect(catalog.record(named: "struct sigval") == nil)
    #expect(catalog.record(named: "struct tm")?.description == #"{tm="tm_sec"i"tm_min"i}"#)
    #expect(catalog.record(named: "tm") == catalog.record(named: "struct tm"))
    #expect(catalog.record(named: "union tm") == nil)
  }
}

/// `compare(elements:)` reports what `isEqual(elements:)` decides.
@Suite struct CompareElementsTests {
  struct Point: Equatable {
    var x: Int32
    var y: Int32
  }

  @Test func differingElementsAreReportedByIndexAndPath() throws {
    let point = try ValueRegistry().resolve("{point=\"x\"i\"y\"i}")
    let actual = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
    let expected = [Point(x: 1, y: 2), Point(x: 3, y: 5)]
    let result = try actual.withUnsafeBufferPointer { a in
      try expected.withUnsafeBufferPointer { b in try point.compare(elements: a, b) }
    }
    let decided = actual.withUnsafeBufferPointer { a in
      expected.withUnsafeBufferPointer { b in point.isEqual(elements: a, b) }
    }
    #expect(!decided)
    #expect(result.isEqual == decided)
    #expect(result.mismatches.map(\.path.description) == ["[1].y"])
    #expect(result.mismatchCount == 1)
  }

  @Test func buffersOfDifferentLengthsOrStridesAreTypedErrors() throws {
    let point = try ValueRegistry().resolve("{point=\"x\"i\"y\"i}")
    let two = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
    let one = [Point(x: 1, y: 2)]
    #expect(throws: ValueError.sizesDiffer(actual: 16, expected: 8)) {
      try two.withUnsafeBufferPointer { a in try one.withUnsafeBufferPointer { b in try point.compare(elements: a, b) }
      }
    }
    let shorts: [Int16] = [1, 2]
    #expect(throws: ValueError.swiftTypeSize(swiftType: "Int16", size: 2, type: point.type, typeSize: 8)) {
      try shorts.withUnsafeBufferPointer { a in
        try shorts.withUnsafeBufferPointer { b in try point.compare(elements: a, b) }
      }
    }
  }
}
