import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a file given with `--file`.
enum ByteFile {
  /// Reads the whole file.
  ///
  /// - Throws: ``BadInput`` with the path and the system's reason when it cannot be read.
  static func read(_ path: String) throws(BadInput) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        #if canImport(Glibc)
          Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #else
          Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
      }
      if count == 0 { return bytes }
      guard count > 0 else {
        if errno == EINTR { continue }
        throw failure(path)
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  private static func failure(_ path: String) -> BadInput {
    BadInput(message: "cannot read --file \"\(CaretDiagnostic.escaped(path))\": \(String(cString: strerror(errno)))")
  }
}
