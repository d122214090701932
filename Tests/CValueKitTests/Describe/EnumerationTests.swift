import CValueKit
import Testing

/// Enumerations registered for members: descriptions and reports name the constants, the literal parser
/// reads them back, and the catalog refuses what cannot be one.
///
/// ```c
/// struct msg {
///   enum msg_kind kind;             // MSG_PING = 1, MSG_PONG = 2, MSG_ECHO = 2, MSG_QUIT = -1
///   unsigned code;                  // no enumeration: always a number
///   enum mode mode : 3;             // MODE_READ = 1, MODE_WRITE = 2, MODE_RDWR = 3
///   enum level level : 4;           // signed: LEVEL_LOW = -2, LEVEL_MID = 0, LEVEL_HIGH = 3
///   unsigned char history[3];       // STEP_A = 0, STEP_B = 1, STEP_C = 7
/// };
/// ```
@Suite("Enumerations: constant names in descriptions, reports and literals")
struct EnumerationTests {
  static let msg = "{msg=\"kind\"i\"code\"I\"mode\"b64I3\"level\"b67i4\"history\"[3C]}"

  static let kind = CEnumeration(
    name: "enum msg_kind",
    constants: [
      (name: "MSG_PING", value: 1), (name: "MSG_PONG", value: 2), (name: "MSG_ECHO", value: 2),
      (name: "MSG_QUIT", value: -1),
    ])
  static let mode = CEnumeration(
    name: "enum mode",
    constants: [
      (name: "MODE_READ", value: 1), (name: "MODE_WRITE", value: 2), (name: "MODE_RDWR", value: 3),
    ]
  )
  static let level = CEnumeration(
    name: "enum level",
    constants: [
      (name: "LEVEL_LOW", value: -2), (name: "LEVEL_MID", value: 0), (name: "LEVEL_HIGH", value: 3),
    ])
  static let step = CEnumeration(
    name: "enum step",
    constants: [(name: "STEP_A", value: 0), (name: "STEP_B", value: 1), (name: "STEP_C", value: 7)])

  /// A catalog with `struct msg` and its four enumerations, and a registry on it.
  static func registry() throws -> ValueRegistry {
    let catalog = TypeCatalog()
    try catalog.register(record: msg)
    try catalog.register("{msg}", enumeration: kind, member: "kind")
    try catalog.register("{msg}", enumeration: mode, member: "mode")
    try catalog.register("{msg}", enumeration: level, member: "level")
    try catalog.register("{msg}", enumeration: step, member: "history")
    return ValueRegistry(catalog: catalog)
  }

  /// The 12 bytes of a `struct msg`.
  static func bytes(kind: Int32, code: UInt32, mode: UInt8, level: Int8, history: [UInt8]) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: kind.littleEndian) { bytes += $0 }
    withUnsafeBytes(of: code.littleEndian) { bytes += $0 }
    bytes.append(mode & 0x7 | (UInt8(bitPattern: level) & 0xF) << 3)
    return bytes + history
  }

  static let sample = bytes(kind: 2, code: 7, mode: 3, level: -2, history: [1, 7, 200])

  // MARK: - Descriptions

  @Test("a value that is a constant is written as its name, the first declared for its value")
  func constantsByName() throws {
    let type = try Self.registry().resolve("{msg}")
    #expect(
      try type.describe(bytes: Self.sample)
        == "{.kind = MSG_PONG, .code = 7, .mode = MODE_RDWR, .level = LEVEL_LOW, .history = {STEP_B, STEP_C, 200}}")
  }

  @Test("a value that is no constant stays a number; an unsigned char array of enums is no string")
  func nonConstantsAsNumbers() throws {
    let type = try Self.registry().resolve("{msg}")
    let bytes = Self.bytes(kind: 5, code: 1, mode: 7, level: 5, history: [0x41, 0x42, 0])
    #expect(
      try type.describe(bytes: bytes)
        == "{.kind = 5, .code = 1, .mode = 7, .level = 5, .history = {65, 66, STEP_A}}")
  }

  @Test("without an enumeration the same bytes are described as before")
  func withoutEnumerations() throws {
    let type = try ValueRegistry(catalog: TypeCatalog()).resolve(Self.msg)
    #expect(
      try type.describe(bytes: Self.sample) == "{.kind = 2, .code = 7, .mode = 3, .level = -2, .history = {1, 7, 200}}")
  }

  @Test("the layout carries the enumeration on the member's node, and on an array's element")
  func layoutNodes() throws {
    let catalog = try Self.registry().catalog
    let members = try catalog.layout(of: "{msg}").root.members
    #expect(members.map { $0.node.enumeration?.name } == ["enum msg_kind", nil, "enum mode", "enum level", nil])
    guard case .array(_, let element) = members[4].node.content else {
      Issue.record("history is not an array")
      return
    }
    #expect(element.enumeration == Self.step)
    #expect(catalog.enumeration(forMember: "mode", of: "msg") == Self.mode)
    #expect(catalog.enumeration(forMember: "code", of: "msg") == nil)
  }

  @Test("a comparison report names the constants on both sides")
  func report() throws {
    let type = try Self.registry().resolve("{msg}")
    let other = Self.bytes(kind: 1, code: 7, mode: 3, level: 3, history: [1, 0, 200])
    #expect(
      try type.compare(bytes: other, Self.sample).report == """
        msg values differ at 3 of 7 fields:
          .kind: MSG_PING ≠ MSG_PONG
          .level: LEVEL_HIGH ≠ LEVEL_LOW
          .history[1]: STEP_A ≠ STEP_C
          actual:   {.kind = MSG_PING, .code = 7, .mode = MODE_RDWR, .level = LEVEL_HIGH, .history = {STEP_B, STEP_A, 200}}
          expected: {.kind = MSG_PONG, .code = 7, .mode = MODE_RDWR, .level = LEVEL_LOW, .history = {STEP_B, STEP_C, 200}}
        """)
  }

  // MARK: - Literals

  @Test("a literal reads constants by name, numbers still, and any name of a shared value")
  func parseNames() throws {
    let type = try Self.registry().resolve("{msg}")
    #expect(
      try type.parse(
        "{.kind = MSG_ECHO, .code = 7, .mode = MODE_RDWR, .level = LEVEL_LOW, .history = {1, STEP_C, 200}}")
        == Self.sample)
    #expect(
      try type.parse("{MSG_QUIT, 0, 2, LEVEL_HIGH, {STEP_C}}")
        == Self.bytes(kind: -1, code: 0, mode: 2, level: 3, history: [7, 0, 0]))
    #expect(
      try type.parse("{.mode = {MODE_READ}}") == Self.bytes(kind: 0, code: 0, mode: 1, level: 0, history: [0, 0, 0]))
  }

  @Test("describe, then parse, gives the same bytes")
  func roundTrip() throws {
    let type = try Self.registry().resolve("{msg}")
    for bytes in [
      Self.sample, Self.bytes(kind: 5, code: 1, mode: 7, level: 5, history: [0x41, 0x42, 0]),
      Self.bytes(kind: -1, code: .max, mode: 0, level: -8, history: [255, 0, 7]),
    ] {
      #expect(try type.parse(type.describe(bytes: bytes)) == bytes)
    }
  }

  @Test("an unknown name at an enum field names the field, the offset and the constants")
  func unknownConstant() throws {
    let type = try Self.registry().resolve("{msg}")
    let error = try #require(literalError { _ = try type.parse("{.code = 1, .kind = MSG_NOPE}") })
    #expect(
      error
        == ValueLiteralError(
          .unknownConstant("MSG_NOPE", enumeration: Self.kind), at: ".kind", offset: 20,
          in: "{.code = 1, .kind = MSG_NOPE}"
        ).valueError)
    #expect(
      error.caretDiagnostic == """
        'MSG_NOPE' is not a constant of enum msg_kind: use MSG_PING, MSG_PONG, MSG_ECHO, MSG_QUIT or a number \
        at .kind (offset 20 in "{.code = 1, .kind = MSG_NOPE}")
          {.code = 1, .kind = MSG_NOPE}
                              ^
        """)
    let element = try #require(literalError { _ = try type.parse("{.history = {STEP_A, STEP_D}}") })
    #expect(
      element.description
        == "'STEP_D' is not a constant of enum step: use STEP_A, STEP_B, STEP_C or a number at .history[1] "
        + "(offset 21 in \"{.history = {STEP_A, STEP_D}}\")")
  }

  @Test("a long enumeration's names are listed up to eight")
  func manyConstants() throws {
    let catalog = TypeCatalog()
    let letters = CEnumeration(
      name: nil, constants: (0..<11).map { (name: "L\($0)", value: Int64($0)) })
    try catalog.register("{S=\"l\"i}", enumeration: letters, member: "l")
    let error = try #require(literalError { _ = try ValueRegistry(catalog: catalog).resolve("{S}").parse("{Z}") })
    #expect(
      error.description
        == "'Z' is not a constant of an anonymous enum: use L0, L1, L2, L3, L4, L5, L6, L7, … 3 more or a number "
        + "at .l (offset 1 in \"{Z}\")")
  }

  @Test("a name where no enumeration is, or with a sign, is not a value")
  func namesElsewhere() throws {
    let type = try Self.registry().resolve("{msg}")
    let code = try #require(literalError { _ = try type.parse("{.code = MSG_PING}") })
    #expect(code.description == "expected a value, found 'MSG_PING' at .code (offset 9 in \"{.code = MSG_PING}\")")
    let signed = try #require(literalError { _ = try type.parse("{.kind = -MSG_QUIT}") })
    #expect(signed.description == "expected a value, found 'MSG_QUIT' at offset 10 in \"{.kind = -MSG_QUIT}\"")
    // Without enumerations, the message is the one it always was.
    let plain = try #require(
      literalError { _ = try ValueRegistry(catalog: TypeCatalog()).resolve(Self.msg).parse("{.kind = MSG_PING}") })
    #expect(plain.description == "expected a value, found 'MSG_PING' at offset 9 in \"{.kind = MSG_PING}\"")
  }

  // MARK: - Registration

  @Test("registering the same enumeration again is allowed; a different one is refused and the first kept")
  func reRegistration() throws {
    let catalog = try Self.registry().catalog
    try catalog.register("{msg}", enumeration: Self.kind, member: "kind")
    try catalog.register(Self.msg, enumeration: Self.kind, member: "kind")
    #expect(
      throws: CatalogError.enumerationTaken(
        member: "kind", record: try TypeEncoding(Self.msg), existing: Self.kind, new: Self.step)
    ) {
      try catalog.register("{msg}", enumeration: Self.step, member: "kind")
    }
    #expect(catalog.enumeration(forMember: "kind", of: "msg") == Self.kind)
  }

  @Test("a record written with its members is registered with the enumeration; a refused one registers nothing")
  func recordWithMembers() throws {
    let catalog = TypeCatalog()
    try catalog.register("(u=\"m\"C\"f\"f)", enumeration: Self.mode, member: "m")
    #expect(catalog.record(named: "union u") == (try TypeEncoding("(u=\"m\"C\"f\"f)")))
    #expect(catalog.enumeration(forMember: "m", of: "union u") == Self.mode)
    #expect(throws: CatalogError.self) { try catalog.register("{t=\"x\"d}", enumeration: Self.level, member: "x") }
    #expect(catalog.record(named: "t") == nil)
    let union = try ValueRegistry(catalog: catalog).resolve("(u)")
    #expect(try union.describe(bytes: [2, 0, 0, 0]) == "{.m = MODE_WRITE, .f = 3e-45}")
  }

  @Test("handles resolved before a registration keep what they had; a new resolve sees it")
  func generation() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: Self.msg)
    let registry = ValueRegistry(catalog: catalog)
    let before = try registry.resolve("{msg}")
    try catalog.register("{msg}", enumeration: Self.kind, member: "kind")
    #expect(
      try before.describe(bytes: Self.sample)
        == "{.kind = 2, .code = 7, .mode = 3, .level = -2, .history = {1, 7, 200}}")
    let after = try registry.resolve("{msg}")
    #expect(
      try after.describe(bytes: Self.sample)
        == "{.kind = MSG_PONG, .code = 7, .mode = 3, .level = -2, .history = {1, 7, 200}}")
  }

  @Test("every layout of the record gets it: written inline, unnamed members named by the definition, any ABI")
  func everyLayout() throws {
    let registry = try Self.registry()
    let inline = try registry.resolve("{packet=\"head\"\(Self.msg)\"count\"i}")
    let bytes = Self.sample + [1, 0, 0, 0]
    #expect(try inline.describe(bytes: bytes).hasPrefix("{.head = {.kind = MSG_PONG, .code = 7"))
    let unnamed = try registry.resolve("{msg=iIb64I3b67i4[3C]}")
    #expect(try unnamed.describe(bytes: Self.sample).hasPrefix("{.kind = MSG_PONG"))
    let node = try registry.catalog.layout(of: "{msg}", abi: .x86_64Windows).root.members[0].node
    #expect(node.enumeration == Self.kind)
  }

  @Test("the catalog checks every constant against the member's type, bitfield width and sign included")
  func fits() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: Self.msg)
    let low = CEnumeration(name: "enum low", constants: [(name: "LOW", value: -9)])
    #expect(
      throws: CatalogError.constantDoesNotFit(
        name: "LOW", value: -9, member: "level", record: try TypeEncoding(Self.msg),
        type: try TypeEncoding("b67i4"))
    ) {
      try catalog.register("{msg}", enumeration: low, member: "level")
    }
    let quit = (name: "MSG_QUIT", value: Int64(-1))
    let unsignedMembers = [("code", "I"), ("mode", "b64I3"), ("history", "[3C]")]
    for (member, type) in unsignedMembers {
      #expect(
        throws: CatalogError.constantDoesNotFit(
          name: quit.name, value: quit.value, member: member, record: try TypeEncoding(Self.msg),
          type: try TypeEncoding(type))
      ) {
        try catalog.register("{msg}", enumeration: Self.kind, member: member)
      }
    }
    try catalog.register("{msg}", enumeration: Self.level, member: "level")
    try catalog.register("{msg}", enumeration: Self.mode, member: "history")
  }

  @Test("at an enum field a constant's name comes before the parser's own words; elsewhere they mean what they did")
  func constantsBeforeWords() throws {
    let catalog = TypeCatalog()
    let words = CEnumeration(
      name: "enum words", constants: [(name: "NULL", value: 3), (name: "nan", value: 4)])
    try catalog.register("{W=\"w\"i\"p\"^v\"d\"d}", enumeration: words, member: "w")
    let type = try ValueRegistry(catalog: catalog).resolve("{W}")
    let bytes = try type.parse("{.w = NULL, .p = NULL, .d = nan}")
    #expect(Array(bytes[0..<4]) == [3, 0, 0, 0])
    #expect(try type.describe(bytes: bytes) == "{.w = NULL, .p = NULL, .d = nan}")
    #expect(try type.parse("{.w = nan}")[0] == 4)
    #expect(try type.parse("{.w = true}")[0] == 1)
  }

  /// The literal error `body` throws, or `nil`.
  func literalError(_ body: () throws -> Void) -> ValueError? {
    do {
      try body()
    } catch let error as ValueError {
      if case .literal = error { return error }
    } catch {}
    return nil
  }

  /// An anonymous record (`typedef struct { enum msg_kind kind; char c; } anon_t;`) is known by its members
  /// alone: the enumeration registered with them names the member wherever they are laid out, inside a
  /// named record too; an anonymous record with other members is left as it was.
  @Test("an anonymous record's member takes the enumeration registered with its members")
  func anAnonymousRecordsMember() throws {
    let catalog = TypeCatalog()
    try catalog.register("{?=\"kind\"i\"c\"c}", enumeration: Self.kind, member: "kind")
    try catalog.register("{?=\"kind\"i\"c\"c}", name: "anon_t")
    let registry = ValueRegistry(catalog: catalog)
    #expect(try registry.resolve("anon_t").describe(bytes: [2, 0, 0, 0, 1, 0, 0, 0]) == "{.kind = MSG_PONG, .c = 1}")
    let outer = try registry.resolve("{outer=\"a\"{?=\"kind\"i\"c\"c}\"b\"{?=\"kind\"i\"d\"c}}")
    #expect(
      try outer.describe(bytes: [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])
        == "{.a = {.kind = MSG_PING, .c = 1}, .b = {.kind = 1, .d = 1}}")
    #expect(catalog.enumeration(forMember: "kind", of: "anon_t") == Self.kind)
  }
}
