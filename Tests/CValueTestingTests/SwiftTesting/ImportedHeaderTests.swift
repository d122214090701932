import CSystemHeaders
import CValueHeaders
import CValueKit
import CValueTesting
import Glibc
import Testing

/// Glibc's own structs, as Swift imports them, asserted with no hand-written encoding: the registry's
/// catalog holds what importing their headers registered, and the C name Swift keeps for each type finds it.
@Suite("expectCValuesEqual on types from imported headers")
struct ImportedHeaderTests {
  static func registry() throws -> ValueRegistry {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h", "netinet/ip.h", "netinet/tcp.h", "signal.h", "sys/epoll.h"])
    return ValueRegistry(catalog: catalog)
  }

  static let loopback: sockaddr_in6 = {
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_port = 0x5000
    address.sin6_addr.__in6_u.__u6_addr8.15 = 1
    return address
  }()

  @Test("equal values pass, whatever their padding")
  func equalValuesPass() throws {
    let registry = try Self.registry()
    #expect(expectCValuesEqual(Self.loopback, Self.loopback, registry: registry)?.isEqual == true)
    var segment = tcphdr()
    segment.th_flags = UInt8(TH_SYN)
    #expect(expectCValuesEqual(segment, segment, registry: registry)?.isEqual == true)
    var action = sigaction()
    action.sa_flags = SA_RESTART
    #expect(expectCValuesEqual(action, action, registry: registry)?.isEqual == true)
  }

  @Test("a different port is named by C's member name")
  func sockaddrIn6() throws {
    let registry = try Self.registry()
    var other = Self.loopback
    other.sin6_port = 0x5100
    let text = RecordedIssue.text { expectCValuesEqual(Self.loopback, other, registry: registry) }
    let address =
      "{.__in6_u = {.__u6_addr8 = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, .__u6_addr16 = {0, 0, 0, 0, 0, 0, 0, 256}, .__u6_addr32 = {0, 0, 0, 16777216}}}"
    #expect(
      text == """
        sockaddr_in6 values differ at .sin6_port: 20480 ≠ 20736
          .sin6_port: 20480 ≠ 20736
          actual:   {.sin6_family = 10, .sin6_port = 20480, .sin6_flowinfo = 0, .sin6_addr = \(address), .sin6_scope_id = 0}
          expected: {.sin6_family = 10, .sin6_port = 20736, .sin6_flowinfo = 0, .sin6_addr = \(address), .sin6_scope_id = 0}
        """)
  }

  @Test("an IP header's time to live and a bitfield are named")
  func iphdrFields() throws {
    let registry = try Self.registry()
    var packet = iphdr()
    packet.ttl = 64
    packet.ihl = 5
    var other = packet
    other.ttl = 63
    other.ihl = 6
    let text = RecordedIssue.text { expectCValuesEqual(packet, other, registry: registry) }
    let rest = ".tos = 0, .tot_len = 0, .id = 0, .frag_off = 0"
    let end = ".protocol = 0, .check = 0, .saddr = 0, .daddr = 0"
    #expect(
      text == """
        iphdr values differ at 2 of 11 fields (.ihl, .ttl)
          .ihl: 5 ≠ 6
          .ttl: 64 ≠ 63
          actual:   {.ihl = 5, .version = 0, \(rest), .ttl = 64, \(end)}
          expected: {.ihl = 6, .version = 0, \(rest), .ttl = 63, \(end)}
        """)
  }

  @Test("sigaction's flags are named")
  func sigactionFlags() throws {
    let registry = try Self.registry()
    var action = sigaction()
    action.sa_flags = SA_RESTART
    let text = RecordedIssue.text { expectCValuesEqual(action, sigaction(), registry: registry) }
    let handler = ".__sigaction_handler = {.sa_handler = NULL, .sa_sigaction = NULL}"
    let mask = ".sa_mask = {.__val = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}}"
    #expect(
      text == """
        sigaction values differ at .sa_flags: 268435456 ≠ 0
          .sa_flags: 268435456 ≠ 0
          actual:   {\(handler), \(mask), .sa_flags = 268435456, .sa_restorer = NULL}
          expected: {\(handler), \(mask), .sa_flags = 0, .sa_restorer = NULL}
        """)
  }

  @Test("the packed epoll_event: its data is named at its real offset")
  func epollEvent() throws {
    let registry = try Self.registry()
    var event = epoll_event()
    event.events = EPOLLIN.rawValue
    event.data.u64 = 7
    var other = event
    other.data.u64 = 8
    #expect(MemoryLayout<epoll_event>.size == 12)
    let text = RecordedIssue.text { expectCValuesEqual(event, other, registry: registry) }
    // The data union is compared by the bytes its members cover; the report names each member's field.
    let seven = "{.ptr = 0x7, .fd = 7, .u32 = 7, .u64 = 7}"
    let eight = "{.ptr = 0x8, .fd = 8, .u32 = 8, .u64 = 8}"
    #expect(
      text == """
        epoll_event values differ at 4 of 5 fields (.data.ptr, .data.fd, .data.u32, …)
          .data.ptr: 0x7 ≠ 0x8
          .data.fd: 7 ≠ 8
          .data.u32: 7 ≠ 8
          .data.u64: 7 ≠ 8
          actual:   {.events = 1, .data = \(seven)}
          expected: {.events = 1, .data = \(eight)}
        """)
  }
}
