public import CValueCxxStandardLibrary
public import CValueKit

/// Debug info as a source of the running program's types for the C++ standard library's containers
/// (CValueCxxStandardLibrary): the types asked for, and the types a container holds, read from the same file.
extension TypeSource where Failure == DebugInfoError {
  /// The running program's own debug info: each type from the executable, else from the first loaded library
  /// that has it (`TypeCatalog.importDebugInfoOfRunningProgram(types:)`).
  ///
  /// ```swift
  /// let registry = ValueRegistry()
  /// try registry.importTypes(["probe"], from: .runningProgram)
  /// ```
  public static var runningProgram: TypeSource<DebugInfoError> {
    TypeSource(
      importing: { types, catalog throws(DebugInfoError) in
        try catalog.importDebugInfoOfRunningProgram(types: types)
      },
      importingMore: DebugInfoImport.importMore, refusing: DebugInfoError.init)
  }

  /// The debug info of one ELF file of the running process (`/proc/self/exe`, a loaded library), as
  /// `TypeCatalog.importDebugInfo(of:types:unit:)` reads it.
  ///
  /// ```swift
  /// try registry.importTypes(["probe"], from: .debugInfo(of: "/proc/self/exe"))
  /// ```
  ///
  /// - Parameter path: The file, which the running process has loaded: its values are compared through their
  ///   pointers.
  public static func debugInfo(of path: String) -> TypeSource<DebugInfoError> {
    TypeSource(
      importing: { types, catalog throws(DebugInfoError) in [try catalog.importDebugInfo(of: path, types: types)] },
      importingMore: DebugInfoImport.importMore, refusing: DebugInfoError.init)
  }
}

extension DebugInfoImport {
  /// The types a container holds, read from the file the import holding it was read from.
  static let importMore: ImportMore = { types, origin, catalog in
    origin.inputs.first.flatMap { try? catalog.importDebugInfo(of: $0, types: types) }
  }
}

extension ValueRegistry {
  /// Imports types of the running program from its own debug info into ``catalog``, as
  /// ``TypeCatalog/importDebugInfoOfRunningProgram(types:)`` does, and compares and describes the standard
  /// containers among them by what they hold: `importTypes(types, from: .runningProgram)`
  /// (CValueCxxStandardLibrary).
  ///
  /// ```swift
  /// let registry = ValueRegistry()
  /// try registry.importDebugInfoOfRunningProgram(types: ["probe"])
  /// let probe = try registry.resolve("probe")
  /// ```
  ///
  /// - Parameter types: The types to import, as C and C++ name them.
  /// - Returns: One import per file the types came from.
  /// - Throws: ``DebugInfoError``, as ``TypeCatalog/importDebugInfoOfRunningProgram(types:)`` does, and
  ///   ``DebugInfoError/unknownStandardLayout(type:field:container:library:)`` for a standard container
  ///   laid out as no library version CValueKit knows (``checkStandardLayouts(of:in:)``).
  @discardableResult
  public func importDebugInfoOfRunningProgram(types: [String]) throws(DebugInfoError) -> [ImportedTypes] {
    try importTypes(types, from: .runningProgram)
  }

  /// Compares and describes the C++ standard library's containers among `imported` (read from debug info) by
  /// what they hold, in the running process, reading the types they hold from the same files:
  /// `registerStandardContainers(of:importingMore:)` (CValueCxxStandardLibrary) with debug info as the source.
  ///
  /// ```swift
  /// let imported = try registry.catalog.importDebugInfoOfRunningProgram(types: ["probe"])
  /// registry.registerStandardContainers(of: imported)
  /// ```
  ///
  /// - Parameter imported: What an import of the running program's debug info registered in ``catalog``.
  /// - Returns: The names of the records now compared by content.
  @discardableResult
  public func registerStandardContainers(of imported: [ImportedTypes]) -> [String] {
    registerStandardContainers(of: imported, importingMore: DebugInfoImport.importMore)
  }

  /// Refuses `type` (read from the running program's debug info into `imported`) when a member of it is a
  /// standard container that CValueKit compares by what it holds but that is not compared so:
  /// `checkStandardContainers(of:in:)` (CValueCxxStandardLibrary), its error in ``DebugInfoError``'s words.
  ///
  /// ```swift
  /// let imported = try registry.catalog.importDebugInfoOfRunningProgram(types: ["probe"])
  /// registry.registerStandardContainers(of: imported)
  /// try registry.checkStandardLayouts(of: "probe", in: imported)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type's name, as it was imported.
  ///   - imported: What the import registered in ``catalog``.
  /// - Throws: ``DebugInfoError/unknownStandardLayout(type:field:container:library:)``, naming the first such
  ///   member by its path, or ``DebugInfoError/unreadableStandardElement(type:field:container:)`` for a
  ///   container of a known layout that holds a type the debug info does not define (nothing compares it).
  public func checkStandardLayouts(of type: String, in imported: [ImportedTypes]) throws(DebugInfoError) {
    do throws(StandardLayoutError) {
      try checkStandardContainers(of: type, in: imported)
    } catch {
      throw DebugInfoError(error)
    }
  }
}
