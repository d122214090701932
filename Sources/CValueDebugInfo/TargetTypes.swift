import CValueKit

extension TargetLog {
  /// The types the log's sites name, read from the firmware's DWARF into a catalog of its own (the firmware's
  /// `point` is never CValueKit's built-in one) and laid out for the ABI the ELF header names.
  struct TypeResolver {
    let registry: ValueRegistry
    let abi: ABI

    init(firmware: String, names: [String]) throws(TargetLogError) {
      let imported: ImportedTypes
      do throws(DebugInfoError) {
        imported = try DebugInfoImport.read(firmware, types: names.filter { !Self.isBasicType($0) })
      } catch {
        throw .firmware(error)
      }
      let catalog = TypeCatalog(includingBuiltins: false)
      do throws(CatalogError) {
        try catalog.register(imported)
      } catch {
        throw .firmware(.registration(error))
      }
      registry = ValueRegistry(catalog: catalog)
      abi = imported.abi
    }

    /// The handle of a site's type.
    func resolve(_ site: TargetSite, offset: Int) throws(TargetLogError) -> ValueType {
      do throws(ValueError) {
        return try registry.resolve(site.type, abi: abi)
      } catch {
        throw .type(offset: offset, site: site.location, type: site.type, error: error)
      }
    }

    /// C's own type names, which no ELF defines: `int`, `unsigned long`, `double`.
    static func isBasicType(_ name: String) -> Bool {
      let words: Set<String> = [
        "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "_Complex",
      ]
      return name.split(separator: " ").allSatisfy { words.contains(String($0)) }
    }
  }
}
