import CValueKit
import Synchronization
import Testing

/// `ValueType.difference(bytes:_:count:options:)`, what `cv_compare` calls: `nil` for equal values, the
/// comparison for values that differ, and the values checked once on the way. A comparer that counts its calls
/// shows how often the values were read: once by the check for equal values, and once more by the walk for
/// values that differ (a check run twice, as `cv_compare` did before, is one call more).
@Suite struct DifferenceTests {
  static let point = "{cv_point=\"x\"d\"y\"d}"

  /// How many times a comparer was called.
  final class Calls: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    /// The calls so far, counted again from zero.
    func take() -> Int { count.exchange(0, ordering: .relaxed) }
  }

  /// A registry whose `.x` field comparer counts its calls in `calls`.
  static func counting(_ calls: Calls) throws -> ValueType {
    let registry = ValueRegistry()
    try registry.register(
      point,
      comparer: FieldComparer(Double.self) { a, b in
        calls.add()
        return a == b
      }, at: ".x")
    return try registry.resolve(point)
  }

  static func bytes(_ x: Double, _ y: Double) -> [UInt8] {
    withUnsafeBytes(of: (x, y)) { Array($0) }
  }

  @Test func equalValuesAreNilAfterOneCheck() throws {
    let calls = Calls()
    let point = try Self.counting(calls)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2)) == nil)
    #expect(calls.take() == 1)
  }

  @Test func valuesThatDifferAreCheckedOnceThenWalked() throws {
    let calls = Calls()
    let point = try Self.counting(calls)
    let difference = try #require(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.5)))
    #expect(
      difference.report == """
        cv_point values differ at 1 of 2 fields:
          .y: 2 ≠ 2.5 (difference 0.5)
          actual:   {.x = 1, .y = 2}
          expected: {.x = 1, .y = 2.5}
        """)
    #expect(calls.take() == 2)
    // The same comparison as compare(bytes:_:options:) gives.
    #expect(try difference == point.compare(bytes: Self.bytes(1, 2), Self.bytes(1, 2.5)))
  }

  @Test func runsOfValuesAreCheckedOnceThenWalked() throws {
    let calls = Calls()
    let point = try Self.counting(calls)
    let equal = Self.bytes(1, 2) + Self.bytes(3, 4)
    let other = Self.bytes(1, 2) + Self.bytes(3, 4.5)
    #expect(try point.difference(bytes: equal, equal, count: 2) == nil)
    #expect(calls.take() == 2)
    let difference = try #require(try point.difference(bytes: equal, other, count: 2))
    #expect(difference.mismatches.map { $0.path.description } == ["[1].y"])
    // What compare(bytes:_:count:options:) reads, its one check and its walk; no second check before them.
    let differenceCalls = calls.take()
    #expect(try difference == point.compare(bytes: equal, other, count: 2))
    #expect(differenceCalls == calls.take())
    #expect(!point.isEqual(pointers: equal, other, count: 2))
    #expect(calls.take() == 2)
  }

  @Test func aComparerForTheWholeValueIsCalledOnce() throws {
    let calls = Calls()
    let registry = ValueRegistry()
    try registry.register(
      Self.point,
      comparer: { a, b in
        calls.add()
        return a.elementsEqual(b)
      })
    let point = try registry.resolve(Self.point)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.5))?.isEqual == false)
    #expect(calls.take() == 1)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2)) == nil)
    #expect(calls.take() == 1)
  }

  @Test func optionsAreTheComparisonsOwn() throws {
    let point = try ValueRegistry().resolve(Self.point)
    let options = ComparisonOptions(tolerance: .absolute(0.5))
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.25), options: options) == nil)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.75), options: options)?.mismatchCount == 1)
    #expect(throws: ValueError.invalidCount(-1)) {
      try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2), count: -1)
    }
  }
}
