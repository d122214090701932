import Testing

@testable import CValueHeaders

/// The scanner that says where malformed catalog JSON breaks: each kind of break, with its byte offset and
/// reason, and valid JSON of every kind of value passing.
@Suite struct JSONSyntaxTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var json: String
    var offset: Int
    var reason: String
    var testDescription: String { json }
  }

  static let broken: [Case] = [
    Case(json: #"{"formatVersion": 1,"#, offset: 20, reason: "unexpected end of file, expected a string key"),
    Case(json: #"{"a" ; 1}"#, offset: 5, reason: "unexpected ';', expected ':' after the key"),
    Case(json: #"{"a": 1 "b": 2}"#, offset: 8, reason: #"unexpected '"', expected ',' or '}'"#),
    Case(json: #"[1, 2,, 3]"#, offset: 6, reason: "unexpected ',', expected a value"),
    Case(json: #"[1, 2"#, offset: 5, reason: "unexpected end of file, expected ',' or ']'"),
    Case(json: #"{a: 1}"#, offset: 1, reason: "unexpected 'a', expected a string key"),
    Case(json: #"["abc"#, offset: 5, reason: "unexpected end of file in a string"),
    Case(json: #"["a\qb"]"#, offset: 4, reason: #"invalid escape \'q' in a string"#),
    Case(json: #"["\u12G4"]"#, offset: 6, reason: #"unexpected 'G' in a \u escape, expected a hexadecimal digit"#),
    Case(json: "[\"tab\there\"]", offset: 5, reason: "unescaped control character byte 0x9 in a string"),
    Case(json: #"[tru]"#, offset: 4, reason: "unexpected ']', expected true"),
    Case(json: #"[-]"#, offset: 2, reason: "unexpected ']' in a number, expected a digit"),
    Case(json: #"[1.]"#, offset: 3, reason: "unexpected ']' after a decimal point, expected a digit"),
    Case(json: #"[1e+]"#, offset: 4, reason: "unexpected ']' in an exponent, expected a digit"),
    Case(json: #"{} {}"#, offset: 3, reason: "unexpected '{' after the JSON value"),
    Case(json: "", offset: 0, reason: "unexpected end of file, expected a value"),
    Case(json: String(repeating: "[", count: 600), offset: 512, reason: "nesting deeper than 512 levels"),
  ]

  @Test(arguments: broken)
  func theFirstBreakIsFoundWithItsReason(_ row: Case) {
    let found = JSONSyntax.firstError(in: Array(row.json.utf8))
    #expect(found?.offset == row.offset)
    #expect(found?.reason == row.reason)
  }

  @Test(arguments: [
    #"{"a": [1, -2.5e-3, 0, 10E2, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9"], "b": {}, "c": []}"#,
    " \t\r\n[ ] ", "0", #""only a string""#, "\"é, a multi-byte character\"",
  ])
  func validJSONHasNoBreak(_ json: String) {
    #expect(JSONSyntax.firstError(in: Array(json.utf8)) == nil)
  }
}
