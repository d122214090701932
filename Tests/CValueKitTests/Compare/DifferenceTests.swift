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
    // The same comparison as compare(bytes:_:count:options:) gives.
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

  /// A registry whose comparer for the whole value counts its calls in `calls`, and compares the first
  /// `bytes` bytes (`.x`), or all of them.
  static func countingWholeValue(_ calls: Calls, bytes: Int = 16) throws -> ValueType {
    let registry = ValueRegistry()
    try registry.register(
      point,
      comparer: { a, b in
        calls.add()
        return a.prefix(bytes).elementsEqual(b.prefix(bytes))
      })
    return try registry.resolve(point)
  }

  @Test func aComparerForTheWholeValueIsCalledOnce() throws {
    let calls = Calls()
    let point = try Self.countingWholeValue(calls)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.5))?.isEqual == false)
    #expect(calls.take() == 1)
    #expect(try point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2)) == nil)
    #expect(calls.take() == 1)
  }

  // MARK: - One value at two addresses, as `cv_compare` compares it

  /// `difference(pointers:_:)` of two values given as their bytes.
  static func differenceAtAddresses(_ type: ValueType, _ a: [UInt8], _ b: [UInt8]) throws -> Comparison? {
    try a.withUnsafeBytes { a in
      try b.withUnsafeBytes { b in
        try type.difference(pointers: a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped)
      }
    }
  }

  @Test func atAddressesEqualValuesAreOneCheckAndDifferentOnesOneWalkMore() throws {
    let calls = Calls()
    let point = try Self.counting(calls)
    #expect(try Self.differenceAtAddresses(point, Self.bytes(1, 2), Self.bytes(1, 2)) == nil)
    #expect(calls.take() == 1)
    let difference = try #require(try Self.differenceAtAddresses(point, Self.bytes(1, 2), Self.bytes(1, 2.5)))
    #expect(calls.take() == 2)
    #expect(try difference == point.difference(bytes: Self.bytes(1, 2), Self.bytes(1, 2.5)))
  }

  @Test func atAddressesAComparerForTheWholeValueIsCalledOnce() throws {
    let calls = Calls()
    let point = try Self.countingWholeValue(calls, bytes: 8)
    #expect(try Self.differenceAtAddresses(point, Self.bytes(1, 2), Self.bytes(1, 3)) == nil)
    #expect(calls.take() == 1)
    let difference = try Self.differenceAtAddresses(point, Self.bytes(1, 2), Self.bytes(4, 2))
    #expect(difference?.isEqual == false)
    #expect(calls.take() == 1)
    #expect(difference?.report == (try point.difference(bytes: Self.bytes(1, 2), Self.bytes(4, 2)))?.report)
  }

  @Test func atAddressesATypeWithNoLayoutIsRefusedUnlessAtOneAddress() throws {
    let opaque = try ValueRegistry().resolve("{opaque}")
    #expect(opaque.size == nil)
    let value = Self.bytes(1, 2)
    let atOneAddress = try value.withUnsafeBytes { a in try opaque.difference(pointers: a.baseAddress!, a.baseAddress!)
    }
    #expect(atOneAddress == nil)
    let error = #expect(throws: ValueError.self) {
      try Self.differenceAtAddresses(opaque, value, Self.bytes(1, 2))
    }
    guard case .layoutUnknown(let type, _) = error else {
      Issue.record("expected layoutUnknown, got \(String(describing: error))")
      return
    }
    #expect(type.description == "{opaque}")
  }

  /// Random pairs of a padded record and of a rect, NaN and ±0 among them: `difference(pointers:_:)` gives what
  /// `difference(bytes:)` gives, pair by pair.
  @Test func atAddressesAgreeWithBytesOnRandomPairs() throws {
    let registry = ValueRegistry()
    let padded = try registry.resolve("{padded=\"tag\"c\"value\"d\"count\"i\"code\"s}")
    let rect = try registry.resolve("{rect=\"x\"d\"y\"d\"w\"d\"h\"d}")
    var generator = SystemRandomNumberGenerator()
    let doubles: [Double] = [0, -0.0, 1, .nan, -2.5, .infinity]
    func double() -> [UInt8] { withUnsafeBytes(of: doubles.randomElement(using: &generator)!) { Array($0) } }
    var differing = 0
    for _ in 0..<2_000 {
      var a = [UInt8](repeating: 0, count: 24)
      a[0] = UInt8.random(in: 0...1, using: &generator)
      a[1..<8] = ArraySlice((0..<7).map { _ in UInt8.random(in: 0...255, using: &generator) })  // padding
      a[8..<16] = ArraySlice(double())
      a[16] = UInt8.random(in: 0...1, using: &generator)
      a[20] = UInt8.random(in: 0...1, using: &generator)
      var b = a
      if Bool.random(using: &generator) { b[8..<16] = ArraySlice(double()) }
      if Bool.random(using: &generator) { b[Int.random(in: 0..<24, using: &generator)] ^= 1 }
      let found = try Self.differenceAtAddresses(padded, a, b)
      try Self.expectSame(found, padded.difference(bytes: a, b))
      if found != nil { differing += 1 }
      let r = (0..<4).flatMap { _ in double() }
      var s = r
      if Bool.random(using: &generator) { s.replaceSubrange(8..<16, with: double()) }
      try Self.expectSame(Self.differenceAtAddresses(rect, r, s), rect.difference(bytes: r, s))
    }
    #expect(differing > 100)
  }

  /// The same answer and the same report (a comparison holding NaN is not `==` to itself: its mismatches hold
  /// the values).
  static func expectSame(_ found: Comparison?, _ expected: Comparison?) {
    #expect((found == nil) == (expected == nil))
    #expect(found?.report == expected?.report)
    #expect(found?.mismatchCount == expected?.mismatchCount)
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
