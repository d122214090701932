import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starting a program for a test and reading its exit status, with posix_spawn.
///
/// Foundation's `Process.run()` is not used: in swift-corelibs-foundation 6.3 it can crash scanning
/// /proc/self/fd when many descriptors are open (swiftlang/swift-corelibs-foundation#5472), which parallel
/// tests make likely.
public enum Subprocess {
  /// A program that could not be started.
  public struct LaunchFailed: Error, CustomStringConvertible {
    /// The program's path.
    public var path: String
    /// Why it could not be started.
    public var reason: String
    /// `could not launch PATH: REASON`.
    public var description: String { "could not launch \(path): \(reason)" }
  }

  /// Starts `path` with `arguments` (not counting the program itself), stdin from /dev/null and stdout and
  /// stderr written to the files at those paths (created or truncated), and returns its process id.
  /// `newProcessGroup` starts it in a process group of its own, as `swift test` starts each test process.
  public static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String,
    newProcessGroup: Bool = false
  ) throws(LaunchFailed) -> pid_t {
    // As C sees a String argument: its UTF-8 bytes up to the first zero byte.
    try spawn(
      path, byteArguments: arguments.map { Array($0.utf8.prefix { $0 != 0 }) }, environment: environment,
      stdout: stdout, stderr: stderr, newProcessGroup: newProcessGroup)
  }

  /// Blocks until the process exits and returns its raw wait status.
  public static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return status
  }

  // The W* macros of <sys/wait.h> are not imported into Swift.
  /// Whether a wait status says the process was killed by a signal.
  public static func exitedBySignal(_ status: Int32) -> Bool { (status & 0x7f) != 0 && (status & 0x7f) != 0x7f }

  /// The exit status, or 128 + the signal for a process killed by one (as shells report it).
  public static func exitStatus(_ status: Int32) -> Int32 {
    exitedBySignal(status) ? 128 + (status & 0x7f) : (status >> 8) & 0xff
  }
}
