import CValueDebugInfo
import CValueKit
import CValueTesting
import Geometry
import Synchronization
import Testing

/// C++ structs of this package's C++ target, compared from Swift with C++ interoperability: their types read
/// from the test binary's own debug info, and each found by the name Swift keeps for it (`__C.geo.geo::circle`
/// is `geo::circle`), so that a base class's members are compared and named, which `Mirror` cannot see.
@Suite struct CxxInteropTests {
  static func registry(_ types: [String]) throws -> ValueRegistry {
    let registry = ValueRegistry()
    try registry.catalog.importDebugInfoOfRunningProgram(types: types)
    return registry
  }

  /// The comments of the issues `body` records.
  static func issues(_ body: () -> Void) -> [String] {
    let recorded = Mutex<[String]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    return recorded.withLock { $0 }
  }

  @Test func aChangedBaseMemberFailsByName() throws {
    let registry = try Self.registry(["geo::circle"])
    let circle = try registry.resolve(swiftType: geo.circle.self)
    #expect(circle.type.description == #"{geo::circle="shape"{geo::shape="id"i}"center"{geo::point="x"d"y"d}"r"d}"#)
    let comparison = try circle.compare(geo.make_circle(1, 2, 3, 4), geo.make_circle(2, 2, 3.5, 4))
    #expect(comparison.mismatches.map(\.path.description) == [".shape.id", ".center.y"])
    #expect(try circle.compare(geo.make_circle(1, 2, 3, 4), geo.make_circle(1, 2, 3, 4)).isEqual)
  }

  @Test func expectCValuesEqualNamesTheBaseMember() throws {
    let registry = try Self.registry(["geo::circle"])
    let issues = Self.issues {
      expectCValuesEqual(geo.make_circle(1, 2, 3, 4), geo.make_circle(2, 2, 3.5, 4), registry: registry)
    }
    #expect(
      issues == [
        """
        geo::circle values differ at 2 of 4 fields (.shape.id, .center.y)
          .shape.id: 1 ≠ 2
          .center.y: 3 ≠ 3.5 (difference 0.5)
          actual:   {.shape = {.id = 1}, .center = {.x = 2, .y = 3}, .r = 4}
          expected: {.shape = {.id = 2}, .center = {.x = 2, .y = 3.5}, .r = 4}
        """
      ])
    #expect(
      expectCValuesEqual(geo.make_circle(1, 2, 3, 4), geo.make_circle(1, 2, 3, 4), registry: registry)?.isEqual == true)
  }

  /// A C++ struct holding a `std::string` and a `std::vector` is not trivially copyable: Swift compares its
  /// values through pointers to them, and the registry, filled from this process's debug info, compares those
  /// members by what they hold.
  @Test func standardMembersCompareByWhatTheyHold() throws {
    let registry = ValueRegistry()
    try registry.importDebugInfoOfRunningProgram(types: ["geo::labelled"])
    let (a, b, c) = (
      geo.make_labelled(1, "probe", 3), geo.make_labelled(1, "probe", 3), geo.make_labelled(1, "probes", 4)
    )
    let issues = withUnsafePointer(to: a) { first in
      withUnsafePointer(to: b) { second in
        withUnsafePointer(to: c) { third in
          #expect(
            expectCValuesEqual(
              pointers: UnsafeRawPointer(first), UnsafeRawPointer(second), count: 1, encoding: "geo::labelled",
              registry: registry)?.isEqual == true)
          return Self.issues {
            expectCValuesEqual(
              pointers: UnsafeRawPointer(first), UnsafeRawPointer(third), count: 1, encoding: "geo::labelled",
              registry: registry)
          }
        }
      }
    }
    #expect(
      issues == [
        """
        struct geo::labelled [1] values differ at 2 of 3 fields ([0].name, [0].items[2])
          [0].name: "probe" ≠ "probes" (first difference at [5])
          [0].items[2]: 3 ≠ 4
          actual[0]:   {.id = 1, .name = "probe", .items = {1, 2, 3}}
          expected[0]: {.id = 1, .name = "probes", .items = {1, 2, 4}}
        """
      ])
  }

  @Test func aTemplateInstanceAndANestedNamespace() throws {
    let registry = try Self.registry(["geo::box<double>", "geo::inner::tag"])
    let box = try registry.resolve(swiftType: geo.box_of_double.self)
    #expect(box.type.description == #"{geo::box<double>="value"d"count"i}"#)
    #expect(try box.compare(geo.make_box(1, 2), geo.make_box(1, 3)).mismatches.map(\.path.description) == [".count"])
    let tag = try registry.resolve(swiftType: geo.inner.tag.self)
    #expect(
      try tag.compare(geo.inner.make_tag(1, 2), geo.inner.make_tag(2, 2)).mismatches.map(\.path.description) == [".a"])
  }
}
