public import CValueKit

extension ValueRegistry {
  /// Refuses `type` (read from the running program into `imported`) when a member of it, at any depth, is a
  /// standard container that CValueKit compares by what it holds but that is not compared so: its layout is
  /// none CValueKit knows (another version of the library), or the type it holds could not be read. Such a
  /// member would be compared by its representation, and two equal values would differ by their pointers.
  ///
  /// ``importTypes(_:from:)`` checks each type it imports; call this after
  /// ``registerStandardContainers(of:importingMore:)`` for types imported otherwise.
  ///
  /// ```swift
  /// registry.registerStandardContainers(of: imported, importingMore: more)
  /// try registry.checkStandardContainers(of: "probe", in: imported)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type's name, as it was imported.
  ///   - imported: What the import registered in ``catalog``.
  /// - Throws: ``StandardLayoutError``, naming the first such member, in declaration order and outermost
  ///   first, by its path.
  public func checkStandardContainers(of type: String, in imported: [ImportedTypes]) throws(StandardLayoutError) {
    // The claimed records by name: why each is not compared by what it holds (its layout is none the library
    // has, or no comparer was registered for it), `nil` for one that is.
    enum Refusal {
      case unknownLayout(library: String)
      case unreadableElement
    }
    var claimed: [String: Refusal?] = [:]
    let registered = Set(registeredTypes)
    for types in imported {
      for record in types.records {
        guard let library = StandardContainer.library(claiming: record.name),
          let layout = try? catalog.layout(of: record.encoding)
        else { continue }
        let refusal: Refusal? =
          StandardContainer.recognise(name: record.name, layout: layout) == nil
          ? .unknownLayout(library: library) : registered.contains(record.encoding) ? nil : .unreadableElement
        claimed[String(StandardContainer.withoutKeyword(record.name))] = refusal
      }
    }
    let unknown = claimed.compactMapValues { $0 }
    guard !unknown.isEmpty, let root = (try? resolve(type))?.layout?.root else { return }
    // The first member, in declaration order and outermost first, whose record is one of them.
    var level: [(node: CLayout.Node, path: String)] = [(root, "")]
    while !level.isEmpty {
      var next: [(node: CLayout.Node, path: String)] = []
      for (node, path) in level {
        for member in node.members {
          let memberPath = path + (member.component.map { "\($0)" } ?? "")
          if case .structure(let record) = member.node.type.unqualified, let name = record.name,
            let refusal = claimed[name]
          {
            // A container compared by what it holds: its own members are the library's, not compared.
            switch refusal {
            case nil: continue
            case .unknownLayout(let library):
              throw .unknownLayout(type: type, field: memberPath, container: name, library: library)
            case .unreadableElement:
              throw .unreadableElement(type: type, field: memberPath, container: name)
            }
          }
          next.append((member.node, memberPath))
        }
      }
      level = next
    }
  }
}

extension TypeCatalog {
  /// The records among `imported` (registered in this catalog) that are C++ standard containers: those
  /// `ValueRegistry.registerStandardContainers(of:importingMore:)` compares by what they hold in the running
  /// process. Outside it, as in the `cvalue` tool on bytes given as hex, they compare by their representation,
  /// and a tool says so.
  ///
  /// ```swift
  /// let imported = try catalog.importDebugInfo(of: "build/test", types: ["probe"])   // CValueDebugInfo
  /// catalog.standardContainers(in: imported)   // ["struct std::__cxx11::basic_string<char, …>", …]
  /// ```
  ///
  /// - Parameter imported: What an import registered in this catalog.
  /// - Returns: The records' names, in the import's order.
  public func standardContainers(in imported: ImportedTypes) -> [String] {
    imported.records.filter { record in
      guard let layout = try? layout(of: record.encoding) else { return false }
      return StandardContainer.recognise(name: record.name, layout: layout) != nil
    }.map(\.name)
  }
}
