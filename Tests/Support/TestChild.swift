import Foundation

/// This test binary run again as a child process, filtered to one test, for what must happen in a process of
/// its own (an environment variable read once, a library that must not be loaded yet).
public enum TestChild {
  /// What the child did: its exit status and everything it printed.
  public struct Outcome: Sendable {
    public var status: Int32
    public var log: String
  }

  /// Runs the Swift Testing tests of this binary that `filter` selects (`Suite/test`), with `environment`, and
  /// waits for it to exit, off the cooperative pool.
  public static func run(filter: String, environment: [String: String], log: String) async throws -> Outcome {
    let binary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
      throw Subprocess.LaunchFailed(path: binary.path, reason: "the test binary is not executable")
    }
    let pid = try Subprocess.spawn(
      binary.path, ["--testing-library", "swift-testing", "--filter", filter], environment: environment,
      stdout: log, stderr: log)
    let status = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: Subprocess.waitForExit(pid)) }.start()
    }
    return Outcome(
      status: Subprocess.exitStatus(status), log: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
  }
}
