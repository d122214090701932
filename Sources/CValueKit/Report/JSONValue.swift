#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A JSON value, what the JSON format's objects are made of (``JSONReport``), written by Foundation's
/// `JSONEncoder` with sorted keys, so that the text is stable. Foundation is imported here only, internally:
/// no public declaration of CValueKit names it.
///
/// A key whose value is absent (`nil`) is left out of its object.
enum JSONValue: Encodable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
  case string(String)
  case integer(Int64)
  case real(Double)
  case bool(Bool)
  case array([JSONValue])
  case object([String: JSONValue?])

  init(stringLiteral value: String) { self = .string(value) }
  init(integerLiteral value: Int) { self = .integer(Int64(value)) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(_ value: Int) { self = .integer(Int64(value)) }

  /// The schema version of every object: it changes only when a key is removed or changes meaning.
  static let schema: JSONValue = 1

  /// A real number, or `nil` (the key left out) for an infinity or a NaN, which JSON cannot write.
  static func finite(_ value: Double) -> JSONValue? { value.isFinite ? .real(value) : nil }

  /// The number a description is, when it is one: `42`, `-1.5`, `1e+300`, exactly for integers; `nil`
  /// for `nan`, `inf`, a string, a pointer or a record.
  static func number(_ text: String) -> JSONValue? {
    if let integer = Int64(text) { return .integer(integer) }
    if let unsigned = UInt64(text) { return .real(Double(unsigned)) }
    guard let real = Double(text), real.isFinite, text.first.map({ $0 == "-" || $0.isNumber }) == true else {
      return nil
    }
    return .real(real)
  }

  /// The value as one line of JSON, keys sorted.
  ///
  /// Encoding cannot fail: the values are strings, integers, booleans and finite reals (``finite(_:)``
  /// leaves the others out). Should Foundation refuse one all the same, the text is an object saying why,
  /// rather than a trap.
  var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(self), as: UTF8.self)
    } catch {
      let reason = (try? encoder.encode(JSONValue.string("\(error)"))).map { String(decoding: $0, as: UTF8.self) }
      return "{\"error\":\(reason ?? "\"unencodable value\""),\"schema\":1}"
    }
  }

  /// A string as JSON, quoted and escaped: `"a \"b\""`.
  static func quoted(_ text: String) -> String { JSONValue.string(text).text }

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
