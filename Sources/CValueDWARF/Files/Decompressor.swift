#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// zlib and zstd, loaded with `dlopen` the first time a compressed section is met: nothing links them, so that a
/// process that never reads a compressed section never loads either. zlib is on every Linux and macOS system
/// (`libz.so.1`, `/usr/lib/libz.1.dylib`); zstd is on every Debian system (`libzstd.so.1`: dpkg needs it) and on
/// macOS with Homebrew's `zstd`. A library that is not there is refused by name, with what to install.
enum Decompressor {
  typealias Uncompress =
    @convention(c) (
      UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt>?, UnsafeRawPointer?, UInt
    ) -> Int32
  typealias ZstdDecompress = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int) -> Int
  typealias ZstdIsError = @convention(c) (Int) -> UInt32
  typealias ZstdErrorName = @convention(c) (Int) -> UnsafePointer<CChar>?

  /// A library's functions, or why it could not be loaded.
  private struct Loaded<Functions>: @unchecked Sendable {
    // @unchecked: C function pointers, immutable and callable from any thread.
    var functions: Functions?
    var problem: String
  }

  private static let zlib: Loaded<Uncompress> = {
    let names = ["libz.so.1", "libz.so", "/usr/lib/libz.1.dylib", "libz.1.dylib", "libz.dylib"]
    guard let handle = open(names), let symbol = dlsym(handle, "uncompress") else {
      return Loaded(functions: nil, problem: "zlib (libz.so.1) could not be loaded: install zlib1g")
    }
    return Loaded(functions: unsafeBitCast(symbol, to: Uncompress.self), problem: "")
  }()

  private static let zstd: Loaded<(ZstdDecompress, ZstdIsError, ZstdErrorName)> = {
    let names = [
      "libzstd.so.1", "libzstd.so", "libzstd.1.dylib", "/opt/homebrew/lib/libzstd.1.dylib",
      "/usr/local/lib/libzstd.1.dylib",
    ]
    guard let handle = open(names), let decompress = dlsym(handle, "ZSTD_decompress"),
      let isError = dlsym(handle, "ZSTD_isError"), let errorName = dlsym(handle, "ZSTD_getErrorName")
    else {
      return Loaded(
        functions: nil,
        problem: "zstd (libzstd.so.1) could not be loaded: install libzstd1 (on macOS: brew install zstd)")
    }
    return Loaded(
      functions: (
        unsafeBitCast(decompress, to: ZstdDecompress.self), unsafeBitCast(isError, to: ZstdIsError.self),
        unsafeBitCast(errorName, to: ZstdErrorName.self)
      ), problem: "")
  }()

  private static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
    for name in names {
      // Never closed: the functions stay in use for the life of the process.
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
    }
    return nil
  }

  /// `source`, a zlib stream, inflated to exactly `size` bytes; the problem (as words) when it is not one.
  static func inflate(_ source: UnsafeRawBufferPointer, size: Int) -> Result<ByteStorage, Problem> {
    guard let uncompress = zlib.functions else { return .failure(.unavailable(zlib.problem)) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    var length = UInt(size)
    let status = uncompress(buffer.baseAddress, &length, source.baseAddress, UInt(source.count))
    guard status == 0, length == UInt(size) else {
      buffer.deallocate()
      // Z_BUF_ERROR -5: more than `size` bytes; Z_DATA_ERROR -3: not a zlib stream.
      let reason =
        status == 0
        ? "it inflates to \(length) bytes, not the \(size) its header says"
        : status == -5 ? "it inflates to more than the \(size) bytes its header says" : "zlib error \(status)"
      return .failure(.corrupt(reason))
    }
    return .success(ByteStorage(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])))
  }

  /// `source`, zstd frames, decompressed to exactly `size` bytes.
  static func decompressZstd(_ source: UnsafeRawBufferPointer, size: Int) -> Result<ByteStorage, Problem> {
    guard let (decompress, isError, errorName) = zstd.functions else { return .failure(.unavailable(zstd.problem)) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    let result = decompress(buffer.baseAddress, size, source.baseAddress, source.count)
    guard isError(result) == 0, result == size else {
      buffer.deallocate()
      let reason =
        isError(result) != 0
        ? "zstd: " + (errorName(result).map { String(cString: $0) } ?? "error \(result)")
        : "it decompresses to \(result) bytes, not the \(size) its header says"
      return .failure(.corrupt(reason))
    }
    return .success(ByteStorage(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])))
  }

  /// Why bytes could not be decompressed.
  enum Problem: Error {
    /// The library is not there.
    case unavailable(String)
    /// The bytes are not what their header says.
    case corrupt(String)
  }
}
