extension TypeCatalog {
  /// One entry of a catalog that ``merge(_:)`` found taken here by something else.
  package enum MergedEntry: Hashable, Sendable {
    /// A readable name.
    case name(String)
    /// The definition of a named struct or union.
    case record(String, isUnion: Bool)
    /// The override of a struct or union (`record`, with its members) on an ABI.
    case override(record: TypeEncoding, abi: ABI)
    /// The enumeration of a member of a struct or union: a named one by its tag, an anonymous one as an
    /// error names it (`an anonymous struct with .mode`).
    case enumeration(member: String, record: String, isUnion: Bool)

    /// Where the entry sorts among the refusals of one merge: by kind in the order an import registers
    /// them (definitions, overrides, names, enumerations), then by its text.
    fileprivate var order: (kind: Int, text: String) {
      switch self {
      case .record(let name, let isUnion): (0, "\(name) \(isUnion)")
      case .override(let record, let abi): (1, "\(record) \(abi.name)")
      case .name(let name): (2, name)
      case .enumeration(let member, let record, let isUnion): (3, "\(record) \(isUnion) \(member)")
      }
    }
  }

  /// Why ``merge(_:)`` refused: every entry of the other catalog that this one holds differently, each with
  /// the error its own registration here would have thrown.
  package struct MergeConflict: Error, Hashable, Sendable {
    /// One entry refused, and what its registration here throws.
    package struct Refusal: Hashable, Sendable {
      /// The entry of the merged catalog.
      package var entry: MergedEntry
      /// What the registration of that entry here throws.
      package var error: CatalogError
    }

    /// Every refused entry, at least one, in a fixed order: by kind as an import registers them
    /// (definitions, overrides, names, enumerations), then by tag, name or member.
    package var refusals: [Refusal]

    /// The first refused entry.
    package var entry: MergedEntry { refusals[0].entry }
    /// What the registration of the first refused entry here throws.
    package var error: CatalogError { refusals[0].error }
  }

  /// Takes every name, record definition, override and enumeration of `other` into this catalog in one
  /// step, under one lock: all of them, or, when one conflicts with what this catalog holds, none.
  ///
  /// The conflicts are those the registrations refuse, with their errors: a name that stands for another
  /// encoding, a record defined differently under its tag, another override for a record on an ABI, another
  /// enumeration for a member. What both hold alike is no conflict, and a definition with member names is
  /// kept over an identical one without, as ``register(record:)`` keeps it. `other` was checked as it was
  /// registered, entry by entry, so nothing else is checked again: this is how a checked scratch catalog
  /// (imported types') is registered without registering everything a second time.
  ///
  /// - Throws: ``MergeConflict`` naming every entry found taken, in a fixed order; nothing changes here
  ///   then.
  package func merge(_ other: TypeCatalog) throws(MergeConflict) {
    guard other !== self else { return }
    let incoming = other.state.withLock { $0 }
    try state.withLock { (state) throws(MergeConflict) in
      var refusals: [MergeConflict.Refusal] = []
      var changed = false
      var names = state.names
      Self.merge(incoming.names, into: &names, changed: &changed) { name, existing, new in
        refusals.append(.init(entry: .name(name), error: .nameTaken(name, existing: existing, new: new)))
      }
      var definitions = state.definitions
      // The ABI the other catalog's definitions were written for becomes this one's (its loader refuses a
      // catalog file for another ABI than the one this catalog already holds types for).
      if let abi = incoming.definitions.abi, definitions.abi == nil {
        definitions.abi = abi
        changed = true
      }
      if definitions.records.isEmpty {
        // Nothing to conflict with, or to keep: the other catalog's definitions as they are.
        definitions.records = incoming.definitions.records
        changed = changed || !incoming.definitions.records.isEmpty
      } else {
        for (key, record) in incoming.definitions.records {
          do throws(CatalogError) {
            changed = try Self.insert(record, for: key, into: &definitions.records) || changed
          } catch {
            // Only named records are kept by their definition: an anonymous one has no tag to take.
            guard case .named(let name, let isUnion) = key else { preconditionFailure("an anonymous definition") }
            refusals.append(.init(entry: .record(name, isUnion: isUnion), error: error))
          }
        }
      }
      Self.merge(incoming.definitions.overrides, into: &definitions.overrides, changed: &changed) {
        key, _, new in
        let reason = LayoutError(
          .invalidOverride("another override is already registered for \(key.record) on \(key.abi)"))
        refusals.append(
          .init(
            entry: .override(record: key.record.encoding(new.record), abi: key.abi), error: .invalidOverride(reason)))
      }
      for (key, members) in incoming.definitions.enumerations {
        var merged = definitions.enumerations[key] ?? [:]
        Self.merge(members, into: &merged, changed: &changed) { member, existing, new in
          // A named record's enumerations are registered with its definition; an anonymous one is its key.
          switch key {
          case .named(let name, let isUnion):
            guard let definition = definitions.records[key] else {
              preconditionFailure("an enumeration of a record with no definition")
            }
            let error = CatalogError.enumerationTaken(
              member: member, record: key.encoding(definition), existing: existing, new: new)
            refusals.append(.init(entry: .enumeration(member: member, record: name, isUnion: isUnion), error: error))
          case .anonymous(let record):
            let error = CatalogError.enumerationTaken(member: member, record: record, existing: existing, new: new)
            let isUnion = if case .union = record { true } else { false }
            refusals.append(
              .init(
                entry: .enumeration(member: member, record: record.errorName, isUnion: isUnion), error: error))
          }
        }
        definitions.enumerations[key] = merged
      }
      Self.merge(incoming.definitions.typeEnumerations, into: &definitions.typeEnumerations, changed: &changed) {
        name, existing, new in
        let type = names[name] ?? .scalar(.int)
        let error = CatalogError.enumerationTaken(member: "", record: type, existing: existing, new: new)
        refusals.append(.init(entry: .enumeration(member: "", record: name, isUnion: false), error: error))
      }
      guard refusals.isEmpty else {
        throw MergeConflict(refusals: refusals.sorted { $0.entry.order < $1.entry.order })
      }
      guard changed else { return }
      state.names = names
      state.definitions = definitions
      state.generation += 1
      publishedGeneration.store(state.generation, ordering: .releasing)
    }
  }

  /// Makes room for `names` readable names, `records` record definitions and the enumerations of
  /// `enumeratedRecords` records, so that registering that many (imported types' entries, into the scratch
  /// catalog that checks them) does not grow and rehash the tables as it goes.
  package func reserveCapacity(names: Int, records: Int, enumeratedRecords: Int) {
    state.withLock { state in
      state.names.reserveCapacity(state.names.count + names)
      state.definitions.records.reserveCapacity(state.definitions.records.count + records)
      state.definitions.enumerations.reserveCapacity(state.definitions.enumerations.count + enumeratedRecords)
    }
  }

  /// Adds `incoming`'s entries to `target` (all of them at once when `target` is empty), setting `changed`
  /// when one is new; an entry `target` holds with a different value is left as it is and handed to
  /// `conflict` (key, the value held, the value offered), which decides whether that is a refusal.
  private static func merge<Key: Hashable, Value: Equatable>(
    _ incoming: [Key: Value], into target: inout [Key: Value], changed: inout Bool,
    conflict: (Key, Value, Value) -> Void
  ) {
    guard !target.isEmpty else {
      target = incoming
      changed = changed || !incoming.isEmpty
      return
    }
    for (key, value) in incoming {
      if let existing = target[key] {
        if existing != value { conflict(key, existing, value) }
        continue
      }
      target[key] = value
      changed = true
    }
  }

  /// Whether `a` and `b` are the same struct or union as the catalog keys them: a named one by kind and
  /// tag, an anonymous one by its members.
  package static func isSameRecord(_ a: TypeEncoding, _ b: TypeEncoding) -> Bool {
    guard let key = RecordKey(a) else { return false }
    return key == RecordKey(b)
  }
}
