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
      return "\(type) is not a named struct or union with its members"
    case .recordTaken(let name, let existing, let new):
      return "\(name) is already registered as \(existing); refusing to redefine it as \(new)"
    case .invalidOverride(let error):
      return error.description
    case .encoding(let error):
      return error.description
    }
  }
}
