internal import CDecompress

/// zlib and zstd through CDecompress, which loads each with `dlopen` the first time a compressed section is
/// met: nothing links them. zlib is on every Linux and macOS system; zstd is on every Debian system
/// (`libzstd.so.1`: dpkg needs it) and on macOS with Homebrew's `zstd`. A library that is not there is refused by
/// name, with what to install.
enum Decompressor {
  /// Why bytes could not be decompressed.
  enum Problem: Error {
    /// The library is not there.
    case unavailable(String)
    /// The bytes are not what their header says.
    case corrupt(String)
  }

  private typealias Function = (
    UnsafeMutableRawPointer?, Int, UnsafeRawPointer?, Int, UnsafeMutablePointer<CChar>?, Int,
    UnsafeMutablePointer<UnsafePointer<CChar>?>?
  ) -> cv_decompress_status

  /// `source`, a zlib stream, inflated to exactly `size` bytes.
  static func inflate(_ source: UnsafeRawBufferPointer, size: Int) -> Result<ByteStorage, Problem> {
    run(cv_decompress_zlib, source, size: size)
  }

  /// `source`, zstd frames, decompressed to exactly `size` bytes.
  static func decompressZstd(_ source: UnsafeRawBufferPointer, size: Int) -> Result<ByteStorage, Problem> {
    run(cv_decompress_zstd, source, size: size)
  }

  private static func run(_ function: Function, _ source: UnsafeRawBufferPointer, size: Int)
    -> Result<ByteStorage, Problem>
  {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    var message = [CChar](repeating: 0, count: 160)
    var problem: UnsafePointer<CChar>?
    let status = message.withUnsafeMutableBufferPointer { text in
      function(buffer.baseAddress, size, source.baseAddress, source.count, text.baseAddress, text.count, &problem)
    }
    guard status == CV_DECOMPRESS_OK else {
      buffer.deallocate()
      let reason = problem.map { String(cString: $0) } ?? "unknown"
      return .failure(status == CV_DECOMPRESS_UNAVAILABLE ? .unavailable(reason) : .corrupt(reason))
    }
    return .success(ByteStorage(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])))
  }
}
