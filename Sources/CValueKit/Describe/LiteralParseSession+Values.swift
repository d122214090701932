extension LiteralParseSession {
  typealias Target = (node: CLayout.Node, bitBase: Int, path: FieldPath)

  // MARK: - Tokens

  mutating func next() throws(ValueLiteralError) -> LiteralToken {
    if let token = peeked {
      peeked = nil
      return token
    }
    do {
      return try lexer.next()
    } catch {
      throw self.error(error.reason, at: error.offset)
    }
  }

  mutating func peek() throws(ValueLiteralError) -> LiteralToken {
    if let token = peeked { return token }
    let token = try next()
    peeked = token
    return token
  }

  /// An error at `offset`, for the field at `path` (by default the innermost open brace's object).
  func error(_ reason: ValueLiteralError.Reason, at offset: Int, path: FieldPath? = nil) -> ValueLiteralError {
    ValueLiteralError(reason, at: path ?? braces.last?.path ?? FieldPath(), offset: offset, in: literal)
  }

  // MARK: - Values

  /// A scalar or string: signs, then a number, character, string (adjacent strings joined) or one of the
  /// names `true`, `false`, `NULL`, `nan`, `inf`, `INFINITY`.
  mutating func parseValue(startingWith first: LiteralToken) throws(ValueLiteralError) -> LiteralValue {
    var token = first
    var isNegative = false
    var signs = 0
    while token.kind == .minus || token.kind == .plus {
      if token.kind == .minus { isNegative.toggle() }
      signs += 1
      token = try next()
    }
    let content: LiteralValue.Content
    var end = token.end
    switch token.kind {
    case .number(let text):
      guard let number = LiteralValue.number(text) else { throw error(.badNumber(text), at: token.offset) }
      content = number
    case .character(let byte):
      content = .character(byte)
    case .identifier(let name):
      switch name {
      case "true": content = .boolean(true)
      case "false": content = .boolean(false)
      case "NULL", "nullptr": content = .null
      case "nan", "NAN", "NaN": content = .nan
      case "inf", "INF", "INFINITY", "infinity", "Infinity", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL": content = .infinity
      default:
        // A name is a value only where an enumeration can give it one; elsewhere it stays the error it was.
        guard signs == 0, layoutHasEnumerations() else {
          throw error(.unexpectedToken(found: lexer.spelling(token), expected: "a value"), at: token.offset)
        }
        content = .name(name)
      }
    case .string(var text):
      while case .string(let more) = try peek().kind {
        end = try next().end
        text += more
      }
      content = .string(text)
    case .ellipsis:
      throw error(.truncated, at: token.offset)
    default:
      throw error(.unexpectedToken(found: lexer.spelling(token), expected: "a value"), at: token.offset)
    }
    var value = LiteralValue(
      content: content, isNegative: isNegative, offset: first.offset, text: lexer.source(first.offset..<end))
    if signs == 0, case .identifier(let name) = token.kind { value.identifier = name }
    if signs > 0 {
      switch content {
      case .integer, .floating, .character, .nan, .infinity: break
      case .boolean, .null, .string, .name:
        throw error(.wrongKind(expected: "a number after the sign", found: value.kindDescription), at: token.offset)
      }
    }
    return value
  }

  /// Whether any node of the layout has an enumeration, asked only when a name that is no keyword is
  /// read, so that a layout without one parses exactly as before.
  mutating func layoutHasEnumerations() -> Bool {
    if let known = hasEnumerations { return known }
    var pending = [layout.root]
    var found = false
    while let node = pending.popLast(), !found {
      found = node.enumeration != nil
      switch node.content {
      case .structure(let members), .union(let members): pending.append(contentsOf: members.map(\.node))
      case .array(_, let element): pending.append(element)
      case .leaf, .bitfield: break
      }
    }
    hasEnumerations = found
    return found
  }

  // MARK: - Storing

  /// Writes a value into a leaf target.
  mutating func store(_ value: LiteralValue, into target: Target) throws(ValueLiteralError) {
    try store(value, into: slot(for: target))
  }

  mutating func store(_ value: LiteralValue, into slot: LiteralSlot) throws(ValueLiteralError) {
    do {
      try slot.store(value, into: &bytes)
      noteWritten(slot.bitOffset / 8..<slot.bitOffset / 8 + Swift.max(slot.size, 1))
    } catch {
      throw self.error(error.reason, at: value.offset, path: slot.path)
    }
  }

  /// Writes a string into a `char` array: every byte, the rest after the text zero.
  mutating func storeString(_ text: [UInt8], value: LiteralValue, into target: Target) throws(ValueLiteralError) {
    guard case .array(let count, _) = target.node.content, text.count <= count else {
      throw error(
        .stringTooLong(length: text.count, type: LiteralSlot.typeName(of: target.node)), at: value.offset,
        path: target.path)
    }
    let start = target.bitBase / 8
    for index in 0..<count { bytes[start + index] = index < text.count ? text[index] : 0 }
    noteWritten(start..<start + count)
  }

  /// The leaf slot of a leaf or bitfield node.
  func slot(for target: Target) -> LiteralSlot {
    LiteralSlot(
      kind: LeafKind(target.node, abi: layout.abi), bitOffset: target.bitBase, size: target.node.size,
      path: target.path, node: target.node)
  }

  // MARK: - Braces

  /// Opens a brace for a subobject: its fields are zeroed first, since a braced list initializes all of it.
  mutating func open(_ target: Target, at offset: Int) throws(ValueLiteralError) {
    try checkDepth(at: offset, path: target.path)
    zeroLeaves(of: target)
    if Self.isAggregate(target.node) {
      braces.append(
        Brace(
          context: .aggregate(LiteralCursor(node: target.node, bitBase: target.bitBase, path: target.path)),
          path: target.path, offset: offset))
    } else {
      try openSlot(slot(for: target), at: offset, isZeroed: true)
    }
  }

  /// Opens a brace for a leaf: a list of its parts (complex, vector, unknown bytes) or a braced scalar.
  mutating func openSlot(_ slot: LiteralSlot, at offset: Int, isZeroed: Bool = false) throws(ValueLiteralError) {
    try checkDepth(at: offset, path: slot.path)
    if !isZeroed { slot.write(0, into: &bytes) }
    if let components = slot.components {
      braces.append(
        Brace(context: .components(components, next: 0, type: slot.typeName), path: slot.path, offset: offset))
    } else {
      braces.append(Brace(context: .scalar(slot, isFilled: false), path: slot.path, offset: offset))
    }
  }

  private func checkDepth(at offset: Int, path: FieldPath) throws(ValueLiteralError) {
    guard braces.count < ValueLiteralParser.maximumNestingDepth else {
      throw error(.nestingTooDeep(limit: ValueLiteralParser.maximumNestingDepth), at: offset, path: path)
    }
  }

  /// Zeroes every leaf bit of a subobject, and nothing else, when something was written there before: in
  /// a union, bytes that are only padding of this member (or the unused tail of an x87 `long double`'s
  /// slot) may hold another member's value.
  private mutating func zeroLeaves(of target: Target) {
    let start = target.bitBase / 8
    guard start < written.upperBound, written.lowerBound < start + Swift.max(target.node.size, 1) else { return }
    if case .bitfield = target.node.content {
      slot(for: target).write(0, into: &bytes)
      return
    }
    let abi = layout.abi
    bytes.withUnsafeMutableBytes { buffer in
      for field in CLayout.Fields(root: target.node) {
        if let bits = field.bits {
          RawBits.storeBits(0, into: buffer, bitOffset: target.bitBase + bits.lowerBound, width: bits.count)
          continue
        }
        let offset = start + field.offset
        var ranges = [offset..<offset + field.size]
        switch LeafKind(type: field.type, size: field.size, abi: abi) {
        case .x87Extended: ranges = [offset..<offset + 10]
        case .complex(.x87Extended, let size): ranges = [offset..<offset + 10, offset + size..<offset + size + 10]
        default: break
        }
        for range in ranges { for index in range { buffer[index] = 0 } }
      }
    }
  }

  /// Notes that the bytes of `range` now hold written values.
  mutating func noteWritten(_ range: Range<Int>) {
    written =
      written.isEmpty
      ? range : Swift.min(written.lowerBound, range.lowerBound)..<Swift.max(written.upperBound, range.upperBound)
  }

  // MARK: - Node kinds

  /// A struct, union or array: what brace elision descends into.
  static func isAggregate(_ node: CLayout.Node) -> Bool {
    switch node.content {
    case .structure, .union, .array: return true
    case .leaf, .bitfield: return false
    }
  }

  static func isRecord(_ node: CLayout.Node) -> Bool {
    switch node.content {
    case .structure, .union: return true
    case .leaf, .bitfield, .array: return false
    }
  }

  /// An array of one-byte integers (`char`, `signed char`, `unsigned char`), which a string initializes.
  static func isByteArray(_ node: CLayout.Node) -> Bool {
    guard case .array(_, let element) = node.content, case .leaf = element.content else { return false }
    switch LeafKind(type: element.type, size: element.size, abi: .host) {
    case .signedInteger(size: 1), .unsignedInteger(size: 1): return true
    default: return false
    }
  }
}
