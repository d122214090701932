public import CValueKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension TypeCatalog {
  /// Reads a catalog file written by `cvalue import` or ``CatalogFile/write(to:)`` and registers what it
  /// holds, as ``TypeCatalog/register(_:)`` does. No libclang is needed.
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.loadCatalogFile(at: URL(fileURLWithPath: "Tests/Fixtures/headers/tcp-ip.catalog.json"))
  /// let tcp = try ValueRegistry(catalog: catalog).resolve("{tcphdr}")
  /// ```
  ///
  /// - Parameter url: The file.
  /// - Returns: The file as read.
  /// - Throws: ``CatalogFileError`` naming the file, where in it, and what is wrong; nothing is registered
  ///   then.
  @discardableResult
  public func loadCatalogFile(at url: URL) throws(CatalogFileError) -> CatalogFile {
    let file = try CatalogFile.read(from: url)
    try load(file, path: url.path)
    return file
  }

  /// Registers what a catalog file holds, as ``TypeCatalog/register(_:)`` registers its types (all or
  /// nothing), with errors that name the entry of the file: its JSON path.
  ///
  /// ```swift
  /// let file = try CatalogFile.read(from: URL(fileURLWithPath: "types.json"))
  /// try TypeCatalog.shared.load(file)
  /// ```
  ///
  /// - Throws: ``CatalogFileError/refused(path:at:_:)`` or ``CatalogFileError/layoutMismatch(path:at:record:file:computed:)``,
  ///   naming the entry (`records[3].override`); nothing is registered then.
  public func load(_ file: CatalogFile) throws(CatalogFileError) {
    try load(file, path: "<catalog>")
  }

  /// Loads `file`, naming `path` in errors.
  func load(_ file: CatalogFile, path: String) throws(CatalogFileError) {
    // A catalog holds the types of one ABI: another ABI's encodings laid out with its rules would be wrong.
    if let held = definitionsABI, held != file.types.abi {
      throw .otherABI(path: path, file: file.types.abi.name, catalog: held.name)
    }
    do throws(ImportRefusal) {
      try register(checking: file.types, definitionsOnlyForItsABI: true)
    } catch {
      let place =
        switch error.entry {
        case .record(let index): "records[\(index)]"
        case .override(let index): "records[\(index)].override"
        case .typedef(let index): "typedefs[\(index)]"
        case .enumeration(let index): "enumerations[\(index)]"
        case nil: "the top level"
        }
      if case .layoutMismatch(let record, let stated, let computed) = error.error {
        throw .layoutMismatch(path: path, at: place, record: record, file: stated, computed: computed)
      }
      throw .refused(path: path, at: place, error.error)
    }
  }
}
