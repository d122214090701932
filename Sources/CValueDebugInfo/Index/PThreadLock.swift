#if canImport(Glibc)
  import Glibc
#endif

/// A pthread mutex: the lock ThreadSanitizer sees (it has no interceptor for the futexes
/// `Synchronization.Mutex` waits on, and would report the accesses it guards as races).
final class PThreadLock: @unchecked Sendable {
  // @unchecked: the mutex is what makes it safe.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// A value read and written under a lock of its own.
  final class Guarded<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written under `lock` only.
    private let lock = PThreadLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
      lock.withLock { body(&value) }
    }
  }
}
