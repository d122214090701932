import CValueKit
import Testing

/// Malformed encodings: each throws the exact error, naming the problem and the byte offset.
@Suite("Malformed encodings")
struct EncodingErrorTests {
  private static let catalog = TypeCatalog(includingBuiltins: false)

  @Test(
    "each malformed input gives its exact message",
    arguments: [
      ("", "empty type encoding at offset 0 in \"\""),
      ("{CGPoint=dd", "unterminated struct at offset 11 in \"{CGPoint=dd\""),
      ("{CGPoint", "unterminated struct at offset 8 in \"{CGPoint\""),
      ("{", "unterminated struct at offset 1 in \"{\""),
      ("(U=if", "unterminated union at offset 5 in \"(U=if\""),
      ("[4i", "unterminated array at offset 3 in \"[4i\""),
      ("[4", "expected a type at offset 2 in \"[4\""),
      ("[", "unterminated array at offset 1 in \"[\""),
      ("[i]", "missing array count at offset 1 in \"[i]\""),
      ("[4ii]", "expected ']' at offset 3 in \"[4ii]\""),
      ("[-1i]", "missing array count at offset 1 in \"[-1i]\""),
      ("^", "expected a type at offset 1 in \"^\""),
      ("r", "expected a type at offset 1 in \"r\""),
      ("j", "expected a type at offset 1 in \"j\""),
      ("b", "missing bitfield width at offset 1 in \"b\""),
      ("bx", "missing bitfield width at offset 1 in \"bx\""),
      ("}", "unbalanced '}' at offset 0 in \"}\""),
      ("i)", "unexpected characters after a complete type at offset 1 in \"i)\""),
      ("{S=i)}", "unbalanced ')' at offset 4 in \"{S=i)}\""),
      ("]", "unbalanced ']' at offset 0 in \"]\""),
      ("dd", "unexpected characters after a complete type at offset 1 in \"dd\""),
      ("x", "unknown type code 'x' at offset 0 in \"x\""),
      ("{S=ié}", "unknown type code 'é' at offset 4 in \"{S=ié}\""),
      ("{=i}", "empty struct or union name at offset 1 in \"{=i}\""),
      ("{S=\"x\"}", "expected a type at offset 6 in \"{S=\"x\"}\""),
      ("{S=\"x", "unterminated quoted name at offset 3 in \"{S=\"x\""),
      ("@\"NSString", "unterminated quoted name at offset 1 in \"@\"NSString\""),
      ("{S=i\n}", "unknown type code '\\u{a}' at offset 4 in \"{S=i\\u{a}}\""),
      ("[99999999999999999999i]", "number larger than 1099511627776 at offset 1 in \"[99999999999999999999i]\""),
      ("b99999999999999", "number larger than 1099511627776 at offset 1 in \"b99999999999999\""),
      ("![16f]", "malformed vector (expected ![size,alignment type]) at offset 4 in \"![16f]\""),
      ("![16,16f", "unterminated vector at offset 8 in \"![16,16f\""),
      ("!", "expected a type at offset 1 in \"!\""),
      (" i", "unknown type code ' ' at offset 0 in \" i\""),
      ("int", "unknown type name \"int\" at offset 0 in \"int\""),
      ("rect", "unknown type name \"rect\" at offset 0 in \"rect\""),
    ])
  func malformed(_ text: String, _ message: String) {
    #expect {
      try Self.catalog.parse(text)
    } throws: { error in
      (error as? EncodingError)?.description == message
    }
  }

  @Test("the typed error carries the reason, the offset and the input")
  func typedError() throws {
    #expect(throws: EncodingError(.unterminatedStruct, at: 11, in: "{CGPoint=dd")) {
      try Self.catalog.parse("{CGPoint=dd")
    }
    #expect(throws: EncodingError(.numberTooLarge(limit: 1 << 40), at: 1, in: "[1099511627777c]")) {
      try Self.catalog.parse("[1099511627777c]")
    }
    #expect(
      try Self.catalog.parse("[1099511627776c]") == .array(count: 1 << 40, element: .scalar(.char)))
  }

  @Test("the caret diagnostic points at the offending character, counted in characters")
  func caret() throws {
    let error = try #require(throws: EncodingError.self) { try Self.catalog.parse("{CGPoint=dd") }
    #expect(
      error.caretDiagnostic == """
        unterminated struct at offset 11 in "{CGPoint=dd"
          {CGPoint=dd
                     ^
        """)
    let wide = try #require(throws: EncodingError.self) { try Self.catalog.parse("{é=x}") }
    #expect(
      wide.caretDiagnostic == """
        unknown type code 'x' at offset 4 in "{é=x}"
          {é=x}
             ^
        """)
  }

  @Test("nesting is bounded: one level under the limit parses, the limit itself throws")
  func deepNesting() throws {
    let limit = TypeEncoding.maximumNestingDepth
    let deepest = String(repeating: "^", count: limit - 1) + "i"
    #expect(try Self.catalog.parse(deepest).description == deepest)
    let tooDeep = String(repeating: "^", count: limit) + "i"
    #expect(throws: EncodingError(.nestingTooDeep(limit: limit), at: limit, in: tooDeep)) {
      try Self.catalog.parse(tooDeep)
    }
    let arrays = String(repeating: "[1", count: 100_000) + "i" + String(repeating: "]", count: 100_000)
    #expect(throws: EncodingError(.nestingTooDeep(limit: limit), at: 2 * limit, in: arrays)) {
      try Self.catalog.parse(arrays)
    }
    let structs = String(repeating: "{S=", count: 100_000)
    #expect(throws: EncodingError(.nestingTooDeep(limit: limit), at: 3 * limit, in: structs)) {
      try Self.catalog.parse(structs)
    }
  }

  @Test(
    "every truncation of a valid encoding throws, never traps",
    arguments: [
      "{CGRect={CGPoint=dd}{CGSize=dd}}", "{B001=b0S13b13Q43b56i4d{?=Cb8Q16}b192Q52b244i3b247Q7}",
      "(R037=^?C(?=[5S](?=Q){?={?=qD[2^?]^?c}Cq^s}^(R037)[5[2[2i]]])^?cq)", "{S=\"o\"@\"NSView\"\"n\"i}", "![16,16f]",
    ])
  func truncations(_ text: String) {
    let bytes = Array(text.utf8)
    for length in 0..<bytes.count {
      let prefix = String(decoding: bytes[..<length], as: UTF8.self)
      #expect(throws: EncodingError.self, "\(prefix)") { try Self.catalog.parse(prefix) }
    }
  }
}
