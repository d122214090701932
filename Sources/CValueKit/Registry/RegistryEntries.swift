/// The registered entries, keyed by type identity, with the lookup rules of the registry.
struct RegistryEntries: Sendable {
  /// Entries by ``TypeEncoding/identity``.
  private(set) var byIdentity: [TypeEncoding: RegisteredEntry] = [:]
  /// For each record tag with a registration, the identity it was registered under, so that `{Name}`
  /// finds the entry registered for `{Name=…}` and the other way round.
  private var byRecordName: [RecordKey: TypeEncoding] = [:]
  /// Union member rules by the record type's identity, each by the union's path from the record.
  private(set) var unionMemberRules: [TypeEncoding: [FieldPath: UnionMember]] = [:]
  /// For each record tag with union member rules, the identity they were registered under.
  private var unionMembersByRecordName: [RecordKey: TypeEncoding] = [:]
  /// Ignored paths and field comparers by the record type's identity, each by the field's path.
  private(set) var fieldOptionRules: [TypeEncoding: [FieldPath: FieldOption]] = [:]
  /// For each record tag with ignored paths or field comparers, the identity they were registered under.
  private var fieldOptionsByRecordName: [RecordKey: TypeEncoding] = [:]
  /// Whether the built-in leaf and `CGPoint`/`CGSize`/`CGRect` entries apply.
  let includesBuiltins: Bool

  init(includesBuiltins: Bool) { self.includesBuiltins = includesBuiltins }

  /// Adds `compare` and `describe` for `type`, keeping the part of an earlier registration that is not
  /// replaced.
  /// `comparatorFunction` names the C function behind `compare`, if there is one, and gives its direct form.
  mutating func register(
    _ type: TypeEncoding, compare: RawComparator?, describe: RawDescriber?,
    comparatorFunction: (name: String, direct: DirectComparator)? = nil,
    firstDifference: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int?)? = nil,
    inside: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> [Mismatch]?)? = nil
  ) {
    let key = type.identity
    var entry = byIdentity[key] ?? RegisteredEntry(type: type, compare: nil, describe: nil)
    entry.type = type
    if let compare {
      entry.compare = compare
      entry.comparatorFunction = comparatorFunction?.name
      entry.directComparator = comparatorFunction?.direct
      entry.firstDifference = firstDifference
      entry.inside = inside
    }
    if let describe { entry.describe = describe }
    byIdentity[key] = entry
    if let name = Self.recordKey(of: key) { byRecordName[name] = key }
  }

  /// Sets the live member rule for the union at `path` in the record `type`, replacing an earlier rule for
  /// the same union.
  mutating func register(_ member: UnionMember, forUnionAt path: FieldPath, of type: TypeEncoding) {
    let key = type.identity
    unionMemberRules[key, default: [:]][path] = member
    if let name = Self.recordKey(of: key) { unionMembersByRecordName[name] = key }
  }

  /// Sets what the field at `path` of the record `type` does, replacing an earlier option for it.
  mutating func register(_ option: FieldOption, at path: FieldPath, of type: TypeEncoding) {
    let key = type.identity
    fieldOptionRules[key, default: [:]][path] = option
    if let name = Self.recordKey(of: key) { fieldOptionsByRecordName[name] = key }
  }

  /// The ignored paths and field comparers for a record of `type`, found as ``unionMembers(for:)`` finds
  /// union member rules; comparers first, then ignored paths, each in the order of their paths.
  func fieldOptions(for type: TypeEncoding) -> [(path: FieldPath, option: FieldOption)] {
    guard !fieldOptionRules.isEmpty else { return [] }
    let key = type.identity
    var rules = fieldOptionRules[key]
    if rules == nil, let name = Self.recordKey(of: key), let registered = fieldOptionsByRecordName[name],
      key.record?.fields == nil || registered.record?.fields == nil
    {
      rules = fieldOptionRules[registered]
    }
    let sorted = (rules ?? [:]).sorted { $0.key.description < $1.key.description }.map { ($0.key, $0.value) }
    return sorted.filter { if case .comparer = $0.1 { true } else { false } }
      + sorted.filter { if case .ignored = $0.1 { true } else { false } }
  }

  /// Removes the entry and the union member rules for `type`; returns whether there were any.
  mutating func unregister(_ type: TypeEncoding) -> Bool {
    let key = type.identity
    let name = Self.recordKey(of: key)
    var removed = false
    if fieldOptionRules.removeValue(forKey: key) != nil {
      removed = true
      if let name, fieldOptionsByRecordName[name] == key { fieldOptionsByRecordName[name] = nil }
    }
    if unionMemberRules.removeValue(forKey: key) != nil {
      removed = true
      if let name, unionMembersByRecordName[name] == key { unionMembersByRecordName[name] = nil }
    }
    guard byIdentity.removeValue(forKey: key) != nil else { return removed }
    if let name, byRecordName[name] == key { byRecordName[name] = nil }
    return true
  }

  /// The union member rules for a record of `type`: those registered for its identity, else, for a record
  /// written by name alone (or registered by name alone), those registered under the same tag.
  func unionMembers(for type: TypeEncoding) -> [(path: FieldPath, member: UnionMember)] {
    guard !unionMemberRules.isEmpty else { return [] }
    let key = type.identity
    var rules = unionMemberRules[key]
    if rules == nil, let name = Self.recordKey(of: key), let registered = unionMembersByRecordName[name],
      key.record?.fields == nil || registered.record?.fields == nil
    {
      rules = unionMemberRules[registered]
    }
    return (rules ?? [:]).sorted { $0.key.description < $1.key.description }.map { ($0.key, $0.value) }
  }

  /// The entry that applies to a value of `type`: the one registered for its identity, else, for a record
  /// written by name alone (or registered by name alone), the one registered under the same tag.
  func entry(for type: TypeEncoding) -> RegisteredEntry? {
    guard !byIdentity.isEmpty else { return nil }
    let key = type.identity
    if let entry = byIdentity[key] { return entry }
    guard let name = Self.recordKey(of: key), let registered = byRecordName[name], let record = key.record else {
      return nil
    }
    if record.fields == nil || registered.record?.fields == nil { return byIdentity[registered] }
    return nil
  }

  /// Whether a built-in entry names the type: `CGPoint`, `CGSize` or `CGRect` as the catalog defines them.
  func isBuiltinRecord(_ type: TypeEncoding) -> Bool {
    guard includesBuiltins, case .structure(let record) = type.identity else { return false }
    if record.fields == nil { return record.name.map(Self.builtinRecordNames.contains) ?? false }
    return Self.builtinRecords.contains(type.identity)
  }

  private static let builtinRecordNames: Set<String> = ["CGPoint", "CGSize", "CGRect"]

  private static let builtinRecords: Set<TypeEncoding> = Set(
    TypeCatalog.builtinRecords.filter { $0.record?.name.map(builtinRecordNames.contains) ?? false }.map(\.identity))

  private static func recordKey(of type: TypeEncoding) -> RecordKey? {
    switch type {
    case .structure(let record): return record.name.map { .named($0, isUnion: false) }
    case .union(let record): return record.name.map { .named($0, isUnion: true) }
    default: return nil
    }
  }
}

extension RegistryEntries {
  /// The lookup a plan compiled now uses: a snapshot of these entries.
  var lookup: EntryLookup {
    let entries = self
    var unionMembers: (@Sendable (TypeEncoding) -> [(path: FieldPath, member: UnionMember)])?
    if !unionMemberRules.isEmpty { unionMembers = { entries.unionMembers(for: $0) } }
    var fieldOptions: (@Sendable (TypeEncoding) -> [(path: FieldPath, option: FieldOption)])?
    if !fieldOptionRules.isEmpty { fieldOptions = { entries.fieldOptions(for: $0) } }
    return EntryLookup(
      includesBuiltins: includesBuiltins, entry: { entries.entry(for: $0) },
      isBuiltinRecord: { entries.isBuiltinRecord($0) }, unionMembers: unionMembers, fieldOptions: fieldOptions)
  }
}
