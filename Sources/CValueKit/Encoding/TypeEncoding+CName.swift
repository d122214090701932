extension TypeEncoding {
  /// How C would spell the type, for people reading a layout: `double`, `const char *`, `struct CGPoint`,
  /// `int [4]`, `unsigned int : 3`. Encodings lose `typedef` names and the signedness of enums, so this is
  /// the spelling of what the encoding says, not necessarily of the declaration.
  public var cTypeName: String {
    switch self {
    case .scalar(let scalar): return scalar.cTypeName
    case .object(let className): return className.map { "\($0) *" } ?? "id"
    case .block: return "block"
    case .pointer(.scalar(.unknown)): return "void (*)()"
    case .pointer(let pointee):
      let inner = pointee.cTypeName
      return inner.hasSuffix("*") ? "\(inner)*" : "\(inner) *"
    case .array(let count, let element): return "\(element.cTypeName) [\(count)]"
    case .structure(let record): return "struct \(record.name ?? "{…}")"
    case .union(let record): return "union \(record.name ?? "{…}")"
    case .bitfield(let bitfield):
      return "\(bitfield.declaredType?.cTypeName ?? "bitfield") : \(bitfield.width)"
    case .vector(let size, _, let element): return "\(element.cTypeName) __attribute__((vector_size(\(size))))"
    case .complex(let component): return "_Complex \(component.cTypeName)"
    case .qualified(.const, let base): return "const \(base.cTypeName)"
    case .qualified(.atomic, let base): return "_Atomic \(base.cTypeName)"
    case .qualified(let qualifier, let base): return "\(qualifier.keyword) \(base.cTypeName)"
    }
  }
}

extension TypeEncoding {
  /// How an error names the type: a record by its C name (`union _XEvent`), an anonymous one by its first
  /// member (`an anonymous union with .off`), never by its whole encoding, which can run to kilobytes.
  var errorName: String {
    switch unqualified {
    case .structure(let record), .union(let record):
      let keyword = if case .union = unqualified { "union" } else { "struct" }
      if let name = record.name { return "\(keyword) \(name)" }
      let first = record.fields?.first { $0.name != nil }?.name
      return "an anonymous \(keyword)" + (first.map { " with .\($0)" } ?? "")
    default:
      return cTypeName
    }
  }
}

extension TypeEncoding {
  /// The longest encoding an error quotes as written.
  static let longestQuotedEncoding = 64

  /// How an error names a type it was handed: the encoding as written while it is short (`{CGPoint=dd}`,
  /// `[4096C]`: what the caller typed, and exact), else its C name (`union _XEvent`, `union _XEvent [4]`),
  /// since an imported record's encoding can run to kilobytes and would bury the error.
  ///
  /// ```swift
  /// try TypeEncoding("{CGPoint=dd}").errorSpelling   // "{CGPoint=dd}"
  /// ```
  public var errorSpelling: String {
    let text = description
    return text.utf8.count <= Self.longestQuotedEncoding ? text : errorName
  }
}

extension TypeEncoding.Scalar {
  /// The C spelling of the scalar: `unsigned char`, `long long`, `char *`.
  public var cTypeName: String {
    switch self {
    case .char: return "char"
    case .unsignedChar: return "unsigned char"
    case .short: return "short"
    case .unsignedShort: return "unsigned short"
    case .int: return "int"
    case .unsignedInt: return "unsigned int"
    case .long: return "int32_t"
    case .unsignedLong: return "uint32_t"
    case .longLong: return "long long"
    case .unsignedLongLong: return "unsigned long long"
    case .int128: return "__int128"
    case .unsignedInt128: return "unsigned __int128"
    case .float: return "float"
    case .double: return "double"
    case .longDouble: return "long double"
    case .float16: return "_Float16"
    case .bfloat16: return "__bf16"
    case .bool: return "_Bool"
    case .void: return "void"
    case .cString: return "char *"
    case .objectClass: return "Class"
    case .selector: return "SEL"
    case .unknown: return "?"
    case .atom: return "NXAtom"
    }
  }
}

extension TypeEncoding.Qualifier {
  /// The keyword the qualifier stands for: `const`, `in`, `oneway`, `_Atomic`.
  public var keyword: String {
    switch self {
    case .const: return "const"
    case .in: return "in"
    case .inout: return "inout"
    case .out: return "out"
    case .bycopy: return "bycopy"
    case .byref: return "byref"
    case .oneway: return "oneway"
    case .atomic: return "_Atomic"
    }
  }
}
