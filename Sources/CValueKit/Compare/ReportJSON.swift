#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The schema 1 JSON of results (``ReportFormat/json``), as the JSONOutput article documents it: objects built
/// from the structured results, written by Foundation's `JSONEncoder` with sorted keys, so that the text is
/// stable. Foundation is imported here only, internally: no public declaration of CValueKit names it.
///
/// Every object is a dictionary of ``JSON`` values built by one function per kind of object; a key whose
/// value is absent (`nil`) is left out.
enum ReportJSON {
  /// A JSON value: what the objects below are made of.
  enum JSON: Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case array([JSON])
    case object([String: JSON?])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(Int64(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(_ value: Int) { self = .integer(Int64(value)) }

    /// A real number, or `nil` (the key left out) for an infinity or a NaN, which JSON cannot write.
    static func finite(_ value: Double) -> JSON? { value.isFinite ? .real(value) : nil }

    /// The number a description is, when it is one: `42`, `-1.5`, `1e+300`, exactly for integers; `nil`
    /// for `nan`, `inf`, a string, a pointer or a record.
    static func number(_ text: String) -> JSON? {
      if let integer = Int64(text) { return .integer(integer) }
      if let unsigned = UInt64(text) { return .real(Double(unsigned)) }
      guard let real = Double(text), real.isFinite, text.first.map({ $0 == "-" || $0.isNumber }) == true else {
        return nil
      }
      return .real(real)
    }

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .object(let members):
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in members { if let value { try container.encode(value, forKey: Key(stringValue: key)) } }
      case .array(let elements):
        var container = encoder.unkeyedContainer()
        for element in elements { try container.encode(element) }
      case .string(let value): try encodeSingle(value, to: encoder)
      case .integer(let value): try encodeSingle(value, to: encoder)
      case .real(let value): try encodeSingle(value, to: encoder)
      case .bool(let value): try encodeSingle(value, to: encoder)
      }
    }

    private func encodeSingle(_ value: some Encodable, to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
  }

  /// The schema version: it changes only when a key is removed or changes meaning.
  static let schema: JSON = 1

  /// A comparison's object.
  static func object(_ comparison: Comparison) -> JSON {
    .object([
      "schema": schema, "type": .string(comparison.type.description), "typeName": .string(comparison.typeName),
      "isEqual": .bool(comparison.isEqual), "strategy": .string(comparison.strategy.description),
      "comparedFieldCount": JSON(comparison.comparedFieldCount), "mismatchCount": JSON(comparison.mismatchCount),
      "mismatches": .array(comparison.mismatches.map(object)),
      "ignoredPaths": .array(comparison.ignoredPaths.map { .string($0.description) }),
      "actual": comparison.actualDescription.map(JSON.string),
      "expected": comparison.expectedDescription.map(JSON.string),
    ])
  }

  /// One mismatch; padding bytes (``ComparisonOptions/comparesPadding``) carry the path `<after>+padding`
  /// (`padding` with no field before them) and a `padding` object saying where they are.
  static func object(_ mismatch: Mismatch) -> JSON {
    var path = mismatch.path.description
    var padding: JSON?
    if let range = mismatch.paddingRange {
      let after = mismatch.paddingAfter
      path = after.map { $0.components.isEmpty ? "padding" : "\($0)+padding" } ?? "padding"
      padding = .object([
        "offset": JSON(range.lowerBound), "size": JSON(range.count), "after": after.map { .string($0.description) },
        "before": mismatch.paddingBefore.map { .string($0.description) },
      ])
    }
    return .object([
      "path": .string(path), "offset": JSON(mismatch.offset), "padding": padding,
      "actual": .string(mismatch.actual), "expected": .string(mismatch.expected),
      "actualNumber": JSON.number(mismatch.actual), "expectedNumber": JSON.number(mismatch.expected),
      "difference": mismatch.difference.flatMap(JSON.finite), "tolerance": mismatch.tolerance.map(object),
      "firstDifference": mismatch.firstDifference.map { JSON($0) },
    ])
  }

  static func object(_ tolerance: FloatTolerance) -> JSON {
    .object([
      "absolute": JSON.finite(tolerance.absolute), "relative": JSON.finite(tolerance.relative),
      "ulps": .integer(Int64(clamping: tolerance.ulps)), "nanEqualsNaN": .bool(tolerance.nanEqualsNaN),
      "bitwise": .bool(tolerance.isBitwise), "text": .string(tolerance.description),
    ])
  }

  /// The object as one line of JSON, keys sorted.
  ///
  /// Encoding cannot fail: the values are strings, integers, booleans and finite reals (``JSON/finite(_:)``
  /// leaves the others out). Should Foundation refuse one all the same, the text is an object saying why,
  /// rather than a trap.
  static func text(_ object: JSON) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(object), as: UTF8.self)
    } catch {
      let reason = (try? encoder.encode(JSON.string("\(error)"))).map { String(decoding: $0, as: UTF8.self) }
      return "{\"error\":\(reason ?? "\"unencodable value\""),\"schema\":1}"
    }
  }
}
