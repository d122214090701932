import Foundation

/// Fixtures built once per key in a test process (a compiled program, a firmware run under QEMU), whichever
/// test asks first; a test asking for a key being built waits for it.
///
/// Guarded by `NSLock`, a pthread mutex that ThreadSanitizer sees. `Synchronization.Mutex` waits in futex
/// calls it does not see, so a Mutex held across a compile while parallel tests wait for it reads as a data
/// race under `swift test --sanitize=thread` (ArrayBoundTests' seven builds did, once in two CI runs).
public final class BuildCache<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Value] = [:]

  public init() {}

  /// The value for `key`, built by `build` the first time.
  public func value<Failure: Error>(for key: String, build: () throws(Failure) -> Value) throws(Failure) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let known = values[key] { return known }
    let value = try build()
    values[key] = value
    return value
  }
}
