/// A type named as C or C++ code names it — `shape`, `struct shape`, `union value`, `geo::point`,
/// `class account`, `box<double>`, `outer::inner`, `(anonymous namespace)::hidden` — in one spelling, so that
/// a name a user types, a name `typeid` gives and a name a compiler wrote into debug info meet.
///
/// The canonical spelling has no space but between two words (`unsigned long`, `anonymous namespace`) and
/// after a comma: `box< geo::point >` and gcc's `box<box<int> >` are `box<geo::point>` and `box<box<int>>`;
/// a built-in type in the arguments is written as clang and `typeid` write it (gcc's `box<long unsigned int>`
/// is `box<unsigned long>`); `class` is `struct` (one kind of record in C++); a C++ name needs no keyword.
///
/// ```swift
/// CTypeName.canonical("class geo::box< int >")   // "struct geo::box<int>"
/// CTypeName.canonical("std::pair<int,long>")     // "std::pair<int, long>"
/// CTypeName.canonical("f<void (*)(g<int>::h()::<lambda(auto:15&&)>&&)>")   // "f<void(*)(g<int>::h()::<lambda(auto:15&&)>&&)>"
/// CTypeName.canonical("{CGPoint=dd}")            // nil: an encoding, not a name
/// ```
package enum CTypeName {
  /// The canonical spelling of a C or C++ type name, or `nil` for text that is not one (an encoding, a
  /// pointer or array type, an unbalanced `<`).
  package static func canonical(_ text: String) -> String? {
    var words = tokens(text)[...]
    guard !words.isEmpty else { return nil }
    var keyword: String?
    if let first = words.first, ["struct", "class", "union", "enum"].contains(first), words.count > 1 {
      keyword = first == "class" ? "struct" : first
      words = words.dropFirst()
    }
    guard let name = qualifiedName(Array(words)) else { return nil }
    return keyword.map { "\($0) \(name)" } ?? name
  }

  /// Whether the name is C++'s rather than C's: qualified (`::`) or a template instance (`<`).
  package static func isQualified(_ canonical: String) -> Bool {
    canonical.contains("::") || canonical.contains("<") || canonical.contains("(")
  }

  /// The words and punctuation of the text: identifiers and numbers whole, `::` as one token.
  static func tokens(_ text: String) -> [String] {
    var result: [String] = []
    var bytes = Array(text.utf8)[...]
    while let byte = bytes.first {
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") {
        bytes = bytes.dropFirst()
      } else if ASCII.isIdentifierCharacter(byte) {
        let word = bytes.prefix(while: ASCII.isIdentifierCharacter)
        result.append(String(decoding: word, as: UTF8.self))
        bytes = bytes.dropFirst(word.count)
      } else if byte == UInt8(ascii: ":"), bytes.dropFirst().first == UInt8(ascii: ":") {
        result.append("::")
        bytes = bytes.dropFirst(2)
      } else {
        result.append(String(decoding: [byte], as: UTF8.self))
        bytes = bytes.dropFirst()
      }
    }
    return result
  }

  /// The words a built-in arithmetic type is written with, in any order (`long unsigned int`).
  private static let integerWords: Set<String> = ["short", "long", "int", "unsigned", "signed", "char", "double"]

  /// A built-in arithmetic type's words in the one spelling clang and `typeid` give: `short`, `unsigned
  /// long`, `long long`, `unsigned int`, `signed char`, `long double`.
  private static func integerSpelling(_ words: [String]) -> String {
    let longs = words.count { $0 == "long" }
    let unsigned = words.contains("unsigned")
    if words.contains("double") { return longs > 0 ? "long double" : "double" }
    if words.contains("char") { return unsigned ? "unsigned char" : words.contains("signed") ? "signed char" : "char" }
    let base = words.contains("short") ? "short" : longs >= 2 ? "long long" : longs == 1 ? "long" : "int"
    return unsigned ? "unsigned " + base : base
  }

  /// A qualified name with template arguments, spelled canonically, or `nil`: components are identifiers,
  /// `(anonymous namespace)`, each optionally with `<…>` arguments (types, numbers, nested names), joined
  /// by `::`.
  private static func qualifiedName(_ tokens: [String]) -> String? {
    var text = ""
    var depth = 0
    var previous = ""
    var expectsComponent = true
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      let isWord = token.utf8.first.map(ASCII.isIdentifierCharacter) ?? false
      if depth == 0 {
        if expectsComponent {
          if token == "(", index + 3 < tokens.count, tokens[index + 1] == "anonymous",
            tokens[index + 2] == "namespace", tokens[index + 3] == ")"
          {
            text += "(anonymous namespace)"
            index += 4
            expectsComponent = false
            previous = ")"
            continue
          }
          guard isWord, let first = token.utf8.first, ASCII.isIdentifierStart(first) else { return nil }
          text += token
          expectsComponent = false
        } else if token == "::" {
          text += token
          expectsComponent = true
        } else if token == "<" {
          text += token
          depth = 1
        } else {
          return nil
        }
      } else {
        switch token {
        case "<": depth += 1
        case ">": depth -= 1
        // `:` as gcc names a generic lambda's parameters: `_M_reset()::<lambda(auto:15&&)>`.
        case "(", ")", "::", ":", "*", "&", "-", "[", "]": break
        case ",":
          text += ", "
          previous = token
          index += 1
          continue
        default:
          guard isWord else { return nil }
          let run = tokens[index...].prefix { integerWords.contains($0) }
          let after = tokens.indices.contains(index + run.count) ? tokens[index + run.count] : ""
          // gcc's `long unsigned int` is `unsigned long`, as clang and `typeid` write it; not the words of
          // another type (`unsigned __int128`).
          let afterIsWord = after.utf8.first.map(ASCII.isIdentifierCharacter) ?? false
          if !run.isEmpty, !afterIsWord || after == "const" || after == "volatile" {
            let previousIsWord = previous.utf8.first.map(ASCII.isIdentifierCharacter) ?? false
            if previousIsWord { text += " " }
            text += integerSpelling(Array(run))
            previous = run.last ?? token
            index += run.count
            continue
          }
        }
        let previousIsWord = previous.utf8.first.map(ASCII.isIdentifierCharacter) ?? false
        if isWord, previousIsWord { text += " " }
        text += token
      }
      previous = token
      index += 1
    }
    guard depth == 0, !expectsComponent else { return nil }
    return text
  }
}
