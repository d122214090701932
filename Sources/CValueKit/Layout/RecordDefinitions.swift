/// The definitions of structs and unions named without their members, the layout overrides of records
/// whose encoding cannot show their real layout, and the enumerations of integer members: what a layout
/// needs beyond the encoding, as a value.
///
/// ``TypeCatalog`` keeps them; the layout engine is handed a copy, so that computing a layout reads no
/// shared state.
struct RecordDefinitions: Hashable, Sendable {
  var records: [RecordKey: TypeEncoding.Record] = [:]
  var overrides: [OverrideKey: RegisteredOverride] = [:]
  /// The enumeration of a member, by the record that declares it (``RecordKey/enumerations(of:isUnion:)``)
  /// and the member's name.
  var enumerations: [RecordKey: [String: CEnumeration]] = [:]
  /// The enumeration of a type that is itself an enum, by the readable name it is known by (the typedef
  /// `level_t`, `enum pwr_state`): a value resolved by that name names its constants.
  var typeEnumerations: [String: CEnumeration] = [:]
  /// The ABI the definitions were written for, when they came from a catalog file (whose encodings spell
  /// C's types for its ABI: `long` is `l` on i386, `q` on x86_64); `nil` for definitions that hold on any
  /// ABI (built-ins, registrations in code). Only this ABI's layouts use them.
  var abi: ABI?
}

/// How the catalog keys records: named ones by kind and tag, anonymous ones (overrides only) by identity.
enum RecordKey: Hashable, Sendable, CustomStringConvertible {
  case named(String, isUnion: Bool)
  case anonymous(TypeEncoding)

  /// The key of a record by its C name: `union TAG`, `struct TAG`, or the tag alone for a struct.
  init(cName: String) {
    if cName.hasPrefix("union ") {
      self = .named(String(cName.dropFirst(6)), isUnion: true)
    } else if cName.hasPrefix("struct ") {
      self = .named(String(cName.dropFirst(7)), isUnion: false)
    } else {
      self = .named(cName, isUnion: false)
    }
  }

  init?(_ type: TypeEncoding) {
    switch type.unqualified {
    case .structure(let record):
      self = record.name.map { .named($0, isUnion: false) } ?? .anonymous(.structure(record.identity))
    case .union(let record):
      self = record.name.map { .named($0, isUnion: true) } ?? .anonymous(.union(record.identity))
    default:
      return nil
    }
  }

  /// The key of the record whose members' enumerations are kept: a named record by kind and tag, an
  /// anonymous one (`typedef struct { enum mode mode; } anon_t;`) by its members' names and types, which
  /// is all an encoding holding it says of it.
  static func enumerations(of record: TypeEncoding.Record, isUnion: Bool) -> RecordKey {
    if let name = record.name { return .named(name, isUnion: isUnion) }
    let members = TypeEncoding.Record(
      name: nil, fields: record.fields?.map { TypeEncoding.Field(name: $0.name, type: $0.type.identity) })
    return .anonymous(isUnion ? .union(members) : .structure(members))
  }

  func encoding(_ record: TypeEncoding.Record) -> TypeEncoding {
    if case .named(_, true) = self { return .union(record) }
    if case .anonymous(.union) = self { return .union(record) }
    return .structure(record)
  }

  var description: String {
    switch self {
    case .named(let name, let isUnion): return "\(isUnion ? "union" : "struct") \(name)"
    case .anonymous(let type): return "\(type)"
    }
  }
}

/// Overrides describe one ABI's layout, so they are registered per ABI.
struct OverrideKey: Hashable, Sendable {
  var record: RecordKey
  var abi: ABI
}

struct RegisteredOverride: Hashable, Sendable {
  var override: LayoutOverride
  var record: TypeEncoding.Record
}
