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

  /// Checks that a value's bytes are given one way: as hex (`<bytes>`) or with `--file`, not both, not neither.
  ///
  /// - Throws: ``BadInput`` saying which.
  static func checkOneSource(hex: String?, file: String?) throws(BadInput) {
    switch (hex, file) {
    case (.some, .some): throw BadInput(message: "give the bytes either as hex or with --file, not both")
    case (nil, nil): throw BadInput(message: "missing the value's bytes: give them as hex or with --file <path>")
    default: return
    }
  }

  /// The value's bytes: the file's when `file` is given, else the hex text's.
  ///
  /// - Throws: ``BadInput`` when the file cannot be read or the hex does not parse.
  static func bytes(hex: String?, file: String?) throws(BadInput) -> [UInt8] {
    guard let file else { return try HexBytes.parse(hex ?? "", argument: "<bytes>") }
    return try read(file)
  }

  private static func failure(_ path: String) -> BadInput {
    BadInput(message: "cannot read --file \"\(ToolText.escaped(path))\": \(String(cString: strerror(errno)))")
  }
}
