/// Reads a C initializer for a layout back into the value's bytes: the inverse of ``ValueDescriber``.
///
/// ```swift
/// let parser = ValueLiteralParser(layout: try TypeCatalog.shared.layout(of: "rect"))
/// let bytes = try parser.parse("{.origin.x = 1, .size = {10, 20}}")
/// // origin.x = 1, origin.y = 0, size = {10, 20}; padding and every field not mentioned are zero
/// ```
///
/// It accepts what the describer prints and ordinary C: designators (`.x =`, `[2] =`, chains such as
/// `.origin.x` and `.a[2].b`), members found through anonymous members, positional values continuing after
/// a designated one, brace elision (`{1, 2, 3}` for `struct { int a[2]; int b; }`), braces around a scalar
/// (`{5}`), `{}`, trailing commas, comments; integers in decimal, octal and hex with `u`/`l` suffixes,
/// character constants, floats in decimal and hex with `f`/`l` suffixes, `nan`, `inf`, `INFINITY`, `true`,
/// `false`, `NULL`, string literals (adjacent ones joined) for `char` arrays, and for a field with an
/// enumeration (the enumeration the layout keeps for it) the names of its constants, which come before those words. Later initializers
/// overwrite earlier ones, and braces around a subobject first zero its fields, as C does.
///
/// Where it departs from C, it is to read descriptions back exactly: positional values in a braced union
/// go to its members in turn (C takes only the first), any byte value may be stored in a `_Bool`, a
/// floating-point field reads its text in its own type (no rounding through `double` first), and `_Complex`
/// and vector values are braced lists. Integers must fit their field (`-1` for an `unsigned` is an error),
/// and a floating-point value is not converted to an integer field.
struct ValueLiteralParser {
  /// Braces nested deeper than this are refused.
  static let maximumNestingDepth = 256

  let layout: CLayout

  /// The bytes (`layout.size` of them) of the value the literal describes, with every field not mentioned
  /// and all padding zero.
  func parse(_ literal: String) throws(ValueLiteralError) -> [UInt8] {
    var session = LiteralParseSession(layout: layout, literal: literal)
    return try session.run()
  }
}

/// The state of one parse: the lexer, the bytes so far and the braces still open. Each step reads one
/// token and acts on the innermost open brace, so neither nesting nor long lists use the call stack.
struct LiteralParseSession {
  /// What an open brace initializes.
  enum Context {
    /// A struct, union or array.
    case aggregate(LiteralCursor)
    /// A scalar in braces, which takes at most one value.
    case scalar(LiteralSlot, isFilled: Bool)
    /// The parts of a complex number, a vector or an unknown leaf, filled in order.
    case components([LiteralSlot], next: Int, type: String)
  }

  struct Brace {
    var context: Context
    let path: FieldPath
    let offset: Int
    var needsSeparator = false
  }

  let layout: CLayout
  let literal: String
  var lexer: LiteralLexer
  var bytes: [UInt8]
  var braces: [Brace] = []
  var peeked: LiteralToken?
  /// The hull of the bytes written so far: a brace over bytes outside it has nothing to zero.
  var written: Range<Int> = 0..<0
  /// Whether the layout has an enumeration anywhere, once asked (see `layoutHasEnumerations()`).
  var hasEnumerations: Bool?

  init(layout: CLayout, literal: String) {
    self.layout = layout
    self.literal = literal
    lexer = LiteralLexer(literal)
    bytes = [UInt8](repeating: 0, count: layout.size)
  }

  mutating func run() throws(ValueLiteralError) -> [UInt8] {
    let first = try next()
    let root = (node: layout.root, bitBase: 0, path: FieldPath())
    switch first.kind {
    case .end:
      throw error(.empty, at: first.offset)
    case .openBrace:
      try open(root, at: first.offset)
      try parseBraces()
    default:
      let value = try parseValue(startingWith: first)
      if Self.isAggregate(root.node) {
        guard case .string(let text) = value.content, Self.isByteArray(root.node) else {
          throw error(
            .wrongKind(expected: "'{' for \(LiteralSlot.typeName(of: root.node))", found: value.kindDescription),
            at: value.offset)
        }
        try storeString(text, value: value, into: root)
      } else {
        try store(value, into: root)
      }
    }
    let last = try next()
    switch last.kind {
    case .end: return bytes
    case .ellipsis: throw error(.truncated, at: last.offset)
    default: throw error(.trailingCharacters, at: last.offset)
    }
  }

  // MARK: - Braces

  /// Reads items until the outermost brace closes, one token decision at a time.
  private mutating func parseBraces() throws(ValueLiteralError) {
    while let brace = braces.last {
      let token = try next()
      if token.kind == .end { throw error(.unterminatedBrace, at: brace.offset, path: brace.path) }
      if token.kind == .ellipsis { throw error(.truncated, at: token.offset, path: brace.path) }
      if token.kind == .closeBrace {
        braces.removeLast()
        continue
      }
      if brace.needsSeparator {
        guard token.kind == .comma else {
          throw error(.unexpectedToken(found: lexer.spelling(token), expected: "',' or '}'"), at: token.offset)
        }
        braces[braces.count - 1].needsSeparator = false
        continue
      }
      braces[braces.count - 1].needsSeparator = true
      switch brace.context {
      case .aggregate(var cursor):
        try item(startingWith: token, in: &cursor)
      case .scalar(let slot, let isFilled):
        guard !isFilled else { throw error(.tooManyElements(type: slot.typeName), at: token.offset, path: slot.path) }
        try rejectDesignator(token, type: slot.typeName, path: slot.path)
        braces[braces.count - 1].context = .scalar(slot, isFilled: true)
        try fill(slot, startingWith: token)
      case .components(let slots, let index, let type):
        guard index < slots.count else { throw error(.tooManyElements(type: type), at: token.offset, path: brace.path) }
        try rejectDesignator(token, type: type, path: brace.path)
        braces[braces.count - 1].context = .components(slots, next: index + 1, type: type)
        try fill(slots[index], startingWith: token)
      }
    }
  }

  /// One item of a struct, union or array list: designators, then a braced list or a value.
  private mutating func item(startingWith first: LiteralToken, in cursor: inout LiteralCursor) throws(ValueLiteralError)
  {
    let index = braces.count - 1
    var token = first
    var isDesignated = false
    if token.kind == .dot || token.kind == .openBracket {
      try designate(startingWith: token, in: &cursor)
      token = try next()
      isDesignated = true
    }
    // A string literal, braced or not, initializes a char array whole.
    if !isDesignated, cursor.levels.count == 1, cursor.root.index == 0, Self.isByteArray(cursor.root.node),
      case .string = token.kind
    {
      let value = try parseValue(startingWith: token)
      guard case .string(let text) = value.content else { return }
      let root = cursor.root
      try storeString(text, value: value, into: (root.node, root.bitBase, root.path))
      cursor.designate(element: root.childCount)
      braces[index].context = .aggregate(cursor)
      return
    }
    guard var target = cursor.current() else {
      throw error(
        .tooManyElements(type: LiteralSlot.typeName(of: cursor.root.node)), at: token.offset, path: cursor.root.path)
    }
    if token.kind == .openBrace {
      cursor.advance()
      braces[index].context = .aggregate(cursor)
      try open(target, at: token.offset)
      return
    }
    let value = try parseValue(startingWith: token)
    // Brace elision: a value where an aggregate stands goes to the aggregate's first leaf (or a char array
    // takes a string whole).
    while Self.isAggregate(target.node) {
      if case .string(let text) = value.content, Self.isByteArray(target.node) {
        try storeString(text, value: value, into: target)
        break
      }
      cursor.enter(target)
      guard let inner = cursor.current() else {
        throw error(
          .tooManyElements(type: LiteralSlot.typeName(of: cursor.root.node)), at: token.offset, path: cursor.root.path)
      }
      target = inner
    }
    if !Self.isAggregate(target.node) { try store(value, into: target) }
    cursor.advance()
    braces[index].context = .aggregate(cursor)
  }

  /// A designator chain up to and including its `=`.
  private mutating func designate(startingWith first: LiteralToken, in cursor: inout LiteralCursor)
    throws(ValueLiteralError)
  {
    cursor.resetForDesignation()
    var token = first
    var isFirst = true
    while true {
      if !isFirst {
        let top = cursor.levels[cursor.levels.count - 1]
        cursor.enter(top.child(top.index))
      }
      isFirst = false
      let top = cursor.levels[cursor.levels.count - 1]
      let type = LiteralSlot.typeName(of: top.node)
      if token.kind == .dot {
        let name = try next()
        guard case .identifier(let member) = name.kind else {
          throw error(
            .unexpectedToken(found: lexer.spelling(name), expected: "a member name"), at: name.offset, path: top.path)
        }
        guard Self.isRecord(top.node) else {
          throw error(.designatorMismatch(".\(member)", type: type), at: token.offset, path: top.path)
        }
        guard cursor.designate(member: member) else {
          throw error(.unknownMember(member, type: type), at: name.offset, path: top.path)
        }
      } else {
        let value = try parseValue(startingWith: try next())
        let close = try next()
        guard close.kind == .closeBracket else {
          throw error(.unexpectedToken(found: lexer.spelling(close), expected: "']'"), at: close.offset, path: top.path)
        }
        guard case .array(let count, _) = top.node.content else {
          throw error(.designatorMismatch("[\(value.text)]", type: type), at: token.offset, path: top.path)
        }
        let element: Int
        switch value.content {
        case .integer(let magnitude?, _) where !value.isNegative || magnitude == 0:
          guard magnitude < UInt128(count) else {
            throw error(.indexOutOfRange(value.text, count: count), at: value.offset, path: top.path)
          }
          element = Int(magnitude)
        case .character(let byte) where !value.isNegative && Int(byte) < count:
          element = Int(byte)
        case .integer, .character:
          throw error(.indexOutOfRange(value.text, count: count), at: value.offset, path: top.path)
        default:
          throw error(
            .wrongKind(expected: "an array index", found: value.kindDescription), at: value.offset, path: top.path)
        }
        cursor.designate(element: element)
      }
      token = try next()
      switch token.kind {
      case .equals: return
      case .dot, .openBracket: continue
      default:
        let top = cursor.levels[cursor.levels.count - 1]
        throw error(
          .unexpectedToken(found: lexer.spelling(token), expected: "'=' after the designator"), at: token.offset,
          path: top.child(top.index).path)
      }
    }
  }

  private mutating func rejectDesignator(_ token: LiteralToken, type: String, path: FieldPath) throws(ValueLiteralError)
  {
    guard token.kind == .dot || token.kind == .openBracket else { return }
    let designator = token.kind == .dot ? "." : "["
    throw error(.designatorMismatch(designator, type: type), at: token.offset, path: path)
  }

  /// A value or a braced list for one leaf slot (inside braces of a scalar or of components).
  private mutating func fill(_ slot: LiteralSlot, startingWith token: LiteralToken) throws(ValueLiteralError) {
    if token.kind == .openBrace {
      try openSlot(slot, at: token.offset)
      return
    }
    try store(try parseValue(startingWith: token), into: slot)
  }
}
