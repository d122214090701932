import CValueKit

/// A Mach-O CPU type and subtype, named as `lipo` and `-arch` name them, with CValueKit's ABI for it.
struct MachOArchitecture: Equatable {
  var cpuType: UInt32
  var cpuSubtype: UInt32

  /// `arm64`, `arm64e`, `x86_64`, `x86_64h`, `arm64_32`, `i386`, `armv7`…; `cputype 0x…` for one not known.
  var name: String {
    // The subtype's high byte holds capability bits (CPU_SUBTYPE_LIB64, arm64e's pointer authentication ABI).
    let subtype = cpuSubtype & 0x00ff_ffff
    switch (cpuType, subtype) {
    case (0x0100_0007, 8): return "x86_64h"
    case (0x0100_0007, _): return "x86_64"
    case (0x0100_000c, 2): return "arm64e"
    case (0x0100_000c, _): return "arm64"
    case (0x0200_000c, _): return "arm64_32"
    case (7, _): return "i386"
    case (12, 6): return "armv6"
    case (12, 11): return "armv7s"
    case (12, 12): return "armv7k"
    case (12, _): return "armv7"
    case (18, _): return "ppc"
    case (0x0100_0012, _): return "ppc64"
    default: return "cputype 0x\(String(cpuType, radix: 16)) subtype \(subtype)"
    }
  }

  /// CValueKit's ABI for the architecture on Apple's platforms, `nil` when it has none.
  var abi: ABI? {
    switch cpuType {
    case 0x0100_0007: .x86_64Darwin
    case 0x0100_000c: .arm64Darwin
    default: nil
    }
  }

  /// Whether `name` (as `-arch` spells it) is this architecture.
  func matches(_ name: String) -> Bool {
    self.name == name || (name == "aarch64" && cpuType == 0x0100_000c && self.name == "arm64")
  }

  /// This machine's architecture as `-arch` names it.
  static var host: String {
    #if arch(arm64)
      "arm64"
    #elseif arch(x86_64)
      "x86_64"
    #else
      ""
    #endif
  }
}

/// A universal (fat) file: the thin Mach-O files it holds, one per architecture, each at its offset.
enum UniversalFile {
  /// Whether `bytes` start a universal file: `FAT_MAGIC` or `FAT_MAGIC_64` (big-endian), with a count of
  /// architectures no Java class file's version has.
  static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= 8 else { return false }
    let magic = UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self))
    let count = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
    return (magic == 0xcafe_babe || magic == 0xcafe_babf) && count > 0 && count < 40
  }

  /// The slices of the universal file `storage` holds: each architecture and its bytes.
  static func slices(_ storage: ByteStorage, path: String) throws(DWARFError)
    -> [(architecture: MachOArchitecture, bytes: ByteSlice)]
  {
    var cursor = ByteCursor(storage.bytes, bigEndian: true, section: SectionName(kind: .info, isSplit: false))
    return try locating(path) { () throws(DWARFError) in
      do throws(DWARFError) {
        let is64 = try cursor.u32() == 0xcafe_babf
        let count = try cursor.u32()
        var result: [(architecture: MachOArchitecture, bytes: ByteSlice)] = []
        for _ in 0..<count {
          let entry = cursor.offset
          let architecture = MachOArchitecture(cpuType: try cursor.u32(), cpuSubtype: try cursor.u32())
          let offset = is64 ? try cursor.u64() : UInt64(try cursor.u32())
          let size = is64 ? try cursor.u64() : UInt64(try cursor.u32())
          try cursor.skip(is64 ? 8 : 4)  // align (and reserved)
          let (end, overflow) = offset.addingReportingOverflow(size)
          guard !overflow, let slice = storage.slice(offset..<end) else {
            throw cursor.malformed(
              "the \(architecture.name) slice's \(size) bytes at 0x\(String(offset, radix: 16)) lie past the file's end",
              at: entry)
          }
          result.append((architecture, slice))
        }
        return result
      } catch {
        throw ELFFile.relabel(error, "universal header")
      }
    }
  }
}
