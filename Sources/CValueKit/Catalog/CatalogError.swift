/// Why a registration in a ``TypeCatalog`` was refused. Nothing already registered is changed.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name is not an identifier, or it parses as an encoding (such as `d` or `Ai`).
  case invalidName(String, isEncoding: Bool)
  /// The name already stands for a different encoding.
  case nameTaken(String, existing: TypeEncoding, new: TypeEncoding)
  /// A record definition must be a named struct or union with its members.
  case notANamedRecordDefinition(TypeEncoding)
  /// A different definition is already registered for this struct or union.
  case recordTaken(String, existing: TypeEncoding, new: TypeEncoding)
  /// A layout override that does not fit the record's members, or a second override for the same record.
  case invalidOverride(LayoutError)
  /// The type to register was given as text that does not parse.
  case encoding(EncodingError)
  /// An enumeration constant's name is not a C identifier.
  case invalidConstantName(String, enumeration: CEnumeration)
  /// An enumeration declares a constant name twice.
  case duplicateConstant(String, enumeration: CEnumeration)
  /// The record named for an enumeration has no member of that name.
  case noSuchMember(String, record: TypeEncoding)
  /// The member named for an enumeration is not an integer, an integer bitfield or an array of integers.
  case notAnIntegerMember(String, record: TypeEncoding, type: TypeEncoding)
  /// A constant's value is outside the range of the member's integer type.
  case constantDoesNotFit(name: String, value: Int64, member: String, record: TypeEncoding, type: TypeEncoding)
  /// A different enumeration is already registered for the member.
  case enumerationTaken(member: String, record: TypeEncoding, existing: CEnumeration, new: CEnumeration)
  /// An imported record does not lay out, with the definitions and overrides it came with, as the size and
  /// alignment its source states (`stated` and `computed` read `size 12, alignment 4`).
  case layoutMismatch(record: String, stated: String, computed: String)

  /// A sentence naming what was refused and why.
  public var description: String {
    switch self {
    case .invalidName(let name, true):
      return "\"\(name)\" cannot be a type name: it is already a valid encoding"
    case .invalidName(let name, false):
      return "\"\(name)\" cannot be a type name: use letters, digits and _, starting with a letter or _"
    case .nameTaken(let name, let existing, let new):
      return "the name \"\(name)\" already stands for \(existing); refusing to make it \(new)"
    case .notANamedRecordDefinition(let type):
      return "\(type.errorSpelling) is not a named struct or union with its members"
    case .recordTaken(let name, let existing, let new):
      return "\(name) is already registered as \(existing); refusing to redefine it as \(new)"
    case .invalidOverride(let error):
      return error.description
    case .encoding(let error):
      return error.description
    case .invalidConstantName(let name, let enumeration):
      return "\"\(name)\" cannot be a constant of \(enumeration.displayName): use letters, digits and _, "
        + "starting with a letter or _"
    case .duplicateConstant(let name, let enumeration):
      return "\(enumeration.displayName) declares the constant \(name) more than once"
    case .noSuchMember(let name, let record):
      return "\(Self.recordName(record)) has no member named \"\(name)\""
    case .notAnIntegerMember(let name, let record, let type):
      return ".\(name) of \(Self.recordName(record)) is \(type.cTypeName) (\(type)), not an integer, an integer "
        + "bitfield or an array of integers: an enumeration cannot describe it"
    case .constantDoesNotFit(let name, let value, let member, let record, let type):
      return "\(name) = \(value) does not fit in .\(member) of \(Self.recordName(record)), "
        + "which is \(type.cTypeName) (\(type))"
    case .enumerationTaken(let member, let record, let existing, let new):
      return ".\(member) of \(Self.recordName(record)) already has \(existing); refusing to replace it with \(new)"
    case .layoutMismatch(let record, let stated, let computed):
      return "\(record) lays out as \(computed), but its source says \(stated)"
    }
  }

  /// `struct msg` or `union value`, as messages name a record.
  private static func recordName(_ record: TypeEncoding) -> String {
    let kind = if case .union = record.unqualified { "union" } else { "struct" }
    return "\(kind) \(record.record?.name ?? "?")"
  }
}
