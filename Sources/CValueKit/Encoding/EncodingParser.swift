/// Parses the type-encoding grammar from UTF-8 bytes, so that every error names an exact byte offset.
///
/// The parser is iterative over siblings and recursive over nesting, with the nesting depth bounded, so any
/// input either parses or throws an ``EncodingError``; it never traps and always ends.
struct EncodingParser {
  /// Every number in an encoding (array counts, bitfield offsets and widths, vector sizes, frame offsets)
  /// must be at most this; larger ones are refused rather than risk overflow.
  static let largestNumber = 1 << 40

  private let bytes: [UInt8]
  private let input: String
  private let maximumDepth: Int
  private(set) var position = 0

  init(_ input: String, maximumDepth: Int) {
    self.input = input
    self.bytes = Array(input.utf8)
    self.maximumDepth = maximumDepth
  }

  var isAtEnd: Bool { position >= bytes.count }

  /// Parses exactly one type that spans the whole input.
  mutating func parseSingle() throws(EncodingError) -> TypeEncoding {
    guard !bytes.isEmpty else { throw error(.empty, at: 0) }
    let type = try parseType(depth: 0, namedMember: false)
    guard isAtEnd else { throw error(.trailingCharacters) }
    return type
  }

  /// Parses types one after another, each optionally followed by a frame offset (`v16@0:8`).
  mutating func parseSequence() throws(EncodingError) -> [(TypeEncoding, Int?)] {
    guard !bytes.isEmpty else { throw error(.empty, at: 0) }
    var result: [(TypeEncoding, Int?)] = []
    while !isAtEnd {
      let start = position
      let type = try parseType(depth: 0, namedMember: false)
      if Self.endsInBitfield(type) { throw error(.bitfieldInSignature, at: start) }
      var offset: Int?
      if peek == UInt8(ascii: "-"), position + 1 < bytes.count, ASCII.isDigit(bytes[position + 1]) {
        position += 1
        offset = -(try parseNumber())
      } else if let byte = peek, ASCII.isDigit(byte) {
        offset = try parseNumber()
      }
      result.append((type, offset))
    }
    return result
  }

  // MARK: - Types

  private mutating func parseType(depth: Int, namedMember: Bool) throws(EncodingError) -> TypeEncoding {
    guard depth < maximumDepth else { throw error(.nestingTooDeep(limit: maximumDepth)) }
    guard let byte = peek else { throw error(.expectedType) }
    let start = position
    position += 1
    if let qualifier = Self.qualifier(byte) {
      return .qualified(qualifier, try parseType(depth: depth + 1, namedMember: namedMember))
    }
    switch byte {
    case UInt8(ascii: "@"):
      return try parseObject(namedMember: namedMember)
    case UInt8(ascii: "^"):
      return .pointer(try parseType(depth: depth + 1, namedMember: namedMember))
    case UInt8(ascii: "j"):
      return .complex(try parseType(depth: depth + 1, namedMember: namedMember))
    case UInt8(ascii: "["):
      return try parseArray(depth: depth)
    case UInt8(ascii: "{"):
      return .structure(try parseRecord(close: UInt8(ascii: "}"), unterminated: .unterminatedStruct, depth: depth))
    case UInt8(ascii: "("):
      return .union(try parseRecord(close: UInt8(ascii: ")"), unterminated: .unterminatedUnion, depth: depth))
    case UInt8(ascii: "b"):
      return try parseBitfield()
    case UInt8(ascii: "!"):
      return try parseVector(depth: depth)
    case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "\""):
      throw error(.unbalancedClose(String(Unicode.Scalar(byte))), at: start)
    default:
      if let scalar = Self.scalar(byte) {
        return .scalar(scalar)
      }
      throw error(.unknownTypeCode(characterText(at: start)), at: start)
    }
  }

  /// `@`, `@?` or `@"Class"`. As the type of a named member, a quoted string followed by a type is the next
  /// member's name, not this object's class (the rule Apple's runtime uses for `{S="o"@"n"i}`); in a record
  /// without member names it is always the class.
  private mutating func parseObject(namedMember: Bool) throws(EncodingError) -> TypeEncoding {
    if peek == UInt8(ascii: "?") {
      position += 1
      return .block
    }
    guard peek == UInt8(ascii: "\"") else { return .object(className: nil) }
    let quote = position
    let name = try parseQuotedName()
    if namedMember, let next = peek, next != UInt8(ascii: "\""), next != UInt8(ascii: "}"),
      next != UInt8(ascii: ")")
    {
      position = quote
      return .object(className: nil)
    }
    return .object(className: name)
  }

  private mutating func parseArray(depth: Int) throws(EncodingError) -> TypeEncoding {
    guard let byte = peek, ASCII.isDigit(byte) else {
      throw error(isAtEnd ? .unterminatedArray : .missingArrayCount)
    }
    let count = try parseNumber()
    let element = try parseType(depth: depth + 1, namedMember: false)
    guard let close = peek else { throw error(.unterminatedArray) }
    guard close == UInt8(ascii: "]") else { throw error(.expected("]")) }
    position += 1
    return .array(count: count, element: element)
  }

  private mutating func parseRecord(
    close: UInt8, unterminated: EncodingError.Reason, depth: Int
  ) throws(EncodingError) -> TypeEncoding.Record {
    let nameStart = position
    // A C++ name may hold balanced parentheses (`(anonymous namespace)::u`, `holder<int (*)(int)>::slot`):
    // only an `=` or the closing character outside them ends it.
    var parentheses = 0
    while let byte = peek, parentheses > 0 || (byte != UInt8(ascii: "=") && byte != close) {
      if byte == UInt8(ascii: "(") {
        parentheses += 1
      } else if byte == UInt8(ascii: ")") {
        parentheses -= 1
      }
      position += 1
    }
    guard let delimiter = peek else { throw error(unterminated) }
    let rawName = String(decoding: bytes[nameStart..<position], as: UTF8.self)
    guard !rawName.isEmpty else { throw error(.emptyRecordName, at: nameStart) }
    let name = rawName == "?" ? nil : rawName
    position += 1
    if delimiter == close { return TypeEncoding.Record(name: name, fields: nil) }
    var fields: [TypeEncoding.Field] = []
    while true {
      guard let byte = peek else { throw error(unterminated) }
      if byte == close {
        position += 1
        return TypeEncoding.Record(name: name, fields: fields)
      }
      var fieldName: String?
      if byte == UInt8(ascii: "\"") { fieldName = try parseQuotedName() }
      if peek == close, fieldName != nil { throw error(.expectedType) }
      fields.append(
        TypeEncoding.Field(name: fieldName, type: try parseType(depth: depth + 1, namedMember: fieldName != nil)))
    }
  }

  /// `b<width>` (Apple) or `b<offset><type><width>` (GNU). The GNU form is recognised by an integer type
  /// code followed by a digit right after the first number.
  private mutating func parseBitfield() throws(EncodingError) -> TypeEncoding {
    guard let byte = peek, ASCII.isDigit(byte) else { throw error(.missingBitfieldWidth) }
    let first = try parseNumber()
    if let code = peek, position + 1 < bytes.count, ASCII.isDigit(bytes[position + 1]),
      let type = Self.scalar(code), type.isInteger
    {
      position += 1
      let width = try parseNumber()
      return .bitfield(TypeEncoding.Bitfield(bitOffset: first, declaredType: type, width: width))
    }
    return .bitfield(TypeEncoding.Bitfield(width: first))
  }

  /// `![size,alignment type]`, GCC's vector encoding.
  private mutating func parseVector(depth: Int) throws(EncodingError) -> TypeEncoding {
    guard peek == UInt8(ascii: "[") else { throw error(isAtEnd ? .expectedType : .malformedVector) }
    position += 1
    guard let sizeByte = peek, ASCII.isDigit(sizeByte) else { throw error(.malformedVector) }
    let size = try parseNumber()
    guard peek == UInt8(ascii: ",") else { throw error(.malformedVector) }
    position += 1
    guard let alignByte = peek, ASCII.isDigit(alignByte) else { throw error(.malformedVector) }
    let alignment = try parseNumber()
    let element = try parseType(depth: depth + 1, namedMember: false)
    guard let close = peek else { throw error(.unterminatedVector) }
    guard close == UInt8(ascii: "]") else { throw error(.expected("]")) }
    position += 1
    return .vector(size: size, alignment: alignment, element: element)
  }

  // MARK: - Tokens

  /// The scalar a byte codes (`i` int), or `nil`: looked up by byte, not through the enum's `Character` raw
  /// values, as every type an encoding holds is.
  private static func scalar(_ byte: UInt8) -> TypeEncoding.Scalar? { byte < 0x80 ? scalars[Int(byte)] : nil }

  /// The qualifier a byte codes (`r` const), or `nil`.
  private static func qualifier(_ byte: UInt8) -> TypeEncoding.Qualifier? {
    byte < 0x80 ? qualifiers[Int(byte)] : nil
  }

  private static let scalars = byASCII(TypeEncoding.Scalar.allCases)
  private static let qualifiers = byASCII(TypeEncoding.Qualifier.allCases)

  /// The codes by their ASCII byte, a table of 128.
  private static func byASCII<Code: RawRepresentable<Character>>(_ codes: [Code]) -> [Code?] {
    var table = [Code?](repeating: nil, count: 128)
    for code in codes {
      if let byte = code.rawValue.asciiValue { table[Int(byte)] = code }
    }
    return table
  }

  /// Whether a C identifier could parse as an encoding, cheaply: only when every byte is a digit or a
  /// letter the grammar reads as a type code (a scalar's, a qualifier's, `j` or `b`). Reading an
  /// identifier, the parser takes nothing else, so an identifier with any other letter, or `_`, never
  /// parses; one that passes still has to be parsed to know.
  static func identifierMayParse(_ identifier: String) -> Bool {
    identifier.utf8.allSatisfy { byte in
      ASCII.isDigit(byte) || byte == UInt8(ascii: "j") || byte == UInt8(ascii: "b") || scalar(byte) != nil
        || qualifier(byte) != nil
    }
  }

  private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func parseNumber() throws(EncodingError) -> Int {
    let start = position
    var value = 0
    while let byte = peek, let digit = ASCII.digitValue(byte) {
      value = value * 10 + Int(digit)
      guard value <= Self.largestNumber else {
        throw error(.numberTooLarge(limit: Self.largestNumber), at: start)
      }
      position += 1
    }
    return value
  }

  /// A `"…"` name; the opening quote is at `position`.
  private mutating func parseQuotedName() throws(EncodingError) -> String {
    let open = position
    let start = position + 1
    guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else {
      position = bytes.count
      throw error(.unterminatedName, at: open)
    }
    position = end + 1
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// The whole character (not just one UTF-8 byte) that starts at `offset`, for error messages.
  private func characterText(at offset: Int) -> String {
    var end = offset + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private func error(_ reason: EncodingError.Reason, at offset: Int? = nil) -> EncodingError {
    EncodingError(reason, at: offset ?? position, in: input)
  }

  /// Whether a type's text ends with a bitfield's width (`b3`, `jb3`, `^rb3`): a frame offset written after
  /// it would read as more digits of the width, so such an element cannot stand in a signature.
  static func endsInBitfield(_ type: TypeEncoding) -> Bool {
    switch type {
    case .bitfield: return true
    case .qualified(_, let inner), .complex(let inner), .pointer(let inner): return endsInBitfield(inner)
    default: return false
    }
  }
}
