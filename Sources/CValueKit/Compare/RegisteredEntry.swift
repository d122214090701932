/// What the caller registered for one type.
struct RegisteredEntry: Sendable {
  /// The type as registered (its identity is the key).
  var type: TypeEncoding
  var compare: RawComparator?
  var describe: RawDescriber?
  /// The C function behind `compare`, when one was registered.
  var comparatorFunction: String?
  /// The same C function in the form a handle calls directly, skipping `compare`'s closure.
  var directComparator: DirectComparator?
  /// Where two values `compare` finds different first differ (a string's char, a vector's element), for
  /// the report's `(first difference at [3])`.
  var firstDifference: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int?)?
  /// The mismatches inside two values `compare` finds different, with paths from the value (`[3].x` for a
  /// vector's element): listed in its place, or `nil` to list the value as one field.
  var inside: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> [Mismatch]?)?

  /// How a comparison by this entry is reported.
  var strategy: Comparison.Strategy {
    comparatorFunction.map { .cFunction(name: $0, type: type) } ?? .registered(type)
  }
}

/// What a plan knows of the registrations: a lookup handed to it when it is compiled, never the registry's
/// storage, so that the plan depends on what is registered and not on how the registry keeps it.
struct EntryLookup: Sendable {
  /// Whether the built-in leaf and `CGPoint`/`CGSize`/`CGRect` entries apply.
  let includesBuiltins: Bool
  private let find: @Sendable (TypeEncoding) -> RegisteredEntry?
  private let builtinRecord: @Sendable (TypeEncoding) -> Bool
  private let findUnionMembers: (@Sendable (TypeEncoding) -> [(path: FieldPath, member: UnionMember)])?
  private let findFieldOptions: (@Sendable (TypeEncoding) -> [(path: FieldPath, option: FieldOption)])?

  init(
    includesBuiltins: Bool, entry: @escaping @Sendable (TypeEncoding) -> RegisteredEntry?,
    isBuiltinRecord: @escaping @Sendable (TypeEncoding) -> Bool,
    unionMembers: (@Sendable (TypeEncoding) -> [(path: FieldPath, member: UnionMember)])? = nil,
    fieldOptions: (@Sendable (TypeEncoding) -> [(path: FieldPath, option: FieldOption)])? = nil
  ) {
    self.findFieldOptions = fieldOptions
    self.includesBuiltins = includesBuiltins
    self.find = entry
    self.builtinRecord = isBuiltinRecord
    self.findUnionMembers = unionMembers
  }

  /// The union member rules registered for a record type, by the union's path from the record, in the
  /// order of their paths.
  func unionMembers(for type: TypeEncoding) -> [(path: FieldPath, member: UnionMember)] {
    findUnionMembers?(type) ?? []
  }

  /// The ignored paths and field comparers registered for a record type, comparers first.
  func fieldOptions(for type: TypeEncoding) -> [(path: FieldPath, option: FieldOption)] {
    findFieldOptions?(type) ?? []
  }

  /// The entry that applies to a value of `type`, if any.
  func entry(for type: TypeEncoding) -> RegisteredEntry? { find(type) }

  /// Whether a built-in entry names the type: `CGPoint`, `CGSize` or `CGRect` as the catalog defines them.
  func isBuiltinRecord(_ type: TypeEncoding) -> Bool { builtinRecord(type) }
}
