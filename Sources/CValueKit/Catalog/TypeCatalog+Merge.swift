extension TypeCatalog {
  /// One entry of a catalog that ``merge(_:)`` found taken here by something else.
  package enum MergedEntry: Hashable, Sendable {
    /// A readable name.
    case name(String)
    /// The definition of a named struct or union.
    case record(String, isUnion: Bool)
    /// The override of a struct or union (`record`, with its members) on an ABI.
    case override(record: TypeEncoding, abi: ABI)
    /// The enumeration of a member of a named struct or union.
    case enumeration(member: String, record: String, isUnion: Bool)
  }

  /// Why ``merge(_:)`` refused: the entry, and the error its own registration would have thrown.
  package struct MergeConflict: Error, Hashable, Sendable {
    /// The entry of the merged catalog.
    package var entry: MergedEntry
    /// What the registration of that entry here throws.
    package var error: CatalogError
  }

  /// Takes every name, record definition, override and enumeration of `other` into this catalog in one
  /// step, under one lock: all of them, or, when one conflicts with what this catalog holds, none.
  ///
  /// The conflicts are those the registrations refuse, with their errors: a name that stands for another
  /// encoding, a record defined differently under its tag, another override for a record on an ABI, another
  /// enumeration for a member. What both hold alike is no conflict, and a definition with member names is
  /// kept over an identical one without, as ``register(record:)`` keeps it. `other` was checked as it was
  /// registered, entry by entry, so nothing else is checked again: this is how a checked scratch catalog
  /// (a catalog file's) is registered without registering everything a second time.
  ///
  /// - Throws: ``MergeConflict`` naming the first entry found taken; nothing changes here then.
  package func merge(_ other: TypeCatalog) throws(MergeConflict) {
    guard other !== self else { return }
    let incoming = other.state.withLock { $0 }
    try state.withLock { (state) throws(MergeConflict) in
      var names = state.names
      var definitions = state.definitions
      var changed = false
      for (name, encoding) in incoming.names {
        if let existing = names[name] {
          guard existing == encoding else {
            throw MergeConflict(entry: .name(name), error: .nameTaken(name, existing: existing, new: encoding))
          }
          continue
        }
        names[name] = encoding
        changed = true
      }
      for (key, record) in incoming.definitions.records {
        do throws(CatalogError) { try Self.insert(record, for: key, into: &definitions.records) } catch {
          // Only named records are kept by their definition: an anonymous one has no tag to take.
          guard case .named(let name, let isUnion) = key else { preconditionFailure("an anonymous definition") }
          throw MergeConflict(entry: .record(name, isUnion: isUnion), error: error)
        }
      }
      changed = changed || definitions.records != state.definitions.records
      for (key, registered) in incoming.definitions.overrides {
        if let existing = definitions.overrides[key] {
          guard existing.override == registered.override, existing.record == registered.record else {
            let reason = LayoutError(
              .invalidOverride("another override is already registered for \(key.record) on \(key.abi)"))
            throw MergeConflict(
              entry: .override(record: key.record.encoding(registered.record), abi: key.abi),
              error: .invalidOverride(reason))
          }
          continue
        }
        definitions.overrides[key] = registered
        changed = true
      }
      for (key, members) in incoming.definitions.enumerations {
        for (member, enumeration) in members {
          if let existing = definitions.enumerations[key]?[member] {
            guard existing == enumeration else {
              // Enumerations are registered for named records only, with their definitions.
              guard case .named(let name, let isUnion) = key, let definition = definitions.records[key] else {
                preconditionFailure("an enumeration of a record with no definition")
              }
              let record = key.encoding(definition)
              throw MergeConflict(
                entry: .enumeration(member: member, record: name, isUnion: isUnion),
                error: .enumerationTaken(member: member, record: record, existing: existing, new: enumeration))
            }
            continue
          }
          definitions.enumerations[key, default: [:]][member] = enumeration
          changed = true
        }
      }
      guard changed else { return }
      state.names = names
      state.definitions = definitions
      state.generation += 1
      publishedGeneration.store(state.generation, ordering: .releasing)
    }
  }

  /// Whether `a` and `b` are the same struct or union as the catalog keys them: a named one by kind and
  /// tag, an anonymous one by its members.
  package static func isSameRecord(_ a: TypeEncoding, _ b: TypeEncoding) -> Bool {
    guard let key = RecordKey(a) else { return false }
    return key == RecordKey(b)
  }
}
