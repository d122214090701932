#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A fixture file as a tree of plain values, read the same way from JSON and property lists, so that the
/// loader can name the case and field of every problem instead of reporting a decoder's coding path.
enum FixtureNode: Decodable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case list([FixtureNode])
  /// An object's members, in name order (neither decoder keeps the file's order).
  case object([(key: String, value: FixtureNode)])

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [(key: String, value: FixtureNode)] = []
      for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        members.append((key.stringValue, try object.decode(FixtureNode.self, forKey: key)))
      }
      self = .object(members)
      return
    }
    if var list = try? decoder.unkeyedContainer() {
      var elements: [FixtureNode] = []
      while !list.isAtEnd { elements.append(try list.decode(FixtureNode.self)) }
      self = .list(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  static func == (lhs: FixtureNode, rhs: FixtureNode) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.bool(let a), .bool(let b)): return a == b
    case (.list(let a), .list(let b)): return a == b
    case (.object(let a), .object(let b)): return a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: return false
    }
  }

  /// Reads a whole file.
  static func read(_ data: Data, format: FixtureFormat) -> FixtureNode? {
    switch format {
    case .json: return try? JSONDecoder().decode(FixtureNode.self, from: data)
    case .propertyList: return try? PropertyListDecoder().decode(FixtureNode.self, from: data)
    }
  }

  /// What kind of value the node is, for messages.
  var kind: String {
    switch self {
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "a boolean"
    case .list: return "a list"
    case .object: return "an object"
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
