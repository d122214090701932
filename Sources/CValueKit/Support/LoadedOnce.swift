/// A value loaded once per process and kept, with its failure: a library opened with `dlopen` (libclang,
/// libdw) is looked for once, and a process that could not load it is told the same error every time
/// instead of searching again.
package final class LoadedOnce<Value: Sendable, Failure: Error & Sendable>: Sendable {
  private let state = LockedState<Result<Value, Failure>?>(nil)

  package init() {}

  /// The value, loaded by `load` the first time (by one thread; the others wait for it).
  package func value(_ load: () throws(Failure) -> Value) throws(Failure) -> Value {
    try state.withLock { (cached) throws(Failure) -> Value in
      if let cached { return try cached.get() }
      let result: Result<Value, Failure>
      do throws(Failure) {
        result = .success(try load())
      } catch {
        result = .failure(error)
      }
      cached = result
      return try result.get()
    }
  }
}
