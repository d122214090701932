import CValueKit
import Foundation

/// `cvalue compare --json` and `cvalue describe --json`: the results as JSON objects whose keys are sorted,
/// so that the text is stable. The schema (version 1) is documented in each command's help; CValueKit
/// itself stays free of Foundation, so the encoding lives here.
enum ComparisonJSON {
  /// A number as C holds it: an integer exactly, a floating-point value as a double.
  enum Number: Codable, Equatable {
    case integer(Int64)
    case real(Double)

    /// The number a description is, when it is one: `42`, `-1.5`, `1e+300`; `nil` for `nan`, `inf`, a
    /// string, a pointer or a record.
    init?(_ text: String) {
      if let integer = Int64(text) {
        self = .integer(integer)
      } else if let unsigned = UInt64(text) {
        self = .real(Double(unsigned))
      } else if let real = Double(text), real.isFinite, text.first.map({ $0 == "-" || $0.isNumber }) == true {
        self = .real(real)
      } else {
        return nil
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .integer(let value): try container.encode(value)
      case .real(let value): try container.encode(value)
      }
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Int64.self) {
        self = .integer(value)
      } else {
        self = .real(try container.decode(Double.self))
      }
    }
  }

  struct Tolerance: Codable, Equatable {
    var absolute: Double
    var relative: Double
    var ulps: UInt64
    var nanEqualsNaN: Bool
    var bitwise: Bool
    var text: String
  }

  struct MismatchObject: Codable, Equatable {
    var path: String
    var offset: Int
    var actual: String
    var expected: String
    var actualNumber: Number?
    var expectedNumber: Number?
    var difference: Double?
    var tolerance: Tolerance?
    var firstDifference: Int?
  }

  struct ComparisonObject: Codable, Equatable {
    var schema: Int
    var type: String
    var typeName: String
    var isEqual: Bool
    var strategy: String
    var comparedFieldCount: Int
    var mismatchCount: Int
    var mismatches: [MismatchObject]
    var ignoredPaths: [String]
    var actual: String?
    var expected: String?
  }

  struct FieldObject: Codable, Equatable {
    var path: String
    var offset: Int
    var size: Int
    var encoding: String
    var bitOffset: Int?
    var bitWidth: Int?
  }

  struct DescriptionObject: Codable, Equatable {
    var schema: Int
    var type: String
    var size: Int?
    var description: String
    var fields: [FieldObject]
  }

  static func object(_ comparison: Comparison) -> ComparisonObject {
    ComparisonObject(
      schema: 1, type: comparison.type.description, typeName: comparison.typeName, isEqual: comparison.isEqual,
      strategy: comparison.strategy.description, comparedFieldCount: comparison.comparedFieldCount,
      mismatchCount: comparison.mismatchCount,
      mismatches: comparison.mismatches.map { mismatch in
        MismatchObject(
          path: mismatch.path.description, offset: mismatch.offset, actual: mismatch.actual,
          expected: mismatch.expected, actualNumber: Number(mismatch.actual), expectedNumber: Number(mismatch.expected),
          difference: mismatch.difference,
          tolerance: mismatch.tolerance.map {
            Tolerance(
              absolute: $0.absolute, relative: $0.relative, ulps: $0.ulps, nanEqualsNaN: $0.nanEqualsNaN,
              bitwise: $0.isBitwise, text: $0.description)
          }, firstDifference: mismatch.firstDifference)
      }, ignoredPaths: comparison.ignoredPaths.map(\.description), actual: comparison.actualDescription,
      expected: comparison.expectedDescription)
  }

  static func object(_ value: ValueType, description: String) -> DescriptionObject {
    DescriptionObject(
      schema: 1, type: value.type.description, size: value.size, description: description,
      fields: (value.layout?.fields).map { fields in
        fields.map {
          FieldObject(
            path: $0.path.description, offset: $0.offset, size: $0.size, encoding: $0.type.description,
            bitOffset: $0.bits?.lowerBound, bitWidth: $0.bits?.count)
        }
      } ?? [])
  }

  /// The object as one line of JSON, keys sorted.
  static func text(_ object: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(object), as: UTF8.self)
  }
}
