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

    /// The handle of a site's type: a C basic type (`int`, `unsigned char`, `long`) as the ABI sizes it, else
    /// the name the ELF's debug info gave.
    func resolve(_ site: TargetSite, offset: Int) throws(TargetLogError) -> ValueType {
      do throws(ValueError) {
        if let scalar = Self.basicScalar(site.type, abi: abi) {
          return try registry.resolve(TypeEncoding.scalar(scalar), abi: abi)
        }
        return try registry.resolve(site.type, abi: abi)
      } catch {
        throw .type(offset: offset, site: site.location, type: site.type, error: error)
      }
    }

    /// The scalar a C basic type name spells (`unsigned`, `long int`, `signed char`), for this ABI: `long` is a
    /// pointer's size but on Windows, plain `char` unsigned on ARM, RISC-V and s390x Linux.
    static func basicScalar(_ name: String, abi: ABI) -> TypeEncoding.Scalar? {
      let words = name.split(separator: " ").map(String.init)
      guard isBasicType(name), !words.isEmpty else { return nil }
      let isUnsigned = words.contains("unsigned")
      let core = words.filter { !["signed", "unsigned", "int"].contains($0) }.joined(separator: " ")
      let triple = abi.targetTriple
      let unsignedChar =
        ["arm", "aarch64", "riscv", "s390x"].contains { triple.hasPrefix($0) } && !triple.contains("apple")
      switch core {
      case "": return isUnsigned ? .unsignedInt : .int
      case "char" where words == ["char"]: return unsignedChar ? .unsignedChar : .char
      case "char": return isUnsigned ? .unsignedChar : .char
      case "short": return isUnsigned ? .unsignedShort : .short
      case "long":
        let size = triple.contains("windows") ? 4 : abi.pointerSize
        return TypeEncoding.Scalar.integer(signed: !isUnsigned, size: size, isLong: true)
      case "long long": return isUnsigned ? .unsignedLongLong : .longLong
      case "float": return .float
      case "double": return .double
      case "long double": return .longDouble
      case "_Bool", "bool": return .bool
      default: return nil
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
