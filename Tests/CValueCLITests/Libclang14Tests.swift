import Foundation
import TestSupport
import Testing

/// The import with Debian's libclang 14 (libclang1-14 and libclang-common-14-dev, which `.ci/run` installs)
/// gives the same layouts, to the byte, as with the toolchain's libclang: the C API and the layouts clang
/// computes do not depend on the version. Each run is its own process, as libclang is loaded once per
/// process. On a developer's machine without those packages the test does not run; under CI it must.
@Suite struct Libclang14Tests {
  static let libclang14 = "/usr/lib/llvm-14/lib/libclang.so.1"

  @Test(
    .needs(.libclang14),
    arguments: [
      ["netinet/tcp.h", "tcphdr"], ["netinet/in.h", "struct sockaddr_in6"], ["signal.h", "struct sigaction"],
      ["sys/epoll.h", "epoll_event"], ["netinet/ip.h", "iphdr"], ["sys/timex.h", "timex"], ["signal.h", "siginfo_t"],
    ])
  func sameLayoutAsTheToolchainsLibclang(_ header: [String]) async throws {
    let arguments = ["layout", "--header", header[0], header[1], "--json"]
    let toolchain = try await CValue.run(arguments)
    let debian = try await CValue.run(arguments, environment: ["CVALUEKIT_LIBCLANG": Self.libclang14])
    #expect(toolchain.exited(0), "\(toolchain)")
    #expect(debian.exited(0), "\(debian)")
    #expect(debian.stdout == toolchain.stdout)
    #expect(toolchain.stdout.contains("\"path\":"))
  }
}
