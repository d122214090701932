import CValueDebugInfo
import CValueHeaders
import CValueKit

/// `--binary`: imports a type from an ELF file's DWARF debug info into the shared catalog and finds it by
/// the name C code gives it.
struct BinaryLookup {
  var binaries: [String]
  /// The ABI laid out for: the binary's own machine must be this one.
  var abi: ABI

  /// What to resolve for `type`: a struct or union tag as `{tag}` or `(tag)`, a typedef by its name; an
  /// encoding or a readable name the catalog knows as given, after importing every type of the binaries.
  func typeText(_ type: String) throws(BadInput) -> String {
    let name = type.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard HeaderLookup.isCTypeName(name), TypeCatalog.shared.encoding(named: name) == nil else {
      for binary in binaries { _ = try load(binary, types: nil) }
      return type
    }
    var firstError: BadInput?
    for binary in binaries {
      let imported: ImportedTypes
      do throws(BadInput) {
        imported = try load(binary, types: [name])
      } catch {
        firstError = firstError ?? error
        continue
      }
      if imported.typedefs.contains(where: { $0.name == name }) { return name }
      for keyword in ["struct", "union"] {
        let tag = name.hasPrefix("\(keyword) ") ? String(name.dropFirst(keyword.count + 1)) : name
        guard imported.record(named: "\(keyword) \(tag)") != nil else { continue }
        return keyword == "struct" ? "{\(tag)}" : "(\(tag))"
      }
      throw BadInput(message: "\(name) in \(binary) is \(imported.skipped[name] ?? "not a struct, union or typedef")")
    }
    throw firstError ?? BadInput(message: "no --binary given")
  }

  private func load(_ binary: String, types: [String]?) throws(BadInput) -> ImportedTypes {
    let imported: ImportedTypes
    do throws(DebugInfoError) {
      imported = try DebugInfoImport.read(binary, types: types)
    } catch {
      throw BadInput(message: error.description)
    }
    guard imported.abi == abi else {
      throw BadInput(
        message: "\(binary) is for \(imported.abi.name), not \(abi.name); pass --abi \(imported.abi.name)")
    }
    do throws(CatalogError) {
      try TypeCatalog.shared.register(imported)
      ImportedRecords.remember(imported)
      return imported
    } catch {
      throw BadInput(message: DebugInfoError.registration(error).description)
    }
  }
}

extension BinaryLookup {
  /// `cvalue import --binary`: the catalog file of a binary's debug info (every type, or `types` and the
  /// records they hold), its `arguments` saying where it came from.
  static func catalogFile(of binary: String, types: [String]?) throws(BadInput) -> CatalogFile {
    var imported: ImportedTypes
    do throws(DebugInfoError) {
      imported = try DebugInfoImport.read(binary, types: types)
    } catch {
      throw BadInput(message: error.description)
    }
    imported.origin.arguments = ["--binary", binary]
    return CatalogFile(imported)
  }
}
