extension CTypeName {
  /// Whether a name is one of C's own type names, which no header or debug info defines: `int`,
  /// `unsigned long`, `long double`, `_Bool`.
  ///
  /// ```swift
  /// CTypeName.isBasic("unsigned long")   // true
  /// CTypeName.isBasic("uint16_t")        // false: a typedef some header defines
  /// ```
  ///
  /// - Parameter name: A type name, its words separated by spaces.
  package static func isBasic(_ name: String) -> Bool {
    let words: Set<String> = [
      "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "_Complex",
    ]
    return name.split(separator: " ").allSatisfy { words.contains(String($0)) }
  }

  /// The scalar a C basic type name spells (`unsigned`, `long int`, `signed char`) for an ABI: `long` is a
  /// pointer's size but on Windows, plain `char` unsigned on ARM, RISC-V and s390x Linux.
  ///
  /// ```swift
  /// CTypeName.basicScalar("long int", abi: .x86_64Linux)   // .longLong ("q"): LP64 long, as clang encodes it
  /// CTypeName.basicScalar("char", abi: .arm64Linux)        // .unsignedChar
  /// CTypeName.basicScalar("struct point", abi: .host)      // nil
  /// ```
  ///
  /// - Parameters:
  ///   - name: A type name, its words separated by spaces.
  ///   - abi: The ABI whose sizes and signedness the name has.
  /// - Returns: The scalar, or `nil` for a name that is no basic arithmetic type (`void`, a record, a typedef).
  package static func basicScalar(_ name: String, abi: ABI) -> TypeEncoding.Scalar? {
    let words = name.split(separator: " ").map(String.init)
    guard isBasic(name), !words.isEmpty else { return nil }
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

extension ABI {
  /// The scalar one of C's own type names (`unsigned`, `long int`, `signed char`) is on this ABI: `long` is a
  /// pointer's size but on Windows, plain `char` unsigned on Arm, RISC-V and s390x Linux.
  ///
  /// ```swift
  /// ABI.x86_64Linux.scalar(named: "long int")   // .longLong ("q"): LP64 long, as clang encodes it
  /// ABI.arm64Linux.scalar(named: "char")        // .unsignedChar
  /// ABI.host.scalar(named: "struct point")      // nil
  /// ```
  ///
  /// - Parameter name: A type name, its words separated by spaces.
  /// - Returns: The scalar, or `nil` for a name that is no basic arithmetic type (`void`, a record, a typedef).
  public func scalar(named name: String) -> TypeEncoding.Scalar? { CTypeName.basicScalar(name, abi: self) }
}
