import CTestTypes
import CValueFixtures
import CValueKit
import Foundation
import Testing

/// Cases from the committed fixture files, one test argument per case, named by its key in the file.
@Suite struct FixtureDrivenTests {
  static func fixtures(_ file: String) throws -> [ValueFixture] {
    let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return try ValueFixture.load(contentsOf: folder.appendingPathComponent(file))
  }

  @Test(arguments: try fixtures("rects.json"))
  func everyValueSurvivesDescribingAndParsing(_ fixture: ValueFixture) throws {
    let type = try ValueRegistry.shared.resolve(fixture.type)
    for (role, bytes) in fixture.values {
      let text = try type.describe(bytes: bytes)
      #expect(try type.parse(text) == bytes, "\(role): \(text)")
    }
  }

  @Test(arguments: try fixtures("rects.json").filter { $0.expectsEqual != nil })
  func comparisonsComeOutAsTheFileSays(_ fixture: ValueFixture) throws {
    let actual = try #require(fixture.actual)
    let expected = try #require(fixture.expected)
    let result = try ValueRegistry.shared.resolve(fixture.type).compare(
      bytes: actual, expected, options: fixture.options)
    #expect(result.isEqual == fixture.expectsEqual, "\(result.report)")
  }

  /// The property list names the imported `cv_reading`; its values, loaded as the Swift struct and described
  /// by the derived encoding, parse back to the file's bytes.
  @Test(arguments: try fixtures("readings.plist"))
  func readingsMatchTheImportedStruct(_ fixture: ValueFixture) throws {
    let registry = ValueRegistry.shared
    #expect(fixture.type.isSameType(as: try registry.encoding(of: cv_reading.self)))
    let bytes = try #require(fixture.value)
    try #require(bytes.count == MemoryLayout<cv_reading>.size)
    let reading = bytes.withUnsafeBytes { $0.loadUnaligned(as: cv_reading.self) }
    #expect(
      try registry.resolve(swiftType: cv_reading.self).parse(
        registry.resolve(swiftType: cv_reading.self).describe(reading)) == bytes)
    #expect(try registry.compare(reading, reading).isEqual)
  }

  @Test func theFilesHoldTheirCasesByName() throws {
    #expect(
      try Self.fixtures("rects.json").map(\.name) == [
        "unit square", "negative origin", "positional and hex floats", "signed zeros are equal",
        "within an absolute tolerance", "outside an absolute tolerance", "within four ulps",
        "nan equals nan only when asked",
      ])
    #expect(try Self.fixtures("readings.plist").map(\.name) == ["celsius", "empty unit", "full unit"])
    let celsius = try #require(try Self.fixtures("readings.plist").first)
    #expect(
      try ValueRegistry.shared.resolve(celsius.type).describe(bytes: try #require(celsius.value))
        == #"{.tag = 84, .value = 21.5, .count = 3, .unit = "C"}"#)
  }
}
