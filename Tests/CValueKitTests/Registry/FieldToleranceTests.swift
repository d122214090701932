import CValueKit
import Foundation
import Testing

/// Tolerances per call, per field path (inherited by what the field contains), and the registry default.
@Suite struct FieldToleranceTests {
  let actual = CGRect(x: 0, y: 0, width: 10, height: 20)
  let expected = CGRect(x: 0.25, y: 0, width: 10.4, height: 20.4)

  @Test func aFieldToleranceAppliesToThatFieldOnly() throws {
    var options = ComparisonOptions()
    options.fieldTolerances[".size.width"] = .absolute(0.5)
    let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options)
    #expect(result.mismatches.map { $0.path.description } == [".origin.x", ".size.height"])
    #expect(result.mismatches.map(\.tolerance) == [FloatTolerance.exact, .exact])
  }

  @Test func aFieldToleranceCoversWhatTheFieldContains() throws {
    var options = ComparisonOptions(tolerance: .absolute(0.3))
    options.fieldTolerances[".size"] = .absolute(0.5)
    #expect(try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options).isEqual)
    options.fieldTolerances[".size.height"] = .exact
    let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options)
    #expect(result.report.split(separator: "\n")[1] == "  .size.height: 20 ≠ 20.4 (difference 0.3999999999999986)")
  }

  @Test func anUnknownFieldPathIsAnError() throws {
    var options = ComparisonOptions()
    options.fieldTolerances[".size.widht"] = .absolute(0.5)
    #expect(throws: ValueError.unknownFieldPath(".size.widht", in: try TypeCatalog.shared.parse("rect"))) {
      try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options)
    }
    #expect(
      ValueError.unknownFieldPath(".size.widht", in: try TypeCatalog.shared.parse("rect")).description
        == "{CGRect={CGPoint=dd}{CGSize=dd}} has no field .size.widht")
    options.fieldTolerances = ["size..width": .absolute(1)]
    #expect(throws: ValueError.self) {
      try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options)
    }
  }

  @Test func aToleranceOnAFieldWithNoFloatingPointIsAnError() throws {
    let type = try ValueRegistry.shared.resolve(#"{record="id"q"count"[2i]"x"d}"#)
    let zeros = [UInt8](repeating: 0, count: 24)
    for (path, cType) in [(".id", "long long"), (".count", "int [2]"), (".count[1]", "int")] {
      let options = ComparisonOptions(fieldTolerances: [try FieldPath(parsing: path): .absolute(1)])
      #expect(
        throws: ValueError.invalidTolerance(
          "a tolerance needs a floating-point field, and \(cType) holds none", at: try FieldPath(parsing: path))
      ) { try type.compare(bytes: zeros, zeros, options: options) }
    }
    let options = ComparisonOptions(fieldTolerances: [".id": .absolute(1)])
    do {
      _ = try type.compare(bytes: zeros, zeros, options: options)
    } catch {
      #expect(error.description == "a tolerance needs a floating-point field, and long long holds none (for .id)")
    }
    // A field with a float in it, and the whole value, take one.
    #expect(
      try type.compare(bytes: zeros, zeros, options: ComparisonOptions(fieldTolerances: [".x": .absolute(1)])).isEqual)
    #expect(
      try type.compare(bytes: zeros, zeros, options: ComparisonOptions(fieldTolerances: ["": .absolute(1)])).isEqual)
  }

  @Test func fieldPathsParse() throws {
    #expect(try FieldPath(parsing: ".origin.x") == [.member("origin"), .member("x")])
    #expect(try FieldPath(parsing: "size.width") == [.member("size"), .member("width")])
    #expect(try FieldPath(parsing: ".a[2].1") == [.member("a"), .index(2), .position(1)])
    #expect(try FieldPath(parsing: "[3]") == [.index(3)])
    #expect(try FieldPath(parsing: "") == [])
    #expect(throws: ValueError.invalidFieldPath(".a..b", offset: 3)) { try FieldPath(parsing: ".a..b") }
    #expect(throws: ValueError.invalidFieldPath(".a[x]", offset: 2)) { try FieldPath(parsing: ".a[x]") }
    #expect(throws: ValueError.invalidFieldPath(".1a", offset: 1)) { try FieldPath(parsing: ".1a") }
    #expect(ValueError.invalidFieldPath(".a..b", offset: 3).description == "malformed field path \".a..b\" at offset 3")
  }

  @Test func theRegistryDefaultAppliesToItsHandles() throws {
    #expect(try !ValueRegistry(catalog: TypeCatalog()).resolve("d").compare(1.0, 1.25).isEqual)
    let registry = ValueRegistry(catalog: TypeCatalog(), defaultTolerance: .absolute(0.5))
    #expect(try registry.resolve("d").compare(1.0, 1.25).isEqual)
    #expect(try !registry.resolve("d").compare(1.0, 1.25, options: ComparisonOptions(tolerance: .exact)).isEqual)
    #expect(try registry.resolve("d").defaultTolerance == .absolute(0.5))
  }

  @Test func mismatchesAreCappedAndCounted() throws {
    let a = [Int32](0..<100)
    let b = [Int32](repeating: -1, count: 100)
    let type = try ValueRegistry.shared.resolve("[100i]")
    let result = try a.withUnsafeBytes { a in
      try b.withUnsafeBytes { b in
        try type.compare(bytes: a, b, options: ComparisonOptions(maximumReportedMismatches: 2))
      }
    }
    #expect(result.mismatchCount == 100)
    #expect(result.comparedFieldCount == 100)
    #expect(result.mismatches.map(\.path.description) == ["[0]", "[1]"])
    #expect(
      result.report.split(separator: "\n").prefix(4) == [
        "int [100] values differ at 100 of 100 fields:", "  [0]: 0 ≠ -1", "  [1]: 1 ≠ -1", "  … and 98 more",
      ])
    #expect(result.summary == "int [100] values differ at 100 of 100 fields ([0], [1], …)")
  }
}
