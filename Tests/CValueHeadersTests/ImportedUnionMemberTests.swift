import CTestTypes
import CValueHeaders
import CValueKit
import Foundation
import Glibc
import Testing

/// Union member rules on types read from headers: the C test target's tagged message, whose tag is an enum
/// the import names, and glibc's `tcphdr`, whose anonymous union's views are chosen by a field name.
@Suite struct ImportedUnionMemberTests {
  /// The C test target's own header, as the Swift tests compile it.
  static let testTypesHeader = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appending(path: "CTestTypes/include/CTestTypes.h").path

  static func message(_ kind: cv_message_kind, _ fill: (inout cv_message) -> Void) -> cv_message {
    var message = cv_message()
    message.kind = kind
    fill(&message)
    return message
  }

  @Test func aTaggedMessageNamesItsTagByTheEnumConstant() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders([Self.testTypesHeader], types: ["cv_message"])
    let registry = ValueRegistry(catalog: catalog)
    try registry.register(
      "struct cv_message", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number", 3: "point"]), at: ".body"
    )
    // No encoding written: the Swift type's C name finds the imported definition.
    let type = try registry.resolve(swiftType: cv_message.self)
    let number = Self.message(CV_MESSAGE_NUMBER) {
      $0.body.number.value = 7
      $0.body.number.scale = 0.5
    }
    let point = Self.message(CV_MESSAGE_POINT) {
      $0.body.point.x = 7
      $0.body.point.y = 0.5
    }
    #expect(try type.describe(number) == "{.kind = CV_MESSAGE_NUMBER, .body = {.number = {.value = 7, .scale = 0.5}}}")
    #expect(
      try type.compare(number, point).report == """
        cv_message values differ at 2 of 2 fields:
          .kind: CV_MESSAGE_NUMBER ≠ CV_MESSAGE_POINT
          .body: {.number = {.value = 7, .scale = 0.5}} ≠ {.point = {.x = 7, .y = 0.5}}
          actual:   {.kind = CV_MESSAGE_NUMBER, .body = {.number = {.value = 7, .scale = 0.5}}}
          expected: {.kind = CV_MESSAGE_POINT, .body = {.point = {.x = 7, .y = 0.5}}}
        """)
    // A text message: the live member is a char array, reported as one field with both strings.
    let hello = Self.message(CV_MESSAGE_TEXT) {
      withUnsafeMutableBytes(of: &$0.body.text) { $0.copyBytes(from: "hello".utf8) }
    }
    let help = Self.message(CV_MESSAGE_TEXT) {
      withUnsafeMutableBytes(of: &$0.body.text) { $0.copyBytes(from: "help".utf8) }
    }
    #expect(
      try type.compare(hello, help).report.split(separator: "\n").prefix(2) == [
        "cv_message values differ at 1 of 2 fields:", "  .body.text: \"hello\" ≠ \"help\" (first difference at [3])",
      ])
  }

  @Test func sockaddrIn6ByItsByteView() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h"], types: ["sockaddr_in6"])
    let type = try ValueRegistry(catalog: catalog).resolve(swiftType: sockaddr_in6.self)
    var one = sockaddr_in6()
    one.sin6_addr.__in6_u.__u6_addr8.15 = 1
    var two = one
    two.sin6_addr.__in6_u.__u6_addr8.15 = 2
    var options = ComparisonOptions()
    options.unionMembers[".sin6_addr.__in6_u"] = "__u6_addr8"
    let result = try type.compare(one, two, options: options)
    #expect(result.summary == "sockaddr_in6 values differ at .sin6_addr.__in6_u.__u6_addr8[15]: 1 ≠ 2")
    #expect(result.comparedFieldCount == 20)
  }

  @Test func tcphdrsViewsAreChosenByAFieldTheyHold() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/tcp.h"])
    let type = try ValueRegistry(catalog: catalog).resolve(swiftType: tcphdr.self)
    var syn = tcphdr()
    syn.th_flags = UInt8(TH_SYN)
    var synAck = syn
    synAck.th_flags = UInt8(TH_SYN | TH_ACK)
    // The anonymous union of the two views is in the record itself: the empty path names it.
    let linux = ComparisonOptions(unionMembers: [FieldPath(): "syn"])
    let linuxView = { (ack: Int) in
      "{{.source = 0, .dest = 0, .seq = 0, .ack_seq = 0, .res1 = 0, .doff = 0, .fin = 0, .syn = 1, .rst = 0, .psh = 0, .ack = \(ack), .urg = 0, .res2 = 0, .window = 0, .check = 0, .urg_ptr = 0}}"
    }
    #expect(
      try type.compare(syn, synAck, options: linux).report == """
        tcphdr values differ at 1 of 16 fields:
          .ack: 0 ≠ 1
          actual:   \(linuxView(0))
          expected: \(linuxView(1))
        """)
    let bsd = ComparisonOptions(unionMembers: [FieldPath(): "th_flags"])
    let result = try type.compare(syn, synAck, options: bsd)
    #expect(result.summary == "tcphdr values differ at .th_flags: 2 ≠ 18")
    #expect(result.comparedFieldCount == 10)
    #expect(result.mismatches.map { "\($0.path): \($0.actual) ≠ \($0.expected)" } == [".th_flags: 2 ≠ 18"])
  }
}
