/// A scalar or string read from a value literal, before it is stored in a field.
struct LiteralValue {
  enum Content {
    /// An integer constant: its magnitude (`nil` beyond 128 bits), and its digits when written in
    /// decimal, so that a floating-point field can read them in its own type.
    case integer(UInt128?, decimalDigits: Substring?)
    /// A floating constant, unsigned and without suffix (`1.5`, `0x1.8p3`); `isFloat` for the `f` suffix,
    /// which makes it a `float` first.
    case floating(Substring, isHexadecimal: Bool, isFloat: Bool)
    /// A character constant: one byte.
    case character(UInt8)
    case boolean(Bool)
    case null
    case infinity
    case nan
    case string([UInt8])
    /// An identifier that is no keyword, read where the layout has an enumeration: a constant's name
    /// for an enum field, an error anywhere else.
    case name(String)
  }

  var content: Content
  var isNegative: Bool
  /// The UTF-8 offset of the value's first byte (its sign, if any).
  let offset: Int
  /// The value as written, for messages: `-1`, `0x1p3f`, `"abc"`.
  let text: String
  /// The identifier the value was written as, without a sign (`Z_OK`, and also `true` or `NAN`), so that
  /// an enum field reads its constants first, whatever else the name means.
  var identifier: String? = nil

  /// How the value is named in a message about a value of the wrong kind.
  var kindDescription: String {
    switch content {
    case .integer, .character: return "the integer \(text)"
    case .floating, .infinity, .nan: return "the floating-point number \(text)"
    case .boolean(let flag): return flag ? "true" : "false"
    case .null: return "NULL"
    case .string: return "a string literal"
    case .name(let name): return "the name \(name)"
    }
  }

  /// Classifies a preprocessing number: a decimal, octal or hexadecimal integer with `u`/`l` suffixes, or
  /// a decimal or hexadecimal float with an `f` or `l` suffix. `nil` when it is neither.
  static func number(_ text: String) -> Content? {
    let utf8 = Array(text.utf8)
    let isHex = utf8.count > 1 && utf8[0] == UInt8(ascii: "0") && utf8[1] | 0x20 == UInt8(ascii: "x")
    let isFloating =
      isHex
      ? utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "p") }
      : utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
    if isFloating {
      var body = text[...]
      var isFloat = false
      if let last = body.utf8.last, last | 0x20 == UInt8(ascii: "f") || last | 0x20 == UInt8(ascii: "l"),
        !(isHex && last | 0x20 == UInt8(ascii: "f") && !body.contains(where: { $0 == "p" || $0 == "P" }))
      {
        isFloat = last | 0x20 == UInt8(ascii: "f")
        body = body.dropLast()
      }
      guard isValidFloating(body, isHex: isHex) else { return nil }
      return .floating(body, isHexadecimal: isHex, isFloat: isFloat)
    }
    var digitsEnd = utf8.count
    while digitsEnd > 0,
      utf8[digitsEnd - 1] | 0x20 == UInt8(ascii: "u") || utf8[digitsEnd - 1] | 0x20 == UInt8(ascii: "l")
    {
      digitsEnd -= 1
    }
    let suffix = String(decoding: utf8[digitsEnd...], as: UTF8.self).lowercased()
    guard ["", "u", "l", "ul", "lu", "ll", "ull", "llu"].contains(suffix) else { return nil }
    let radix = isHex ? 16 : utf8[0] == UInt8(ascii: "0") ? 8 : 10
    let digits = utf8[(isHex ? 2 : 0)..<digitsEnd]
    guard !digits.isEmpty else { return nil }
    var value: UInt128? = 0
    for byte in digits {
      guard let digit = ASCII.hexDigitValue(byte), Int(digit) < radix else { return nil }
      if let current = value {
        let (product, overflow) = current.multipliedReportingOverflow(by: UInt128(radix))
        let (sum, carry) = product.addingReportingOverflow(UInt128(digit))
        value = overflow || carry ? nil : sum
      }
    }
    let decimal = radix == 10 ? text[text.startIndex..<text.utf8.index(text.startIndex, offsetBy: digitsEnd)] : nil
    return .integer(value, decimalDigits: decimal)
  }

  /// `digits[.digits][e[+-]digits]` with a digit somewhere and an exponent or a point, or the hexadecimal
  /// form with its binary exponent required.
  private static func isValidFloating(_ body: Substring, isHex: Bool) -> Bool {
    var characters = body.utf8[...]
    if isHex { characters = characters.dropFirst(2) }
    var sawDigit = false
    var sawPoint = false
    while let byte = characters.first {
      if byte == UInt8(ascii: ".") {
        guard !sawPoint else { return false }
        sawPoint = true
      } else if isHex ? ASCII.hexDigitValue(byte) != nil : ASCII.isDigit(byte) {
        sawDigit = true
      } else {
        break
      }
      characters = characters.dropFirst()
    }
    guard sawDigit else { return false }
    guard let marker = characters.first else { return !isHex && sawPoint }
    guard marker | 0x20 == (isHex ? UInt8(ascii: "p") : UInt8(ascii: "e")) else { return false }
    return BinaryFloatFormat.exponent(characters.dropFirst()) != nil
  }
}
