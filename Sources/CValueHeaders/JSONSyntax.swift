/// Where malformed JSON first breaks, for the error message of a catalog file that does not parse.
///
/// `JSONDecoder` says only that the data is not valid JSON, and the parsers that say where
/// (`JSONSerialization`) come with Foundation's internationalization and ICU, about 40 MB in a library
/// linked with the static Swift runtime. This scanner reads the JSON grammar (RFC 8259) and nothing more: it
/// builds no values, and runs only after the decoder has failed.
enum JSONSyntax {
  /// The byte offset and the reason of the first place `bytes` is not JSON, or `nil` when they are.
  static func firstError(in bytes: some Collection<UInt8>) -> (offset: Int, reason: String)? {
    var scanner = Scanner(bytes: Array(bytes))
    do {
      scanner.skipWhitespace()
      try scanner.value(depth: 0)
      scanner.skipWhitespace()
      guard scanner.position == scanner.bytes.count else {
        return (scanner.position, "unexpected \(scanner.found) after the JSON value")
      }
      return nil
    } catch {
      return (error.offset, error.reason)
    }
  }

  struct Failure: Error {
    var offset: Int
    var reason: String
  }

  private struct Scanner {
    let bytes: [UInt8]
    var position = 0
    /// Deeper than this, the decoder has refused the file already; the scanner stops rather than recurse on.
    static let maximumDepth = 512

    init(bytes: [UInt8]) { self.bytes = bytes }

    var found: String {
      guard position < bytes.count else { return "end of file" }
      let byte = bytes[position]
      return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    func fail(_ reason: String) -> Failure { Failure(offset: position, reason: reason) }

    mutating func skipWhitespace() {
      while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    mutating func value(depth: Int) throws(Failure) {
      guard depth < Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth) levels") }
      guard position < bytes.count else { throw fail("unexpected end of file, expected a value") }
      switch bytes[position] {
      case UInt8(ascii: "{"): try object(depth: depth)
      case UInt8(ascii: "["): try array(depth: depth)
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default: throw fail("unexpected \(found), expected a value")
      }
    }

    mutating func object(depth: Int) throws(Failure) {
      position += 1
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return
      }
      while true {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
          throw fail("unexpected \(found), expected a string key")
        }
        try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
          throw fail("unexpected \(found), expected ':' after the key")
        }
        position += 1
        skipWhitespace()
        try value(depth: depth + 1)
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of file, expected ',' or '}'") }
        if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return
        }
        guard bytes[position] == UInt8(ascii: ",") else { throw fail("unexpected \(found), expected ',' or '}'") }
        position += 1
      }
    }

    mutating func array(depth: Int) throws(Failure) {
      position += 1
      skipWhitespace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return
      }
      while true {
        skipWhitespace()
        try value(depth: depth + 1)
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of file, expected ',' or ']'") }
        if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return
        }
        guard bytes[position] == UInt8(ascii: ",") else { throw fail("unexpected \(found), expected ',' or ']'") }
        position += 1
      }
    }

    mutating func string() throws(Failure) {
      position += 1
      while position < bytes.count {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""):
          position += 1
          return
        case UInt8(ascii: "\\"):
          position += 1
          guard position < bytes.count else { break }
          switch bytes[position] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
          case UInt8(ascii: "u"):
            position += 1
            for _ in 0..<4 {
              guard position < bytes.count, Self.isHexDigit(bytes[position]) else {
                throw fail("unexpected \(found) in a \\u escape, expected a hexadecimal digit")
              }
              position += 1
            }
          default: throw fail("invalid escape \\\(found) in a string")
          }
        case 0..<0x20: throw fail("unescaped control character \(found) in a string")
        default: position += 1
        }
      }
      throw fail("unexpected end of file in a string")
    }

    mutating func literal(_ word: String) throws(Failure) {
      for byte in word.utf8 {
        guard position < bytes.count, bytes[position] == byte else {
          throw fail("unexpected \(found), expected \(word)")
        }
        position += 1
      }
    }

    mutating func number() throws(Failure) {
      if bytes[position] == UInt8(ascii: "-") { position += 1 }
      guard position < bytes.count, Self.isDigit(bytes[position]) else {
        throw fail("unexpected \(found) in a number, expected a digit")
      }
      if bytes[position] == UInt8(ascii: "0") { position += 1 } else { digits() }
      if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
        position += 1
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
          throw fail("unexpected \(found) after a decimal point, expected a digit")
        }
        digits()
      }
      if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
        position += 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
          position += 1
        }
        guard position < bytes.count, Self.isDigit(bytes[position]) else {
          throw fail("unexpected \(found) in an exponent, expected a digit")
        }
        digits()
      }
    }

    mutating func digits() {
      while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isHexDigit(_ byte: UInt8) -> Bool {
      isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
  }
}
