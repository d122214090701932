import CValueHeaders
import CValueKit
import Testing

/// The encodings, overrides and paths an import gives for the types the issue names, as literals.
@Suite struct ImportedEncodingTests {
  @Test func tcphdrIsTheUnionOfTheBSDAndLinuxViewsWithBitfields() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders(["netinet/tcp.h"], types: ["tcphdr"])
    let tcphdr = try #require(imported.record(named: "struct tcphdr"))
    #expect(
      tcphdr.encoding.description
        == """
        {tcphdr=(?={?="th_sport"S"th_dport"S"th_seq"I"th_ack"I"th_x2"b96C4"th_off"b100C4"th_flags"C"th_win"S\
        "th_sum"S"th_urp"S}{?="source"S"dest"S"seq"I"ack_seq"I"res1"b96S4"doff"b100S4"fin"b104S1"syn"b105S1\
        "rst"b106S1"psh"b107S1"ack"b108S1"urg"b109S1"res2"b110S2"window"S"check"S"urg_ptr"S})}
        """)
    #expect(tcphdr.override == nil)
    #expect((tcphdr.size, tcphdr.alignment) == (20, 4))
    let fields = try catalog.layout(of: "{tcphdr}").fields.map(\.description)
    #expect(fields.contains(".th_flags @13 +1 C"))
    #expect(fields.contains(".syn @bit 105 +1 b105S1"))
  }

  @Test func epollEventIsPackedSoItGetsAnOverride() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders(["sys/epoll.h"], types: ["struct epoll_event"])
    let event = try #require(imported.record(named: "struct epoll_event"))
    #expect(event.encoding.description == #"{epoll_event="events"I"data"(epoll_data="ptr"^v"fd"i"u32"I"u64"Q)}"#)
    #expect(event.override == LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]))
    let layout = try catalog.layout(of: "{epoll_event}")
    #expect(layout.size == 12)
    #expect(
      layout.fields.map(\.description) == [
        ".events @0 +4 I", ".data.ptr @4 +8 ^v", ".data.fd @4 +4 i",
        ".data.u32 @4 +4 I", ".data.u64 @4 +8 Q",
      ])
  }

  @Test func iphdrBitfields() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders(["netinet/ip.h"], types: ["iphdr"])
    #expect(
      imported.record(named: "struct iphdr")?.encoding.description
        == #"{iphdr="ihl"b0I4"version"b4I4"tos"C"tot_len"S"id"S"frag_off"S"ttl"C"protocol"C"check"S"saddr"I"daddr"I}"#)
    let fields = try catalog.layout(of: "{iphdr}").fields.prefix(3).map(\.description)
    #expect(fields == [".ihl @bit 0 +1 b0I4", ".version @bit 4 +1 b4I4", ".tos @1 +1 C"])
  }

  @Test func sigactionWithTheHandlerUnionAndTheMaskTypedef() throws {
    let catalog = TypeCatalog()
    let imported = try catalog.importHeaders(["signal.h"], types: ["struct sigaction", "sigset_t"])
    #expect(
      imported.record(named: "struct sigaction")?.encoding.description
        == #"{sigaction="__sigaction_handler"(?="sa_handler"^?"sa_sigaction"^?)"sa_mask"{?="__val"[16Q]}"sa_flags"i"sa_restorer"^?}"#
    )
    #expect(imported.typedefs.map(\.name) == ["sigset_t"])
    #expect(try catalog.parse("sigset_t").description == #"{?="__val"[16Q]}"#)
    #expect(try catalog.layout(of: "{sigaction}").fields.last?.description == ".sa_restorer @144 +8 ^?")
  }

  @Test func sockaddrIn6PathsReadAsC() throws {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h"], types: ["sockaddr_in6"])
    let paths = try catalog.layout(of: "{sockaddr_in6}").fields.map { "\($0.path) @\($0.offset)" }
    #expect(paths.contains(".sin6_addr.__in6_u.__u6_addr8[15] @23"))
    #expect(paths.contains(".sin6_addr.__in6_u.__u6_addr32[3] @20"))
    #expect(paths.last == ".sin6_scope_id @24")
  }
}
