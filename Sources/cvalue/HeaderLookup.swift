import CValueHeaders
import CValueKit
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `--header`: imports the headers into the shared catalog and finds a type by the name C code gives it.
struct HeaderLookup {
  var headers: [String]
  var arguments: [String]

  /// The ABI the value is laid out for, which clang must read the headers for.
  var abi: ABI

  /// Imports the headers and returns what to resolve for `type`: a struct or union tag as `{tag}` or `(tag)`,
  /// a typedef by its name; anything that is not a C type name (an encoding, a readable name) as given.
  func typeText(_ type: String) throws(BadInput) -> String {
    let name = type.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard Self.isCTypeName(name) else {
      try importAll()
      return type
    }
    let imported: ImportedTypes
    do throws(HeaderImportError) {
      imported = try TypeCatalog.shared.importHeaders(headers, arguments: arguments, types: [name])
    } catch {
      guard case .unknownType = error else { throw Self.badInput(error) }
      // A name the catalog already knows (uint32, rect) is not looked for in the headers.
      if TypeCatalog.shared.encoding(named: name) != nil {
        try importAll()
        return name
      }
      throw BadInput(message: "\(error)\(closeNames(to: name))")
    }
    try check(imported)
    ImportedRecords.remember(imported)
    if imported.typedefs.contains(where: { $0.name == name }) { return name }
    for keyword in ["struct", "union"] {
      let tag = name.hasPrefix("\(keyword) ") ? String(name.dropFirst(keyword.count + 1)) : name
      guard imported.records.contains(where: { $0.name == "\(keyword) \(tag)" }) else { continue }
      return keyword == "struct" ? "{\(tag)}" : "(\(tag))"
    }
    // A typedef that cannot be a readable name (its type is itself an encoding, such as `uint32_t`).
    throw BadInput(message: "\(name) in the headers is \(imported.skipped[name] ?? "not a struct, union or typedef")")
  }

  private func importAll() throws(BadInput) {
    let imported: ImportedTypes
    do throws(HeaderImportError) {
      imported = try TypeCatalog.shared.importHeaders(headers, arguments: arguments)
    } catch {
      throw Self.badInput(error)
    }
    Self.warn(about: imported)
    try check(imported)
    ImportedRecords.remember(imported)
  }

  /// Refuses headers that clang read for another ABI than the one laid out for, as a `--clang-arg` such as
  /// `-m32` makes it: their layouts describe that machine only.
  private func check(_ imported: ImportedTypes) throws(BadInput) {
    guard imported.abi != abi else { return }
    let triple = imported.origin.details["target"].map { " (\($0))" } ?? ""
    throw BadInput(
      message: "clang read the headers for \(imported.abi.name)\(triple), but the value is laid out "
        + "for \(abi.name); pass --abi \(imported.abi.name), or name the machine with --target")
  }

  /// Prints a warning on stderr for each record the import left out because CValueKit cannot represent it
  /// (and each record or typedef that holds one), in name order.
  static func warn(about imported: ImportedTypes) {
    for name in imported.unimportable.sorted() {
      StandardError.write("warning: \(name) was not imported: \(imported.skipped[name] ?? "")")
    }
  }

  /// `; close names: …` listing the headers' type names within two edits of `name`, or nothing.
  private func closeNames(to name: String) -> String {
    guard let all = try? TypeCatalog(includingBuiltins: false).importHeaders(headers, arguments: arguments) else {
      return ""
    }
    let bare = name.split(separator: " ").last.map(String.init) ?? name
    let candidates =
      all.records.map(\.name).filter { !$0.contains(".") && !$0.contains("(") } + all.typedefs.map(\.name)
    let close = Set(candidates).filter { candidate in
      let candidateBare = candidate.split(separator: " ").last.map(String.init) ?? candidate
      return Self.distance(bare, candidateBare) <= 2
    }
    guard !close.isEmpty else { return "" }
    return "; close names: " + close.sorted().prefix(8).joined(separator: ", ")
  }

  /// A C type name: an identifier, or `struct`/`union`/`enum` and one.
  static func isCTypeName(_ text: String) -> Bool {
    let words = text.split(separator: " ")
    func isIdentifier(_ word: Substring) -> Bool {
      guard let first = word.first, first == "_" || first.isLetter, first.isASCII else { return false }
      return word.allSatisfy { $0.isASCII && ($0 == "_" || $0.isLetter || $0.isNumber) }
    }
    switch words.count {
    case 1: return isIdentifier(words[0])
    case 2: return ["struct", "union"].contains(words[0]) && isIdentifier(words[1])
    default: return false
    }
  }

  /// The edit distance between two names.
  static func distance(_ a: String, _ b: String) -> Int {
    let b = Array(b)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The import's error as the tool prints it: the problem, and where, on the first line.
  static func badInput(_ error: HeaderImportError) -> BadInput {
    switch error {
    case .clangErrors(let diagnostics):
      let lines = diagnostics.map { ToolText.escaped($0.description) }
      return BadInput(diagnostic: "clang could not parse the headers: " + lines.joined(separator: "\n  "))
    default:
      let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
      return BadInput(diagnostic: lines.map { ToolText.escaped(String($0)) }.joined(separator: "\n"))
    }
  }
}
