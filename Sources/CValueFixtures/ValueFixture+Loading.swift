public import CValueKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension ValueFixture {
  /// Loads the cases of a fixture file: `.json` for JSON, `.plist` for a property list (XML or binary).
  ///
  /// ```swift
  /// let url = Bundle.module.url(forResource: "rects", withExtension: "json", subdirectory: "Fixtures")!
  /// @Test(arguments: try ValueFixture.load(contentsOf: url)) func rects(_ fixture: ValueFixture) { … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - registry: Resolves the types and parses the literals.
  /// - Returns: The cases, in the file's order for a list, in name order for an object keyed by name.
  /// - Throws: ``FixtureError`` naming the file, the case and the field.
  public static func load(contentsOf url: URL, registry: ValueRegistry = .shared) throws(FixtureError)
    -> [ValueFixture]
  {
    let file = url.lastPathComponent
    let format: FixtureFormat
    switch url.pathExtension.lowercased() {
    case "json": format = .json
    case "plist": format = .propertyList
    default: throw FixtureError(file: file, reason: .unknownFormat(file))
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw FixtureError(file: file, reason: .unreadable("\(error)"))
    }
    return try load(data, format: format, file: file, registry: registry)
  }

  /// Loads the cases of a fixture given as data.
  ///
  /// ```swift
  /// let cases = try ValueFixture.load(Data(#"[{"name": "origin", "type": "point", "value": "{0, 0}"}]"#.utf8),
  ///                                   format: .json)
  /// ```
  ///
  /// - Parameters:
  ///   - data: JSON or a property list: a list of case objects, or an object whose keys are the case names.
  ///   - format: The data's format.
  ///   - file: The name errors give for the data.
  ///   - registry: Resolves the types and parses the literals.
  /// - Throws: ``FixtureError`` naming the case and the field.
  public static func load(
    _ data: Data, format: FixtureFormat, file: String = "fixture", registry: ValueRegistry = .shared
  ) throws(FixtureError) -> [ValueFixture] {
    let root: FixtureNode
    switch FixtureNode.read(data, format: format) {
    case .node(let node): root = node
    case .malformed: throw FixtureError(file: file, reason: .malformed(format))
    case .tooLarge:
      throw FixtureError(
        file: file,
        reason: .tooLarge(maximumValues: FixtureNode.maximumValues, maximumDepth: FixtureNode.maximumDepth))
    }
    var reader = FixtureReader(file: file, registry: registry)
    var cases: [ValueFixture] = []
    switch root {
    case .list(let elements):
      for (index, element) in elements.enumerated() { cases.append(try reader.readCase(element, index: index)) }
    case .object(let members):
      for member in members { cases.append(try reader.readCase(member.value, key: member.key)) }
    default:
      throw FixtureError(file: file, reason: .notACaseList)
    }
    var seen: Set<String> = []
    for fixture in cases where !seen.insert(fixture.name).inserted {
      throw FixtureError(file: file, caseName: fixture.name, field: "name", reason: .duplicateName)
    }
    return cases
  }
}

/// Turns one case object into a ``ValueFixture``, naming the case and field of every problem.
private struct FixtureReader {
  let file: String
  let registry: ValueRegistry
  /// How many more bytes the file's values may take: `FixtureNode.maximumValueBytes` at the start.
  var bytesLeft = FixtureNode.maximumValueBytes

  static let valueRoles = ["value", "actual", "expected"]
  static let fields: Set<String> = ["name", "type", "value", "actual", "expected", "values", "tolerance", "equal"]

  /// A case from a list, named by its `name` field.
  mutating func readCase(_ node: FixtureNode, index: Int) throws(FixtureError) -> ValueFixture {
    guard case .object(let members) = node else {
      throw FixtureError(file: file, caseIndex: index, reason: .caseNotAnObject)
    }
    guard let nameNode = members.first(where: { $0.key == "name" })?.value else {
      throw FixtureError(file: file, caseIndex: index, field: "name", reason: .missingField)
    }
    guard case .string(let name) = nameNode else {
      throw FixtureError(file: file, caseIndex: index, field: "name", reason: .wrongKind(expected: "a string"))
    }
    guard !name.isEmpty else { throw FixtureError(file: file, caseIndex: index, field: "name", reason: .emptyName) }
    return try read(members, name: name)
  }

  /// A case from an object keyed by name.
  mutating func readCase(_ node: FixtureNode, key: String) throws(FixtureError) -> ValueFixture {
    guard !key.isEmpty else { throw FixtureError(file: file, caseName: key, reason: .emptyName) }
    guard case .object(let members) = node else {
      throw FixtureError(file: file, caseName: key, reason: .caseNotAnObject)
    }
    if let nameNode = members.first(where: { $0.key == "name" })?.value, nameNode != .string(key) {
      guard case .string(let name) = nameNode else {
        throw FixtureError(file: file, caseName: key, field: "name", reason: .wrongKind(expected: "a string"))
      }
      throw FixtureError(file: file, caseName: key, field: "name", reason: .nameDiffersFromKey(name))
    }
    return try read(members, name: key)
  }

  private mutating func read(_ members: [(key: String, value: FixtureNode)], name: String) throws(FixtureError)
    -> ValueFixture
  {
    func fail(_ field: String?, _ reason: FixtureError.Reason) -> FixtureError {
      FixtureError(file: file, caseName: name, field: field, reason: reason)
    }
    let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    if let unknown = members.first(where: { !Self.fields.contains($0.key) }) { throw fail(unknown.key, .unknownField) }
    guard let typeNode = fields["type"] else { throw fail("type", .missingField) }
    guard case .string(let typeText) = typeNode else { throw fail("type", .wrongKind(expected: "a string")) }
    let handle: ValueType
    do throws(ValueError) { handle = try registry.resolve(typeText) } catch { throw fail("type", .value(error)) }
    let type = handle.type

    var literals: [(field: String, role: String, literal: String)] = []
    for role in Self.valueRoles {
      guard let node = fields[role] else { continue }
      guard case .string(let literal) = node else { throw fail(role, .wrongKind(expected: "a C initializer string")) }
      literals.append((role, role, literal))
    }
    if let node = fields["values"] {
      guard case .object(let named) = node else { throw fail("values", .wrongKind(expected: "an object")) }
      for (role, value) in named {
        guard case .string(let literal) = value else {
          throw fail("values.\(role)", .wrongKind(expected: "a C initializer string"))
        }
        guard !Self.valueRoles.contains(role) || fields[role] == nil else {
          throw fail("values.\(role)", .valueGivenTwice)
        }
        literals.append(("values.\(role)", role, literal))
      }
    }
    guard !literals.isEmpty else { throw fail(nil, .noValues) }
    var values: [String: [UInt8]] = [:]
    for entry in literals {
      if let size = handle.size, size <= ValueType.maximumParsedSize {
        guard size <= bytesLeft else {
          throw fail(entry.field, .valuesTooLarge(maximumBytes: FixtureNode.maximumValueBytes))
        }
        bytesLeft -= size
      }
      do throws(ValueError) { values[entry.role] = try handle.parse(entry.literal) } catch {
        throw fail(entry.field, .value(error))
      }
    }

    var expectsEqual: Bool?
    if let node = fields["equal"] {
      guard case .bool(let equal) = node else { throw fail("equal", .wrongKind(expected: "true or false")) }
      expectsEqual = equal
    }
    return ValueFixture(
      name: name, typeText: typeText, type: type, values: values,
      literals: Dictionary(literals.map { ($0.role, $0.literal) }, uniquingKeysWith: { first, _ in first }),
      tolerance: try fields["tolerance"].map { node throws(FixtureError) in try tolerance(node, fail: fail) },
      expectsEqual: expectsEqual, file: file)
  }

  /// A tolerance: a number (absolute), or an object with `absolute`, `relative`, `ulps`, `nanEqualsNaN` and
  /// `bitwise`.
  private func tolerance(_ node: FixtureNode, fail: (String?, FixtureError.Reason) -> FixtureError)
    throws(FixtureError) -> FloatTolerance
  {
    var tolerance = FloatTolerance()
    switch node {
    case .number(let absolute): tolerance.absolute = absolute
    case .object(let parts):
      for (key, value) in parts {
        let field = "tolerance.\(key)"
        switch (key, value) {
        case ("absolute", .number(let number)): tolerance.absolute = number
        case ("relative", .number(let number)): tolerance.relative = number
        case ("ulps", .number(let number)):
          guard number >= 0, number == number.rounded(), let count = UInt64(exactly: number) else {
            throw fail(field, .wrongKind(expected: "a whole number ≥ 0"))
          }
          tolerance.ulps = count
        case ("nanEqualsNaN", .bool(let flag)): tolerance.nanEqualsNaN = flag
        case ("bitwise", .bool(let flag)): tolerance.isBitwise = flag
        case ("absolute", _), ("relative", _), ("ulps", _): throw fail(field, .wrongKind(expected: "a number"))
        case ("nanEqualsNaN", _), ("bitwise", _): throw fail(field, .wrongKind(expected: "true or false"))
        default: throw fail(field, .unknownField)
        }
      }
    default:
      throw fail("tolerance", .wrongKind(expected: "a number or an object"))
    }
    if let problem = tolerance.problem { throw fail("tolerance", .value(.invalidTolerance(problem, at: FieldPath()))) }
    return tolerance
  }
}
