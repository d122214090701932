import CValueKit
import Testing

/// What the `cvalue` tool and the C library need from CValueKit, public so that they use the public API only
/// (Scripts/check-public-use.py): signatures parsed, tagged unions found, errors spelled with a caret.
@Suite struct ToolSurfaceTests {
  @Test func aSignatureIsItsReturnTypeThenItsArguments() throws {
    #expect(try TypeEncoding.parseSignature("i^{tm}^{tm}").map(\.description) == ["i", "^{tm}", "^{tm}"])
    #expect(try TypeEncoding.parseSignature("v16@0:8").map(\.description) == ["v", "@", ":"])
    #expect(throws: EncodingError.self) { try TypeEncoding.parseSignature("") }
    do {
      _ = try TypeEncoding.parseSignature("B{R=dd")
      Issue.record("an unterminated struct parsed")
    } catch {
      #expect(error.description == #"unterminated struct at offset 6 in "B{R=dd""#)
    }
  }

  @Test func unionsBesideAnEnumOrWithACommonLeadingFieldAreTagCandidates() throws {
    let catalog = TypeCatalog()
    let kind = CEnumeration(
      name: "enum kind", constants: [(name: "KIND_TEXT", value: 1), (name: "KIND_NUMBER", value: 2)])
    let message = #"{message="kind"i"body"(body="text"[8c]"number"d"raw"[8C])}"#
    try catalog.register(message, enumeration: kind, member: "kind")
    let candidates = try catalog.layout(of: message).unionTagCandidates
    #expect(candidates.count == 1)
    #expect(candidates.first?.union == ".body")
    #expect(candidates.first?.tag == ".kind")
    #expect(
      candidates.first?.members.map { "\($0.name)=\($0.value.map(String.init) ?? "N")" } == ["text=1", "number=2"])

    let event = try catalog.layout(of: #"(event="type"i"key"{key="type"i"code"I}"move"{move="type"i"x"s"y"s})"#)
    #expect(
      event.unionTagCandidates.map { "\($0.union)=\($0.tag):\($0.members.map(\.name))" } == [
        "=.type:[\"key\", \"move\"]"
      ])
  }
}
