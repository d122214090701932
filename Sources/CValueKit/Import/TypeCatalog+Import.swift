extension TypeCatalog {
  /// Registers imported types, all or nothing: every named record's definition, every override for the
  /// types' ABI, every typedef name, every member's enumeration.
  ///
  /// Everything is first registered into an empty catalog, through the catalog's own registrations and
  /// their checks, and each record laid out there, so that an entry the catalog refuses, or a record that
  /// does not lay out as the size and alignment its source states, is found before anything changes here;
  /// then that catalog is taken into this one in one step, refused as a whole when an entry conflicts with
  /// what this catalog holds. Of several such entries, the error names the one registered first: records'
  /// definitions, then their overrides, typedefs, enumerations, each in the order of their lists.
  /// Registering what the catalog already holds alike is no conflict.
  ///
  /// ```swift
  /// let imported = try TypeCatalog(includingBuiltins: false).importHeaders(["netinet/tcp.h"])  // CValueHeaders
  /// let catalog = TypeCatalog()
  /// try catalog.register(imported)
  /// try catalog.layout(of: "{tcphdr}", abi: imported.abi).size   // 20
  /// ```
  ///
  /// - Parameter imported: The types, as a header import, a catalog file or another source made them.
  /// - Throws: ``CatalogError`` naming the entry refused (``CatalogError/recordTaken(_:existing:new:)``,
  ///   ``CatalogError/nameTaken(_:existing:new:)``, ``CatalogError/enumerationTaken(member:record:existing:new:)``,
  ///   ``CatalogError/invalidOverride(_:)``, ``CatalogError/layoutMismatch(record:stated:computed:)``, …);
  ///   nothing is registered then.
  public func register(_ imported: ImportedTypes) throws(CatalogError) {
    do throws(ImportRefusal) {
      try register(checking: imported)
    } catch {
      throw error.error
    }
  }

  /// Why ``register(checking:)`` refused imported types: the entry, by its place in the value's lists, and
  /// what the catalog said.
  package struct ImportRefusal: Error, Hashable, Sendable {
    /// An entry of imported types, by its index in the list it is in.
    package enum Entry: Hashable, Sendable {
      /// The definition of `records[index]`.
      case record(Int)
      /// The override of `records[index]`.
      case override(Int)
      /// `typedefs[index]`.
      case typedef(Int)
      /// `enumerations[index]`.
      case enumeration(Int)
    }

    /// The entry refused, or `nil` when no entry of the value is the one (a conflict with no place).
    package var entry: Entry?
    /// What the catalog said.
    package var error: CatalogError
  }

  /// ``register(_:)``, saying which entry was refused. With `definitionsOnlyForItsABI` (a catalog file's
  /// types), the catalog's definitions are marked as written for the types' ABI, so that a layout for another
  /// ABI refuses them instead of laying another machine's encodings out with its rules.
  package func register(checking imported: ImportedTypes, definitionsOnlyForItsABI: Bool = false)
    throws(ImportRefusal)
  {
    let scratch = TypeCatalog(includingBuiltins: false)
    if definitionsOnlyForItsABI { scratch.writeDefinitions(for: imported.abi) }
    // Tables sized once for the entries (a record's encoding may define nested ones too).
    scratch.reserveCapacity(
      names: imported.typedefs.count, records: imported.records.count,
      enumeratedRecords: imported.enumerations.count)
    try scratch.registerEntries(of: imported)
    for (index, record) in imported.records.enumerated() {
      func mismatch(_ computed: String) -> ImportRefusal {
        ImportRefusal(
          entry: .record(index),
          error: .layoutMismatch(
            record: record.name, stated: "size \(record.size), alignment \(record.alignment)", computed: computed))
      }
      let layout: CLayout
      do throws(LayoutError) {
        layout = try scratch.layout(of: record.encoding, abi: imported.abi)
      } catch {
        throw mismatch("no layout (\(error))")
      }
      guard layout.size == record.size, layout.alignment == record.alignment else {
        throw mismatch("size \(layout.size), alignment \(layout.alignment)")
      }
    }
    // The scratch catalog holds exactly the imported types, checked: taking it in one step is registering
    // them here, all of them or (a conflict with what is here) none.
    do throws(MergeConflict) {
      try merge(scratch)
    } catch {
      // Named as registering the entries here one by one would meet them: the first in list order.
      let refusals = error.refusals.map {
        ImportRefusal(entry: Self.entry(of: $0.entry, in: imported), error: $0.error)
      }
      throw refusals.min { Self.order($0.entry) < Self.order($1.entry) }
        ?? ImportRefusal(entry: nil, error: error.error)
    }
  }

  /// Registers the entries in the order an import does: definitions, overrides, names, enumerations.
  private func registerEntries(of imported: ImportedTypes) throws(ImportRefusal) {
    var entry = ImportRefusal.Entry.record(0)
    do throws(CatalogError) {
      for (index, record) in imported.records.enumerated() where record.encoding.record?.name != nil {
        entry = .record(index)
        try register(record: record.encoding)
      }
      for (index, record) in imported.records.enumerated() {
        guard let override = record.override else { continue }
        entry = .override(index)
        try register(record.encoding, override: override, abi: imported.abi)
      }
      for (index, typedef) in imported.typedefs.enumerated() {
        entry = .typedef(index)
        try register(typedef.encoding, name: typedef.name)
      }
      for (index, item) in imported.enumerations.enumerated() {
        entry = .enumeration(index)
        // `struct link` as C names it, which the catalog reads once the records are registered.
        try register(item.enumeration, member: item.member, ofRecordNamed: item.record)
      }
    } catch {
      throw ImportRefusal(entry: entry, error: error)
    }
  }

  /// Where an entry sorts: by kind in the order they are registered, then by index; no entry last.
  private static func order(_ entry: ImportRefusal.Entry?) -> (kind: Int, index: Int) {
    switch entry {
    case .record(let index): (0, index)
    case .override(let index): (1, index)
    case .typedef(let index): (2, index)
    case .enumeration(let index): (3, index)
    case nil: (4, 0)
    }
  }

  /// The entry of `imported` that `entry` of its scratch catalog came from.
  private static func entry(of entry: MergedEntry, in imported: ImportedTypes) -> ImportRefusal.Entry? {
    switch entry {
    case .record(let name, let isUnion):
      return imported.records.firstIndex { record in
        record.encoding.namedDefinitions.contains { $0.name == name && $0.isUnion == isUnion }
      }.map(ImportRefusal.Entry.record)
    case .override(let record, _):
      return imported.records.firstIndex { $0.override != nil && isSameRecord($0.encoding, record) }
        .map(ImportRefusal.Entry.override)
    case .name(let name):
      return imported.typedefs.firstIndex { $0.name == name }.map(ImportRefusal.Entry.typedef)
    case .enumeration(let member, let record, let isUnion):
      let name = "\(isUnion ? "union" : "struct") \(record)"
      return imported.enumerations.firstIndex { $0.member == member && $0.record == name }
        .map(ImportRefusal.Entry.enumeration)
    }
  }
}
