import ArgumentParser
import CValueKit

/// `compare`'s and `describe`'s options that say which member of a union is live: `--union-member` names it,
/// `--union-tag` has a tag field name it, and `--unknown-tag` says what a tag that names none does.
///
/// Their text is checked in ``validate()``, so that a malformed one is refused before any type is resolved; a
/// rule that does not fit the type (no such union or member) is the library's `ValueError`, refused when the
/// values are compared or described.
struct UnionMemberOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The union at a path holds this member, e.g. .body=number (repeatable); its other members are left out. An anonymous union is named by the record holding it ('.' or nothing for the value itself) and its member by a field the member holds: .=syn.",
      valueName: ".path=name"))
  var unionMember: [String] = []

  @Option(
    help: ArgumentHelp(
      "A tag field's value names the member the union at a path holds, e.g. .body=.kind:1=text,2=number: .kind 1 means .body holds text (repeatable).",
      valueName: ".path=.tag:value=name,..."))
  var unionTag: [String] = []

  // Text, not an ExpressibleByArgument enum, so that the tool's own message names the option and the choices on
  // one line (as for --equal-when).
  @Option(
    help: ArgumentHelp(
      "How a --union-tag union whose tag names no member is compared and shown: by every member, as with no rule (all-members, the default), or by its bytes, reported as one field (bytes).",
      valueName: "all-members|bytes"))
  var unknownTag: String?

  func validate() throws(BadInput) {
    _ = try rules()
  }

  /// The rules the options give, by the union's path.
  func rules() throws(BadInput) -> [FieldPath: UnionMember] {
    var rules: [FieldPath: UnionMember] = [:]
    func add(_ member: UnionMember, at path: FieldPath, option: String) throws(BadInput) {
      guard rules[path] == nil else {
        let place = path.components.isEmpty ? ". (the value itself)" : path.description
        throw BadInput(message: "\(option): the union at \(place) is given more than once")
      }
      rules[path] = member
    }
    for text in unionMember {
      let (path, name) = try Self.split(text, option: "--union-member", form: ".path=name, e.g. .body=number")
      guard !name.isEmpty else { throw BadInput(message: "--union-member: \"\(text)\" names no member after '='") }
      try add(.named(name), at: path, option: "--union-member")
    }
    let unknownAsBytes: Bool
    switch unknownTag {
    case let text? where text != "all-members" && text != "bytes":
      throw BadInput(message: "--unknown-tag must be 'all-members' or 'bytes', not '\(text)'")
    case .some where unionTag.isEmpty: throw BadInput(message: "--unknown-tag applies to --union-tag, which is missing")
    case "bytes"?: unknownAsBytes = true
    default: unknownAsBytes = false
    }
    for text in unionTag {
      let (path, member) = try Self.tagged(text, unknownAsBytes: unknownAsBytes)
      try add(member, at: path, option: "--union-tag")
    }
    return rules
  }

  /// `.body=.kind:1=text,2=number` as the union's path and a tagged rule.
  private static func tagged(_ text: String, unknownAsBytes: Bool) throws(BadInput) -> (
    FieldPath, UnionMember
  ) {
    let form = ".path=.tag:value=name,..., e.g. .body=.kind:1=text,2=number"
    let (path, rule) = try split(text, option: "--union-tag", form: form)
    guard let colon = rule.firstIndex(of: ":") else {
      throw BadInput(message: "--union-tag: \"\(text)\" is not \(form)")
    }
    let tag = try fieldPath(String(rule[..<colon]), option: "--union-tag")
    var members: [Int64: String] = [:]
    for entry in rule[rule.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false) {
      guard let equals = entry.firstIndex(of: "="), entry.index(after: equals) != entry.endIndex else {
        throw BadInput(message: "--union-tag: \"\(entry)\" in \"\(text)\" is not value=name, e.g. 1=text")
      }
      guard let value = integer(entry[..<equals]) else {
        throw BadInput(message: "--union-tag: \"\(entry[..<equals])\" in \"\(text)\" is not an integer tag value")
      }
      guard members[value] == nil else {
        throw BadInput(message: "--union-tag: the tag value \(value) is given more than once in \"\(text)\"")
      }
      members[value] = String(entry[entry.index(after: equals)...])
    }
    return (path, .tagged(by: tag, members: members, unknownAsBytes: unknownAsBytes))
  }

  /// `.path=rest` as the path and the rest, split at the first `=` (a path has none); `=rest` and `.=rest`
  /// are the value itself.
  private static func split(_ text: String, option: String, form: String) throws(BadInput) -> (FieldPath, String) {
    guard let equals = text.firstIndex(of: "=") else {
      throw BadInput(message: "\(option): \"\(text)\" is not \(form)")
    }
    return (try fieldPath(String(text[..<equals]), option: option), String(text[text.index(after: equals)...]))
  }

  /// A path as written in an option; `.` alone is the value itself.
  private static func fieldPath(_ text: String, option: String) throws(BadInput) -> FieldPath {
    if text == "." { return FieldPath() }
    do throws(ValueError) {
      return try FieldPath(parsing: text)
    } catch {
      throw BadInput(message: "\(option): \(error)")
    }
  }

  /// A tag value: decimal with an optional sign, or hex after `0x`.
  private static func integer(_ text: Substring) -> Int64? {
    guard text.hasPrefix("0x") || text.hasPrefix("0X") else { return Int64(text) }
    let digits = text.dropFirst(2)
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    return UInt64(digits, radix: 16).flatMap { Int64(exactly: $0) }
  }
}
