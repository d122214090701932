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

  /// At most this many values are read from one file, however often a property list repeats a value by
  /// reference (a few hundred bytes can otherwise stand for billions of values).
  static let maximumValues = 1 << 16
  /// And at most this deep.
  static let maximumDepth = 32
  /// The most bytes the values of one fixture file may take in all (256 MiB): a short literal such as `{0}`
  /// stands for a value as large as its type, so a small file could otherwise ask for any amount of memory.
  static let maximumValueBytes = 1 << 28

  init(from decoder: any Decoder) throws {
    let budget = decoder.userInfo[Budget.key] as? Budget
    if let budget {
      guard budget.enter() else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "too large"))
      }
    }
    defer { budget?.leave() }
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

  /// What reading a file gave.
  enum ReadResult {
    case node(FixtureNode)
    case malformed
    case tooLarge
  }

  /// Reads a whole file, counting the values read against ``maximumValues``.
  static func read(_ data: Data, format: FixtureFormat) -> ReadResult {
    let budget = Budget(maximumValues)
    let node: FixtureNode?
    switch format {
    case .json:
      let decoder = JSONDecoder()
      decoder.userInfo[Budget.key] = budget
      node = try? decoder.decode(FixtureNode.self, from: data)
    case .propertyList:
      let decoder = PropertyListDecoder()
      decoder.userInfo[Budget.key] = budget
      node = try? decoder.decode(FixtureNode.self, from: data)
    }
    if budget.isExceeded { return .tooLarge }
    return node.map(ReadResult.node) ?? .malformed
  }

  /// How many more values one read may decode; a decoder reads a file on one thread.
  final class Budget: @unchecked Sendable {
    // A constant key, valid by construction.
    // swift-format-ignore: NeverForceUnwrap
    static let key = CodingUserInfoKey(rawValue: "CValueFixtures.FixtureNode.budget")!

    private var remaining: Int
    private var depth = 0
    private(set) var isExceeded = false

    init(_ values: Int) { remaining = values }

    /// Starts reading one value, one level deeper; `false` (and exceeded) when no value is left or the
    /// value is nested too deep.
    func enter() -> Bool {
      depth += 1
      guard remaining > 0, depth <= FixtureNode.maximumDepth else {
        isExceeded = true
        return false
      }
      remaining -= 1
      return true
    }

    /// Finishes reading a value.
    func leave() { depth -= 1 }
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
