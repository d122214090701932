/// One line of fields apart by tabs, each field's `\`, tab and line break escaped (`\\`, `\t`, `\n`), so that
/// any text is one field and any fields are one line: what the files a source keeps on disk are made of (a
/// kept read of ``ImportedTypes``, a type index), read back a line at a time without a parser's first-use cost.
///
/// ```swift
/// TabSeparatedLine.make(["record", "struct odd\tname"])   // "record\tstruct odd\\tname"
/// TabSeparatedLine.fields("record\tstruct odd\\tname")    // ["record", "struct odd\tname"]
/// ```
package enum TabSeparatedLine {
  /// The line of `fields`, each escaped.
  package static func make(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: "\t")
  }

  /// The fields of `line`, each read back; `nil` when a field holds an escape this format does not write.
  package static func fields(_ line: Substring) -> [String]? {
    var fields: [String] = []
    // Split on the tab's byte: a split by characters walks grapheme clusters, and was most of a kept read's
    // parse.
    for field in line.utf8.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false) {
      guard let value = unescape(Substring(field)) else { return nil }
      fields.append(value)
    }
    return fields
  }

  /// The lines of `text`, split on the line feed's byte (the last one empty when the text ends with one).
  package static func lines(_ text: String) -> [Substring] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
  }

  /// `text` as one field: `\\`, tab and newline escaped.
  package static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 9 || $0 == 10 }) else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// A field's text, or `nil` for an escape this format does not write.
  package static func unescape(_ field: Substring) -> String? {
    guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
    var text = ""
    var escaping = false
    for scalar in field.unicodeScalars {
      if escaping {
        switch scalar {
        case "\\": text += "\\"
        case "t": text += "\t"
        case "n": text += "\n"
        default: return nil
        }
        escaping = false
      } else if scalar == "\\" {
        escaping = true
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return escaping ? nil : text
  }

  /// An optional field: `+` and the text, or `-` for none.
  package static func optional(_ text: String?) -> String { text.map { "+" + $0 } ?? "-" }

  /// An optional field read back: `.some(nil)` for `-`, `nil` for a field that is neither form.
  package static func optional(_ field: String) -> String?? {
    if field == "-" { return .some(nil) }
    guard field.hasPrefix("+") else { return nil }
    return .some(String(field.dropFirst()))
  }
}
