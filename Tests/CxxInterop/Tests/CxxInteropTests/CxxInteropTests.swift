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
