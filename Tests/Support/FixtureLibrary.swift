import Foundation

/// The C fixtures of `Tests/CFFIFixtures` built into a real shared library with clang, once per test
/// process, so that tests can register functions by symbol name through `dlopen`.
public enum FixtureLibrary {
  /// Why the library could not be built.
  public struct BuildFailed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The source the tests also link in, found from this file's place in the repository.
  public static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("CFFIFixtures")

  private static let built: Result<String, BuildFailed> = build(named: "libcvfixtures.so")

  /// The path of the built library (`…/libcvfixtures.so`).
  public static func path() throws -> String { try built.get() }

  /// Builds another copy under its own name, for tests that watch it being loaded and unloaded.
  public static func buildCopy(named name: String) throws -> String { try build(named: name).get() }

  private static func build(named name: String) -> Result<String, BuildFailed> {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cvalue-fixtures-\(getpid())-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      return .failure(BuildFailed(description: "cannot create \(directory.path): \(error)"))
    }
    let output = directory.appendingPathComponent(name).path
    guard let clang = findInPath("clang") else { return .failure(BuildFailed(description: "clang is not on PATH")) }
    let arguments = [
      "-std=c11", "-O1", "-shared", "-fPIC", "-I", sourceDirectory.appendingPathComponent("include").path,
      "-o", output, sourceDirectory.appendingPathComponent("CFFIFixtures.c").path,
    ]
    let log = directory.appendingPathComponent("clang.log").path
    do {
      let pid = try Subprocess.spawn(
        clang, arguments, environment: ProcessInfo.processInfo.environment, stdout: log, stderr: log)
      let status = Subprocess.waitForExit(pid)
      guard Subprocess.exitStatus(status) == 0, !Subprocess.exitedBySignal(status) else {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return .failure(BuildFailed(description: "clang failed: \(text)"))
      }
    } catch {
      return .failure(BuildFailed(description: "\(error)"))
    }
    return .success(output)
  }

  private static func findInPath(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}
