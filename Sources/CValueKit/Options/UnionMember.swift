/// Which member of a C union holds the value, so that comparisons, reports and descriptions use that member
/// alone and ignore the bytes only the other members cover.
///
/// A union with no rule is compared by every byte some member covers, a report names the differing
/// fields of every member, and a description shows every member. A rule says which member is live: always
/// the same one (``named(_:)``), or the one a tag field names (``tagged(by:members:unknownAsBytes:)``):
///
/// ```swift
/// // struct msg { int kind; union { struct text text; struct number number; } u; };
/// try registry.register(
///   "struct msg", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number"]), at: ".u")
/// var options = ComparisonOptions()
/// options.unionMembers[".sin6_addr.__in6_u"] = "__u6_addr8"     // one comparison, a fixed member
/// ```
///
/// A union is named by its path, as C reaches its members. An anonymous union has no name of its own: name
/// the record that holds it (the empty path for the value itself), and the union is found by the member
/// chosen. A member is named by its name, or, for an anonymous struct member, by the name of any field it
/// holds, as C reaches it: in glibc's `struct tcphdr`, `"th_flags"` chooses the BSD view and `"syn"` the
/// Linux one.
public enum UnionMember: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// Always the member called `name`.
  case named(String)
  /// The member `members` maps the tag's value to. The tag is an integer, enum, `_Bool` or bitfield field,
  /// named by its path from the same place as the union: outside the union (`.kind` beside `.u`), or the
  /// field every member of the union starts with, at the union's first byte (C11 6.5.2.3's common initial
  /// sequence: X11's `XEvent`, whose members all begin `int type`, takes `.tagged(by: ".type", …)` at the
  /// empty path). Two values whose tags differ are reported at the tag, and the union as one field with each
  /// value's own live member; their members are not compared.
  ///
  /// A tag value `members` does not map is compared and described as a union with no rule (equal when the
  /// bytes its members cover are, every member's differing fields reported, every member described), or,
  /// with `unknownAsBytes`, reported as one field: the union's bytes (cvalue.h's `unknown_as_bytes`,
  /// `cvalue --unknown-tag bytes`).
  case tagged(by: FieldPath, members: [Int64: String], unknownAsBytes: Bool = false)

  /// ``named(_:)``: `options.unionMembers[".u"] = "text"`.
  public init(stringLiteral name: String) { self = .named(name) }

  /// The rule as written in Swift: `"text"`, `tagged(by: .kind, [1: "text", 2: "number"])`.
  public var description: String {
    switch self {
    case .named(let name): return "\"\(name)\""
    case .tagged(let tag, let members, let unknownAsBytes):
      let map = members.sorted { $0.key < $1.key }.map { "\($0.key): \"\($0.value)\"" }.joined(separator: ", ")
      let unknown = unknownAsBytes ? ", unknown tag: bytes" : ""
      return "tagged(by: \(tag.components.isEmpty ? "." : tag.description), [\(map)]\(unknown))"
    }
  }
}

/// Why a union member rule does not fit a type: what, and the path where.
///
/// ```
/// .u: the union has no member "txt" (members: text, number)
/// ```
package struct UnionMemberError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package enum Reason: Hashable, Sendable {
    /// The path names no field of the type.
    case noSuchField(FieldPath)
    /// The path goes through an array element (`[2]`): a rule applies to every value of a record type,
    /// so register it for the element's record type instead.
    case throughArray(FieldPath)
    /// No union at the path has a member of this name (nor an anonymous member holding a field of it).
    case noSuchMember(String, members: [String])
    /// The path leads to a field that is neither a union nor a record holding an anonymous union.
    case notAUnion
    /// The members of a tagged rule are in different unions.
    case membersInDifferentUnions(String, String)
    /// A tagged rule maps no tag value to a member.
    case noTaggedMembers
    /// The tag is not a field that holds an integer (an integer, enum, `_Bool`, `char` or bitfield up to
    /// 64 bits).
    case tagNotAnInteger(FieldPath, TypeEncoding)
    /// The tag lies inside the union it selects a member of.
    case tagInsideUnion(FieldPath)
    /// The type has no layout with members (a leaf, or a record whose definition is unknown).
    case notARecord(TypeEncoding)
  }

  /// The union's path as given in the rule.
  package let path: FieldPath
  /// What is wrong.
  package let reason: Reason

  /// Creates an error.
  package init(path: FieldPath, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  /// One line: the union's path and what is wrong.
  package var description: String {
    let place = path.components.isEmpty ? "the value" : path.description
    switch reason {
    case .noSuchField(let field):
      return "\(place): no field \(field.components.isEmpty ? "." : field.description)"
    case .throughArray(let field):
      return "\(place): \(field) goes through an array element; a union member rule applies to every value of "
        + "a record type, so register it for the element's record type (ValueRegistry.register(_:unionMember:at:))"
    case .noSuchMember(let name, let members):
      let list = members.isEmpty ? "" : " (members: \(members.joined(separator: ", ")))"
      return "\(place): no union there has a member \"\(name)\", nor an anonymous member holding it\(list)"
    case .notAUnion: return "\(place) is not a union, nor a record holding an anonymous union"
    case .membersInDifferentUnions(let first, let second):
      return "\(place): \"\(first)\" and \"\(second)\" are members of different unions"
    case .noTaggedMembers: return "\(place): a tagged rule needs at least one tag value and its member"
    case .tagNotAnInteger(let tag, let type):
      return "\(place): the tag \(tag) is \(type), not an integer, enum, _Bool or bitfield of up to 64 bits"
    case .tagInsideUnion(let tag):
      return "\(place): the tag \(tag) is inside the union it selects a member of, and not a field all its "
        + "members start with"
    case .notARecord(let type): return "\(type) has no members to hold a union"
    }
  }
}
