import CValueCxxStandardLibrary
import CValueDebugInfo
import CValueHeaders
import CValueKit

/// `--binary`: imports a type from an ELF file's DWARF debug info into the shared catalog and finds it by
/// the name C code gives it.
struct BinaryLookup {
  var binaries: [String]
  /// The ABI laid out for: the binary's own machine must be this one.
  var abi: ABI

  /// What to resolve for `type`: a struct or union tag as `{tag}` or `(tag)`, a typedef by its name (or, for
  /// a name CValueKit also has built in, such as `point` or `rect`, by the program's own encoding: the
  /// program's types win); C++ names too (`geo::point`, `class account`, `box<double>`). An encoding is
  /// resolved as given, after importing every type of the binaries.
  func typeText(_ type: String) throws(BadInput) -> String {
    let name: String
    if let canonical = TypeCatalog.canonicalName(type) {
      guard !TypeCatalog.isBasicTypeName(canonical) else { return try encodingText(type) }
      name = canonical
    } else if Self.isName(type) {
      // A C++ name in a spelling CValueKit has no canonical form of: looked for as the debug info spells it.
      name = type
    } else {
      return try encodingText(type)
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
      if let typedef = imported.typedefs.first(where: { $0.name == name }) {
        return TypeCatalog.shared.encoding(named: name) == typedef.encoding ? name : "\(typedef.encoding)"
      }
      for keyword in ["struct", "union"] {
        let tag = name.hasPrefix("\(keyword) ") ? String(name.dropFirst(keyword.count + 1)) : name
        guard imported.record(named: "\(keyword) \(tag)") != nil else { continue }
        return keyword == "struct" ? "{\(tag)}" : "(\(tag))"
      }
      throw BadInput(message: "\(name) in \(binary) is \(imported.skipped[name] ?? "not a struct, union or typedef")")
    }
    if var error = firstError, let builtin = TypeCatalog.shared.encoding(named: name) {
      error.message += " (\(name) is also CValueKit's built-in name for \(builtin): leave out --binary to use it)"
      throw error
    }
    throw firstError ?? BadInput(message: "no --binary given")
  }

  /// An encoding, resolved as given after importing every type of the binaries.
  private func encodingText(_ type: String) throws(BadInput) -> String {
    for binary in binaries { _ = try load(binary, types: nil) }
    return type
  }

  /// Whether `text`, which is no name in a spelling ``TypeCatalog/canonicalName(_:)`` knows, is meant as a
  /// name all the same: it does not parse as an encoding, and it is qualified or a template's (`::`, `<`), or
  /// starts with a keyword (`struct …`). A miss is then said to be one, never an encoding's syntax error.
  static func isName(_ text: String) -> Bool {
    guard (try? TypeCatalog.shared.parse(text)) == nil else { return false }
    let keyword = ["struct ", "class ", "union ", "enum "].contains { text.hasPrefix($0) }
    return keyword || text.contains("::") || text.contains("<")
  }

  /// Says, once, that the C++ standard containers of a type (`std::string`, `std::vector`) are laid out and
  /// compared here by their representation: their contents are in the process that held the bytes, where the
  /// library compares them by what they hold.
  private static func noteStandardContainers(in imported: ImportedTypes) {
    let names = TypeCatalog.shared.standardContainers(in: imported)
    guard !names.isEmpty else { return }
    let shown = names.prefix(3).map { $0.hasPrefix("struct ") ? String($0.dropFirst(7)) : $0 }
    let list = shown.joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "")
    StandardError.write(
      "note: \(list) compare by what they hold only in the process that holds them (EXPECT_CV_EQ, "
        + "cv_program_type): here they are shown and compared by their representation")
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
    // The program's typedef of a name CValueKit has built in (`point`, `rect`) is not registered over it:
    // `typeText` answers such a name with the program's own encoding.
    var registered = imported
    registered.typedefs.removeAll { typedef in
      TypeCatalog.shared.encoding(named: typedef.name).map { $0 != typedef.encoding } ?? false
    }
    do throws(CatalogError) {
      try TypeCatalog.shared.register(registered)
      ImportedRecords.remember(registered)
      Self.noteStandardContainers(in: registered)
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
