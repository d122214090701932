extension TypeEncoding: CustomStringConvertible {
  /// The canonical encoding text. For every canonical input `s`, `TypeEncoding(s).description == s`.
  public var description: String {
    var text = ""
    write(to: &text)
    return text
  }

  private func write(to text: inout String) {
    switch self {
    case .scalar(let scalar):
      text.append(scalar.rawValue)
    case .object(let className):
      text.append("@")
      if let className { text += "\"\(className)\"" }
    case .block:
      text += "@?"
    case .pointer(let pointee):
      text.append("^")
      pointee.write(to: &text)
    case .array(let count, let element):
      text += "[\(count)"
      element.write(to: &text)
      text.append("]")
    case .structure(let record):
      record.write(to: &text, open: "{", close: "}")
    case .union(let record):
      record.write(to: &text, open: "(", close: ")")
    case .bitfield(let bitfield):
      text.append("b")
      if let offset = bitfield.bitOffset, let type = bitfield.declaredType {
        text += "\(offset)\(type.rawValue)"
      }
      text += "\(bitfield.width)"
    case .vector(let size, let alignment, let element):
      text += "![\(size),\(alignment)"
      element.write(to: &text)
      text.append("]")
    case .complex(let base):
      text.append("j")
      base.write(to: &text)
    case .qualified(let qualifier, let base):
      text.append(qualifier.rawValue)
      base.write(to: &text)
    }
  }
}

extension TypeEncoding.Record {
  fileprivate func write(to text: inout String, open: Character, close: Character) {
    text.append(open)
    text += name ?? "?"
    if let fields {
      text.append("=")
      for field in fields {
        if let name = field.name { text += "\"\(name)\"" }
        text += field.type.description
      }
    }
    text.append(close)
  }
}
