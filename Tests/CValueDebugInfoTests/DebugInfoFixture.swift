import Foundation
import TestSupport

@testable import CValueDebugInfo

/// `Fixtures/constructs.c` compiled during the test run into objects, shared libraries and executables,
/// with the toolchain's clang (and gcc), each build once per test process.
enum DebugInfoFixture {
  struct BuildFailed: Error, CustomStringConvertible {
    var description: String
  }

  static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/constructs.c").path

  static let directory: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cvalue-debuginfo-\(getpid())-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }()

  /// One way of building the fixture: the compiler, its flags, and what it makes.
  struct Build: CustomStringConvertible, Sendable {
    var compiler: String
    var flags: [String]
    var kind: Kind
    enum Kind: String, Sendable {
      case object = "o"
      case sharedLibrary = "so"
      case executable = "exe"
    }

    var name: String {
      ([compiler] + flags).joined(separator: "_").replacingOccurrences(of: "-", with: "") + "." + kind.rawValue
    }
    var description: String { "\(compiler) \(flags.joined(separator: " ")) (\(kind))" }
  }

  private static let cache = BuildCache<Result<String, BuildFailed>>()

  /// The path of the built file.
  static func path(of build: Build) throws -> String {
    try cache.value(for: build.name) { compile(build) }.get()
  }

  /// Compiles `text` (C) into `name` in the fixture directory with clang, or the compiler named.
  static func compile(_ text: String, name: String, flags: [String], compiler: String = "clang") throws -> String {
    let source = "\(directory)/\(name).c"
    try text.write(toFile: source, atomically: true, encoding: .utf8)
    return try run(tool(compiler), flags + ["-o", "\(directory)/\(name)", source], output: "\(directory)/\(name)")
      .get()
  }

  private static func compile(_ build: Build) -> Result<String, BuildFailed> {
    var arguments = ["-g"] + build.flags + ["-fno-eliminate-unused-debug-types"]
    var source = self.source
    switch build.kind {
    case .object: arguments.append("-c")
    case .sharedLibrary: arguments += ["-shared", "-fPIC"]
    case .executable:
      source = "\(directory)/main.c"
      let text = "#include \"\(self.source)\"\nint main(void) { return 0; }\n"
      do { try text.write(toFile: source, atomically: true, encoding: .utf8) } catch {
        return .failure(BuildFailed(description: "\(error)"))
      }
    }
    let output = "\(directory)/\(build.name)"
    return run(tool(build.compiler), arguments + ["-o", output, source], output: output)
  }

  static func tool(_ name: String) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? name
  }

  static func run(_ program: String, _ arguments: [String], output: String) -> Result<String, BuildFailed> {
    let log = output + ".log"
    do {
      let pid = try Subprocess.spawn(
        program, arguments, environment: ProcessInfo.processInfo.environment, stdout: log, stderr: log)
      let status = Subprocess.waitForExit(pid)
      guard Subprocess.exitStatus(status) == 0, !Subprocess.exitedBySignal(status) else {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return .failure(BuildFailed(description: "\(program) \(arguments.joined(separator: " ")) failed: \(text)"))
      }
    } catch {
      return .failure(BuildFailed(description: "\(error)"))
    }
    return .success(output)
  }
}

extension DebugInfoFixture {
  /// Runs a tool of the toolchain or binutils (`objcopy`, `strip`, `readelf`) and returns what it printed.
  @discardableResult
  static func run(_ tool: String, _ arguments: [String]) throws -> String {
    let output = "\(directory)/\(tool)-\(UUID().uuidString)"
    _ = try run(self.tool(tool), arguments, output: output).get()
    return try String(contentsOfFile: output + ".log", encoding: .utf8)
  }

  /// The flags `readelf -S` shows for a section of the file (`C` for compressed), empty when it has none.
  static func sectionFlags(_ path: String, _ section: String) throws -> String {
    let table = try run("readelf", ["-S", "-W", path])
    guard let line = table.split(separator: "\n").first(where: { $0.contains(" \(section) ") }) else { return "" }
    // After the name and type: address, offset, size, entry size, the flags when there are any, link,
    // info, alignment.
    let columns = line.split(separator: "]", maxSplits: 1)[1].split(separator: " ").dropFirst(2)
    return columns.count == 8 ? String(columns[columns.startIndex + 4]) : ""
  }

  /// The version of the libdw the import loads (`libdw.so.1` → `libdw-0.188.so`: `[0, 188]`).
  static func libdwVersion() throws -> [Int]? {
    let file = URL(fileURLWithPath: try LibDW.shared().path).resolvingSymlinksInPath().lastPathComponent
    guard file.hasPrefix("libdw-"), file.hasSuffix(".so") else { return nil }
    return file.dropFirst(6).dropLast(3).split(separator: ".").compactMap { Int($0) }
  }
}
