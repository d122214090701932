public import CValueKit

extension ValueRegistry {
  /// Compares and describes the C++ standard library's containers among `imported` by what they hold, in the
  /// running process: a `std::string` or `std::string_view` by its text (`.name = "probe"`), a
  /// `std::vector<T>` or `std::span<T>` by its elements, each compared as `T` (`.items = {1, 2, 3}`), a
  /// `std::optional<T>` by whether it holds a value, then the value (`std::nullopt`), a
  /// `std::unique_ptr<T>` or `std::shared_ptr<T>` by what it points to (`nullptr`), a `std::list` or
  /// `std::forward_list` and the ordered `std::map`, `std::set`, `std::multimap` and `std::multiset` by their
  /// elements in order, the unordered maps and sets by their elements matched one to one, and a
  /// `std::variant` by the alternative it holds. Without this, their values are compared by their
  /// representation, so two equal strings held by two objects differ by their pointers.
  ///
  /// Each is recognised from its record's layout, for libstdc++ (both string ABIs) and libc++ 14; a record of
  /// another layout keeps its plain one, field by field. The types a container holds that the import did not
  /// reach (a vector's element, through a pointer; a node record; a variant's alternatives) are imported with
  /// `importingMore`, their own containers first.
  ///
  /// ```swift
  /// let imported = try registry.catalog.importDebugInfoOfRunningProgram(types: ["probe"])   // CValueDebugInfo
  /// registry.registerStandardContainers(of: imported) { types, origin, catalog in
  ///   origin.inputs.first.flatMap { try? catalog.importDebugInfo(of: $0, types: types) }
  /// }
  /// ```
  ///
  /// Call it only for values of the running process: the comparer and describer follow the containers'
  /// pointers, so bytes copied from elsewhere (another process, a file, hex) must not be compared through this
  /// registry. ``importTypes(_:from:)`` imports, registers and checks in one step.
  ///
  /// - Parameters:
  ///   - imported: What an import of the running program's types registered in ``catalog``.
  ///   - importingMore: Imports the types a container holds from the source `imported` came from.
  /// - Returns: The names of the records now compared by content.
  @discardableResult
  public func registerStandardContainers(of imported: [ImportedTypes], importingMore: ImportMore) -> [String] {
    var registered: [String] = []
    for types in imported where types.abi == .host {
      func more(_ name: String) -> ImportedTypes? { importingMore([name], types.origin, catalog) }
      for record in types.records {
        guard let layout = try? catalog.layout(of: record.encoding),
          let container = StandardContainer.recognise(name: record.name, layout: layout)
        else { continue }
        switch container {
        case .nodes(let nodes):
          guard let found = registerNodeContainer(nodes, of: record.encoding, more: more, importingMore: importingMore)
          else { continue }
          registered += found + [record.name]
          continue
        case .variant(let variant):
          guard
            let found = registerVariant(
              variant, of: record.encoding, size: layout.size, more: more, importingMore: importingMore)
          else { continue }
          registered += found + [record.name]
          continue
        default: break
        }
        // A vector's, span's or smart pointer's element type is reached through a pointer, which an import does
        // not follow: it is read from the same source now, its own containers first, so that the element
        // compares by content too.
        if let element = container.pointee, (try? resolve(element))?.layout == nil,
          let name = Self.recordName(element), let found = more(name)
        {
          registered += registerStandardContainers(of: [found], importingMore: importingMore)
        }
        guard container.register(for: record.encoding, in: self) else { continue }
        registered.append(record.name)
      }
    }
    return registered
  }

  /// `struct name` or `union name` for a named record type, as an import asks for it.
  private static func recordName(_ type: TypeEncoding) -> String? {
    switch type.unqualified {
    case .structure(let record): return record.name.map { "struct \($0)" }
    case .union(let record): return record.name.map { "union \($0)" }
    default: return nil
    }
  }

  /// The value type of `name`, imported with `more` (and the standard containers among what was imported
  /// registered, into `registered`); C's own types (`int`, `unsigned long`), which no program defines by name,
  /// resolved as this ABI has them.
  private func standardElement(
    _ name: String, more: (String) -> ImportedTypes?, importingMore: ImportMore, registered: inout [String]
  ) -> ValueType? {
    if let scalar = CTypeName.basicScalar(name, abi: .host) {
      return try? resolve(TypeEncoding.scalar(scalar))
    }
    // Read from the source even when the name resolves already: the program's own `point` wins over a built-in
    // name's, and over another file's.
    guard let found = more(name) else { return nil }
    registered += registerStandardContainers(of: [found], importingMore: importingMore)
    let spelled = CTypeName.canonical(name) ?? name
    if let typedef = found.typedefs.first(where: { $0.name == spelled }) { return try? resolve(typedef.encoding) }
    // A record is the import's last, after the types it holds.
    if let record = found.records.last,
      ["struct ", "union ", "class ", ""].contains(where: { record.name == $0 + spelled })
    {
      return try? resolve(record.encoding)
    }
    return try? resolve(name)
  }

  /// Registers the comparer and describer of the node container `container` of `type`, its node and element
  /// types imported with `more` (and the standard containers among them registered first, so that elements
  /// holding strings compare those by text). `nil` when the node or the element cannot be read or laid out,
  /// or the node is not laid out as `container`'s library lays it out: the container then keeps its
  /// representation.
  private func registerNodeContainer(
    _ container: NodeContainer, of type: TypeEncoding, more: (String) -> ImportedTypes?, importingMore: ImportMore
  ) -> [String]? {
    var registered: [String] = []
    guard
      let element = standardElement(
        container.element, more: more, importingMore: importingMore, registered: &registered)
    else { return nil }
    guard let size = element.layout?.size, size > 0 else { return nil }
    for name in container.nodes {
      // The node is the import's last record, after the types it holds.
      let template = "struct " + name.prefix { $0 != "<" } + "<"
      guard let node = more(name), let record = node.records.last, record.name.hasPrefix(template),
        let layout = try? catalog.layout(of: record.encoding),
        let walk = container.walk(node: layout, elementSize: size)
      else { continue }
      walk.register(for: type, element: element.type, size: size, in: self)
      return registered
    }
    return nil
  }

  /// Registers the comparer and describer of the variant `variant` of `type`, its alternatives imported with
  /// `more`; `nil` when one cannot be read or laid out, or is larger than the union holding them: the variant
  /// then keeps its representation.
  private func registerVariant(
    _ variant: VariantLayout, of type: TypeEncoding, size: Int, more: (String) -> ImportedTypes?,
    importingMore: ImportMore
  ) -> [String]? {
    var registered: [String] = []
    var types: [(type: TypeEncoding, size: Int)] = []
    for name in variant.alternatives {
      guard let element = standardElement(name, more: more, importingMore: importingMore, registered: &registered),
        let elementSize = element.layout?.size, variant.storage + elementSize <= size
      else { return nil }
      types.append((element.type, elementSize))
    }
    variant.register(for: type, alternatives: types, in: self)
    return registered
  }
}
