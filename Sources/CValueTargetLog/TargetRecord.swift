/// One record of a target's log as it was sent: the `CV1:` lines that `cvalue_target.h` writes, found among
/// any other output, their hex read and their CRC-32 checked.
struct TargetRecord {
  /// The byte offset of `CV1:` in the log.
  var offset: Int
  var site: UInt32
  var size: Int
  var count: Int
  /// The values' bytes: the actual side, then any expected side.
  var values: [UInt8]

  static let marker: [UInt8] = Array("CV1:".utf8)

  /// Every record of `log`, in order; bytes outside records are passed by.
  static func records(in log: [UInt8]) throws(TargetLogError) -> [TargetRecord] {
    var result: [TargetRecord] = []
    var index = 0
    while let start = find(marker, in: log, from: index) {
      let (record, end) = try read(log, at: start)
      result.append(record)
      index = end
    }
    guard !result.isEmpty else { throw .noRecords(byteCount: log.count) }
    return result
  }

  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
    var index = start
    while index <= bytes.count - pattern.count {
      if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  /// The record whose `CV1:` is at `start`, and the offset after it.
  private static func read(_ log: [UInt8], at start: Int) throws(TargetLogError) -> (TargetRecord, Int) {
    var index = start + marker.count
    var bytes: [UInt8] = []
    while index < log.count, log[index] != UInt8(ascii: ":") {
      guard let high = digit(log[index]) else { throw bad(log, index, start) }
      guard index + 1 < log.count else { throw .truncatedRecord(offset: start) }
      guard let low = digit(log[index + 1]) else { throw bad(log, index + 1, start) }
      bytes.append(high << 4 | low)
      index += 2
    }
    guard index + 9 <= log.count else { throw .truncatedRecord(offset: start) }
    var sent: UInt32 = 0
    for position in index + 1..<index + 9 {
      guard let value = digit(log[position]) else { throw bad(log, position, start) }
      sent = sent << 4 | UInt32(value)
    }
    let end = index + 9
    guard end == log.count || log[end] == UInt8(ascii: "\n") || log[end] == UInt8(ascii: "\r") else {
      throw bad(log, end, start)
    }
    let computed = crc32(bytes)
    guard sent == computed else { throw .checksum(offset: start, sent: sent, computed: computed) }
    guard bytes.count >= 12 else {
      throw .badRecord(offset: start, reason: "the record holds \(bytes.count) bytes, fewer than its 12-byte header")
    }
    func word(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
    let record = TargetRecord(
      offset: start, site: word(0), size: Int(word(4)), count: Int(word(8)), values: Array(bytes[12...]))
    return (record, end)
  }

  /// A byte that should be a hex digit, or the line's end after the checksum, described.
  private static func bad(_ log: [UInt8], _ index: Int, _ start: Int) -> TargetLogError {
    let byte = log[index]
    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return .truncatedRecord(offset: start) }
    let shown =
      (0x20..<0x7f).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    return .badRecord(
      offset: index, reason: "\(shown) in the record at byte \(start), where a lowercase hex digit belongs")
  }

  private static func digit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// CRC-32 (IEEE 802.3, reflected; zlib's), as `cvalue_target.c` computes it.
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
    }
    return ~crc
  }
}
