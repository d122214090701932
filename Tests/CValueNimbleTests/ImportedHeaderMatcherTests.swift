import CSystemHeaders
import CValueHeaders
import CValueKit
import CValueNimble
import Glibc
import Nimble
import Testing

/// The matchers on glibc's own structs, with no encoding: the registry's catalog holds what importing
/// the headers registered. In the serialized suite, because Nimble's assertion handler is global.
extension CValueMatcherTests {
  static func importedRegistry() throws -> ValueRegistry {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["netinet/in.h", "netinet/ip.h"])
    return ValueRegistry(catalog: catalog)
  }

  @Test("equalCValue on an imported sockaddr_in and iphdr names C's members")
  func importedTypes() throws {
    let registry = try Self.importedRegistry()
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0x5000
    var other = address
    other.sin_addr.s_addr = 0x0100_007F
    var packet = iphdr()
    packet.ttl = 64
    #expect(
      failures {
        expect(address).to(equalCValue(address, registry: registry))
        expect(packet).toNot(equalCValue(iphdr(), registry: registry))
      } == [])
    #expect(
      failures { expect(address).to(equalCValue(other, registry: registry)) } == [
        """
        expected to equal C value <{.sin_family = 2, .sin_port = 20480, .sin_addr = {.s_addr = 16777343}, \
        .sin_zero = {0, 0, 0, 0, 0, 0, 0, 0}}>, got <{.sin_family = 2, .sin_port = 20480, .sin_addr = {.s_addr = 0}, \
        .sin_zero = {0, 0, 0, 0, 0, 0, 0, 0}}>
        sockaddr_in values differ at 1 of 11 fields:
          .sin_addr.s_addr: 0 ≠ 16777343
          actual:   {.sin_family = 2, .sin_port = 20480, .sin_addr = {.s_addr = 0}, .sin_zero = {0, 0, 0, 0, 0, 0, 0, 0}}
          expected: {.sin_family = 2, .sin_port = 20480, .sin_addr = {.s_addr = 16777343}, .sin_zero = {0, 0, 0, 0, 0, 0, 0, 0}}
        """
      ])
  }
}
