extension CTypeName {
  /// A template instance's name split at its last component's arguments, each argument as the name spells it
  /// (the commas inside brackets kept): `std::map<int, geo::point>` is `std::map` and `["int", "geo::point"]`;
  /// `nil` for a name that does not end in `<…>` (`geo::point`, `box<int>::part`).
  ///
  /// ```swift
  /// CTypeName.templateInstance("std::pair<int, box<long, char>>")   // ("std::pair", ["int", "box<long, char>"])
  /// ```
  ///
  /// Debug info names its template instances so, and the C++ standard library's containers are recognised by
  /// their template's name and arguments.
  package static func templateInstance(_ name: String) -> (template: String, arguments: [String])? {
    guard name.hasSuffix(">"), let open = argumentsStart(name) else { return nil }
    let arguments = name[name.index(after: open)..<name.index(before: name.endIndex)]
    return (String(name[..<open]), templateArguments(String(arguments)))
  }

  /// Where the last component's template arguments open: the `<` matching the name's final bracket.
  private static func argumentsStart(_ name: String) -> String.Index? {
    var depth = 0
    var index = name.endIndex
    while index > name.startIndex {
      index = name.index(before: index)
      switch name[index] {
      case ">", ")", "]": depth += 1
      case "<", "(", "[":
        depth -= 1
        if depth == 0 { return name[index] == "<" ? index : nil }
      default: break
      }
    }
    return nil
  }

  /// Template arguments split at the commas outside brackets, the space after each comma dropped.
  private static func templateArguments(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    var result: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      switch character {
      case "<", "(", "[": depth += 1
      case ">", ")", "]": depth -= 1
      case "," where depth == 0:
        result.append(current.trimmingPrefix(" ").description)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    result.append(current.trimmingPrefix(" ").description)
    return result
  }
}
