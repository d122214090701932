public import CValueKit

/// One named case of a fixture file: a C type and values of it, written as C initializers and parsed to
/// bytes, ready to feed a parameterized test.
///
/// Its ``description`` is its name, so a test report names each argument by its key in the file.
///
/// ```swift
/// @Test(arguments: try ValueFixture.load(contentsOf: Bundle.module.url(forResource: "rects", withExtension: "json")!))
/// func rectsRoundTrip(_ fixture: ValueFixture) throws {
///   let rect = ValueRegistry.shared.resolve(fixture.type)
///   #expect(try rect.parse(rect.describe(fixture.value!)) == fixture.value)
/// }
/// ```
///
/// See <doc:CValueFixtures> for the file format.
public struct ValueFixture: Sendable, Hashable, CustomStringConvertible {
  /// The case's name: its `name` field, or its key in a file keyed by name.
  public let name: String
  /// The type as the file writes it: an encoding (`{CGPoint=dd}`) or a readable name (`rect`).
  public let typeText: String
  /// The type the text resolves to.
  public let type: TypeEncoding
  /// Each value's bytes by its role: `value`, `actual`, `expected`, or a name under `values`.
  public let values: [String: [UInt8]]
  /// Each value's C initializer as the file writes it, by role.
  public let literals: [String: String]
  /// The tolerance for floating-point fields the case asks for, if any.
  public let tolerance: FloatTolerance?
  /// Whether the case says its `actual` and `expected` values are equal (`"equal": true`) or not.
  public let expectsEqual: Bool?
  /// The name of the file the case comes from.
  public let file: String

  /// Creates a case; ``load(_:format:file:registry:)`` makes them from a file.
  public init(
    name: String, typeText: String, type: TypeEncoding, values: [String: [UInt8]], literals: [String: String],
    tolerance: FloatTolerance? = nil, expectsEqual: Bool? = nil, file: String
  ) {
    self.name = name
    self.typeText = typeText
    self.type = type
    self.values = values
    self.literals = literals
    self.tolerance = tolerance
    self.expectsEqual = expectsEqual
    self.file = file
  }

  /// The name, so that a test report names the argument by its key.
  public var description: String { name }

  /// The bytes of the `value` field.
  public var value: [UInt8]? { values["value"] }
  /// The bytes of the `actual` field.
  public var actual: [UInt8]? { values["actual"] }
  /// The bytes of the `expected` field.
  public var expected: [UInt8]? { values["expected"] }

  /// The comparison options the case asks for: its tolerance, else the registry's default.
  public var options: ComparisonOptions { ComparisonOptions(tolerance: tolerance) }
}
