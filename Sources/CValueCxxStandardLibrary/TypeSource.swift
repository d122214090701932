public import CValueKit

/// Imports more types from the source an import came from, into a catalog: the types a container holds that
/// the import did not reach (a vector's element, through a pointer; a node record; a variant's alternatives),
/// by the names the container's own name gives them. `nil` when the source cannot give them.
///
/// ```swift
/// let more: ImportMore = { types, origin, catalog in
///   origin.inputs.first.flatMap { try? catalog.importDebugInfo(of: $0, types: types) }   // CValueDebugInfo
/// }
/// ```
///
/// - Parameters:
///   - types: The names, as C and C++ name them (`geo::point`, `std::__cxx11::basic_string<char, …>`).
///   - origin: Where the import that holds the container came from.
///   - catalog: The catalog to register them in, the registry's.
public typealias ImportMore =
  @Sendable (_ types: [String], _ origin: ImportedTypes.Origin, _ catalog: TypeCatalog) -> ImportedTypes?

/// A source of the running program's C and C++ types for the C++ standard library's containers: how the types
/// asked for are imported, how more are imported for the containers among them (``ImportMore``), and the
/// source's own error for a container that cannot be compared by what it holds. Debug info is one
/// (`TypeSource.runningProgram` in CValueDebugInfo); a C++ header import or a Mach-O reader can be another.
///
/// ```swift
/// // A source of your own: its types read by `read(_:into:)`, its error `ReadError`.
/// let source = TypeSource<ReadError>(
///   importing: { types, catalog throws(ReadError) in [try read(types, into: catalog)] },
///   importingMore: { types, _, catalog in try? read(types, into: catalog) },
///   refusing: { ReadError(message: "\($0)") })
/// try registry.importTypes(["probe"], from: source)
/// ```
public struct TypeSource<Failure: Error>: Sendable {
  let importing: @Sendable (_ types: [String], _ catalog: TypeCatalog) throws(Failure) -> [ImportedTypes]
  let importingMore: ImportMore
  let refusing: @Sendable (StandardLayoutError) -> Failure

  /// A source of types.
  ///
  /// - Parameters:
  ///   - importing: Imports the types asked for into the catalog and registers them; one import per place
  ///     they came from.
  ///   - importingMore: Imports the types a container holds that the import did not reach.
  ///   - refusing: The source's error for a container it cannot compare by what it holds.
  public init(
    importing: @escaping @Sendable (_ types: [String], _ catalog: TypeCatalog) throws(Failure) -> [ImportedTypes],
    importingMore: @escaping ImportMore, refusing: @escaping @Sendable (StandardLayoutError) -> Failure
  ) {
    self.importing = importing
    self.importingMore = importingMore
    self.refusing = refusing
  }
}

extension ValueRegistry {
  /// Imports `types` from `source` into ``catalog``, compares and describes the C++ standard containers among
  /// them by what they hold (``registerStandardContainers(of:importingMore:)``), and refuses a type holding a
  /// container that cannot be compared so (``checkStandardContainers(of:in:)``): the one way the running
  /// program's types are imported with their containers, whichever door asks.
  ///
  /// ```swift
  /// let registry = ValueRegistry()
  /// try registry.importTypes(["probe"], from: .runningProgram)   // TypeSource.runningProgram: CValueDebugInfo
  /// // .name: "probe" ≠ "probes"
  /// ```
  ///
  /// Call it only for values of the running process: the comparers follow the containers' pointers.
  ///
  /// - Parameters:
  ///   - types: The types to import, as C and C++ name them.
  ///   - source: Where they come from.
  /// - Returns: What the source imported.
  /// - Throws: The source's error: its import's, or its word for a ``StandardLayoutError``.
  @discardableResult
  public func importTypes<Failure: Error>(_ types: [String], from source: TypeSource<Failure>) throws(Failure)
    -> [ImportedTypes]
  {
    let imported = try source.importing(types, catalog)
    registerStandardContainers(of: imported, importingMore: source.importingMore)
    for type in types {
      do throws(StandardLayoutError) {
        try checkStandardContainers(of: type, in: imported)
      } catch {
        throw source.refusing(error)
      }
    }
    return imported
  }
}
