import CValueHeaders
import CValueKit
import Glibc
import Testing

/// Padding that leaks (CERT DCL39-C): glibc's `struct tm` as time.h defines it, built field by field over a
/// buffer of 0xAA bytes, as C code filling a struct in place would. clang puts `.tm_isdst` at 32..<36 and
/// `.tm_gmtoff` at 40, so bytes 36..<40 are padding.
@Suite struct PaddingCheckTests {
  static func registry() throws -> ValueRegistry {
    let catalog = TypeCatalog()
    try catalog.importHeaders(["time.h"])
    return ValueRegistry(catalog: catalog)
  }

  /// A `struct tm` whose fields are set one by one in memory that held 0xAA.
  static func filledOverGarbage() -> [UInt8] {
    var bytes = [UInt8](repeating: 0xAA, count: MemoryLayout<tm>.size)
    bytes.withUnsafeMutableBytes { raw in
      let time = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: tm.self)
      time.pointer(to: \.tm_sec).unsafelyUnwrapped.pointee = 5
      time.pointer(to: \.tm_min).unsafelyUnwrapped.pointee = 4
      time.pointer(to: \.tm_hour).unsafelyUnwrapped.pointee = 3
      time.pointer(to: \.tm_mday).unsafelyUnwrapped.pointee = 2
      time.pointer(to: \.tm_mon).unsafelyUnwrapped.pointee = 1
      time.pointer(to: \.tm_year).unsafelyUnwrapped.pointee = 126
      time.pointer(to: \.tm_wday).unsafelyUnwrapped.pointee = 1
      time.pointer(to: \.tm_yday).unsafelyUnwrapped.pointee = 32
      time.pointer(to: \.tm_isdst).unsafelyUnwrapped.pointee = 0
      time.pointer(to: \.tm_gmtoff).unsafelyUnwrapped.pointee = 0
      time.pointer(to: \.tm_zone).unsafelyUnwrapped.pointee = nil
    }
    return bytes
  }

  @Test func structTmOverGarbageLeaksFourBytesAfterIsdst() throws {
    let type = try Self.registry().resolve("struct tm")
    let check = try type.checkPadding(bytes: Self.filledOverGarbage())
    #expect(!check.isEqual)
    #expect(check.mismatches.compactMap(\.paddingRange) == [36..<40])
    #expect(
      check.report == """
        tm has 4 non-zero padding bytes:
          36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
        """)
    #expect(try type.checkPadding(bytes: [UInt8](repeating: 0, count: 56)).report == "tm has its padding zeroed")
  }

  @Test func comparingPaddingTooReportsTheDifferingBytes() throws {
    let type = try Self.registry().resolve("struct tm")
    let garbage = Self.filledOverGarbage()
    var zeroed = garbage
    for offset in 36..<40 { zeroed[offset] = 0 }
    #expect(try type.compare(bytes: garbage, zeroed).isEqual)
    var options = ComparisonOptions()
    options.comparesPadding = true
    let fields =
      "{.tm_sec = 5, .tm_min = 4, .tm_hour = 3, .tm_mday = 2, .tm_mon = 1, .tm_year = 126, .tm_wday = 1, "
      + ".tm_yday = 32, .tm_isdst = 0, .tm_gmtoff = 0, .tm_zone = NULL}"
    #expect(
      try type.compare(bytes: garbage, zeroed, options: options).report == """
        tm values differ at 1 of 12 fields:
          padding 36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa> ≠ <4 bytes: 00 00 00 00>
          actual:   \(fields)
          expected: \(fields)
        """)
    #expect(try type.compare(bytes: zeroed, zeroed, options: options).comparedFieldCount == 12)
  }
}
