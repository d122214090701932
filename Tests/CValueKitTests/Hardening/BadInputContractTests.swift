import CTestTypes
import CValueFixtures
import CValueHeaders
import CValueKit
import Foundation
import Testing

// The index of the bad-input contract (CValueKit.docc/BadInput.md): one table per public error type, one row per
// case at least, each with the bad input, the exact message and the position the error names. Rows marked
// "constructed" build the error directly, because no input through the public API reaches that case on this
// platform; they check the message only.
//
// EncodingError.Reason   empty · expectedType · unknownTypeCode · unbalancedClose · unterminatedStruct ·
//                        unterminatedUnion · unterminatedArray · unterminatedName · unterminatedVector ·
//                        missingArrayCount · missingBitfieldWidth · expected · emptyRecordName · numberTooLarge ·
//                        malformedVector · trailingCharacters · nestingTooDeep · unknownName ·
//                        bitfieldInSignature                                                      → encodingRows
// LayoutError.Reason     voidHasNoSize · unknownHasNoSize · recordLayoutUnknown · recursiveRecord ·
//                        bitfieldNeedsPlacement · bitfieldTooWide · bitfieldOverlaps · bitfieldOutsideRecord ·
//                        invalidVector · invalidComplex · negativeNumber · tooLarge · invalidOverride ·
//                        nestingTooDeep · encoding                                                → layoutRows
// CatalogError           invalidName(isEncoding: true/false) · nameTaken · notANamedRecordDefinition ·
//                        recordTaken · invalidOverride · encoding ·                               → catalogRows
//                        invalidConstantName · duplicateConstant · noSuchMember · notAnIntegerMember ·
//                        constantDoesNotFit · enumerationTaken     (+Enumerations.swift)
// FieldPathError         (one shape)                                                              → fieldPathRows
// ValueLiteralError.Reason  empty · unexpectedCharacter · unexpectedToken · unterminatedBrace ·
//                        unterminatedString · unterminatedCharacter · unterminatedComment · invalidEscape ·
//                        unknownMember · designatorMismatch · tooManyElements · indexOutOfRange · doesNotFit ·
//                        stringTooLong · wrongKind · truncated · nestingTooDeep · badNumber ·
//                        trailingCharacters · unknownConstant (+Enumerations.swift)              → literalRows
// ValueError             encoding · layoutUnknown · wrongSize · sizesDiffer · swiftTypeSize · invalidTolerance ·
//                        unknownFieldPath · nothingToRegister · literal · notPlainData · cFunction ·
//                        invalidCount · tooLargeToParse · cannotDerive · pointerValue · pathThroughElement ·
//                        comparerDoesNotFit · unknownFieldPath (an ignored path, a registered one) ·
//                        unionMember (UnionMemberError.Reason: noSuchField · throughArray · noSuchMember ·
//                        notAUnion · membersInDifferentUnions · noTaggedMembers · tagNotAnInteger ·
//                        tagInsideUnion · notARecord)                                             → valueRows
// CFunctionError         libraryNotFound · symbolNotFound · notACFunction · signature · frameOffsetsInSignature ·
//                        arity · argumentMismatch · unusableReturn · cannotPass · layoutUnknown ·
//                        layoutDisagrees (constructed) · preparationFailed (constructed)          → cFunctionRows
// DerivationError        unsupportedType · mixedTuple · hiddenBytes · misplacedField · packed · sizeMismatch ·
//                        opaqueField · layoutFailed (constructed) · unreadable (constructed)      → derivationRows
// FixtureError.Reason    unreadable · unknownFormat · malformed(json) · malformed(propertyList) · tooLarge ·
//                        valuesTooLarge · notACaseList ·
//                        caseNotAnObject · missingField · wrongKind · unknownField · emptyName ·
//                        nameDiffersFromKey · duplicateName · valueGivenTwice · noValues · value   → fixtureRows
// UnionCastError         (one shape)                                                              → unionCast()

/// One row of a contract table: what is fed in, the exact description, and the position the error names.
struct ContractRow: Sendable, CustomTestStringConvertible {
  var label: String
  var message: String
  /// The byte offset, field path or case the error must name, as `offset 3`, `path .x` or `case "a"`.
  var position: String
  var failure: @Sendable () -> (any Error)?

  var testDescription: String { label }

  init(_ label: String, _ message: String, _ position: String, _ failure: @escaping @Sendable () -> (any Error)?) {
    self.label = label
    self.message = message
    self.position = position
    self.failure = failure
  }
}

/// The error `body` throws, or `nil` when it does not throw.
func thrown(_ body: () throws -> Void) -> (any Error)? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

@Suite("The bad-input contract: every public error case, its message and its position")
struct BadInputContractTests {
  static let bare = TypeCatalog(includingBuiltins: false)

  static func encoding(_ text: String) -> (any Error)? { thrown { _ = try bare.parse(text) } }

  static let encodingRows: [ContractRow] = [
    ContractRow("empty", "empty type encoding at offset 0 in \"\"", "offset 0") { encoding("") },
    ContractRow("expectedType", "expected a type at offset 1 in \"^\"", "offset 1") { encoding("^") },
    ContractRow("unknownTypeCode", "unknown type code 'x' at offset 0 in \"x\"", "offset 0") { encoding("x") },
    ContractRow("unbalancedClose", "unbalanced ')' at offset 4 in \"{S=i)}\"", "offset 4") { encoding("{S=i)}") },
    ContractRow("unterminatedStruct", "unterminated struct at offset 11 in \"{CGPoint=dd\"", "offset 11") {
      encoding("{CGPoint=dd")
    },
    ContractRow("unterminatedUnion", "unterminated union at offset 5 in \"(U=if\"", "offset 5") { encoding("(U=if") },
    ContractRow("unterminatedArray", "unterminated array at offset 3 in \"[4i\"", "offset 3") { encoding("[4i") },
    ContractRow("unterminatedName", "unterminated quoted name at offset 3 in \"{S=\"x\"", "offset 3") {
      encoding("{S=\"x")
    },
    ContractRow("unterminatedVector", "unterminated vector at offset 8 in \"![16,16f\"", "offset 8") {
      encoding("![16,16f")
    },
    ContractRow("missingArrayCount", "missing array count at offset 1 in \"[i]\"", "offset 1") { encoding("[i]") },
    ContractRow("missingBitfieldWidth", "missing bitfield width at offset 1 in \"bx\"", "offset 1") { encoding("bx") },
    ContractRow("expected", "expected ']' at offset 3 in \"[4ii]\"", "offset 3") { encoding("[4ii]") },
    ContractRow("emptyRecordName", "empty struct or union name at offset 1 in \"{=i}\"", "offset 1") {
      encoding("{=i}")
    },
    ContractRow(
      "numberTooLarge", "number larger than 1099511627776 at offset 1 in \"[99999999999999999999i]\"", "offset 1"
    ) { encoding("[99999999999999999999i]") },
    ContractRow(
      "malformedVector", "malformed vector (expected ![size,alignment type]) at offset 4 in \"![16f]\"", "offset 4"
    ) { encoding("![16f]") },
    ContractRow(
      "trailingCharacters", "unexpected characters after a complete type at offset 1 in \"dd\"", "offset 1"
    ) { encoding("dd") },
    ContractRow(
      "nestingTooDeep",
      "types nested deeper than 256 levels at offset 256 in \"\(String(repeating: "^", count: 256))i\"", "offset 256"
    ) { encoding(String(repeating: "^", count: 256) + "i") },
    ContractRow("unknownName", "unknown type name \"rect\" at offset 0 in \"rect\"", "offset 0") { encoding("rect") },
    ContractRow(
      "bitfieldInSignature", "a bitfield cannot be an argument or return type at offset 1 in \"vb3\"", "offset 1"
    ) { thrown { _ = try MethodSignature("vb3") } },
  ]

  @Test("EncodingError", arguments: encodingRows)
  func encodingErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? EncodingError)
    #expect(error.description == row.message)
    #expect("offset \(error.offset)" == row.position)
  }

  static func layout(_ text: String, catalog: TypeCatalog = bare) -> (any Error)? {
    thrown { _ = try catalog.layout(of: catalog.parse(text)) }
  }

  static let layoutRows: [ContractRow] = [
    ContractRow("voidHasNoSize", "void has no size (at .0)", "path .0") { layout("{S=v}") },
    ContractRow("unknownHasNoSize", "'?' (an unknown type, such as a function) has no size", "path ") {
      layout("?")
    },
    ContractRow(
      "recordLayoutUnknown",
      "layout unknown for struct Node: the encoding omits its members and no definition is registered (at .next)",
      "path .next"
    ) { layout("{List=\"next\"{Node}}") },
    ContractRow("recursiveRecord", "struct A contains itself (at .1.1)", "path .1.1") {
      let catalog = TypeCatalog(includingBuiltins: false)
      return thrown {
        try catalog.register(record: catalog.parse("{A=i{B}}"))
        try catalog.register(record: catalog.parse("{B=c{A}}"))
        _ = try catalog.layout(of: catalog.parse("{A}"))
      }
    },
    ContractRow(
      "bitfieldNeedsPlacement",
      "bitfield b5 has no offset or declared type (Apple form); use the GNU form b<offset><type><width> or register "
        + "a layout override (at .0)", "path .0"
    ) { layout("{S=b5}") },
    ContractRow("bitfieldTooWide", "bitfield of width 9 does not fit its declared type c (at .0)", "path .0") {
      layout("{S=b0c9}")
    },
    ContractRow(
      "bitfieldOverlaps", "bitfield at bit 2 overlaps the member before it, which ends at bit 3 (at .1)", "path .1"
    ) { layout("{S=b0I3b2I3}") },
    ContractRow("bitfieldOutsideRecord", "a bitfield can only be a member of a struct or union", "path ") {
      layout("b0I3")
    },
    ContractRow("invalidVector", "invalid vector: alignment 3 is not a power of two", "path ") { layout("![12,3f]") },
    ContractRow("invalidComplex", "_Complex needs an integer or floating-point component, not {S=ii}", "path ") {
      layout("j{S=ii}")
    },
    ContractRow("negativeNumber", "array count -1 is negative (at .0)", "path .0") {
      thrown {
        _ = try bare.layout(
          of: TypeEncoding.structure(.init(name: "S", fields: [.init(type: .array(count: -1, element: .scalar(.int)))]))
        )
      }
    },
    ContractRow("tooLarge", "type larger than 1099511627776 bytes", "path ") { layout("[1099511627776d]") },
    ContractRow("encoding", "unterminated struct at offset 3 in \"{S=\"", "path ") {
      thrown { _ = try bare.layout(of: "{S=") }
    },
    ContractRow(
      "invalidOverride", "invalid layout override: offset 9223372036854775807 of member 0 is out of range (at .0)",
      "path .0"
    ) {
      thrown {
        try TypeCatalog(includingBuiltins: false).register(
          bare.parse("{S=ii}"), override: LayoutOverride(size: 8, alignment: 4, memberOffsets: [Int.max, 0]))
      }
    },
    // The parser stops at 256 levels; a type built in code is stopped by the layout at 512.
    ContractRow(
      "nestingTooDeep", "types nested deeper than 512 levels (at \(String(repeating: "[0]", count: 512)))",
      "path \(String(repeating: "[0]", count: 512))"
    ) {
      let deep = (0..<600).reduce(TypeEncoding.scalar(.int)) { inner, _ in .array(count: 1, element: inner) }
      return thrown { _ = try bare.layout(of: deep) }
    },
  ]

  @Test("LayoutError", arguments: layoutRows)
  func layoutErrors(_ row: ContractRow) throws {
    // An override that does not fit is a layout problem that the catalog reports as its own error.
    let failure = row.failure()
    let wrapped: LayoutError? =
      if case .invalidOverride(let error)? = failure as? CatalogError { error } else { nil }
    let error = try #require(wrapped ?? failure as? LayoutError)
    #expect(error.description == row.message)
    #expect("path \(error.path)" == row.position)
  }

  static let catalogRows = coreCatalogRows + enumerationCatalogRows

  static let coreCatalogRows: [ContractRow] = [
    ContractRow("invalidName, an encoding", "\"Ai\" cannot be a type name: it is already a valid encoding", "name Ai") {
      thrown { try TypeCatalog(includingBuiltins: false).register(TypeEncoding.scalar(.double), name: "Ai") }
    },
    ContractRow(
      "invalidName, not an identifier",
      "\"my type\" cannot be a type name: use letters, digits and _, starting with a letter or _", "name my type"
    ) {
      thrown { try TypeCatalog(includingBuiltins: false).register(TypeEncoding.scalar(.double), name: "my type") }
    },
    ContractRow(
      "nameTaken", "the name \"rect\" already stands for {CGRect={CGPoint=dd}{CGSize=dd}}; refusing to make it d",
      "name rect"
    ) { thrown { try TypeCatalog().register(TypeEncoding.scalar(.double), name: "rect") } },
    ContractRow("notANamedRecordDefinition", "{?=ii} is not a named struct or union with its members", "name ?") {
      thrown { try TypeCatalog(includingBuiltins: false).register(record: bare.parse("{?=ii}")) }
    },
    ContractRow(
      "recordTaken",
      "struct CGPoint is already registered as {CGPoint=\"x\"d\"y\"d}; refusing to redefine it as "
        + "{CGPoint=ff}", "name CGPoint"
    ) { thrown { try TypeCatalog().register(record: bare.parse("{CGPoint=ff}")) } },
    ContractRow(
      "invalidOverride", "invalid layout override: offset 9223372036854775807 of member 0 is out of range (at .0)",
      "name .0"
    ) {
      thrown {
        try TypeCatalog(includingBuiltins: false).register(
          "{S=ii}", override: LayoutOverride(size: 8, alignment: 4, memberOffsets: [Int.max, 0]))
      }
    },
    ContractRow("encoding", "unterminated struct at offset 3 in \"{S=\"", "name {S=") {
      thrown { try TypeCatalog().register("{S=", name: "vec") }
    },
    ContractRow(
      "layoutMismatch", "struct S lays out as size 8, alignment 4, but its source says size 12, alignment 4",
      "name struct S"
    ) {
      thrown {
        let record = ImportedTypes.Record(
          name: "struct S", encoding: try TypeEncoding("{S=ii}"), override: nil, size: 12, alignment: 4)
        try TypeCatalog().register(ImportedTypes(records: [record], abi: .host, origin: .init(kind: "test")))
      }
    },
  ]

  @Test("CatalogError", arguments: catalogRows)
  func catalogErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? CatalogError)
    #expect(error.description == row.message)
    let name: String
    switch error {
    case .invalidName(let text, _), .nameTaken(let text, _, _), .recordTaken(let text, _, _): name = text
    case .notANamedRecordDefinition(let type): name = type.record?.name ?? "?"
    case .invalidOverride(let error): name = error.path.description
    case .encoding(let error): name = error.input
    case .invalidConstantName(let text, _), .duplicateConstant(let text, _): name = text
    case .noSuchMember(let member, _), .notAnIntegerMember(let member, _, _): name = member
    case .constantDoesNotFit(let constant, _, _, _, _): name = constant
    case .enumerationTaken(let member, _, _, _): name = member
    case .layoutMismatch(let record, _, _): name = record
    }
    #expect("name \(name)".hasSuffix(row.position.dropFirst(5)))
  }

  static let fieldPathRows: [ContractRow] = [
    ContractRow("empty member", "malformed field path \".a..b\" at offset 3", "offset 3") {
      thrown { _ = try FieldPath(parsing: ".a..b") }
    },
    ContractRow("unclosed index", "malformed field path \".a[2\" at offset 2", "offset 2") {
      thrown { _ = try FieldPath(parsing: ".a[2") }
    },
    ContractRow("name starting with a digit", "malformed field path \".1a\" at offset 1", "offset 1") {
      thrown { _ = try FieldPath(parsing: ".1a") }
    },
  ]

  @Test("ValueError.invalidFieldPath", arguments: fieldPathRows)
  func fieldPathErrors(_ row: ContractRow) throws {
    let error = try #require(row.failure() as? ValueError)
    #expect(error.description == row.message)
    guard case .invalidFieldPath(_, let offset) = error else {
      Issue.record("not a field path error: \(error)")
      return
    }
    #expect("offset \(offset)" == row.position)
  }

  static func literal(_ text: String, as type: String) -> (any Error)? {
    thrown { _ = try ValueRegistry.shared.resolve(type).parse(text) }
  }

  static let literalRows = coreLiteralRows + enumerationLiteralRows

  static let coreLiteralRows: [ContractRow] = [
    ContractRow("empty", "empty value literal at offset 1 in \" \"", "offset 1 path ") { literal(" ", as: "int32") },
    ContractRow("unexpectedCharacter", "unexpected character '@' at offset 0 in \"@\"", "offset 0 path ") {
      literal("@", as: "int32")
    },
    ContractRow(
      "unexpectedToken", "expected a value, found '}' at offset 6 in \"{.y = }\"", "offset 6 path "
    ) { literal("{.y = }", as: "point") },
    ContractRow("unterminatedBrace", "unterminated '{' at offset 0 in \"{.x = 1\"", "offset 0 path ") {
      literal("{.x = 1", as: "point")
    },
    ContractRow("unterminatedString", "unterminated string literal at offset 0 in \"\"ab\"", "offset 0 path ") {
      literal("\"ab", as: "[4c]")
    },
    ContractRow("unterminatedCharacter", "unterminated character literal at offset 0 in \"'ab'\"", "offset 0 path ") {
      literal("'ab'", as: "c")
    },
    ContractRow("unterminatedComment", "unterminated comment at offset 2 in \"1 /* one\"", "offset 2 path ") {
      literal("1 /* one", as: "int32")
    },
    ContractRow("invalidEscape", "invalid escape '\\q' at offset 1 in \"'\\q'\"", "offset 1 path ") {
      literal("'\\q'", as: "c")
    },
    ContractRow(
      "unknownMember", "no member named 'z' in struct CGPoint at offset 2 in \"{.z = 1}\"", "offset 2 path "
    ) { literal("{.z = 1}", as: "point") },
    ContractRow(
      "designatorMismatch", "designator '[0]' does not apply to struct CGPoint at offset 1 in \"{[0] = 1}\"",
      "offset 1 path "
    ) { literal("{[0] = 1}", as: "point") },
    ContractRow(
      "tooManyElements", "too many elements for struct CGPoint at offset 7 in \"{1, 2, 3}\"", "offset 7 path "
    ) { literal("{1, 2, 3}", as: "point") },
    ContractRow(
      "indexOutOfRange", "index 5 out of range 0..<3 at offset 2 in \"{[5] = 1}\"", "offset 2 path "
    ) { literal("{[5] = 1}", as: "[3i]") },
    ContractRow("doesNotFit", "300 does not fit in signed char at .x (offset 6 in \"{.x = 300}\")", "offset 6 path .x")
    {
      literal("{.x = 300}", as: "{S=\"x\"c}")
    },
    ContractRow(
      "stringTooLong", "string of 3 characters is too long for char [2] at offset 0 in \"\"abc\"\"",
      "offset 0 path "
    ) { literal("\"abc\"", as: "[2c]") },
    ContractRow(
      "wrongKind", "expected an integer for int, found the floating-point number 1.5 at offset 0 in \"1.5\"",
      "offset 0 path "
    ) { literal("1.5", as: "int32") },
    ContractRow(
      "truncated",
      "the description was cut short ('… N more') and cannot be read back at offset 4 in \"{1, … 3 more}\"",
      "offset 4 path "
    ) { literal("{1, … 3 more}", as: "[4i]") },
    ContractRow(
      "nestingTooDeep",
      "braces nested deeper than 256 levels at offset 256 in \"\(String(repeating: "{", count: 300))1\"",
      "offset 256 path "
    ) { literal(String(repeating: "{", count: 300) + "1", as: "int32") },
    ContractRow("badNumber", "bad number '09' at offset 0 in \"09\"", "offset 0 path ") { literal("09", as: "int32") },
    ContractRow(
      "trailingCharacters", "unexpected characters after a complete value at offset 2 in \"1 2\"", "offset 2 path "
    ) { literal("1 2", as: "int32") },
  ]

  @Test("ValueLiteralError", arguments: literalRows)
  func literalErrors(_ row: ContractRow) throws {
    let failure = try #require(row.failure() as? ValueError)
    guard case .literal(_, let path, let offset, _) = failure else {
      Issue.record("not a literal error: \(failure)")
      return
    }
    #expect(failure.description == row.message)
    #expect("offset \(offset) path \(path)" == row.position)
  }
}
