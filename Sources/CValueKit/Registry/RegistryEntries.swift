/// The registered entries, keyed by type identity, with the lookup rules of the registry.
struct RegistryEntries: Sendable {
  /// Entries by ``TypeEncoding/identity``.
  private(set) var byIdentity: [TypeEncoding: RegisteredEntry] = [:]
  /// For each record tag with a registration, the identity it was registered under, so that `{Name}`
  /// finds the entry registered for `{Name=…}` and the other way round.
  private var byRecordName: [RecordKey: TypeEncoding] = [:]
  /// Whether the built-in leaf and `CGPoint`/`CGSize`/`CGRect` entries apply.
  let includesBuiltins: Bool

  init(includesBuiltins: Bool) { self.includesBuiltins = includesBuiltins }

  /// Adds `compare` and `describe` for `type`, keeping the part of an earlier registration that is not
  /// replaced.
  /// `comparatorFunction` names the C function behind `compare`, if there is one, and gives its direct form.
  mutating func register(
    _ type: TypeEncoding, compare: RawComparator?, describe: RawDescriber?,
    comparatorFunction: (name: String, direct: DirectComparator)? = nil
  ) {
    let key = type.identity
    var entry = byIdentity[key] ?? RegisteredEntry(type: type, compare: nil, describe: nil)
    entry.type = type
    if let compare {
      entry.compare = compare
      entry.comparatorFunction = comparatorFunction?.name
      entry.directComparator = comparatorFunction?.direct
    }
    if let describe { entry.describe = describe }
    byIdentity[key] = entry
    if let name = Self.recordKey(of: key) { byRecordName[name] = key }
  }

  /// Removes the entry for `type`; returns whether there was one.
  mutating func unregister(_ type: TypeEncoding) -> Bool {
    let key = type.identity
    guard byIdentity.removeValue(forKey: key) != nil else { return false }
    if let name = Self.recordKey(of: key), byRecordName[name] == key { byRecordName[name] = nil }
    return true
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
    return EntryLookup(
      includesBuiltins: includesBuiltins, entry: { entries.entry(for: $0) },
      isBuiltinRecord: { entries.isBuiltinRecord($0) })
  }
}
