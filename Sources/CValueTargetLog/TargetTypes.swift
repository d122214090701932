import CValueDebugInfo
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
        imported = try DebugInfoImport.read(firmware, types: names.filter { !TypeCatalog.isBasicTypeName($0) })
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

    /// The handle of a site's type: a C basic type (`int`, `unsigned char`, `long`) as the ABI sizes it, else
    /// the name the ELF's debug info gave.
    func resolve(_ site: TargetSite, offset: Int) throws(TargetLogError) -> ValueType {
      do throws(ValueError) {
        if let scalar = abi.scalar(named: site.type) {
          return try registry.resolve(TypeEncoding.scalar(scalar), abi: abi)
        }
        return try registry.resolve(site.type, abi: abi)
      } catch {
        throw .type(offset: offset, site: site.location, type: site.type, error: error)
      }
    }
  }
}
