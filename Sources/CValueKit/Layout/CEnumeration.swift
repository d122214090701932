/// A C enumeration: the named constants that an integer member of a struct or union holds.
///
/// An encoding cannot say that a member is an enum (`enum zstate state;` encodes as `i`), so a
/// ``TypeCatalog`` carries the constants for it: registered for a member with
/// ``TypeCatalog/register(_:enumeration:member:)``, they make descriptions name the value
/// (`.state = Z_STREAM_END`) and the literal parser read those names back. A value that is no constant is
/// still written as its number.
///
/// ```swift
/// let state = CEnumeration(name: "enum zstate", constants: [
///   (name: "Z_OK", value: 0), (name: "Z_STREAM_END", value: 1), (name: "Z_DONE", value: 1),
/// ])
/// state.name(for: 1)          // "Z_STREAM_END": the first constant declared with the value
/// state.value(named: "Z_DONE") // 1
/// ```
///
/// C allows several constants with one value; a description uses the first one declared. The names are
/// checked when the enumeration is registered: C identifiers, each used once.
public struct CEnumeration: Hashable, Sendable, CustomStringConvertible {
  /// How C code names the type, for messages: `enum zstate` or a typedef such as `z_state_t`; `nil` for an
  /// anonymous enum.
  public let name: String?
  /// The constants in declaration order.
  public var constants: [(name: String, value: Int64)] { list.constants }

  /// The constants, kept in a value that compares and hashes them (a tuple array cannot), so that
  /// `CEnumeration`'s own `Hashable` conformance is the synthesized one.
  private let list: ConstantList

  /// Creates an enumeration from its constants in declaration order.
  ///
  /// ```swift
  /// let kind = CEnumeration(name: "enum kind", constants: [(name: "KIND_A", value: 1)])
  /// ```
  ///
  /// - Parameters:
  ///   - name: How C code names the type (`enum zstate`, `z_state_t`), for messages; `nil` if it has none.
  ///   - constants: The constants in declaration order. Several may share a value; a description uses
  ///     the first. Registration refuses names that are not C identifiers or that appear twice.
  public init(name: String? = nil, constants: [(name: String, value: Int64)]) {
    self.name = name
    // One hash a constant and table (the first of a name or value is kept), in tables sized once.
    var valuesByName: [String: Int64] = .init(minimumCapacity: constants.count)
    var namesByValue: [Int64: String] = .init(minimumCapacity: constants.count)
    var smallest = constants.first?.value ?? 0
    var largest = smallest
    for constant in constants {
      valuesByName.insertIfAbsent(constant.name, constant.value)
      namesByValue.insertIfAbsent(constant.value, constant.name)
      smallest = Swift.min(smallest, constant.value)
      largest = Swift.max(largest, constant.value)
    }
    self.list = ConstantList(constants: constants, valuesByName: valuesByName, namesByValue: namesByValue)
    self.valueRange = constants.isEmpty ? nil : smallest...largest
    var invalidName: String?
    if valuesByName.count != constants.count {
      var seen: Set<String> = []
      invalidName = constants.first { !seen.insert($0.name).inserted }.map { "duplicate " + $0.name }
    }
    if let bad = constants.first(where: { !ASCII.isIdentifier($0.name) }) { invalidName = "invalid " + bad.name }
    self.problem = invalidName
  }

  /// Why a registration refuses the constants (`invalid 1ST`, `duplicate A`), worked out once here rather
  /// than for every member that shares the enumeration (Vulkan's `VkStructureType`, in every `sType`).
  let problem: String?

  /// The smallest and the largest value of the constants (`nil` for none), so that whether they all fit
  /// a member is two comparisons, not one per constant for every member that shares them.
  let valueRange: ClosedRange<Int64>?

  /// The name a description writes for `value`: the first constant declared with it, or `nil` when no
  /// constant has it.
  ///
  /// ```swift
  /// state.name(for: 1)   // "Z_STREAM_END"
  /// state.name(for: 7)   // nil: written as 7
  /// ```
  ///
  /// - Parameter value: A member's value.
  package func name(for value: Int64) -> String? { list.namesByValue[value] }

  /// The value of the constant called `name`, or `nil` when there is none.
  ///
  /// ```swift
  /// state.value(named: "Z_OK")   // 0
  /// ```
  ///
  /// - Parameter name: A constant's name.
  package func value(named name: String) -> Int64? { list.valuesByName[name] }

  /// The enumeration as C declares it, with at most eight constants shown:
  /// `enum zstate {Z_OK = 0, Z_STREAM_END = 1}`.
  public var description: String {
    let shown = constants.prefix(Self.shownConstants).map { "\($0.name) = \($0.value)" }
    let more = constants.count > Self.shownConstants ? ", … \(constants.count - Self.shownConstants) more" : ""
    return "\(name ?? "enum") {\(shown.joined(separator: ", "))\(more)}"
  }

  /// How many constants a message lists before counting the rest.
  static let shownConstants = 8

  /// How messages name the enumeration: its name, or `an anonymous enum`.
  var displayName: String { name ?? "an anonymous enum" }

}

/// Constants in declaration order, equal when the names and values are, in the same order, with the tables
/// made from them once (compared and hashed through the constants they come from).
private struct ConstantList: Hashable, Sendable {
  let constants: [(name: String, value: Int64)]
  /// The value of each name (the first constant of a name, should one be declared twice).
  let valuesByName: [String: Int64]
  /// The first constant declared for each value.
  let namesByValue: [Int64: String]

  static func == (lhs: ConstantList, rhs: ConstantList) -> Bool {
    lhs.constants.elementsEqual(rhs.constants) { $0.name == $1.name && $0.value == $1.value }
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(constants.count)
    for constant in constants {
      hasher.combine(constant.name)
      hasher.combine(constant.value)
    }
  }
}

extension Dictionary {
  /// Inserts `value` under `key` unless the key is present, in one lookup: the `default:` subscript's
  /// modify access stores the default when the key is absent and leaves a present value as it is.
  fileprivate mutating func insertIfAbsent(_ key: Key, _ value: Value) {
    func access(_: inout Value) {}
    access(&self[key, default: value])
  }
}
