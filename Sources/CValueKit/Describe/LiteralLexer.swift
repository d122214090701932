/// One token of a value literal, with the byte range it was read from.
struct LiteralToken: Equatable {
  enum Kind: Equatable {
    case openBrace, closeBrace, comma, equals, dot, openBracket, closeBracket, minus, plus
    /// A preprocessing number as written, suffix included: `0x1.8p3f`, `42u`, `.5`.
    case number(String)
    case identifier(String)
    /// A character constant's byte: `'a'`, `'\n'`, `'\xff'`.
    case character(UInt8)
    /// A string literal's bytes, escapes resolved.
    case string([UInt8])
    /// `…` or `...`: the mark of a cut-short description.
    case ellipsis
    case end
  }

  let kind: Kind
  /// The UTF-8 offset of the token's first byte.
  let offset: Int
  /// The UTF-8 offset just past the token.
  let end: Int
}

/// Splits a value literal into tokens, skipping whitespace and `/* */` and `//` comments. Failures carry
/// the reason and offset; the parser adds the field path.
struct LiteralLexer {
  struct Failure: Error {
    let reason: ValueLiteralError.Reason
    let offset: Int
  }

  let text: [UInt8]
  private var position = 0

  init(_ literal: String) { text = Array(literal.utf8) }

  /// The source text of a byte range, for messages.
  func source(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }

  /// How a token is named in a message: its text in quotes, or `end of input`.
  func spelling(_ token: LiteralToken) -> String {
    if token.kind == .end { return "end of input" }
    let written = source(token.offset..<Swift.min(token.end, token.offset + 40))
    return "'\(CaretDiagnostic.escaped(written))'"
  }

  mutating func next() throws(Failure) -> LiteralToken {
    try skipSpaceAndComments()
    let start = position
    guard position < text.count else { return LiteralToken(kind: .end, offset: start, end: start) }
    let byte = text[position]
    let punctuation: LiteralToken.Kind? =
      switch byte {
      case UInt8(ascii: "{"): .openBrace
      case UInt8(ascii: "}"): .closeBrace
      case UInt8(ascii: ","): .comma
      case UInt8(ascii: "="): .equals
      case UInt8(ascii: "["): .openBracket
      case UInt8(ascii: "]"): .closeBracket
      case UInt8(ascii: "-"): .minus
      case UInt8(ascii: "+"): .plus
      default: nil
      }
    if let punctuation {
      position += 1
      return LiteralToken(kind: punctuation, offset: start, end: position)
    }
    if byte == UInt8(ascii: "."), peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") {
      position += 3
      return LiteralToken(kind: .ellipsis, offset: start, end: position)
    }
    if byte == 0xE2, peek(1) == 0x80, peek(2) == 0xA6 {  // U+2026 HORIZONTAL ELLIPSIS
      position += 3
      return LiteralToken(kind: .ellipsis, offset: start, end: position)
    }
    if ASCII.isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(ASCII.isDigit) == true) {
      return LiteralToken(kind: .number(scanNumber()), offset: start, end: position)
    }
    if byte == UInt8(ascii: ".") {
      position += 1
      return LiteralToken(kind: .dot, offset: start, end: position)
    }
    if ASCII.isIdentifierStart(byte) {
      while position < text.count, ASCII.isIdentifierCharacter(text[position]) {
        position += 1
      }
      return LiteralToken(kind: .identifier(source(start..<position)), offset: start, end: position)
    }
    if byte == UInt8(ascii: "\"") { return LiteralToken(kind: .string(try scanQuoted()), offset: start, end: position) }
    if byte == UInt8(ascii: "'") {
      let bytes = try scanQuoted()
      guard bytes.count == 1 else { throw Failure(reason: .unterminatedCharacter, offset: start) }
      return LiteralToken(kind: .character(bytes[0]), offset: start, end: position)
    }
    throw Failure(reason: .unexpectedCharacter(scalar(at: start)), offset: start)
  }

  private func peek(_ distance: Int) -> UInt8? {
    position + distance < text.count ? text[position + distance] : nil
  }

  private mutating func skipSpaceAndComments() throws(Failure) {
    while position < text.count {
      let byte = text[position]
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        position += 1
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        while position < text.count, text[position] != 0x0A { position += 1 }
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        let start = position
        position += 2
        while position < text.count, !(text[position] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
          position += 1
        }
        guard position < text.count else { throw Failure(reason: .unterminatedComment, offset: start) }
        position += 2
      } else {
        return
      }
    }
  }

  /// A preprocessing number: digits, letters, `_`, `.`, and a sign right after an exponent letter (`e`
  /// in decimal, `p` in hexadecimal).
  private mutating func scanNumber() -> String {
    let start = position
    let isHex = text[position] == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
    while position < text.count {
      let byte = text[position]
      if ASCII.isIdentifierCharacter(byte) || byte == UInt8(ascii: ".") {
        position += 1
      } else if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-"), position > start {
        let previous = text[position - 1] | 0x20
        guard previous == (isHex ? UInt8(ascii: "p") : UInt8(ascii: "e")) else { break }
        position += 1
      } else {
        break
      }
    }
    return source(start..<position)
  }

  /// The bytes between a pair of `"` or `'`, escapes resolved.
  private mutating func scanQuoted() throws(Failure) -> [UInt8] {
    let start = position
    let quote = text[position]
    let unterminated: ValueLiteralError.Reason =
      quote == UInt8(ascii: "\"") ? .unterminatedString : .unterminatedCharacter
    position += 1
    var bytes: [UInt8] = []
    while true {
      guard position < text.count, text[position] != 0x0A else { throw Failure(reason: unterminated, offset: start) }
      let byte = text[position]
      if byte == quote {
        position += 1
        return bytes
      }
      if byte == UInt8(ascii: "\\") {
        bytes.append(try scanEscape())
      } else {
        bytes.append(byte)
        position += 1
      }
    }
  }

  private mutating func scanEscape() throws(Failure) -> UInt8 {
    let start = position
    position += 1
    guard position < text.count else { throw Failure(reason: .invalidEscape("\\"), offset: start) }
    let byte = text[position]
    position += 1
    switch byte {
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "a"): return 0x07
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "v"): return 0x0B
    case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"): return byte
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = Int(byte - UInt8(ascii: "0"))
      var digits = 1
      while digits < 3, position < text.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[position]) {
        value = value * 8 + Int(text[position] - UInt8(ascii: "0"))
        position += 1
        digits += 1
      }
      guard value <= 0xFF else { throw Failure(reason: .invalidEscape(source(start..<position)), offset: start) }
      return UInt8(value)
    case UInt8(ascii: "x"):
      var value = 0
      var digits = 0
      while position < text.count, let digit = ASCII.hexDigitValue(text[position]) {
        value = Swift.min(value * 16 + Int(digit), 0x1000)
        position += 1
        digits += 1
      }
      guard digits > 0, value <= 0xFF else {
        throw Failure(reason: .invalidEscape(source(start..<position)), offset: start)
      }
      return UInt8(value)
    default:
      throw Failure(reason: .invalidEscape("\\" + scalar(at: position - 1)), offset: start)
    }
  }

  /// The Unicode scalar starting at `offset`, for messages (a stray byte of broken UTF-8 as `\u{FFFD}`).
  private func scalar(at offset: Int) -> String {
    var end = offset + 1
    while end < text.count, end < offset + 4, text[end] & 0xC0 == 0x80 { end += 1 }
    return CaretDiagnostic.escaped(source(offset..<end))
  }
}
