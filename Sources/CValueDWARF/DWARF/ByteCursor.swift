#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads numbers, LEB128s and strings from a section's bytes in the file's byte order, each read checked
/// against the end: a value cut short throws ``DWARFError/truncated(_:needed:)`` where it starts.
struct ByteCursor {
  let bytes: UnsafeRawBufferPointer
  var offset: Int
  let bigEndian: Bool
  /// The section's name, for errors.
  let section: SectionName

  init(_ bytes: UnsafeRawBufferPointer, at offset: Int = 0, bigEndian: Bool, section: SectionName) {
    self.bytes = bytes
    self.offset = offset
    self.bigEndian = bigEndian
    self.section = section
  }

  var isAtEnd: Bool { offset >= bytes.count }
  var remaining: Int { max(bytes.count - offset, 0) }

  func location(_ at: Int? = nil) -> DWARFLocation {
    DWARFLocation(section: section.description, offset: UInt64(at ?? offset))
  }

  func malformed(_ reason: String, at: Int? = nil) -> DWARFError {
    .malformed(location(at), reason)
  }

  @inline(__always)
  private func check(_ count: Int) throws(DWARFError) {
    guard offset >= 0, count <= bytes.count - offset else { throw .truncated(location(), needed: count) }
  }

  @inline(__always)
  mutating func u8() throws(DWARFError) -> UInt8 {
    try check(1)
    defer { offset += 1 }
    return bytes[offset]
  }

  @inline(__always)
  mutating func u16() throws(DWARFError) -> UInt16 {
    try check(2)
    defer { offset += 2 }
    let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
    return bigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value)
  }

  @inline(__always)
  mutating func u32() throws(DWARFError) -> UInt32 {
    try check(4)
    defer { offset += 4 }
    let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    return bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value)
  }

  @inline(__always)
  mutating func u64() throws(DWARFError) -> UInt64 {
    try check(8)
    defer { offset += 8 }
    let value = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    return bigEndian ? UInt64(bigEndian: value) : UInt64(littleEndian: value)
  }

  /// An unsigned number of `size` bytes (1 to 8: DWARF's 3-byte `strx3` and `addrx3` too).
  @inline(__always)
  mutating func unsigned(size: Int) throws(DWARFError) -> UInt64 {
    switch size {
    case 1: return UInt64(try u8())
    case 2: return UInt64(try u16())
    case 4: return UInt64(try u32())
    case 8: return try u64()
    default:
      try check(size)
      var value: UInt64 = 0
      for index in 0..<size {
        let byte = UInt64(bytes[offset + (bigEndian ? index : size - 1 - index)])
        value = value << 8 | byte
      }
      offset += size
      return value
    }
  }

  /// An unsigned LEB128. Bits past the 64th must be zero: a longer one is malformed, not wrapped.
  @inline(__always)
  mutating func uleb() throws(DWARFError) -> UInt64 {
    let start = offset
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      guard offset < bytes.count, offset >= 0 else { throw .truncated(location(start), needed: offset - start + 1) }
      let byte = bytes[offset]
      offset += 1
      if shift < 64 {
        let part = UInt64(byte & 0x7f)
        guard shift < 63 || part <= 1 else { throw malformed("an unsigned LEB128 larger than 64 bits", at: start) }
        result |= part << shift
      } else if byte & 0x7f != 0 {
        throw malformed("an unsigned LEB128 larger than 64 bits", at: start)
      }
      if byte & 0x80 == 0 { return result }
      shift += 7
    }
  }

  /// A signed LEB128 (sign-extended from its last byte).
  mutating func sleb() throws(DWARFError) -> Int64 {
    let start = offset
    var result: Int64 = 0
    var shift: Int64 = 0
    var byte: UInt8 = 0
    repeat {
      guard offset < bytes.count, offset >= 0 else { throw .truncated(location(start), needed: offset - start + 1) }
      byte = bytes[offset]
      offset += 1
      if shift < 64 { result |= Int64(byte & 0x7f) << shift }
      shift += 7
    } while byte & 0x80 != 0
    if shift < 64, byte & 0x40 != 0 { result |= -1 << shift }
    return result
  }

  /// Moves past a LEB128 without decoding it.
  @inline(__always)
  mutating func skipLEB() throws(DWARFError) {
    let start = offset
    while true {
      guard offset < bytes.count, offset >= 0 else { throw .truncated(location(start), needed: offset - start + 1) }
      let byte = bytes[offset]
      offset += 1
      if byte & 0x80 == 0 { return }
    }
  }

  /// Moves `count` bytes on.
  @inline(__always)
  mutating func skip(_ count: Int) throws(DWARFError) {
    try check(count)
    offset += count
  }

  /// Moves `count` bytes on, `count` read from the file (a block's length): checked before it is an `Int`.
  mutating func skip(length count: UInt64) throws(DWARFError) {
    guard count <= UInt64(remaining) else { throw .truncated(location(), needed: Int(clamping: count)) }
    offset += Int(count)
  }

  /// The offsets of a NUL-terminated string: where it starts and how many bytes before its NUL; the cursor
  /// moves past the NUL.
  mutating func cString() throws(DWARFError) -> Range<Int> {
    let start = offset
    guard offset >= 0, offset < bytes.count else { throw .truncated(location(), needed: 1) }
    guard let base = bytes.baseAddress, let nul = memchr(base + start, 0, bytes.count - start) else {
      throw malformed("a string with no terminating NUL before the end of the section", at: start)
    }
    let end = UnsafeRawPointer(nul) - base
    offset = end + 1
    return start..<end
  }
}
