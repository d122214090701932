import CValueShim
import Synchronization

/// A `Mutex` whose critical sections ThreadSanitizer can see.
///
/// `Synchronization.Mutex` is the lock; on Linux it waits on futexes, which ThreadSanitizer has no
/// interceptor for, so it would report every access made under the lock as a race. Inside each critical
/// section this tells ThreadSanitizer that the lock was taken and is about to be given back; in a build
/// without ThreadSanitizer those two calls do nothing.
final class LockedState<State: Sendable>: Sendable {
  private let mutex: Mutex<State>

  init(_ initial: State) { mutex = Mutex(initial) }

  /// Runs `body` with the state, holding the lock.
  func withLock<Result: Sendable, Failure: Error>(_ body: (inout State) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let lock = Unmanaged.passUnretained(self).toOpaque()
    return try mutex.withLock { (state: inout State) throws(Failure) -> Result in
      cvi_tsan_acquire(lock)
      defer { cvi_tsan_release(lock) }
      return try body(&state)
    }
  }
}
