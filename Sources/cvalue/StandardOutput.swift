import Foundation

/// Buffers text for stdout in large writes, so that a layout with millions of fields streams in bounded memory.
struct StandardOutput: TextOutputStream {
  private var buffer = ""

  mutating func write(_ string: String) {
    buffer += string
    if buffer.utf8.count >= 1 << 16 { flush() }
  }

  mutating func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer.utf8))
    buffer = ""
  }
}
