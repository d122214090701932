#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A library opened with `dlopen`, closed when the last function found in it is released.
final class SharedLibrary: @unchecked Sendable {
  /// The name it was opened by; `nil` for the running process.
  let name: String?
  // Immutable after init; dlsym on one handle is thread-safe.
  private let handle: UnsafeMutableRawPointer

  /// Opens `name` (a path, or a name the dynamic linker searches for), or the running process for `nil`.
  init(_ name: String?) throws(CFunctionError) {
    _ = dlerror()
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      throw .libraryNotFound(library: name ?? "the running process", message: Self.lastError())
    }
    self.name = name
    self.handle = handle
  }

  deinit { dlclose(handle) }

  /// The address of `symbol`.
  func address(of symbol: String) throws(CFunctionError) -> UnsafeRawPointer {
    _ = dlerror()
    guard let address = dlsym(handle, symbol) else {
      throw .symbolNotFound(symbol: symbol, library: name, message: Self.lastError())
    }
    return UnsafeRawPointer(address)
  }

  private static func lastError() -> String {
    guard let text = dlerror() else { return "no error text" }
    return String(cString: text)
  }
}
