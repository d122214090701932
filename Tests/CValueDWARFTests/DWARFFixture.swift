import Foundation
import TestSupport

/// The C and C++ of `Fixtures/` built during the test run with the machine's toolchains, into a directory per
/// build (each build once per test process), and the tools that read them (`llvm-dwarfdump-14`).
enum DWARFFixture {
  struct ToolFailed: Error, CustomStringConvertible {
    var description: String
  }

  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    .path

  static let root: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cvalue-dwarf-\(getpid())-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }()

  private static let cache = BuildCache<Result<String, ToolFailed>>()

  /// The directory of the build `name`, made the first time by running `steps` there (each a tool and its
  /// arguments; `$SRC` stands for the fixtures' directory).
  static func build(_ name: String, _ steps: [[String]]) throws -> String {
    try cache.value(for: name) { () -> Result<String, ToolFailed> in
      let directory = "\(root)/\(name)"
      do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for step in steps {
          try run(step[0], step.dropFirst().map { $0.replacingOccurrences(of: "$SRC", with: sources) }, in: directory)
        }
      } catch let error as ToolFailed {
        return .failure(error)
      } catch {
        return .failure(ToolFailed(description: "\(error)"))
      }
      return .success(directory)
    }.get()
  }

  /// Runs `tool` with `arguments` in `directory`, returning what it printed; throws when it fails.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String], in directory: String, environment: [String: String] = [:])
    throws -> String
  {
    let log = "\(root)/\(UUID().uuidString).log"
    var environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    environment["PWD"] = directory
    // posix_spawn has no working directory: the tool runs through a shell that changes to it.
    let command = "cd '\(directory)' && exec \"$@\""
    let pid = try Subprocess.spawn(
      "/bin/sh", ["-c", command, "sh", path(of: tool)] + arguments, environment: environment, stdout: log,
      stderr: log)
    let status = Subprocess.waitForExit(pid)
    let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    try? FileManager.default.removeItem(atPath: log)
    guard Subprocess.exitStatus(status) == 0 else {
      throw ToolFailed(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(output)")
    }
    return output
  }

  static func path(of tool: String) -> String {
    if tool.hasPrefix("/") { return tool }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? tool
  }

  /// Sets a file's modification time (seconds since 1970).
  static func setModificationTime(_ path: String, _ seconds: Int) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: TimeInterval(seconds))], ofItemAtPath: path)
  }
}
