#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes that stay where they are for as long as anything holds them: a file mapped into memory, or a buffer
/// of this process (a decompressed, joined or relocated section). Every section, string and block the reader
/// hands out keeps its storage alive, so no view of it outlives its bytes.
package final class ByteStorage: @unchecked Sendable {
  // @unchecked: the bytes never change after `init`, and are only read.
  package let bytes: UnsafeRawBufferPointer
  private let owner: Owner

  private enum Owner {
    case mapping
    case buffer
    case none
  }

  /// Takes a file mapping of `bytes` (unmapped with the storage).
  init(mapped bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
    owner = .mapping
  }

  /// Takes a buffer allocated with `UnsafeMutableRawBufferPointer.allocate` (deallocated with the storage).
  init(buffer: UnsafeMutableRawBufferPointer) {
    bytes = UnsafeRawBufferPointer(buffer)
    owner = .buffer
  }

  /// A copy of `bytes` (hand-made sections, tests).
  package convenience init(copying bytes: some Collection<UInt8>) {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
    _ = buffer.initializeMemory(as: UInt8.self, from: bytes)
    self.init(buffer: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<bytes.count]))
  }

  /// No bytes at all.
  static let empty = ByteStorage(empty: ())

  private init(empty: Void) {
    bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    owner = .none
  }

  deinit {
    guard let base = bytes.baseAddress else { return }
    switch owner {
    case .mapping: munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
    case .buffer: UnsafeMutableRawPointer(mutating: base).deallocate()
    case .none: break
    }
  }

  /// The bytes `range` of the storage, kept alive by it; `nil` when the range is not inside it.
  func slice(_ range: Range<UInt64>) -> ByteSlice? {
    guard range.upperBound <= UInt64(bytes.count) else { return nil }
    return ByteSlice(storage: self, range: Int(range.lowerBound)..<Int(range.upperBound))
  }

  /// All of it.
  var whole: ByteSlice { ByteSlice(storage: self, range: 0..<bytes.count) }
}

/// A run of bytes in a ``ByteStorage``: a section, a contribution of a package, a block.
package struct ByteSlice: @unchecked Sendable {
  // @unchecked: the storage is immutable.
  package let storage: ByteStorage
  package let range: Range<Int>

  /// The bytes, valid while this slice (or its storage) is held.
  package var bytes: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: storage.bytes[range])
  }

  package var count: Int { range.count }

  /// The bytes `range` of this slice (counted from its start); `nil` when they are not all inside it.
  package func slice(_ part: Range<UInt64>) -> ByteSlice? {
    guard part.upperBound <= UInt64(range.count) else { return nil }
    let start = range.lowerBound + Int(part.lowerBound)
    return ByteSlice(storage: storage, range: start..<start + part.count)
  }
}
