import CValueKit
import Testing

@Suite("Readable names and the type catalog")
struct TypeCatalogTests {
  @Test(
    "every built-in name stands for its encoding, wherever an encoding is accepted",
    arguments: [
      ("int8", "c"), ("int16", "s"), ("int32", "i"), ("int64", "q"), ("uint8", "C"), ("uint16", "S"),
      ("uint32", "I"), ("uint64", "Q"), ("float", "f"), ("double", "d"), ("bool", "B"), ("pointer", "^v"),
      ("cstring", "*"), ("point", "{CGPoint=dd}"), ("size", "{CGSize=dd}"),
      ("rect", "{CGRect={CGPoint=dd}{CGSize=dd}}"),
    ])
  func builtinName(_ name: String, _ encoding: String) throws {
    let catalog = TypeCatalog()
    #expect(try catalog.parse(name) == catalog.parse(encoding))
    #expect(try catalog.parse(name).description == encoding)
    #expect(try catalog.layout(of: name) == catalog.layout(of: encoding))
  }

  @Test("the built-in names are exactly the documented ones")
  func builtinNameList() {
    #expect(
      TypeCatalog().names.keys.sorted() == [
        "bool", "cstring", "double", "float", "int16", "int32", "int64", "int8", "point", "pointer", "rect", "size",
        "uint16", "uint32", "uint64", "uint8",
      ])
    #expect(TypeCatalog(includingBuiltins: false).names.isEmpty)
  }

  @Test("known records give member names to encodings that match them, and lay out when named only")
  func builtinRecords() throws {
    let catalog = TypeCatalog()
    #expect(
      try catalog.layout(of: "rect").fields.map(\.path.description) == [
        ".origin.x", ".origin.y", ".size.width", ".size.height",
      ])
    #expect(
      try catalog.layout(of: "{CGRect}").fields.map(\.path.description) == [
        ".origin.x", ".origin.y", ".size.width", ".size.height",
      ])
    #expect(try catalog.layout(of: "{_NSRange=QQ}").fields.map(\.path.description) == [".location", ".length"])
    // A record that only shares the name keeps positional paths.
    #expect(try catalog.layout(of: "{CGPoint=ff}").fields.map(\.path.description) == [".0", ".1"])
    #expect(
      try TypeCatalog(includingBuiltins: false).layout(of: "{CGPoint=dd}").fields.map(\.path.description) == [
        ".0", ".1",
      ])
  }

  @Test("users register names of their own")
  func registerName() throws {
    let catalog = TypeCatalog()
    let vec3 = try catalog.parse("{vec3=\"x\"f\"y\"f\"z\"f}")
    try catalog.register(vec3, name: "vec3")
    try catalog.register(vec3, name: "vec3")
    #expect(try catalog.parse("vec3") == vec3)
    #expect(try catalog.layout(of: "vec3").fields.map(\.path.description) == [".x", ".y", ".z"])
    #expect(try catalog.parse("[2{vec3=fff}]").description == "[2{vec3=fff}]")
    #expect(TypeCatalog.shared.encoding(named: "vec3") == nil)
  }

  @Test(
    "a name that is malformed, an encoding, or taken is refused, and nothing registered changes",
    arguments: [
      ("d", "\"d\" cannot be a type name: it is already a valid encoding"),
      ("Ai", "\"Ai\" cannot be a type name: it is already a valid encoding"),
      ("rect", "the name \"rect\" already stands for {CGRect={CGPoint=dd}{CGSize=dd}}; refusing to make it i"),
      ("two words", "\"two words\" cannot be a type name: use letters, digits and _, starting with a letter or _"),
      ("9lives", "\"9lives\" cannot be a type name: use letters, digits and _, starting with a letter or _"),
      ("", "\"\" cannot be a type name: use letters, digits and _, starting with a letter or _"),
      ("naïve", "\"naïve\" cannot be a type name: use letters, digits and _, starting with a letter or _"),
    ])
  func refusedName(_ name: String, _ message: String) {
    let catalog = TypeCatalog()
    #expect {
      try catalog.register(TypeEncoding.scalar(.int), name: name)
    } throws: { error in
      (error as? CatalogError)?.description == message
    }
    #expect(catalog.names == TypeCatalog.builtinNames)
  }

  @Test("record definitions: registered once, conflicts refused, names-only encodings resolve through them")
  func recordDefinitions() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    #expect(throws: LayoutError(.recordLayoutUnknown("struct Node"))) { try catalog.layout(of: "{Node}") }
    #expect(throws: LayoutError(.recordLayoutUnknown("struct Node"), at: [.position(0)])) {
      try catalog.layout(of: "{Outer={Node}}")
    }
    #expect(try catalog.layout(of: "^{Node}").size == 8)

    try catalog.register(record: catalog.parse("{Node=\"value\"i\"next\"^{Node}}"))
    try catalog.register(record: catalog.parse("{Node=i^{Node}}"))
    let node = try catalog.layout(of: "{Node}")
    #expect(node.size == 16)
    #expect(node.fields.map(\.description) == [".value @0 +4 i", ".next @8 +8 ^{Node}"])
    #expect(
      try catalog.layout(of: "[2{Node}]").fields.map(\.path.description) == [
        "[0].value", "[0].next", "[1].value", "[1].next",
      ])
    #expect(catalog.record(named: "Node")?.description == "{Node=\"value\"i\"next\"^{Node}}")

    #expect {
      try catalog.register(record: catalog.parse("{Node=q}"))
    } throws: { error in
      (error as? CatalogError)?.description
        == "struct Node is already registered as {Node=\"value\"i\"next\"^{Node}}; refusing to redefine it as {Node=q}"
    }
    #expect(throws: CatalogError.notANamedRecordDefinition(try catalog.parse("{?=i}"))) {
      try catalog.register(record: catalog.parse("{?=i}"))
    }
    #expect(throws: CatalogError.notANamedRecordDefinition(try catalog.parse("{Node}"))) {
      try catalog.register(record: catalog.parse("{Node}"))
    }
    #expect(throws: CatalogError.notANamedRecordDefinition(.scalar(.int))) {
      try catalog.register(record: TypeEncoding.scalar(.int))
    }
    #expect(try catalog.layout(of: "{Node}").size == 16)
  }

  @Test("registering a record registers the named records inside it, all or nothing")
  func nestedDefinitions() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(record: catalog.parse("{Outer=\"a\"{Inner=\"x\"i}\"b\"^{Node=\"v\"i}}"))
    #expect(catalog.record(named: "Inner")?.description == "{Inner=\"x\"i}")
    #expect(catalog.record(named: "Node")?.description == "{Node=\"v\"i}")
    #expect(try catalog.layout(of: "{Inner}").fields.map(\.path.description) == [".x"])
    #expect {
      try catalog.register(record: catalog.parse("{Other={Fresh=c}{Inner=q}}"))
    } throws: { error in
      (error as? CatalogError)?.description
        == "struct Inner is already registered as {Inner=\"x\"i}; refusing to redefine it as {Inner=q}"
    }
    #expect(catalog.record(named: "Other") == nil)
    #expect(catalog.record(named: "Fresh") == nil)
  }

  @Test("a record named without members resolves to its definition elsewhere in the same encoding")
  func definitionsInTheSameEncoding() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    // clang writes an _Atomic struct member as A{Name}, without the body.
    let atomic = try catalog.layout(of: "{AT=A{At3}{At3=[3c]}}")
    #expect(atomic.size == 8)
    #expect(atomic.fields.map(\.offset) == [0, 1, 2, 4, 5, 6])
    #expect(try catalog.layout(of: "{L=^{N=ii}{N}}").size == 16)
    // Two different bodies for one tag: nothing is inferred.
    #expect(throws: LayoutError(.recordLayoutUnknown("struct N"), at: [.position(0)])) {
      try catalog.layout(of: "{W={N}{N=i}^{N=q}}")
    }
  }

  @Test("a record that contains itself through registered definitions is an error, not a hang")
  func recursiveDefinitions() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(record: catalog.parse("{A=i{B}}"))
    try catalog.register(record: catalog.parse("{B=c{A}}"))
    #expect(throws: LayoutError(.recursiveRecord("struct A"), at: [.position(1), .position(1)])) {
      try catalog.layout(of: "{A}")
    }
  }

  @Test("registrations from many tasks at once are all kept")
  func concurrentRegistration() async throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          try catalog.register(TypeEncoding.array(count: index + 1, element: .scalar(.int)), name: "name\(index)")
          try catalog.register(
            record: TypeEncoding.structure(.init(name: "R\(index)", fields: [.init(type: .scalar(.int))])))
          _ = try catalog.layout(of: "{R\(index)}")
        }
      }
      try await group.waitForAll()
    }
    #expect(catalog.names.count == 200)
    for index in 0..<200 {
      #expect(catalog.encoding(named: "name\(index)") == .array(count: index + 1, element: .scalar(.int)))
      #expect(catalog.record(named: "R\(index)") != nil)
    }
  }
}

/// Records named as C code names them.
@Suite struct TaggedRecordNameTests {
  @Test func structAndUnionTagsNameRegisteredRecords() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: #"(sigval="sival_int"i"sival_ptr"^v)"#)
    #expect(try catalog.parse("struct CGPoint").description == #"{CGPoint="x"d"y"d}"#)
    #expect(try catalog.parse("union  sigval").description == #"(sigval="sival_int"i"sival_ptr"^v)"#)
    #expect(try catalog.layout(of: "struct CGRect").size == 32)
    #expect(
      try ValueRegistry(catalog: catalog).resolve("union sigval").describe(bytes: [UInt8](repeating: 0, count: 8))
        == "{.sival_int = 0, .sival_ptr = NULL}")
  }

  @Test func anUnknownTagIsAnUnknownName() {
    #expect(throws: EncodingError(.unknownName("struct nowhere"), at: 0, in: "struct nowhere")) {
      try TypeCatalog().parse("struct nowhere")
    }
    #expect(
      (try? TypeCatalog().parse("union CGPoint")) == nil, "a struct's tag is not a union's")
    // Not of the form `struct tag`: read as an encoding (`s` is short).
    let error = #expect(throws: EncodingError.self) { try TypeCatalog().parse("struct a b") }
    #expect(error?.description == "unexpected characters after a complete type at offset 1 in \"struct a b\"")
  }
}

/// Which texts may be readable names.
@Suite struct ValidNameTests {
  /// The rule as stated: an identifier that does not parse as an encoding.
  static func isIdentifierAndNoEncoding(_ text: String) -> Bool {
    ASCII.isIdentifier(text) && (try? TypeEncoding(text)) == nil
  }

  static let tricky: [String] = [
    "", "_", "i", "I", "q", "Q", "d", "D", "v", "B", "t", "T", "l", "L", "c", "C", "s", "S", "f", "ii", "dd",
    "iQ", "Ai", "AAi", "ri", "rA", "r", "A", "nNoORVAi", "Vv", "j", "jd", "jj", "jji", "Aj", "jA", "b", "b3",
    "b0", "b3I5", "b3I", "b3i4", "b3d4", "b3B4", "b3c", "bb3", "rb3", "jb3", "Ab1", "b99999999999",
    "b1099511627776", "b1099511627777", "b3I1099511627777", "3i", "i3", "_i", "i_", "Q_", "x", "id", "int",
    "uint8", "size_t", "vec3", "Bool", "point", "rect", "tcphdr", "é", "a-b", " i", "i ",
    String(repeating: "r", count: 255) + "i", String(repeating: "r", count: 256) + "i",
    String(repeating: "j", count: 300) + "d",
  ]

  /// Every text of one to three of these characters: type codes, digits, `_` and a letter that is none.
  static let generated: [String] = {
    let alphabet = ["i", "A", "j", "b", "3", "_", "x", "Q", "r"]
    var texts: [String] = []
    var longest = [""]
    for _ in 1...3 {
      longest = longest.flatMap { text in alphabet.map { text + $0 } }
      texts += longest
    }
    return texts
  }()

  @Test func aNameIsValidExactlyWhenItIsAnIdentifierThatDoesNotParse() {
    #expect(Self.generated.count == 9 + 81 + 729)
    for text in Self.tricky + Self.generated {
      #expect(TypeCatalog.isValidName(text) == Self.isIdentifierAndNoEncoding(text), "\(text.debugDescription)")
    }
    #expect(TypeCatalog.isValidName("size_t"))
    #expect(!TypeCatalog.isValidName("b3I5"))
    #expect(TypeCatalog.isValidName(String(repeating: "r", count: 256) + "i"), "too deep to be an encoding")
  }
}
