extension CTypeName {
  /// Whether the name is one of C's own arithmetic types, which no program defines and no debug info names as a
  /// type of its own: `int`, `unsigned long`, `long double`, `_Bool`.
  package static func isBasicType(_ name: String) -> Bool {
    let words: Set<String> = [
      "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "_Complex",
    ]
    return name.split(separator: " ").allSatisfy { words.contains(String($0)) }
  }

  /// The scalar a C basic type name spells (`unsigned`, `long int`, `signed char`) for `abi`: `long` is a
  /// pointer's size but on Windows, plain `char` unsigned on Arm, RISC-V and s390x Linux; `nil` for any other
  /// name (`void`, a record, a typedef).
  ///
  /// ```swift
  /// CTypeName.basicScalar("unsigned long", abi: .x86_64Linux)   // .unsignedLongLong ("Q", as clang encodes LP64's)
  /// CTypeName.basicScalar("char", abi: .arm64Linux)             // .unsignedChar
  /// ```
  ///
  /// A C++ template argument names its types so (`std::vector<unsigned long>`), and no debug info defines them.
  package static func basicScalar(_ name: String, abi: ABI) -> TypeEncoding.Scalar? {
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
}
