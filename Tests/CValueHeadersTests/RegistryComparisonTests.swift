import CValueHeaders
import CValueKit
import Glibc
import Testing

/// The imported definitions at work: a registry over the catalog compares Swift's imported `tcphdr` values
/// with C's member names, no hand-written encoding.
@Suite struct RegistryComparisonTests {
  @Test func synAgainstSynAckNamesTheFlags() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/tcp.h"])
    let registry = ValueRegistry(catalog: catalog)
    let type = try registry.resolve("{tcphdr}")
    var synSegment = tcphdr()
    synSegment.th_sport = 0x3930  // 12345 in network order
    synSegment.th_dport = 0x5000  // 80
    synSegment.th_flags = UInt8(TH_SYN)
    var synAckSegment = synSegment
    synAckSegment.th_flags = UInt8(TH_SYN | TH_ACK)
    let comparison = try type.compare(synSegment, synAckSegment)
    // The anonymous union of the BSD and Linux views is the whole value, and a union is compared by the
    // bytes its members cover; the report names the differing fields of both views, with C's member names
    // and bitfields, and counts the fields of both (10 + 16).
    let syn =
      "{.th_sport = 14640, .th_dport = 20480, .th_seq = 0, .th_ack = 0, .th_x2 = 0, .th_off = 0, .th_flags = 2, .th_win = 0, .th_sum = 0, .th_urp = 0, .source = 14640, .dest = 20480, .seq = 0, .ack_seq = 0, .res1 = 0, .doff = 0, .fin = 0, .syn = 1, .rst = 0, .psh = 0, .ack = 0, .urg = 0, .res2 = 0, .window = 0, .check = 0, .urg_ptr = 0}"
    let synAck =
      "{.th_sport = 14640, .th_dport = 20480, .th_seq = 0, .th_ack = 0, .th_x2 = 0, .th_off = 0, .th_flags = 18, .th_win = 0, .th_sum = 0, .th_urp = 0, .source = 14640, .dest = 20480, .seq = 0, .ack_seq = 0, .res1 = 0, .doff = 0, .fin = 0, .syn = 1, .rst = 0, .psh = 0, .ack = 1, .urg = 0, .res2 = 0, .window = 0, .check = 0, .urg_ptr = 0}"
    #expect(
      comparison.report == """
        tcphdr values differ at 2 of 26 fields:
          .th_flags: 2 ≠ 18
          .ack: 0 ≠ 1
          actual:   {\(syn)}
          expected: {\(synAck)}
        """)
    // A SYN against an empty header: ports and flags in the BSD view, ports and the SYN bit in the Linux one.
    let fromEmpty = try type.compare(tcphdr(), synSegment).summary
    #expect(fromEmpty == "tcphdr values differ at 6 of 26 fields (.th_sport, .th_dport, .th_flags, …)")
    var noFlags = synSegment
    noFlags.th_flags = 0
    #expect(
      try type.compare(noFlags, synSegment).report.split(separator: "\n").dropFirst().prefix(2) == [
        "  .th_flags: 0 ≠ 2", "  .syn: 0 ≠ 1",
      ])
    #expect(try type.compare(synSegment, synSegment).isEqual)
  }
}

/// Typedef names, as a header import registers them, name the type in reports where the user wrote them.
@Suite struct TypedefNameTests {
  @Test func aTypedefNameResolvedByTextNamesTheReport() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["signal.h"])
    let registry = ValueRegistry(catalog: catalog)
    let byTypedef = try registry.resolve("sigset_t")
    #expect(byTypedef.name == "sigset_t")
    var blocked = sigset_t()
    sigaddset(&blocked, SIGINT)
    let zero = String(repeating: ", 0", count: 15)
    #expect(
      try byTypedef.compare(blocked, sigset_t()).report == """
        sigset_t values differ at 1 of 16 fields:
          .__val[0]: 2 ≠ 0
          actual:   {.__val = {2\(zero)}}
          expected: {.__val = {0\(zero)}}
        """)
    // The same type given as an encoding has no typedef name; the record has no tag either.
    let byEncoding = try registry.resolve(byTypedef.type)
    #expect(byEncoding.name == nil)
    #expect(try byEncoding.compare(blocked, sigset_t()).summary == "struct {…} values differ at .__val[0]: 2 ≠ 0")
    // A Swift value of the type: Swift names it by the typedef it resolves to, __sigset_t.
    #expect(try registry.compare(blocked, sigset_t()).summary.hasPrefix("__sigset_t values differ"))
  }

  @Test func builtInReadableNamesKeepTheRecordsName() throws {
    let rect = try ValueRegistry().resolve("rect")
    #expect(rect.name == nil)
    #expect(
      try rect.compare(bytes: [UInt8](repeating: 0, count: 32), [UInt8](repeating: 1, count: 32)).summary.hasPrefix(
        "CGRect values differ"))
  }
}

/// Unions of real glibc types report the fields of each member view that differ, with C's member names.
@Suite struct ImportedUnionReportTests {
  @Test func aDifferentWindowIsNamedInBothViews() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/tcp.h"])
    let type = try ValueRegistry(catalog: catalog).resolve("{tcphdr}")
    var small = tcphdr()
    small.th_win = 0x0010
    var large = small
    large.th_win = 0x0020
    let report = try type.compare(small, large).report
    let header = { (window: Int) in
      "{{.th_sport = 0, .th_dport = 0, .th_seq = 0, .th_ack = 0, .th_x2 = 0, .th_off = 0, .th_flags = 0, .th_win = \(window), .th_sum = 0, .th_urp = 0, .source = 0, .dest = 0, .seq = 0, .ack_seq = 0, .res1 = 0, .doff = 0, .fin = 0, .syn = 0, .rst = 0, .psh = 0, .ack = 0, .urg = 0, .res2 = 0, .window = \(window), .check = 0, .urg_ptr = 0}}"
    }
    #expect(
      report == """
        tcphdr values differ at 2 of 26 fields:
          .th_win: 16 ≠ 32
          .window: 16 ≠ 32
          actual:   \(header(16))
          expected: \(header(32))
        """)
  }

  @Test func sockaddrIn6NamesTheAddressBytesByIndex() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h"], types: ["sockaddr_in6"])
    let type = try ValueRegistry(catalog: catalog).resolve("{sockaddr_in6}")
    var one = sockaddr_in6()
    one.sin6_family = sa_family_t(AF_INET6)
    one.sin6_addr.__in6_u.__u6_addr8.15 = 1
    var two = one
    two.sin6_addr.__in6_u.__u6_addr8.15 = 2
    let report = try type.compare(one, two).report
    // The union's three views of the address: 16 + 8 + 4 fields, and four more in the struct.
    let address = { (last: Int) in
      let zeros = String(repeating: "0, ", count: 15)
      return
        "{.sin6_family = 10, .sin6_port = 0, .sin6_flowinfo = 0, .sin6_addr = {.__in6_u = {.__u6_addr8 = {\(zeros)\(last)}, .__u6_addr16 = {0, 0, 0, 0, 0, 0, 0, \(last << 8)}, .__u6_addr32 = {0, 0, 0, \(last << 24)}}}, .sin6_scope_id = 0}"
    }
    #expect(
      report == """
        sockaddr_in6 values differ at 3 of 32 fields:
          .sin6_addr.__in6_u.__u6_addr8[15]: 1 ≠ 2
          .sin6_addr.__in6_u.__u6_addr16[7]: 256 ≠ 512
          .sin6_addr.__in6_u.__u6_addr32[3]: 16777216 ≠ 33554432
          actual:   \(address(1))
          expected: \(address(2))
        """)
  }
}
