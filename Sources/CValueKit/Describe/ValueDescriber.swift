/// Describes raw C values of one layout as C initializers that ``ValueLiteralParser`` reads back:
///
/// ```
/// {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}   // member names known
/// {1.5, -2}                                                            // names unknown: positional
/// {.a = 1, {.b = 2, .c = 3}}                                           // a C11 anonymous struct member
/// {.i = 1065353216, .f = 1}                                            // a union: every member
/// {.name = "eth0", .data = {1, 2, 3, … 97 more}}                      // char text; a capped array
/// {.state = Z_STREAM_END, .code = 7}                                   // an enum member's constant
/// ```
///
/// Leaves are written as ``LeafDescription`` says. A `char` array is a string literal when it holds text
/// (printable ASCII and `\n \t \r`, up to a NUL with only zeros after it, or filling the array exactly),
/// otherwise numbers. In a union, the members of an anonymous struct are written with their own
/// designators (`{.i = 5, .a = 5, .b = 0}`), which is valid C where a nested brace would not be.
///
/// Without a custom describer and without `… N more`, `parse(describe(v))` gives back every leaf's bits
/// (NaN payloads and the x87 encodings the FPU rejects aside) with all padding zero.
///
/// The walk uses an explicit stack, so the depth of the layout costs no call stack.
struct ValueDescriber {
  /// A caller-registered describer for one node; it gets exactly that node's bytes.
  typealias Custom = @Sendable (UnsafeRawBufferPointer) -> String

  let layout: CLayout
  let options: DescriptionOptions
  /// Asked for every node except bitfields (array elements once per array): a describer that replaces
  /// the built-in description of the node, or `nil`.
  let custom: ((CLayout.Node) -> Custom?)?
  /// Which member of each union with a rule is described, over the whole layout; `nil` describes every
  /// member of every union.
  let liveMembers: (any LiveMemberTree)?

  init(
    layout: CLayout, options: DescriptionOptions = .default, custom: ((CLayout.Node) -> Custom?)? = nil,
    liveMembers: (any LiveMemberTree)? = nil
  ) {
    self.layout = layout
    self.options = options
    self.custom = custom
    self.liveMembers = liveMembers
  }

  /// The value in `bytes` (exactly `layout.size` of them) as a C initializer.
  func describe(_ bytes: UnsafeRawBufferPointer) -> String {
    describe(layout.root, in: bytes, offset: 0, bitOffset: 0, liveMembers: liveMembers)
  }

  /// One node of the layout (a field, a nested record, an array) inside the value in `bytes`, which starts
  /// at byte `offset`, or for a bitfield at bit `bitOffset` (both counted from the start of `bytes`);
  /// `liveMembers` is the node's part of the union member rules.
  func describe(
    _ node: CLayout.Node, in bytes: UnsafeRawBufferPointer, offset: Int, bitOffset: Int,
    liveMembers: (any LiveMemberTree)? = nil
  ) -> String {
    let isBitfield = if case .bitfield = node.content { true } else { false }
    var writer = DescriptionWriter(describer: self, bytes: bytes)
    return writer.run(node, bitBase: isBitfield ? bitOffset : offset * 8, liveMembers: liveMembers)
  }

  /// `count` consecutive values at the layout's stride, as `{v0, v1, … N more}`.
  func describeValues(_ bytes: UnsafeRawBufferPointer, count: Int) -> String {
    // As for arrays: values without bytes all read back from `{}`, however many are asked for.
    guard layout.stride > 0 else { return "{}" }
    let shown = options.shownCount(of: count)
    // With a field a line, each value is one line of its own.
    var elementOptions = options
    elementOptions.fieldPerLine = false
    let element = ValueDescriber(layout: layout, options: elementOptions, custom: custom, liveMembers: liveMembers)
    var parts: [String] = []
    for index in 0..<shown {
      let start = index * layout.stride
      parts.append(element.describe(UnsafeRawBufferPointer(rebasing: bytes[start..<start + layout.size])))
    }
    if shown < count { parts.append("… \(count - shown) more") }
    guard options.fieldPerLine, !parts.isEmpty else { return "{" + parts.joined(separator: ", ") + "}" }
    return "{\n  " + parts.joined(separator: ",\n  ") + "\n}"
  }

  /// One leaf of a value, for a mismatch line: the field's bits in `bytes`, the whole value.
  static func describeLeaf(
    _ field: CLayout.Field, in bytes: UnsafeRawBufferPointer, abi: ABI, options: DescriptionOptions = .default
  ) -> String {
    let kind: LeafKind
    if let bits = field.bits {
      kind = .bitfield(width: bits.count, isSigned: field.bitfieldIsSigned ?? false)
    } else {
      kind = LeafKind(type: field.type, size: field.size, abi: abi)
    }
    return describeLeaf(kind, in: bytes, bitOffset: field.bits?.lowerBound ?? field.offset * 8, size: field.size)
  }

  /// One leaf of `kind` whose first bit is `bitOffset` bits into `bytes` and which spans `size` bytes.
  static func describeLeaf(
    _ kind: LeafKind, in bytes: UnsafeRawBufferPointer, bitOffset: Int, size: Int,
    options: DescriptionOptions = .default
  ) -> String {
    LeafDescription.text(kind, in: bytes, bitOffset: bitOffset, size: size, options: options)
  }

  /// Bytes whose layout is not known, as a hex dump with their count: `<8 bytes: 01 02 03 04 05 06 07 08>`,
  /// `<1 byte: 2a>`, `<0 bytes>`; past `limit` bytes the rest are counted: `<100 bytes: 00 01 … 36 more>`.
  static func describeBytes(_ bytes: UnsafeRawBufferPointer, limit: Int = 64) -> String {
    let count = bytes.count
    guard count > 0 else { return "<0 bytes>" }
    let shown = Swift.min(count, Swift.max(0, limit))
    var parts = bytes.prefix(shown).map { ASCII.hexDigits(CollectionOfOne($0)) }
    if shown < count { parts.append("… \(count - shown) more") }
    return "<\(count) \(count == 1 ? "byte" : "bytes"): \(parts.joined(separator: " "))>"
  }

  /// Whether a node is an array of `char` (`c`), which is written as a string when it holds text.
  static func isCharArray(_ node: CLayout.Node) -> Bool {
    guard case .array(_, let element) = node.content, case .leaf = element.content, element.enumeration == nil else {
      return false
    }
    var type = element.type
    while case .qualified(_, let base) = type { type = base }
    return type == .scalar(.char)
  }

  /// The `count` chars at `offset` as a string literal, when they are text: printable ASCII and
  /// `\n \t \r` up to a NUL with only zeros after it, or up to the end. Longer than the shown count, the
  /// text is cut and the rest counted: `"abc" … 97 more`.
  static func charArrayText(
    _ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, options: DescriptionOptions
  ) -> String? {
    guard count > 0 else { return nil }
    var length = 0
    while length < count, bytes[offset + length] != 0 {
      let byte = bytes[offset + length]
      guard (0x20...0x7E).contains(byte) || byte == 0x0A || byte == 0x09 || byte == 0x0D else { return nil }
      length += 1
    }
    for index in length..<count where bytes[offset + index] != 0 { return nil }
    let shown = options.shownCount(of: length)
    let text = (offset..<offset + shown).map { LeafDescription.escape(bytes[$0]) }.joined()
    return shown < length ? "\"\(text)\" … \(count - shown) more" : "\"\(text)\""
  }
}

extension ValueDescriber {
  /// The `count` chars at `offset` as a C string literal whatever they hold, for a mismatch line: escapes
  /// for bytes that are not printable (`\000` for a NUL before the last non-zero byte), and the zeros after
  /// the last non-zero byte left out, as C leaves them out of an initializer. Longer than the shown count,
  /// the text is cut and the rest counted: `"abc" … 97 more`.
  static func charArrayLiteral(
    _ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, options: DescriptionOptions
  ) -> String {
    var length = count
    while length > 0, bytes[offset + length - 1] == 0 { length -= 1 }
    let shown = options.shownCount(of: length)
    let text = (offset..<offset + shown).map { LeafDescription.escape(bytes[$0]) }.joined()
    return shown < length ? "\"\(text)\" … \(count - shown) more" : "\"\(text)\""
  }
}

extension ValueDescriber {
  /// The longest `char` array literal a mismatch line shows whole; past it, the line shows the bytes around
  /// the first difference (``charArrayWindow(around:count:)``).
  static let longestCharArrayLine = 64

  /// The bytes of a `count`-char array that a mismatch line shows around the first differing char at
  /// `index`: four before it, it, and three after, within the array.
  static func charArrayWindow(around index: Int, count: Int) -> Range<Int> {
    Swift.max(0, index - 4)..<Swift.min(count, index + 4)
  }

  /// The chars at `window` of the `count` at `offset` as a C string literal, with `…` where the array goes on
  /// before or after them: `…"\000\000\001\000"…`.
  static func charArrayExcerpt(_ bytes: UnsafeRawBufferPointer, offset: Int, count: Int, window: Range<Int>)
    -> String
  {
    let text = window.map { LeafDescription.escape(bytes[offset + $0]) }.joined()
    return (window.lowerBound > 0 ? "…" : "") + "\"\(text)\"" + (window.upperBound < count ? "…" : "")
  }
}

extension ValueDescriber {
  /// The one member of a union to describe, when a rule names it for the value in `bytes`.
  static func liveMember(
    of node: CLayout.Node, in bytes: UnsafeRawBufferPointer, bitBase: Int, rules: (any LiveMemberTree)?
  ) -> Int? {
    guard case .union = node.content, let choice = rules?.liveMember else { return nil }
    switch choice {
    case .member(let index): return index
    case .tagged(let tag, let members, _):
      guard tag.fits(unionBit: bitBase, in: bytes.count), let base = bytes.baseAddress else { return nil }
      return members[tag.value(at: base, unionBit: bitBase)]
    }
  }

  /// The designator of each member: its name, unless the literal parser would not read that name back as
  /// this member (a name that is not an ASCII C identifier, such as `"a b"` in `{S="a b"i}`, or a second
  /// member of the same name), in which case the member is written by position, which the parser gives to
  /// the member after the previous one.
  static func designators(_ members: [CLayout.Member]) -> [String?] {
    var seen: Set<String> = []
    return members.map { member in
      guard case .member(let name)? = member.component, seen.insert(name).inserted, isDesignator(name) else {
        return nil
      }
      return name
    }
  }

  /// Whether the literal lexer reads `name` as one identifier.
  static func isDesignator(_ name: String) -> Bool {
    ASCII.isIdentifier(name)
  }

}

/// The state of one description: the text so far and the aggregates still open.
private struct DescriptionWriter {
  private struct Frame {
    let node: CLayout.Node
    let bitBase: Int
    var next = 0
    /// Array elements shown (all members for a record).
    var shown = 0
    var hidden = 0
    var elementCustom: ValueDescriber.Custom?
    /// The members of an anonymous struct in a union, written with designators and no braces.
    var isInline = false
    /// Each member's designator, or `nil` where it is written by position (see `designators(_:)`).
    var designators: [String?] = []
    /// The union member rules of the node.
    var liveMembers: (any LiveMemberTree)?
    /// For a union with a live member: the one member shown.
    var only: Int?
  }

  let describer: ValueDescriber
  let bytes: UnsafeRawBufferPointer
  private var output = ""
  private var needsSeparator = false
  private var stack: [Frame] = []
  /// How many braces are open.
  private var depth = 0

  init(describer: ValueDescriber, bytes: UnsafeRawBufferPointer) {
    self.describer = describer
    self.bytes = bytes
  }

  mutating func run(_ root: CLayout.Node, bitBase: Int, liveMembers: (any LiveMemberTree)?) -> String {
    let isBitfield = if case .bitfield = root.content { true } else { false }
    item(
      root, bitBase: bitBase, designator: nil, custom: isBitfield ? nil : describer.custom?(root),
      liveMembers: liveMembers)
    while let frame = stack.popLast() { step(frame) }
    return output
  }

  private mutating func item(
    _ node: CLayout.Node, bitBase: Int, designator: String?, custom: ValueDescriber.Custom?,
    liveMembers: (any LiveMemberTree)?
  ) {
    separate()
    if let designator { output += ".\(designator) = " }
    needsSeparator = true
    if let custom {
      output += custom(UnsafeRawBufferPointer(rebasing: bytes[bitBase / 8..<bitBase / 8 + node.size]))
      return
    }
    switch node.content {
    case .leaf, .bitfield:
      let kind = LeafKind(node, abi: describer.layout.abi)
      if let enumeration = node.enumeration,
        let name = LeafDescription.constantName(kind, in: bytes, bitOffset: bitBase, enumeration: enumeration)
      {
        output += name
        return
      }
      output += LeafDescription.text(kind, in: bytes, bitOffset: bitBase, size: node.size, options: describer.options)
    case .array(let count, let element):
      // Elements without bytes all read back from `{}`; writing each one would let a few bytes of
      // encoding, `[1000[1000[1000{E=}]]]`, ask for a billion of them.
      if element.size == 0 {
        output += "{}"
        return
      }
      if ValueDescriber.isCharArray(node),
        let text = ValueDescriber.charArrayText(bytes, offset: bitBase / 8, count: count, options: describer.options)
      {
        output += text
        return
      }
      let shown = describer.options.shownCount(of: count)
      open(
        Frame(
          node: node, bitBase: bitBase, shown: shown, hidden: count - shown, elementCustom: describer.custom?(element),
          liveMembers: liveMembers))
    case .structure(let members), .union(let members):
      let only = ValueDescriber.liveMember(of: node, in: bytes, bitBase: bitBase, rules: liveMembers)
      open(
        Frame(
          node: node, bitBase: bitBase, shown: only == nil ? members.count : 1,
          designators: ValueDescriber.designators(members),
          liveMembers: liveMembers, only: only))
    }
  }

  /// Whether the value's own fields go on lines of their own: inside the first brace, with
  /// ``DescriptionOptions/fieldPerLine``.
  private var breaksLines: Bool { depth == 1 && describer.options.fieldPerLine }

  /// What goes before the next item: `, ` after another, and a line break inside the first brace.
  private mutating func separate() {
    if needsSeparator {
      output += breaksLines ? ",\n  " : ", "
    } else if breaksLines {
      output += "\n  "
    }
  }

  private mutating func open(_ frame: Frame) {
    output += "{"
    depth += 1
    needsSeparator = false
    stack.append(frame)
  }

  private mutating func step(_ frame: Frame) {
    var frame = frame
    guard frame.next < frame.shown else {
      if frame.hidden > 0 {
        separate()
        output += "… \(frame.hidden) more"
      }
      if !frame.isInline {
        if breaksLines && !output.hasSuffix("{") { output += "\n" }
        output += "}"
        depth -= 1
      }
      needsSeparator = true
      return
    }
    let index = frame.only ?? frame.next
    frame.next += 1
    stack.append(frame)
    let rules = frame.liveMembers?.subtree(frame.node.members.isEmpty ? 0 : index)
    switch frame.node.content {
    case .array(_, let element):
      item(
        element, bitBase: frame.bitBase + index * element.size * 8, designator: nil, custom: frame.elementCustom,
        liveMembers: rules)
    case .structure(let members), .union(let members):
      let member = members[index]
      // A C++ initializer never names the vtable pointer: the type it constructs sets it.
      if member.isVtablePointer { return }
      let bitBase = frame.bitBase + member.bitOffset
      let isBitfield = if case .bitfield = member.node.content { true } else { false }
      let custom = isBitfield ? nil : describer.custom?(member.node)
      if case .union = frame.node.content, member.component == nil, custom == nil,
        Self.canInline(member.node, at: index, in: frame.node)
      {
        let members = member.node.members
        stack.append(
          Frame(
            node: member.node, bitBase: bitBase, shown: members.count, isInline: true,
            designators: ValueDescriber.designators(members), liveMembers: rules))
        return
      }
      item(member.node, bitBase: bitBase, designator: frame.designators[index], custom: custom, liveMembers: rules)
    case .leaf, .bitfield:
      break
    }
  }

  /// Whether a record, member `index` of `union`, has members and every one is reached by its name from
  /// the union (as the literal parser looks names up: through anonymous members, the first match winning),
  /// so that they can be written inline.
  private static func canInline(_ node: CLayout.Node, at index: Int, in union: CLayout.Node) -> Bool {
    switch node.content {
    case .structure(let members), .union(let members):
      guard !members.isEmpty else { return false }
      for (position, member) in members.enumerated() {
        guard case .member(let name)? = member.component, ValueDescriber.isDesignator(name),
          LiteralCursor.route(to: name, in: union) == [index, position]
        else { return false }
      }
      return true
    case .leaf, .bitfield, .array:
      return false
    }
  }
}
