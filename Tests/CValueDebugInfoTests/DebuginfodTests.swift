import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

#if canImport(Glibc)
  import Glibc
#endif

/// `DEBUGINFOD_URLS` alone never sends a lookup to the network. libdw asks a debuginfod server for any debug file
/// it does not find on the machine; a type missing from a `-g` program was looked for in each loaded library, and
/// each library without a local debug file cost a request (minutes against a server that does not answer).
///
/// The lookups run in a child process (this test binary, filtered to ``child()``) whose `DEBUGINFOD_URLS` names
/// a server on loopback that counts the connections it is sent and closes each at once: there must be none.
@Suite struct DebuginfodTests {
  static let childVariable = "CVALUEKIT_TEST_DEBUGINFOD_CHILD"
  static let strippedVariable = "CVALUEKIT_TEST_DEBUGINFOD_STRIPPED"

  @Test(
    .needs(.debuginfodClient), .needs(.gcc), .enabled(if: ProcessInfo.processInfo.environment[childVariable] == nil))
  func aMissWithDebuginfodURLsSetSendsNoRequest() async throws {
    // A program with a build id and no debug info anywhere: only a server could have its debug file.
    let stripped = try DebugInfoFixture.compile(
      "struct cv_stripped { int a; };\nint main(void) { struct cv_stripped s = {1}; return s.a - 1; }\n",
      name: "debuginfod-stripped", flags: ["-g", "-Wl,--build-id"], compiler: "gcc")
    try DebugInfoFixture.run("strip", ["--strip-debug", stripped])
    let server = try CountingServer()
    defer { server.stop() }
    var environment = ProcessInfo.processInfo.environment
    environment["DEBUGINFOD_URLS"] = "http://127.0.0.1:\(server.port)"
    // A cache of its own: the client's default one may remember an earlier answer and send nothing either way.
    environment["DEBUGINFOD_CACHE_PATH"] = DebugInfoFixture.directory + "/debuginfod-cache"
    environment["DEBUGINFOD_TIMEOUT"] = "5"
    environment[Self.childVariable] = "1"
    environment[Self.strippedVariable] = stripped
    let child = try await TestChild.run(
      filter: "DebuginfodTests/child", environment: environment,
      log: DebugInfoFixture.directory + "/debuginfod-child.log")
    #expect(child.status == 0, "the child failed:\n\(child.log)")
    #expect(child.log.contains("child()"), "the child ran no test:\n\(child.log)")
    #expect(server.connections == 0, "requests were sent to the debuginfod server")
  }

  /// Run only in the child process, with `DEBUGINFOD_URLS` naming the counting server.
  @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func child() throws {
    // The test binary has debug info, but not this type: every loaded library is a place it could be.
    let miss = #expect(throws: DebugInfoError.self) {
      try TypeCatalog().importDebugInfoOfRunningProgram(types: ["struct cv_in_no_file"])
    }
    #expect(miss == .unknownType("struct cv_in_no_file", file: "/proc/self/exe"))
    // A stripped program: its debug file by build id is nowhere on this machine.
    let stripped = try #require(ProcessInfo.processInfo.environment[Self.strippedVariable])
    #expect(throws: DebugInfoError.noDebugInfo(stripped)) {
      try DebugInfoImport.read(stripped, types: ["struct cv_stripped"])
    }
  }
}

/// A TCP server on loopback that accepts connections, counts them and closes each at once (a client sees the
/// connection end before any answer, and moves on).
private final class CountingServer: @unchecked Sendable {
  // @unchecked: `count` is read and written under `lock` only; `socket` is set once, before the thread starts.
  private let socket: Int32
  let port: UInt16
  private let lock = NSLock()
  private var count = 0
  private var stopped = false

  init() throws {
    let listening = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listening >= 0 else { throw ServerError(operation: "socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
    address.sin_port = 0
    let size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, size) }
    }
    guard bound == 0, listen(listening, 64) == 0 else {
      close(listening)
      throw ServerError(operation: "bind")
    }
    var length = size
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) }
    }
    socket = listening
    port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in serve() }.start()
  }

  struct ServerError: Error { var operation: String }

  var connections: Int { lock.withLock { count } }

  private func serve() {
    while !lock.withLock({ stopped }) {
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 50) > 0 else { continue }
      let client = accept(socket, nil, nil)
      guard client >= 0 else { continue }
      lock.withLock { count += 1 }
      close(client)
    }
    close(socket)
  }

  func stop() { lock.withLock { stopped = true } }
}
