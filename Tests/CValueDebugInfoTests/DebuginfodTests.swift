import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

#if canImport(Glibc)
  import Glibc
#endif

/// The network only when asked. libdw asks a debuginfod server for any debug file it does not find on the
/// machine; a type missing from a `-g` program was looked for in each loaded library, and each library without a
/// local debug file cost a request (minutes against a server that does not answer). `DEBUGINFOD_URLS` alone now
/// sends nothing; `CVALUE_DEBUGINFOD=1` (``DebugInfoImport/fetchesFromDebuginfod``) asks, with a bounded wait.
///
/// Each lookup runs in a child process (this test binary, filtered to ``child()``), since libdebuginfod reads its
/// environment there: `DEBUGINFOD_URLS` names a server on loopback, a counting one, a real elfutils `debuginfod`
/// or one that never answers, and ``childVariable`` says which case the child checks.
@Suite struct DebuginfodTests {
  static let childVariable = "CVALUEKIT_TEST_DEBUGINFOD_CHILD"
  static let strippedVariable = "CVALUEKIT_TEST_DEBUGINFOD_STRIPPED"

  /// A program with a build id whose debug info is only in `PROG.debug` (moved out with objcopy): only a
  /// server could have it. Returns the stripped program and the debug file.
  static func strippedProgram(_ name: String) throws -> (program: String, debugFile: String) {
    let program = try DebugInfoFixture.compile(
      "struct cv_stripped { int a; short b; };\n"
        + "int main(void) { struct cv_stripped s = {1, 2}; return s.a - 1 + s.b - 2; }\n",
      name: name, flags: ["-g", "-Wl,--build-id"], compiler: "gcc")
    let served = DebugInfoFixture.directory + "/\(name)-served"
    try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
    let debugFile = served + "/\(name).debug"
    try DebugInfoFixture.run("objcopy", ["--only-keep-debug", program, debugFile])
    try DebugInfoFixture.run("strip", ["--strip-debug", program])
    return (program, debugFile)
  }

  static func environment(server port: UInt16, child: String, stripped: String, fetch: Bool) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["DEBUGINFOD_URLS"] = "http://127.0.0.1:\(port)"
    // A cache of its own: the client's default one may remember an earlier answer and send nothing either way.
    environment["DEBUGINFOD_CACHE_PATH"] = DebugInfoFixture.directory + "/debuginfod-cache-\(child)"
    environment["DEBUGINFOD_TIMEOUT"] = nil
    // Types kept from an earlier read of the same file (by build id) would answer without looking for its DWARF.
    environment["CVALUEKIT_CACHE_DIR"] = DebugInfoFixture.directory + "/kept-reads-\(child)"
    environment["CVALUE_DEBUGINFOD"] = fetch ? "1" : nil
    environment[Self.childVariable] = child
    environment[Self.strippedVariable] = stripped
    return environment
  }

  static func runChild(_ child: String, _ environment: [String: String]) async throws {
    let outcome = try await TestChild.run(
      filter: "DebuginfodTests/child", environment: environment,
      log: DebugInfoFixture.directory + "/debuginfod-\(child).log")
    #expect(outcome.status == 0, "the child (\(child)) failed:\n\(outcome.log)")
    #expect(outcome.log.contains("child()"), "the child ran no test:\n\(outcome.log)")
  }

  @Test(
    .needs(.debuginfodClient), .needs(.gcc), .enabled(if: ProcessInfo.processInfo.environment[childVariable] == nil))
  func aMissWithDebuginfodURLsSetSendsNoRequest() async throws {
    let stripped = try Self.strippedProgram("debuginfod-stripped")
    let server = try CountingServer()
    defer { server.stop() }
    var environment = Self.environment(server: server.port, child: "miss", stripped: stripped.program, fetch: false)
    environment["DEBUGINFOD_TIMEOUT"] = "5"
    try await Self.runChild("miss", environment)
    #expect(server.connections == 0, "requests were sent to the debuginfod server")
  }

  @Test(
    .needs(.debuginfodClient), .needs(.debuginfodServer), .needs(.gcc),
    .enabled(if: ProcessInfo.processInfo.environment[childVariable] == nil))
  func aStrippedProgramIsReadFromARealDebuginfodServerWhenAsked() async throws {
    let stripped = try Self.strippedProgram("debuginfod-served")
    let server = try DebuginfodServer(serving: (stripped.debugFile as NSString).deletingLastPathComponent)
    defer { server.stop() }
    try server.waitUntilServing(stripped.program)
    let probes = server.requests(for: "/debuginfo")
    // Not asked: the server has the program's debug file, and no request is sent for it.
    try await Self.runChild(
      "fetch-off", Self.environment(server: server.port, child: "fetch-off", stripped: stripped.program, fetch: false))
    #expect(server.requests(for: "/debuginfo") == probes, "a request was sent though none was asked for")
    try await Self.runChild(
      "fetch", Self.environment(server: server.port, child: "fetch", stripped: stripped.program, fetch: true))
    #expect(server.requests(for: "/debuginfo") > probes, "the debug file came from elsewhere than the server")
  }

  @Test(
    .needs(.debuginfodClient), .needs(.gcc), .enabled(if: ProcessInfo.processInfo.environment[childVariable] == nil))
  func aServerThatNeverAnswersIsGivenUp() async throws {
    let stripped = try Self.strippedProgram("debuginfod-stalled")
    let server = try CountingServer(holdsConnections: true)
    defer { server.stop() }
    try await Self.runChild(
      "stall", Self.environment(server: server.port, child: "stall", stripped: stripped.program, fetch: true))
    #expect(server.connections >= 1, "the stalling server was never asked")
  }

  /// Run only in a child process, with `DEBUGINFOD_URLS` naming the parent's server.
  @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
  func child() throws {
    let environment = ProcessInfo.processInfo.environment
    let stripped = try #require(environment[Self.strippedVariable])
    switch environment[Self.childVariable] {
    case "miss":
      #expect(DebugInfoImport.fetchesFromDebuginfod == false)
      // The test binary has debug info, but not this type: every loaded library is a place it could be.
      let miss = #expect(throws: DebugInfoError.self) {
        try TypeCatalog().importDebugInfoOfRunningProgram(types: ["struct cv_in_no_file"])
      }
      #expect(miss == .unknownType("struct cv_in_no_file", file: "/proc/self/exe"))
      // A stripped program: its debug file by build id is nowhere on this machine.
      #expect(throws: DebugInfoError.noDebugInfo(stripped)) {
        try DebugInfoImport.read(stripped, types: ["struct cv_stripped"])
      }
    case "fetch":
      #expect(DebugInfoImport.fetchesFromDebuginfod == true)
      let imported = try DebugInfoImport.read(stripped, types: ["struct cv_stripped"])
      #expect(imported.records.map(\.name) == ["struct cv_stripped"])
      let type = try ValueRegistry(
        catalog: {
          let catalog = TypeCatalog()
          try catalog.register(imported)
          return catalog
        }()
      ).resolve("struct cv_stripped")
      #expect(type.size == 8)
      #expect(try type.describe(bytes: [1, 0, 0, 0, 2, 0, 0, 0]) == "{.a = 1, .b = 2}")
    case "fetch-off":
      let refusal = #expect(throws: DebugInfoError.noDebugInfo(stripped)) {
        try DebugInfoImport.read(stripped, types: ["struct cv_stripped"])
      }
      #expect(refusal?.description.contains("set CVALUE_DEBUGINFOD=1") == true)
    case "stall":
      // libdebuginfod gives up on a server that sends nothing for DEBUGINFOD_TIMEOUT seconds: the import sets
      // it (10) where the environment does not, so the lookup ends.
      #expect(throws: DebugInfoError.noDebugInfo(stripped)) {
        try DebugInfoImport.read(stripped, types: ["struct cv_stripped"])
      }
      #expect(environment["DEBUGINFOD_TIMEOUT"] == nil)
      #expect(getenv("DEBUGINFOD_TIMEOUT").map { String(cString: $0) } == "10")
    default:
      Issue.record("unknown child case \(environment[Self.childVariable] ?? "")")
    }
  }
}

/// elfutils' own debuginfod server on a free loopback port, serving the debug files under a directory by build
/// id (`debuginfod -F -p PORT -d DB DIR`).
private final class DebuginfodServer {
  let port: UInt16
  private let pid: pid_t
  private let directory: String

  init(serving directory: String) throws {
    self.directory = directory
    // A free port: bound by the kernel's choice, then let go for the server to take.
    let probe = try CountingServer()
    port = probe.port
    probe.stop()
    probe.waitUntilClosed()
    pid = try Subprocess.spawn(
      "/usr/bin/debuginfod",
      ["-F", "-p", "\(port)", "-d", directory + ".sqlite", "-t", "0", "-g", "0", directory],
      environment: ProcessInfo.processInfo.environment, stdout: directory + ".log", stderr: directory + ".log")
  }

  /// Waits until the server answers for the program's build id (it indexes its directory after it starts),
  /// asking with elfutils' own client; at most a minute.
  func waitUntilServing(_ program: String) throws {
    for attempt in 0..<240 {
      var environment = ProcessInfo.processInfo.environment
      environment["DEBUGINFOD_URLS"] = "http://127.0.0.1:\(port)"
      // A cache for each try: the client remembers a miss (the server's answer before it has indexed) for ten
      // minutes, and would not ask again.
      environment["DEBUGINFOD_CACHE_PATH"] = directory + "-probe-cache-\(attempt)"
      let log = directory + "-probe.log"
      let found = try Subprocess.spawn(
        "/usr/bin/debuginfod-find", ["debuginfo", program], environment: environment, stdout: log, stderr: log)
      if Subprocess.exitStatus(Subprocess.waitForExit(found)) == 0 { return }
      usleep(250_000)
    }
    let log = (try? String(contentsOfFile: directory + ".log", encoding: .utf8)) ?? ""
    throw CountingServer.ServerError(operation: "debuginfod never served \(program): \(log)")
  }

  /// How many requests the server's log shows for paths ending in `suffix` (`/debuginfo`).
  func requests(for suffix: String) -> Int {
    let log = (try? String(contentsOfFile: directory + ".log", encoding: .utf8)) ?? ""
    return log.split(separator: "\n").filter { $0.contains(" GET /buildid/") && $0.contains("\(suffix) ") }.count
  }

  func stop() {
    // SIGKILL: with no rescans (-t 0) its threads wait for nothing that would see a SIGTERM.
    kill(pid, SIGKILL)
    _ = Subprocess.waitForExit(pid)
  }
}

/// A TCP server on loopback that accepts connections, counts them, and closes each at once (a client sees the
/// connection end before any answer, and moves on) or, holding connections, keeps them open and sends nothing
/// (a server that stalls).
private final class CountingServer: @unchecked Sendable {
  // @unchecked: `count` is read and written under `lock` only; `socket` is set once, before the thread starts.
  private let socket: Int32
  let port: UInt16
  private let lock = NSLock()
  private var count = 0
  private var stopped = false
  private var closed = false
  private let holdsConnections: Bool

  init(holdsConnections: Bool = false) throws {
    self.holdsConnections = holdsConnections
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
    var held: [Int32] = []
    while !lock.withLock({ stopped }) {
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 50) > 0 else { continue }
      let client = accept(socket, nil, nil)
      guard client >= 0 else { continue }
      lock.withLock { count += 1 }
      if holdsConnections { held.append(client) } else { close(client) }
    }
    for connection in held { close(connection) }
    close(socket)
    lock.withLock { closed = true }
  }

  func stop() { lock.withLock { stopped = true } }

  /// Waits until the listening socket is closed (its port free again).
  func waitUntilClosed() {
    while !lock.withLock({ closed }) { usleep(10_000) }
  }
}
