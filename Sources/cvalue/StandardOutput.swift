#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffers text for stdout in large writes, so that a layout with millions of fields streams in bounded memory.
struct StandardOutput: TextOutputStream {
  private var buffer = ""

  mutating func write(_ string: String) {
    buffer += string
    if buffer.utf8.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    StandardStream.send(buffer, to: STDOUT_FILENO)
    buffer = ""
  }
}

/// Writes to a standard stream with `write(2)`, every byte, as FileHandle would (without Foundation's).
enum StandardStream {
  static func send(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard let start = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, start + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}

/// Lines for stderr: a warning or an error, each ending in a newline.
enum StandardError {
  static func write(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    StandardStream.send(line, to: STDERR_FILENO)
  }
}
