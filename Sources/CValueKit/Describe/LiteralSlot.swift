/// One leaf to be written by a value literal: where its bits go, how they are read, and how the field is
/// named in messages.
struct LiteralSlot {
  /// A problem storing a value, without its place in the literal; the parser adds that.
  struct Failure: Error {
    let reason: ValueLiteralError.Reason
  }

  let kind: LeafKind
  /// The first bit, counted from the start of the whole value.
  let bitOffset: Int
  let size: Int
  let path: FieldPath
  let node: CLayout.Node?

  /// The C name of the slot's type, as messages say it: `signed char`, `unsigned 3-bit bitfield`, `char *`.
  var typeName: String {
    switch kind {
    case .signedInteger(let size):
      return [1: "signed char", 2: "short", 4: "int", 8: "long long", 16: "__int128"][size] ?? "int\(size * 8)_t"
    case .unsignedInteger(let size):
      return [1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"][size]
        ?? (size == 16 ? "unsigned __int128" : "uint\(size * 8)_t")
    case .bool: return "_Bool"
    case .float: return "float"
    case .float16: return "_Float16"
    case .bfloat16: return "__bf16"
    case .double: return "double"
    case .x87Extended, .quadruple: return "long double"
    case .bitfield(let width, let isSigned): return "\(isSigned ? "signed" : "unsigned") \(width)-bit bitfield"
    case .address, .complex, .vector, .opaque:
      return node.map { LiteralSlot.typeName(of: $0) } ?? "\(size)-byte value"
    }
  }

  /// How a node's type is named in messages: its C spelling without qualifiers.
  static func typeName(of node: CLayout.Node) -> String {
    var type = node.type
    while case .qualified(_, let base) = type { type = base }
    return type.cTypeName
  }

  /// Writes `value` into the slot's bits in `bytes`.
  func store(_ value: LiteralValue, into bytes: inout [UInt8]) throws(Failure) {
    var value = value
    if let enumeration = node?.enumeration, let name = value.identifier {
      if let constant = enumeration.value(named: name) {
        value.content = .integer(UInt128(constant.magnitude), decimalDigits: nil)
        value.isNegative = constant < 0
      } else if case .name = value.content {
        throw Failure(reason: .unknownConstant(name, enumeration: enumeration))
      }
    }
    if case .name(let name) = value.content {
      throw Failure(
        reason: .unexpectedToken(found: "'\(CaretDiagnostic.escaped(name.prefix(40)))'", expected: "a value"))
    }
    switch kind {
    case .signedInteger(let size), .unsignedInteger(let size):
      let isSigned = if case .signedInteger = kind { true } else { false }
      write(try integerBits(value, width: size * 8, isSigned: isSigned), into: &bytes)
    case .bool:
      if case .boolean(let flag) = value.content {
        write(flag ? 1 : 0, into: &bytes)
      } else {
        // Any byte, not only 0 and 1, so that a description of a _Bool holding 2 reads back as it was.
        write(try integerBits(value, width: 8, isSigned: false), into: &bytes)
      }
    case .bitfield(let width, let isSigned):
      write(try integerBits(value, width: width, isSigned: isSigned), into: &bytes)
    case .address:
      if case .null = value.content {
        write(0, into: &bytes)
      } else if case .integer = value.content {
        write(try integerBits(value, width: size * 8, isSigned: false), into: &bytes)
      } else {
        throw Failure(reason: .wrongKind(expected: "an address for \(typeName)", found: value.kindDescription))
      }
    case .float, .double, .x87Extended, .quadruple, .float16, .bfloat16:
      write(try floatingBits(value), into: &bytes)
    case .complex(let component, let componentSize):
      let real = LiteralSlot(kind: component, bitOffset: bitOffset, size: componentSize, path: path, node: nil)
      try real.store(value, into: &bytes)
      LiteralSlot(kind: component, bitOffset: bitOffset + componentSize * 8, size: componentSize, path: path, node: nil)
        .write(0, into: &bytes)
    case .vector, .opaque:
      throw Failure(reason: .wrongKind(expected: "'{' for \(typeName)", found: value.kindDescription))
    }
  }

  /// The parts a braced list fills one by one: a complex number's two, a vector's elements, the bytes
  /// of a leaf of unknown meaning; `nil` for a scalar, which takes one value.
  var components: [LiteralSlot]? {
    switch kind {
    case .complex(let component, let componentSize):
      return (0..<2).map {
        LiteralSlot(
          kind: component, bitOffset: bitOffset + $0 * componentSize * 8, size: componentSize, path: path, node: nil)
      }
    case .vector(let element, let elementSize, let count):
      return (0..<count).map {
        LiteralSlot(
          kind: element, bitOffset: bitOffset + $0 * elementSize * 8, size: elementSize,
          path: path.appending(.index($0)), node: nil)
      }
    case .opaque:
      return (0..<size).map {
        LiteralSlot(
          kind: .unsignedInteger(size: 1), bitOffset: bitOffset + $0 * 8, size: 1, path: path.appending(.index($0)),
          node: nil)
      }
    default:
      return nil
    }
  }

  /// Writes `bits` over the slot: a bitfield's width, an x87 value's 10 bytes, or every byte.
  func write(_ bits: UInt128, into bytes: inout [UInt8]) {
    let width: Int
    switch kind {
    case .bitfield(let bitWidth, _): width = bitWidth
    case .x87Extended: width = 80
    case .complex, .vector, .opaque: width = size * 8  // only ever zeroed as a whole
    default: width = Swift.min(size, 16) * 8
    }
    bytes.withUnsafeMutableBytes { RawBits.storeBits(bits, into: $0, bitOffset: bitOffset, width: width) }
  }

  /// A whole-number value as the low `width` bits of a two's-complement or unsigned integer.
  private func integerBits(_ value: LiteralValue, width: Int, isSigned: Bool) throws(Failure) -> UInt128 {
    let magnitude: UInt128?
    switch value.content {
    case .integer(let number, _): magnitude = number
    case .boolean(let flag): magnitude = flag ? 1 : 0
    case .character(let byte):
      // A character constant is the byte as written, whatever the signedness of a one-byte field.
      if width == 8 && !value.isNegative { return UInt128(byte) }
      magnitude = UInt128(byte)
    case .floating, .infinity, .nan, .null, .string, .name:
      throw Failure(reason: .wrongKind(expected: "an integer for \(typeName)", found: value.kindDescription))
    }
    let doesNotFit = Failure(reason: .doesNotFit(value.text, type: typeName))
    guard let magnitude else { throw doesNotFit }
    if value.isNegative && magnitude != 0 {
      guard isSigned, width > 0, magnitude <= UInt128(1) << (width - 1) else { throw doesNotFit }
      return (0 &- magnitude) & BinaryFloatFormat.mask(width)
    }
    let limit = isSigned ? (width == 0 ? 0 : BinaryFloatFormat.mask(width - 1)) : BinaryFloatFormat.mask(width)
    guard magnitude <= limit else { throw doesNotFit }
    return magnitude
  }

  /// A number as the bits of the slot's floating-point format, read in that format (no double rounding);
  /// a constant with the `f` suffix is a `float` first, as in C.
  private func floatingBits(_ value: LiteralValue) throws(Failure) -> UInt128 {
    let format: BinaryFloatFormat
    switch kind {
    case .float: format = .binary32
    case .float16: format = .binary16
    case .bfloat16: format = .bfloat16
    case .x87Extended: format = .x87Extended
    case .quadruple: format = .binary128
    default: format = .binary64
    }
    let isNegative = value.isNegative
    switch value.content {
    case .nan: return format.encode(.nan(isNegative: isNegative))
    case .infinity: return format.encode(.infinity(isNegative: isNegative))
    case .character(let byte):
      return format.round(isNegative: isNegative, significand: UInt128(byte), exponent: 0, sticky: false)
    case .integer(let magnitude, let digits):
      // The sign negates the value in the field's type, so `-0` is negative zero, as `%g` prints it.
      if magnitude == 0 { return format.encode(.zero(isNegative: isNegative)) }
      if let digits, let bits = Self.parse(digits, isHexadecimal: false, format: format, isNegative: isNegative) {
        return bits
      }
      guard let magnitude else { throw Failure(reason: .doesNotFit(value.text, type: typeName)) }
      return format.round(isNegative: isNegative, significand: magnitude, exponent: 0, sticky: false)
    case .floating(let body, let isHexadecimal, let isFloat):
      let source: BinaryFloatFormat = isFloat ? .binary32 : format
      guard let bits = Self.parse(body, isHexadecimal: isHexadecimal, format: source, isNegative: isNegative) else {
        throw Failure(reason: .badNumber(value.text))
      }
      return format.converting(bits, from: source)
    case .boolean, .null, .string, .name:
      throw Failure(reason: .wrongKind(expected: "a number for \(typeName)", found: value.kindDescription))
    }
  }

  /// Reads unsigned number text in `format`: Swift's own correctly rounded parsers for `float`, `double`
  /// and (on x86_64) `Float80`, exact integer arithmetic for the formats Swift has no type for.
  private static func parse(
    _ text: Substring, isHexadecimal: Bool, format: BinaryFloatFormat, isNegative: Bool
  ) -> UInt128? {
    switch format {
    case .binary32:
      return Float(text).map { UInt128((isNegative ? -$0 : $0).bitPattern) }
    case .binary64:
      return Double(text).map { UInt128((isNegative ? -$0 : $0).bitPattern) }
    default:
      #if arch(x86_64) && !os(Windows)
        if format == .x87Extended { return Float80(text).map { (isNegative ? -$0 : $0).x87Bits } }
      #endif
      return isHexadecimal
        ? format.bits(hexadecimal: text, isNegative: isNegative) : format.bits(decimal: text, isNegative: isNegative)
    }
  }
}
