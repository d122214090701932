import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Subprocess {
  /// Starts `path` like ``spawn(_:_:environment:stdout:stderr:)``, with each argument given as raw bytes, so
  /// that a test can pass what a `String` cannot hold: bytes that are not UTF-8 (`0xFF`, a lone continuation
  /// byte, a truncated sequence). An argument must not contain a zero byte, which would end it early.
  public static func spawn(
    _ path: String, byteArguments arguments: [[UInt8]], environment: [String: String], stdout: String,
    stderr: String, newProcessGroup: Bool = false
  ) throws(LaunchFailed) -> pid_t {
    precondition(!arguments.contains { $0.contains(0) }, "an argv entry cannot contain a zero byte")
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = [strdup(path)] + arguments.map(duplicate) + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t? = nil
    #else
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if newProcessGroup {
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
      posix_spawnattr_setpgroup(&attributes, 0)
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard result == 0 else { throw LaunchFailed(path: path, reason: String(cString: strerror(result))) }
    return pid
  }

  /// A zero-terminated copy of the bytes, allocated with `malloc` so that `free` releases it.
  private static func duplicate(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
    guard let raw = malloc(bytes.count + 1) else { fatalError("out of memory copying an argument") }
    let copy = raw.bindMemory(to: CChar.self, capacity: bytes.count + 1)
    bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: source.count) }
    }
    copy[bytes.count] = 0
    return copy
  }
}
