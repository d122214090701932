import CValueFixtures
import CValueKit
import Foundation
import Testing

/// Loading fixture files: both shapes, JSON and property lists, and an error naming the case and the field
/// for every malformed file.
@Suite struct FixtureLoaderTests {
  static func load(_ json: String) throws(FixtureError) -> [ValueFixture] {
    try ValueFixture.load(Data(json.utf8), format: .json, file: "inline.json", registry: ValueRegistry())
  }

  static func error(_ json: String) -> String? {
    do {
      _ = try load(json)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aListOfCasesKeepsItsOrder() throws {
    let cases = try Self.load(
      """
      [
        {"name": "unit square", "type": "rect", "value": "{.origin = {0, 0}, .size = {1, 1}}"},
        {"name": "wide", "type": "{CGRect={CGPoint=dd}{CGSize=dd}}", "value": "{{-1.5, 2}, {10, 0.25}}"}
      ]
      """)
    #expect(cases.map(\.description) == ["unit square", "wide"])
    #expect(cases.map(\.typeText) == ["rect", "{CGRect={CGPoint=dd}{CGSize=dd}}"])
    #expect(cases[0].type == (try TypeEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}")))
    #expect(cases[0].value == Self.bytes(of: [0, 0, 1, 1]))
    #expect(cases[1].value == Self.bytes(of: [-1.5, 2, 10, 0.25]))
    #expect(cases[1].literals == ["value": "{{-1.5, 2}, {10, 0.25}}"])
    #expect(cases[1].file == "inline.json")
  }

  @Test func anObjectKeyedByNameGivesRolesToleranceAndOutcome() throws {
    let cases = try Self.load(
      """
      {
        "rounding": {"type": "point", "actual": "{1, 2}", "expected": "{1, 2.0000001}",
                     "tolerance": {"absolute": 1e-6, "ulps": 4}, "equal": true},
        "flipped": {"name": "flipped", "type": "point", "values": {"before": "{1, 2}", "after": "{2, 1}"},
                    "tolerance": 0.5, "equal": false}
      }
      """)
    #expect(cases.map(\.name) == ["flipped", "rounding"])
    #expect(cases[0].values == ["before": Self.bytes(of: [1, 2]), "after": Self.bytes(of: [2, 1])])
    #expect(cases[0].tolerance == .absolute(0.5))
    #expect(cases[0].expectsEqual == false)
    #expect(cases[1].actual == Self.bytes(of: [1, 2]))
    #expect(cases[1].expected == Self.bytes(of: [1, 2.0000001]))
    #expect(cases[1].tolerance == FloatTolerance(absolute: 1e-6, ulps: 4))
    #expect(cases[1].options == ComparisonOptions(tolerance: FloatTolerance(absolute: 1e-6, ulps: 4)))
    #expect(cases[1].expectsEqual == true)
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func propertyListsLoadLikeJSON(_ format: PropertyListSerialization.PropertyListFormat) throws {
    let plist: [String: Any] = [
      "origin": ["type": "point", "value": "{0, 0}"],
      "far": ["type": "point", "value": "{.y = 1e300}", "tolerance": ["relative": 1e-9], "equal": true],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
    let cases = try ValueFixture.load(data, format: .propertyList, file: "inline.plist")
    #expect(cases.map(\.name) == ["far", "origin"])
    #expect(cases[0].value == Self.bytes(of: [0, 1e300]))
    #expect(cases[0].tolerance == .relative(1e-9))
    #expect(cases[0].expectsEqual == true)
    #expect(cases[1].value == Self.bytes(of: [0, 0]))
  }

  @Test func aLiteralErrorNamesTheCaseTheFieldAndTheOffset() {
    #expect(
      Self.error(#"[{"name": "broken", "type": "rect", "value": "{.origin = {0, 0}, .size = {1, one}}"}]"#)
        == #"inline.json: case "broken", field "value": expected a value, found 'one' at .size (offset 31 in "{.origin = {0, 0}, .size = {1, one}}")"#
    )
    #expect(
      Self.error(#"{"pair": {"type": "point", "values": {"left": "{1, 2}", "right": "{1, 2, 3}"}}}"#)
        == #"inline.json: case "pair", field "values.right": too many elements for struct CGPoint at offset 7 in "{1, 2, 3}""#
    )
  }

  @Test func aTypeErrorNamesTheTypeField() {
    #expect(
      Self.error(#"[{"name": "odd", "type": "rectangle", "value": "{0}"}]"#)
        == #"inline.json: case "odd", field "type": unknown type name "rectangle" at offset 0 in "rectangle""#)
    #expect(
      Self.error(#"[{"name": "odd", "type": "{CGRect=dd", "value": "{0}"}]"#)
        == #"inline.json: case "odd", field "type": unterminated struct at offset 10 in "{CGRect=dd""#)
  }

  @Test func aMissingNameIsReportedByPosition() {
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}"}, {"type": "point", "value": "{0, 0}"}]"#)
        == #"inline.json: case #1: missing field "name""#)
    #expect(
      Self.error(#"[{"name": 7, "type": "point", "value": "{0, 0}"}]"#)
        == #"inline.json: case #0, field "name": expected a string"#)
    #expect(
      Self.error(#"[{"name": "", "type": "point", "value": "{0, 0}"}]"#)
        == #"inline.json: case #0, field "name": the name is empty"#)
    #expect(Self.error(#"["point"]"#) == #"inline.json: case #0: a case must be an object with "type" and values"#)
  }

  @Test func malformedCasesNameTheField() {
    #expect(Self.error(#"[{"name": "a", "value": "{0, 0}"}]"#) == #"inline.json: case "a": missing field "type""#)
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": 3}]"#)
        == #"inline.json: case "a", field "value": expected a C initializer string"#)
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}", "tolerence": 1}]"#)
        == #"inline.json: case "a": unknown field "tolerence" (a case has name, type, value, actual, expected, values, tolerance and equal)"#
    )
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}", "tolerance": {"abs": 1}}]"#)
        == #"inline.json: case "a": unknown field "tolerance.abs" (a tolerance has absolute, relative, ulps, nanEqualsNaN and bitwise)"#
    )
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}", "tolerance": -1}]"#)
        == #"inline.json: case "a", field "tolerance": absolute tolerance -1 is not a finite number ≥ 0"#)
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}", "tolerance": {"ulps": 1.5}}]"#)
        == #"inline.json: case "a", field "tolerance.ulps": expected a whole number ≥ 0"#)
    #expect(
      Self.error(#"[{"name": "a", "type": "point", "value": "{0, 0}", "equal": "yes"}]"#)
        == #"inline.json: case "a", field "equal": expected true or false"#)
    #expect(
      Self.error(#"[{"name": "a", "type": "point"}]"#)
        == #"inline.json: case "a": the case has no value (value, actual, expected or values)"#)
    #expect(
      Self.error(#"{"a": {"name": "b", "type": "point", "value": "{0, 0}"}}"#)
        == #"inline.json: case "a", field "name": the name "b" is not the case's key"#)
  }

  @Test func duplicateNamesAreAnError() {
    #expect(
      Self.error(
        #"[{"name": "a", "type": "point", "value": "{0, 0}"}, {"name": "a", "type": "size", "value": "{1, 1}"}]"#)
        == #"inline.json: case "a", field "name": another case has the same name"#)
    #expect(
      Self.error(#"{"a": {"type": "point", "value": "{0, 0}", "values": {"value": "{1, 1}"}}}"#)
        == #"inline.json: case "a", field "values.value": the value is also given outside "values""#)
  }

  @Test func aFileThatIsNotACaseListIsRefused() throws {
    #expect(Self.error(#"[{"name": "a""#) == "inline.json: not valid JSON")
    #expect(Self.error(#""cases""#) == "inline.json: expected a list of cases or an object keyed by case name")
    let notAPlist = Data("<plist><dict>".utf8)
    #expect(throws: FixtureError(file: "x.plist", reason: .malformed(.propertyList))) {
      try ValueFixture.load(notAPlist, format: .propertyList, file: "x.plist")
    }
  }

  @Test func aFileNamedForNeitherFormatOrMissingIsRefused() throws {
    let url = URL(fileURLWithPath: "/nonexistent/cases.yaml")
    #expect(throws: FixtureError(file: "cases.yaml", reason: .unknownFormat("cases.yaml"))) {
      try ValueFixture.load(contentsOf: url)
    }
    let missing = #expect(throws: FixtureError.self) {
      try ValueFixture.load(contentsOf: URL(fileURLWithPath: "/nonexistent/cases.json"))
    }
    guard case .unreadable = missing?.reason else {
      Issue.record("expected .unreadable, got \(String(describing: missing))")
      return
    }
  }

  static func bytes(of doubles: [Double]) -> [UInt8] { doubles.withUnsafeBytes { Array($0) } }
}
