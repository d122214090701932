extension ValueRegistry {
  /// Registers fields of a record type that are never compared, for every value of that type: alone or
  /// nested in another value, in an array. They are not counted, and reports list them as ignored.
  ///
  /// ```swift
  /// try registry.register("struct stat", ignoring: [".st_atim"])
  /// try registry.register("struct cv_log", ignoring: [".rows[*].stamp", ".sequence"])
  /// ```
  ///
  /// Paths are read as ``ComparisonOptions/ignoredPaths`` reads them (`[*]` for every element of an array,
  /// anonymous members as C reaches them). ``ComparisonOptions/ignoredPaths`` add to these for one call, a
  /// path registered for an enclosing record applies over a comparer registered for a record inside it,
  /// and ``unregister(_:)`` removes them with the type's other registrations.
  ///
  /// - Parameters:
  ///   - type: The record type: an encoding, a name the catalog knows (`struct stat`, a typedef), or a
  ///     ``TypeEncoding``.
  ///   - paths: The fields, by their paths from the record.
  /// - Throws: ``ValueError/encoding(_:)`` when the type does not parse, ``ValueError/layoutUnknown(_:_:)``
  ///   when it cannot be laid out, ``ValueError/unknownFieldPath(_:in:)`` for a path that names no field,
  ///   and ``ValueError/pathThroughElement(_:in:)`` for one that names one element of an array.
  public func register(_ type: some TypeEncodingConvertible, ignoring paths: [FieldPath]) throws(ValueError) {
    let type = try parse(type)
    let rules = try fieldOptionRules(of: type)
    for path in paths { _ = try rules.applying(.ignored, at: path.components[...], whole: path, in: type) }
    changeEntries { entries in
      for path in paths { entries.register(.ignored, at: path, of: type) }
    }
  }

  /// Registers a comparer for one field of a record type, for every value of that type: alone or nested
  /// in another value, in an array.
  ///
  /// ```swift
  /// try registry.register("struct cv_packet", comparer: .cString, at: ".name")
  /// try registry.register(
  ///   "struct cv_packet", comparer: FieldComparer(UInt32.self) { $0 >> 16 == $1 >> 16 }, at: ".checksum")
  /// ```
  ///
  /// A comparer in ``ComparisonOptions/fieldComparers`` replaces this one for one call, one registered for
  /// an enclosing record replaces one registered for a record inside it, an ignored path wins over a
  /// comparer, and ``unregister(_:)`` removes it with the type's other registrations.
  ///
  /// - Parameters:
  ///   - type: The record type: an encoding, a name the catalog knows, or a ``TypeEncoding``.
  ///   - comparer: How the field is compared.
  ///   - path: The field, by its path from the record (`[*]` for every element of an array).
  /// - Throws: ``ValueError/encoding(_:)`` when the type does not parse, ``ValueError/layoutUnknown(_:_:)``
  ///   when it cannot be laid out, ``ValueError/unknownFieldPath(_:in:)`` for a path that names no field,
  ///   ``ValueError/pathThroughElement(_:in:)`` for one that names one element of an array, and
  ///   ``ValueError/comparerDoesNotFit(_:comparer:field:in:)`` when the comparer cannot compare the field.
  public func register(
    _ type: some TypeEncodingConvertible, comparer: FieldComparer, at path: FieldPath
  ) throws(ValueError) {
    let type = try parse(type)
    _ = try fieldOptionRules(of: type).applying(.comparer(comparer), at: path.components[...], whole: path, in: type)
    changeEntries { $0.register(.comparer(comparer), at: path, of: type) }
  }

  /// The rules of a record type as the registry compiles them now, to check a field option against.
  private func fieldOptionRules(of type: TypeEncoding) throws(ValueError) -> RuleNode {
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    return RuleNode.build(layout.root, abi: layout.abi, entries: entryLookup)
  }
}
