import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the `cvalue` binary produced.
struct CValueRun: Sendable, CustomStringConvertible {
  var arguments: [String]
  var stdout: String
  var stderr: String
  /// The exit status, or the signal number when ``crashed``.
  var status: Int32
  /// Whether the process died from a signal instead of exiting.
  var crashed: Bool

  var description: String {
    let ending = crashed ? "killed by signal \(status)" : "exit status \(status)"
    return "cvalue \(arguments.map(CValueRun.quoted).joined(separator: " ")) → \(ending)\n"
      + "stdout: \(stdout.debugDescription)\nstderr: \(stderr.debugDescription)"
  }

  /// Whether the run exited normally with this status.
  func exited(_ expected: Int32) -> Bool { !crashed && status == expected }

  private static func quoted(_ argument: String) -> String {
    argument.isEmpty || argument.contains(where: { !$0.isLetter && !$0.isNumber && !"-_.=".contains($0) })
      ? "'\(argument)'" : argument
  }
}

/// The `cvalue` binary that `swift test` built, and a way to run it.
enum CValue {
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "the cvalue binary was not found; build it with `swift build` (or `swift test`, which builds it next to "
        + "the test bundle), or set CVALUE_BINARY to its path. Looked in:\n"
        + searched.map { "  \($0)" }.joined(separator: "\n")
    }
  }

  struct LaunchFailed: Error, CustomStringConvertible {
    var binary: String
    var underlying: String
    var description: String { "could not launch \(binary): \(underlying)" }
  }

  /// The binary: `CVALUE_BINARY` if set, else the `cvalue` next to the running test bundle, else the package's
  /// own `.build` folder.
  static let binary: Result<URL, NotFound> = locate()

  private static func locate() -> Result<URL, NotFound> {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["CVALUE_BINARY"], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      return fileManager.isExecutableFile(atPath: url.path)
        ? .success(url) : .failure(NotFound(searched: ["CVALUE_BINARY=\(override) (not an executable file)"]))
    }
    var folders: [URL] = []
    // Linux: the test runner is `.build/<config>/<Package>PackageTests.xctest`, an executable beside `cvalue`.
    if let first = CommandLine.arguments.first, first.contains("/") {
      folders.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
    }
    folders.append(Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent())
    folders.append(Bundle.main.bundleURL)
    // macOS: `.build/<config>/<Package>PackageTests.xctest` is a bundle in the folder that holds `cvalue`.
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    // Last resort: the package's build folder, found from this source file.
    let build = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build")
    folders.append(build.appendingPathComponent("debug"))
    folders.append(build.appendingPathComponent("release"))
    var searched: [String] = []
    for folder in folders {
      let candidate = folder.appendingPathComponent("cvalue")
      guard !searched.contains(candidate.path) else { continue }
      searched.append(candidate.path)
      var isDirectory: ObjCBool = false
      if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
        fileManager.isExecutableFile(atPath: candidate.path)
      {
        return .success(candidate)
      }
    }
    return .failure(NotFound(searched: searched))
  }

  /// Runs `cvalue` with the arguments, without a shell, and waits for it without blocking a thread.
  /// Throws (failing the test) when the binary cannot be found or launched.
  static func run(_ arguments: String...) async throws -> CValueRun {
    try await run(arguments)
  }

  /// - Parameter environment: Variables set for this run, besides the test process's own.
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> CValueRun {
    let binary = try binary.get()
    await launchSlots.acquire()
    do {
      let run = try await launch(binary, arguments, environment: environment)
      await launchSlots.release()
      return run
    } catch {
      await launchSlots.release()
      throw error
    }
  }

  private static func launch(_ binary: URL, _ arguments: [String], environment extra: [String: String])
    async throws -> CValueRun
  {
    // Output goes to files rather than pipes: no pipe can fill up while the process is running.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-cli-tests-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outPath = folder.appendingPathComponent("stdout").path
    let errPath = folder.appendingPathComponent("stderr").path
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "80"
    environment.merge(extra) { $1 }
    let pid: pid_t
    do {
      pid = try Subprocess.spawn(binary.path, arguments, environment: environment, stdout: outPath, stderr: errPath)
    } catch {
      throw LaunchFailed(binary: binary.path, underlying: "posix_spawn failed: \(error.reason)")
    }
    let status = await waitForExit(pid)
    return CValueRun(
      arguments: arguments,
      stdout: String(decoding: try Data(contentsOf: URL(fileURLWithPath: outPath)), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
      status: Subprocess.exitStatus(status), crashed: Subprocess.exitedBySignal(status))
  }

  /// Waits for the child on a thread of its own, so that no cooperative-pool thread blocks in waitpid.
  private static func waitForExit(_ pid: pid_t) async -> Int32 {
    await withCheckedContinuation { continuation in
      let waiter = Thread { continuation.resume(returning: Subprocess.waitForExit(pid)) }
      waiter.start()
    }
  }

  /// At most this many `cvalue` processes at a time: Swift Testing would otherwise start every parameterized
  /// case at once, hundreds of processes on a two-core machine.
  private static let launchSlots = Slots(max(4, min(16, 2 * ProcessInfo.processInfo.activeProcessorCount)))
}

/// A counting semaphore for async code.
private actor Slots {
  private var available: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(_ count: Int) { available = count }

  func acquire() async {
    if available > 0 {
      available -= 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  func release() {
    if waiting.isEmpty {
      available += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

extension Array {
  fileprivate mutating func append(_ element: Element?) {
    if let element { append(element) }
  }
}
