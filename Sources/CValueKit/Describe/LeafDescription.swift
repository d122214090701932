/// How one leaf of a value is written in a description: the C constant that has its bits.
///
/// - Integers in decimal (`char` too, and `__int128`); `_Bool` as `true`/`false`, any other byte as its
///   number; bitfields as their value, sign-extended when the declared type is signed. Where the node has
///   an enumeration and the value is one of its constants, the describer writes the constant's name
///   instead (`constantName(_:in:bitOffset:enumeration:)`).
/// - `float` and `double` as Swift's shortest text that reads back to the same value *in the field's own
///   type* (so `0.1f` is `0.1`), without a trailing `.0` (`20`), except that negative zero stays `-0.0`;
///   `inf`, `-inf`, `nan`, `-nan` (a NaN's payload is not shown, and reads back as the default quiet NaN).
/// - x87 `long double` on x86_64 the same way through `Float80`. Where Swift has no type for the format
///   (binary128, or x87 on another host), an integral value is written as an integer and any other as an
///   exact hexadecimal float with the `L` suffix, `0x1.8p-1L`, which C and the parser read back exactly.
///   The x87 encodings the FPU rejects (pseudo-NaN, pseudo-infinity, unnormals) are written `nan`, and a
///   pseudo-denormal (exponent 0 with the integer bit set) as the number it equals, which reads back in
///   its normal encoding (exponent 1): no C text keeps those bits. In a union, whose description lists
///   every member and reads them back in order, bytes that a member reads as such an encoding therefore
///   read back as the default NaN or the normal encoding, over what the members before it wrote.
/// - Addresses as lowercase hex, `0x7ffee3b0`, zero as `NULL`; with
///   ``DescriptionOptions/showsCStringText`` a `char *` is followed by its text in a comment.
/// - `_Complex` as `{re, im}`, vectors as `{e0, e1, …}`, bytes of unknown meaning as `{0x01, 0x02}`.
package enum LeafDescription {
  /// The leaf of `kind` whose first bit is `bitOffset` bits into `bytes` and which spans `size` bytes.
  static func text(
    _ kind: LeafKind, in bytes: UnsafeRawBufferPointer, bitOffset: Int, size: Int, options: DescriptionOptions
  ) -> String {
    let offset = bitOffset / 8
    switch kind {
    case .signedInteger(let size):
      return String(RawBits.signed(bytes, at: offset, size: size))
    case .unsignedInteger(let size):
      return String(RawBits.unsigned(bytes, at: offset, size: size))
    case .bool:
      let byte = bytes[offset]
      return byte == 0 ? "false" : byte == 1 ? "true" : String(byte)
    case .float:
      return FloatText.shortest(
        Float(bitPattern: UInt32(truncatingIfNeeded: RawBits.unsigned(bytes, at: offset, size: 4))))
    case .float16, .bfloat16:
      let bits = UInt16(truncatingIfNeeded: RawBits.unsigned(bytes, at: offset, size: 2))
      return halfText(bits, format: HalfFloat.format(of: kind) ?? .binary16)
    case .double:
      return FloatText.shortest(
        Double(bitPattern: UInt64(truncatingIfNeeded: RawBits.unsigned(bytes, at: offset, size: 8))))
    case .x87Extended:
      return x87Text(RawBits.unsigned(bytes, at: offset, size: 10))
    case .quadruple:
      return BinaryFloatFormat.binary128.text(RawBits.unsigned(bytes, at: offset, size: 16))
    case .address(let isCString):
      let address = RawBits.unsigned(bytes, at: offset, size: Swift.min(size, 16))
      guard address != 0 else { return "NULL" }
      let text = "0x" + String(address, radix: 16)
      guard isCString, options.showsCStringText, size == MemoryLayout<UInt>.size else { return text }
      return text + cStringComment(at: UInt(truncatingIfNeeded: address))
    case .complex(let component, let componentSize):
      let real = text(component, in: bytes, bitOffset: bitOffset, size: componentSize, options: options)
      let imaginary = text(
        component, in: bytes, bitOffset: bitOffset + componentSize * 8, size: componentSize, options: options)
      return "{\(real), \(imaginary)}"
    case .vector(let element, let elementSize, let count):
      let elements = (0..<count).map {
        text(element, in: bytes, bitOffset: bitOffset + $0 * elementSize * 8, size: elementSize, options: options)
      }
      return "{" + elements.joined(separator: ", ") + "}"
    case .bitfield(let width, let isSigned):
      let value = RawBits.bits(bytes, bitOffset: bitOffset, width: width)
      return isSigned ? String(RawBits.signExtend(value, width: width)) : String(value)
    case .opaque:
      let hex = (offset..<offset + size).map { "0x" + ASCII.hexDigits(CollectionOfOne(bytes[$0])) }
      return "{" + hex.joined(separator: ", ") + "}"
    }
  }

  /// The name of the constant of `enumeration` that an integer or bitfield leaf holds (the first declared
  /// for its value), or `nil` when it holds no constant's value or is no integer.
  static func constantName(
    _ kind: LeafKind, in bytes: UnsafeRawBufferPointer, bitOffset: Int, enumeration: CEnumeration
  ) -> String? {
    let offset = bitOffset / 8
    let value: Int64?
    switch kind {
    case .signedInteger(let size): value = Int64(exactly: RawBits.signed(bytes, at: offset, size: size))
    case .unsignedInteger(let size): value = Int64(exactly: RawBits.unsigned(bytes, at: offset, size: size))
    case .bitfield(let width, let isSigned):
      let bits = RawBits.bits(bytes, bitOffset: bitOffset, width: width)
      value = isSigned ? Int64(exactly: RawBits.signExtend(bits, width: width)) : Int64(exactly: bits)
    default: value = nil
    }
    return value.flatMap(enumeration.name(for:))
  }

  /// A 16-bit floating-point value as the shortest text that reads back to its bits in its own format:
  /// binary16 through Swift's `Float16` where Swift has the type; otherwise (and bfloat16 always) the
  /// `Float` it widens to, its shortest digits cut to the fewest that still read back (`__bf16` 0.1 is
  /// `0.1`, not the `0.100097656` of its `Float`).
  static func halfText(_ bits: UInt16, format: BinaryFloatFormat) -> String {
    #if !(os(macOS) && arch(x86_64))
      if format == .binary16 { return FloatText.shortest(Float16(bitPattern: bits)) }
    #endif
    let value = HalfFloat.float(bits, format: format)
    let text = FloatText.shortest(value)
    guard value.isFinite, value != 0 else { return text }
    // The digits and exponent of `text`: value = ±digits × 10^exponent.
    let parts = text.split(separator: "e", maxSplits: 1)
    var exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
    let mantissa = parts[0].drop { $0 == "-" }
    let pieces = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let fraction = pieces.count == 2 ? pieces[1] : ""
    exponent -= fraction.count
    let digits = Array((pieces[0] + fraction).drop { $0 == "0" }).compactMap(\.wholeNumberValue)
    let sign = value.sign == .minus ? "-" : ""
    for count in 1..<Swift.max(1, digits.count) {
      // Rounded to `count` digits, half up; the read-back check below decides.
      var kept = digits.prefix(count).reduce(UInt64(0)) { $0 * 10 + UInt64($1) }
      if digits[count] >= 5 { kept += 1 }
      let candidate = "\(kept)e\(exponent + digits.count - count)"
      guard let read = format.bits(decimal: Substring(candidate), isNegative: value.sign == .minus),
        read == UInt128(bits), let shorter = Float(candidate)
      else { continue }
      return sign + FloatText.shortest(shorter)
    }
    return text
  }

  /// An x87 extended value from its 80 bits.
  static func x87Text(_ bits: UInt128) -> String {
    #if arch(x86_64) && !os(Windows)
      switch BinaryFloatFormat.x87Extended.decode(bits) {
      case .finite:
        return FloatText.shortest(Float80(x87Bits: bits))
      case .zero(let isNegative): return isNegative ? "-0.0" : "0"
      case .infinity(let isNegative): return isNegative ? "-inf" : "inf"
      case .nan(let isNegative): return isNegative ? "-nan" : "nan"
      }
    #else
      return BinaryFloatFormat.x87Extended.text(bits)
    #endif
  }

  /// ` /* "text" */` for the NUL-terminated string at `address`: at most 256 bytes, escaped so that the
  /// comment stays one comment on one line.
  static func cStringComment(at address: UInt) -> String {
    guard let pointer = UnsafePointer<UInt8>(bitPattern: address) else { return "" }
    var text: [UInt8] = []
    var isComplete = false
    for index in 0..<256 {
      let byte = pointer[index]
      if byte == 0 {
        isComplete = true
        break
      }
      text.append(byte)
    }
    var escaped = ""
    for (index, byte) in text.enumerated() {
      if byte == UInt8(ascii: "/"), index > 0, text[index - 1] == UInt8(ascii: "*") {
        escaped += "\\057"  // never close the comment
      } else {
        escaped += escape(byte)
      }
    }
    return " /* \"\(escaped)\"\(isComplete ? "" : "…") */"
  }

  /// The bytes as one C string literal, `"caf\303\251\n"`, each escaped as ``escape(_:)`` does: what a
  /// `std::string`'s text is described as.
  package static func cStringLiteral(_ bytes: some Sequence<UInt8>) -> String {
    "\"" + bytes.map(escape).joined() + "\""
  }

  /// A byte as it appears inside a C string literal: printable ASCII as itself, the common escapes, and
  /// anything else as a three-digit octal escape (which, unlike `\x`, cannot swallow the next character).
  static func escape(_ byte: UInt8) -> String {
    switch byte {
    case UInt8(ascii: "\""): return "\\\""
    case UInt8(ascii: "\\"): return "\\\\"
    case UInt8(ascii: "\n"): return "\\n"
    case UInt8(ascii: "\t"): return "\\t"
    case UInt8(ascii: "\r"): return "\\r"
    case 0x20...0x7E: return String(UnicodeScalar(byte))
    default:
      let octal = String(byte, radix: 8)
      return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
    }
  }
}

#if arch(x86_64) && !os(Windows)
  extension Float80 {
    /// The value of an x87 encoding's 80 bits; a pseudo-denormal is read as the normal number it equals.
    init(x87Bits bits: UInt128) {
      let exponent = UInt((bits >> 64) & 0x7FFF)
      let hasIntegerBit = (bits >> 63) & 1 == 1
      self.init(
        sign: (bits >> 79) & 1 == 1 ? .minus : .plus,
        exponentBitPattern: exponent == 0 && hasIntegerBit ? 1 : exponent,
        significandBitPattern: UInt64(truncatingIfNeeded: bits) & ((1 << 63) - 1))
    }

    /// The value's 80-bit x87 encoding, with the integer bit explicit.
    var x87Bits: UInt128 {
      let integerBit: UInt128 = exponentBitPattern == 0 ? 0 : 1
      return (sign == .minus ? 1 : 0) << 79 | UInt128(exponentBitPattern) << 64 | integerBit << 63
        | UInt128(significandBitPattern)
    }
  }
#endif
