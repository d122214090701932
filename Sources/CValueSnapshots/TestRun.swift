#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which test run this process belongs to, as the first line of the read log names it.
///
/// A run is one command a person or a script started, with every test process it starts:
/// - `swift test` starts the test binary once for XCTest and once for Swift Testing, and with `--parallel`
///   several workers at once, each in a process group of its own: they share their parent, the `swift test`
///   process, so the run is that parent (`# run parent 6775 at 4242424`).
/// - A test binary started from a shell forks its workers into its own group, if any (Criterion, Check; and
///   `make check` or ctest start theirs in make's or ctest's group): the run is the group
///   (`# run group 4242 at 4242000`).
///
/// The rule that tells the two apart looks at the leader of this process's group: a leader whose parent
/// leads its session (an interactive shell) heads a shell's job, and the job is the run; a leader whose
/// parent does not is one of a test runner's processes, and the runner is the run. A session's leader that
/// leads this group (a shell without job control) makes the group the run too. The process's start time
/// (Linux's `/proc/PID/stat`, in clock ticks since boot) follows its id, so that a later process given
/// the same id starts a new run.
///
/// Runs that share a group are one run to the log: two test binaries started one after the other by a
/// script without job control, or by a shell that is its session's leader and has none. Delete the log to
/// start it over.
package enum TestRun {
  /// The first line of a read log this process writes: `# run parent PID at TICKS` or
  /// `# run group PGID at TICKS` (without ` at TICKS` where start times cannot be read).
  package static var logLine: String {
    let group = getpgrp()
    // A session's leader that leads this group (a shell without job control) runs its commands in it.
    if getsid(0) != group {
      let leaderParent = group == getpid() ? getppid() : ProcessStat(group)?.parent
      if let leaderParent, leaderParent > 1, getsid(leaderParent) != leaderParent {
        return "# run parent \(leaderParent)" + startTime(of: leaderParent)
      }
    }
    return "# run group \(group)" + startTime(of: group)
  }

  /// ` at TICKS`, the process's start time, or nothing where it cannot be read.
  private static func startTime(of process: pid_t) -> String {
    guard let start = ProcessStat(process)?.startTime else { return "" }
    return " at \(start)"
  }
}

/// What `/proc/PID/stat` says of a process (Linux); `nil` elsewhere or for a process that is gone.
struct ProcessStat {
  /// The parent's process id.
  var parent: pid_t
  /// When the process started, in clock ticks since boot.
  var startTime: UInt64

  init?(_ process: pid_t) {
    guard let data = FileManager.default.contents(atPath: "/proc/\(process)/stat") else { return nil }
    let text = String(decoding: data, as: UTF8.self)
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    guard let close = text.lastIndex(of: ")") else { return nil }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (the state): the parent is field 4, the start time field 22.
    guard fields.count > 19, let parent = pid_t(fields[1]), let startTime = UInt64(fields[19]) else { return nil }
    self.parent = parent
    self.startTime = startTime
  }
}
