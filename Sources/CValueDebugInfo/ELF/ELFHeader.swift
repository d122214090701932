import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the ELF header says about the machine a file is for: its ABI, and the byte order that gcc's
/// DWARF 2–4 bitfield offsets are counted in.
///
/// A 32-bit Arm file is bare-metal firmware (`ABI.armEABI`, `ABI.armEABIHF`) when its build attributes
/// (`.ARM.attributes`) say a microcontroller profile (Cortex-M) or enumerations as small as their values
/// (`Tag_ABI_enum_size`: `arm-none-eabi-gcc`'s default, never a Linux one); its float ABI is the header's
/// `EF_ARM_ABI_FLOAT_HARD`/`SOFT` flag, else the `Tag_ABI_VFP_args` attribute. Any other 32-bit Arm file is
/// `ABI.armv7Linux`. A 32-bit RISC-V file is `ABI.riscv32` for the ilp32, ilp32f and ilp32d float ABIs
/// alike (`e_flags` bits 1–2), which lay records out the same; RV32E (`EF_RISCV_RVE`) is refused.
struct ELFHeader {
  let abi: ABI
  /// The target triple of ``abi``, as header import would report it.
  var triple: String { abi.targetTriple }
  let isBigEndian: Bool
  /// `ET_REL`: an object file, not linked.
  let isRelocatable: Bool

  /// The header of the file at `path`: it must exist, start with `\x7fELF` and name a machine CValueKit has an ABI for.
  static func read(_ path: String) throws(DebugInfoError) -> ELFHeader {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .fileNotFound(path) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 64) }
    guard count >= 4, bytes[0..<4] == [0x7f, 0x45, 0x4c, 0x46] else { throw .notELF(path) }
    let bits = bytes[4] == 2 ? 64 : 32
    guard count >= (bits == 64 ? 64 : 52) else {
      throw .unreadable(path, reason: "the file ends inside its ELF header")
    }
    let isBigEndian = bytes[5] == 2
    func number(_ offset: Int, _ size: Int) -> Int {
      let field = bytes[offset..<offset + size]
      return (isBigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }
    let type = number(16, 2)
    let machine = number(18, 2)
    let flags = number(bits == 64 ? 48 : 36, 4)
    let abi: ABI? =
      switch (machine, bits) {
      case (62, 64): .x86_64Linux
      case (183, 64): .arm64Linux
      case (3, 32): .i386Linux
      case (40, 32): try arm(path, flags: flags)
      case (243, 64): .riscv64Linux
      case (243, 32): try riscv32(path, flags: flags)
      case (22, 64): .s390xLinux
      default: nil
      }
    guard let abi else { throw .unsupportedMachine(path, machine: machine, bits: bits) }
    return ELFHeader(abi: abi, isBigEndian: isBigEndian, isRelocatable: type == 1)
  }

  /// A 32-bit Arm file's ABI: bare metal or Linux, by its build attributes; soft or hard float by its flags.
  private static func arm(_ path: String, flags: Int) throws(DebugInfoError) -> ABI {
    let version = flags >> 24
    guard version >= 4 else {
      throw .unsupportedABI(path, abi: "the old Arm ABI (e_flags EABI version \(version), not 4 or 5)")
    }
    let attributes = ELFSections.read(path)?.contents(of: ".ARM.attributes", in: path).map(ARMAttributes.init)
    let isBareMetal = attributes?.profile == UInt64(UInt8(ascii: "M")) || attributes?.enumSize == 1
    guard isBareMetal else { return .armv7Linux }
    let isHardFloat = flags & 0x400 != 0 || (flags & 0x200 == 0 && attributes?.vfpArguments == 1)
    return isHardFloat ? .armEABIHF : .armEABI
  }

  /// A 32-bit RISC-V file's ABI: ilp32 with any float ABI; not RV32E's ilp32e.
  private static func riscv32(_ path: String, flags: Int) throws(DebugInfoError) -> ABI {
    guard flags & 0x8 == 0 else {
      throw .unsupportedABI(path, abi: "RV32E's ilp32e ABI (e_flags EF_RISCV_RVE)")
    }
    return .riscv32
  }
}

/// The attributes of an Arm ELF's `aeabi` build attributes (`.ARM.attributes`) that tell its ABI, from its
/// file-wide subsection.
struct ARMAttributes {
  /// `Tag_CPU_arch_profile` (7): `A`, `R`, `M` or `S` as a number.
  var profile: UInt64?
  /// `Tag_ABI_enum_size` (26): 1 small, 2 `int`, 3 32-bit.
  var enumSize: UInt64?
  /// `Tag_ABI_VFP_args` (28): 1 arguments in VFP registers.
  var vfpArguments: UInt64?

  /// Reads the attributes; what cannot be read is left `nil`.
  init(_ bytes: [UInt8]) {
    guard bytes.first == UInt8(ascii: "A") else { return }
    var index = 1
    func word(_ at: Int) -> Int? {
      guard at + 4 <= bytes.count else { return nil }
      return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
    while let length = word(index), length > 4, index + length <= bytes.count {
      let end = index + length
      var cursor = index + 4
      let vendorStart = cursor
      while cursor < end, bytes[cursor] != 0 { cursor += 1 }
      let vendor = String(decoding: bytes[vendorStart..<min(cursor, end)], as: UTF8.self)
      cursor += 1
      while vendor == "aeabi", cursor < end, let size = word(cursor + 1), size > 5, cursor + size <= end {
        if bytes[cursor] == 1 { read(bytes[(cursor + 5)..<(cursor + size)]) }
        cursor += size
      }
      index = end
    }
  }

  /// The tag and value pairs of a file subsection.
  private mutating func read(_ bytes: ArraySlice<UInt8>) {
    var cursor = bytes.startIndex
    func uleb() -> UInt64? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while cursor < bytes.endIndex, shift < 64 {
        let byte = bytes[cursor]
        cursor += 1
        value |= UInt64(byte & 0x7f) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
    func skipString() {
      while cursor < bytes.endIndex, bytes[cursor] != 0 { cursor += 1 }
      cursor += 1
    }
    while cursor < bytes.endIndex, let tag = uleb() {
      switch tag {
      case 4, 5, 67: skipString()
      case 32:
        _ = uleb()
        skipString()
      case _ where tag > 32 && tag % 2 == 1: skipString()
      default:
        guard let value = uleb() else { return }
        switch tag {
        case 7: profile = value
        case 26: enumSize = value
        case 28: vfpArguments = value
        default: break
        }
      }
    }
  }
}
