public import CValueKit

/// Why a fixture file could not be loaded: the file, the case (by name, or by position when the name itself
/// is the problem), the field, and what is wrong with it.
///
/// ```
/// rects.json: case "unit square", field "value": expected a number for .origin.y at offset 16 in …
/// rects.json: case #2: missing field "name"
/// ```
public struct FixtureError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Hashable, Sendable {
    /// The file cannot be read.
    case unreadable(String)
    /// The file's name does not say JSON (`.json`) or a property list (`.plist`).
    case unknownFormat(String)
    /// The file is not valid JSON or not a valid property list.
    case malformed(FixtureFormat)
    /// The file holds more values, or nests them deeper, than a fixture file may. A binary property list
    /// can name one value many times by reference, so a small file can stand for an enormous tree.
    case tooLarge(maximumValues: Int, maximumDepth: Int)
    /// The file's values take more than `maximumBytes` bytes in all (a short literal such as `{0}` stands
    /// for a whole value of its type).
    case valuesTooLarge(maximumBytes: Int)
    /// The file is neither a list of cases nor an object keyed by case name.
    case notACaseList
    /// A case is not an object.
    case caseNotAnObject
    /// A required field is missing.
    case missingField
    /// A field holds the wrong kind of value; `expected` says which kind it must be.
    case wrongKind(expected: String)
    /// A field the format does not have (a typo, most likely).
    case unknownField
    /// A case's name is empty.
    case emptyName
    /// A case's `name` field is not its key in a file keyed by name.
    case nameDiffersFromKey(String)
    /// Two cases have the same name.
    case duplicateName
    /// A value is given both as a field (`value`) and under `values`.
    case valueGivenTwice
    /// A case has no value.
    case noValues
    /// The type does not resolve, a literal does not parse, or a tolerance cannot be used.
    case value(ValueError)
  }

  /// The file's name.
  public let file: String
  /// The case's name, when it is known.
  public let caseName: String?
  /// The case's position in a list of cases, counting from 0, when its name is not known.
  public let caseIndex: Int?
  /// The offending field, e.g. `value`, `values.actual` or `tolerance.ulps`.
  public let field: String?
  /// What is wrong.
  public let reason: Reason

  /// Creates an error.
  public init(file: String, caseName: String? = nil, caseIndex: Int? = nil, field: String? = nil, reason: Reason) {
    self.file = file
    self.caseName = caseName
    self.caseIndex = caseIndex
    self.field = field
    self.reason = reason
  }

  /// One line a person can act on.
  public var description: String {
    var place = file
    if let caseName {
      place += ": case \"\(caseName)\""
    } else if let caseIndex {
      place += ": case #\(caseIndex)"
    }
    if let field, reason != .missingField, reason != .unknownField { place += ", field \"\(field)\"" }
    return "\(place): \(problem)"
  }

  private var problem: String {
    switch reason {
    case .unreadable(let message): return "cannot be read: \(message)"
    case .unknownFormat(let name):
      return "\"\(name)\" is not a fixture file name: use .json for JSON or .plist for a property list"
    case .malformed(.json): return "not valid JSON"
    case .malformed(.propertyList): return "not a valid property list"
    case .tooLarge(let maximumValues, let maximumDepth):
      return "more than \(maximumValues) values or nested more than \(maximumDepth) deep "
        + "(a property list may repeat a value by reference)"
    case .valuesTooLarge(let maximumBytes):
      return "the file's values take more than \(maximumBytes) bytes in all"
    case .notACaseList:
      return "expected a list of cases or an object keyed by case name"
    case .caseNotAnObject: return "a case must be an object with \"type\" and values"
    case .missingField: return "missing field \"\(field ?? "")\""
    case .wrongKind(let expected): return "expected \(expected)"
    case .unknownField:
      let known =
        field?.hasPrefix("tolerance.") == true
        ? "a tolerance has absolute, relative, ulps, nanEqualsNaN and bitwise"
        : "a case has name, type, value, actual, expected, values, tolerance and equal"
      return "unknown field \"\(field ?? "")\" (\(known))"
    case .emptyName: return "the name is empty"
    case .nameDiffersFromKey(let name): return "the name \"\(name)\" is not the case's key"
    case .duplicateName: return "another case has the same name"
    case .valueGivenTwice: return "the value is also given outside \"values\""
    case .noValues: return "the case has no value (value, actual, expected or values)"
    case .value(let error): return error.description
    }
  }
}

/// The formats of fixture files.
public enum FixtureFormat: Hashable, Sendable {
  /// JSON (`.json`).
  case json
  /// A property list, XML or binary (`.plist`).
  case propertyList
}
