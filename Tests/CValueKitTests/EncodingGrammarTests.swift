import CValueKit
import Testing

/// Every element of the grammar: the text, the value it parses to, and the text it prints back.
@Suite("Encoding grammar")
struct EncodingGrammarTests {
  private static let catalog = TypeCatalog(includingBuiltins: false)

  private static func parse(_ text: String) throws -> TypeEncoding { try catalog.parse(text) }

  @Test("every scalar code parses to its case and prints back", arguments: TypeEncoding.Scalar.allCases)
  func scalar(_ scalar: TypeEncoding.Scalar) throws {
    let text = String(scalar.rawValue)
    #expect(try Self.parse(text) == .scalar(scalar))
    #expect(try Self.parse(text).description == text)
  }

  @Test(
    "compound elements parse to the expected value",
    arguments: [
      ("@", TypeEncoding.object(className: nil)),
      ("@\"NSString\"", .object(className: "NSString")),
      ("@\"<NSCopying>\"", .object(className: "<NSCopying>")),
      ("@?", .block),
      ("^v", .pointer(.scalar(.void))),
      ("^?", .pointer(.scalar(.unknown))),
      ("^^i", .pointer(.pointer(.scalar(.int)))),
      ("[4f]", .array(count: 4, element: .scalar(.float))),
      ("[0c]", .array(count: 0, element: .scalar(.char))),
      ("[2[3i]]", .array(count: 2, element: .array(count: 3, element: .scalar(.int)))),
      (
        "{CGPoint=dd}",
        .structure(.init(name: "CGPoint", fields: [.init(type: .scalar(.double)), .init(type: .scalar(.double))]))
      ),
      ("{Node}", .structure(.init(name: "Node", fields: nil))),
      ("{?}", .structure(.init(name: nil, fields: nil))),
      ("{?=i}", .structure(.init(name: nil, fields: [.init(type: .scalar(.int))]))),
      ("{E=}", .structure(.init(name: "E", fields: []))),
      (
        "{CGPoint=\"x\"d\"y\"d}",
        .structure(
          .init(
            name: "CGPoint",
            fields: [.init(name: "x", type: .scalar(.double)), .init(name: "y", type: .scalar(.double))]))
      ),
      (
        "{vector<int, std::allocator<int> >=^i}",
        .structure(.init(name: "vector<int, std::allocator<int> >", fields: [.init(type: .pointer(.scalar(.int)))]))
      ),
      ("(U=if)", .union(.init(name: "U", fields: [.init(type: .scalar(.int)), .init(type: .scalar(.float))]))),
      ("(?=i)", .union(.init(name: nil, fields: [.init(type: .scalar(.int))]))),
      ("(U)", .union(.init(name: "U", fields: nil))),
      ("b3", .bitfield(.init(width: 3))),
      ("b13Q43", .bitfield(.init(bitOffset: 13, declaredType: .unsignedLongLong, width: 43))),
      ("b0i0", .bitfield(.init(bitOffset: 0, declaredType: .int, width: 0))),
      ("![16,16f]", .vector(size: 16, alignment: 16, element: .scalar(.float))),
      ("jd", .complex(.scalar(.double))),
      ("jf", .complex(.scalar(.float))),
      ("r*", .qualified(.const, .scalar(.cString))),
      ("Ai", .qualified(.atomic, .scalar(.int))),
      ("rn^v", .qualified(.const, .qualified(.in, .pointer(.scalar(.void))))),
      ("Vv", .qualified(.oneway, .scalar(.void))),
    ])
  func compound(_ text: String, _ expected: TypeEncoding) throws {
    #expect(try Self.parse(text) == expected)
    #expect(expected.description == text)
  }

  @Test("every qualifier parses in front of a type", arguments: TypeEncoding.Qualifier.allCases)
  func qualifier(_ qualifier: TypeEncoding.Qualifier) throws {
    let text = "\(qualifier.rawValue)^i"
    #expect(try Self.parse(text) == .qualified(qualifier, .pointer(.scalar(.int))))
    #expect(try Self.parse(text).description == text)
  }

  @Test(
    "canonical encodings print back unchanged",
    arguments: [
      "{CGRect={CGPoint=dd}{CGSize=dd}}", "{R002=^?{?=B{R002_S2=^{R002}d}iI{?={R002_S4=idS}*[5Q]^{R002_Opaque5}i}}^?*}",
      "(R037=^?C(?=[5S](?=Q){?={?=qD[2^?]^?c}Cq^s}^(R037)[5[2[2i]]])^?cq)",
      "{B001=b0S13b13Q43b56i4d{?=Cb8Q16}b192Q52b244i3b247Q7}",
      "{B001=b13b43b4d{?=Cb16}b52b3b7}", "{Q07_complex=jfcjdjD}", "{Q09_atomic=AiAqA*AB}", "{AT=A{At3}A{At5}}",
      "{S=\"o\"@\"NSView\"\"n\"i}", "{S=\"o\"@\"n\"i}", "^{Q05b_P=id}", "r^*", "[3[4i]]", "{V=i![16,16f]}", "jD",
    ])
  func roundTrip(_ text: String) throws {
    #expect(try Self.parse(text).description == text)
  }

  @Test(
    "a record's name may hold balanced parentheses: a C++ union in the anonymous namespace, or in a template over a function type",
    arguments: [
      ("((anonymous namespace)::u=if)", "(anonymous namespace)::u", 2),
      ("(holder<int(*)(int)>::slot=^?c)", "holder<int(*)(int)>::slot", 2),
      ("((anonymous namespace)::u)", "(anonymous namespace)::u", nil),
      ("{(anonymous namespace)::s=(holder<int(*)(int)>::slot=^?c)i}", "(anonymous namespace)::s", 2),
    ])
  func parenthesesInAName(text: String, name: String, fieldCount: Int?) throws {
    let parsed = try Self.parse(text)
    #expect(parsed.record?.name == name)
    #expect(parsed.record?.fields?.count == fieldCount)
    #expect(parsed.description == text)
  }

  @Test("an unbalanced parenthesis in a record's name leaves the record unterminated")
  func unbalancedParenthesisInAName() {
    #expect(throws: EncodingError.self) { try Self.parse("((U=i)") }
    #expect(throws: EncodingError.self) { try Self.parse("{S(=i}") }
  }

  @Test("as a named member's type, a quoted string after @ names the next member when a type follows it")
  func objectClassOrMemberName() throws {
    let ambiguous = try Self.parse("{S=\"o\"@\"n\"i}")
    #expect(
      ambiguous.record?.fields == [
        .init(name: "o", type: .object(className: nil)), .init(name: "n", type: .scalar(.int)),
      ])
    let typed = try Self.parse("{S=\"o\"@\"NSView\"\"n\"i}")
    #expect(
      typed.record?.fields == [
        .init(name: "o", type: .object(className: "NSView")), .init(name: "n", type: .scalar(.int)),
      ])
    let last = try Self.parse("{S=\"o\"@\"NSView\"}")
    #expect(last.record?.fields == [.init(name: "o", type: .object(className: "NSView"))])
    // Without member names there is nothing to confuse a class with.
    let unnamed = try Self.parse("{S=@\"NSView\"i}")
    #expect(unnamed.record?.fields == [.init(type: .object(className: "NSView")), .init(type: .scalar(.int))])
  }

  @Test("an Apple bitfield followed by an integer member is not read as the GNU form")
  func appleBitfieldBeforeInteger() throws {
    #expect(
      try Self.parse("{S=b3i}").record?.fields == [.init(type: .bitfield(.init(width: 3))), .init(type: .scalar(.int))])
    #expect(
      try Self.parse("{S=b3i4}").record?.fields == [
        .init(type: .bitfield(.init(bitOffset: 3, declaredType: .int, width: 4)))
      ])
  }

  @Test("qualifiers and member names do not change a type's identity; _Atomic does")
  func identity() throws {
    #expect(try Self.parse("r*").isSameType(as: Self.parse("*")))
    #expect(try Self.parse("r*") != Self.parse("*"))
    #expect(try Self.parse("{P=\"x\"d\"y\"rd}").isSameType(as: Self.parse("{P=dd}")))
    #expect(try Self.parse("{P=\"x\"d\"y\"rd}").identity == Self.parse("{P=dd}"))
    #expect(try Self.parse("n^{S=r^vi}").identity == Self.parse("^{S=^vi}"))
    #expect(try !Self.parse("Ai").isSameType(as: Self.parse("i")))
    #expect(try !Self.parse("{P=dd}").isSameType(as: Self.parse("{Q=dd}")))
    #expect(try Self.parse("rnAi").unqualified == Self.parse("Ai"))
    #expect(try Self.parse("rnAi").qualifiers == [.const, .in, .atomic])
  }

  @Test("C spellings of types, for people reading a layout")
  func cTypeNames() throws {
    let expected = [
      "r*": "const char *", "^v": "void *", "^?": "void (*)()", "^^i": "int **", "[4f]": "float [4]",
      "{CGPoint=dd}": "struct CGPoint", "(?=if)": "union {…}", "b0I3": "unsigned int : 3", "b5": "bitfield : 5",
      "jd": "_Complex double", "Ai": "_Atomic int", "@\"NSString\"": "NSString *", "@": "id", "Q": "unsigned long long",
      "l": "int32_t", "t": "__int128", "D": "long double", "B": "_Bool",
    ]
    for (text, name) in expected {
      #expect(try Self.parse(text).cTypeName == name, "\(text)")
    }
  }
}

@Suite("Method signatures")
struct MethodSignatureTests {
  @Test("an Objective-C method signature with frame offsets")
  func objectiveCMethod() throws {
    let signature = try MethodSignature("v16@0:8")
    #expect(signature.returnType == SignatureElement(type: .scalar(.void), frameOffset: 16))
    #expect(
      signature.arguments == [
        SignatureElement(type: .object(className: nil), frameOffset: 0),
        SignatureElement(type: .scalar(.selector), frameOffset: 8),
      ])
    #expect(signature.description == "v16@0:8")
  }

  @Test("a C function signature without offsets, with records by value and by pointer")
  func cFunction() throws {
    let signature = try MethodSignature("B{CGPoint=dd}{CGPoint=dd}")
    #expect(signature.returnType.type == .scalar(.bool))
    #expect(signature.arguments.map(\.type.description) == ["{CGPoint=dd}", "{CGPoint=dd}"])
    #expect(signature.arguments.allSatisfy { $0.frameOffset == nil })
    #expect(try MethodSignature("i^{tm}^{tm}").arguments.map(\.description) == ["^{tm}", "^{tm}"])
  }

  @Test("qualified arguments and negative offsets")
  func qualifiedAndNegative() throws {
    let signature = try MethodSignature("Vv24@0:8r^v-8")
    #expect(signature.returnType.type == .qualified(.oneway, .scalar(.void)))
    #expect(
      signature.arguments.last == SignatureElement(type: .qualified(.const, .pointer(.scalar(.void))), frameOffset: -8))
    #expect(signature.description == "Vv24@0:8r^v-8")
  }

  @Test("a bad signature names the offset")
  func badSignature() {
    #expect(throws: EncodingError(.empty, at: 0, in: "")) { try MethodSignature("") }
    #expect(throws: EncodingError(.unknownTypeCode("x"), at: 3, in: "v16x")) { try MethodSignature("v16x") }
    #expect(throws: EncodingError(.unterminatedStruct, at: 5, in: "v{S=i")) { try MethodSignature("v{S=i") }
  }
}
