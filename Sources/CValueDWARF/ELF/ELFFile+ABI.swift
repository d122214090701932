package import CValueKit

/// What an ELF header says of the machine a file is for: its architecture's name and CValueKit's ABI.
///
/// A 32-bit Arm file is bare-metal firmware (`ABI.armEABI`, `ABI.armEABIHF`) when its build attributes
/// (`.ARM.attributes`) say a microcontroller profile (Cortex-M) or enumerations as small as their values
/// (`Tag_ABI_enum_size`: `arm-none-eabi-gcc`'s default, never a Linux one); its float ABI is the header's
/// `EF_ARM_ABI_FLOAT_HARD`/`SOFT` flag, else `Tag_ABI_VFP_args`. Any other 32-bit Arm file is `ABI.armv7Linux`.
/// A 32-bit RISC-V file is `ABI.riscv32` for the ilp32, ilp32f and ilp32d float ABIs alike; RV32E is refused.
extension ELFFile {
  /// The machine's name as the toolchains spell it: `x86_64`, `aarch64`, `arm`, `i386`, `riscv64`, …
  package var architecture: String {
    switch (machine, is64) {
    case (62, _): "x86_64"
    case (183, _): "aarch64"
    case (3, _): "i386"
    case (40, _): "arm"
    case (243, true): "riscv64"
    case (243, false): "riscv32"
    case (22, _): "s390x"
    case (21, _): "powerpc64"
    case (20, _): "powerpc"
    case (8, _): "mips"
    default: "EM \(machine)"
    }
  }

  /// The ABI of the file's machine.
  ///
  /// - Throws: ``DWARFError/noABI(_:architecture:)`` for a machine (or Arm ABI version, RV32E) CValueKit has no
  ///   ABI for.
  package func abi() throws(DWARFError) -> ABI {
    switch (machine, is64) {
    case (62, true): return .x86_64Linux
    case (183, true): return .arm64Linux
    case (3, false): return .i386Linux
    case (243, true): return .riscv64Linux
    case (22, true): return .s390xLinux
    case (243, false):
      guard flags & 0x8 == 0 else { throw .noABI(path, architecture: "RV32E's ilp32e (e_flags EF_RISCV_RVE)") }
      return .riscv32
    case (40, false):
      let version = flags >> 24
      guard version >= 4 else {
        throw .noABI(path, architecture: "arm with the old Arm ABI (e_flags EABI version \(version), not 4 or 5)")
      }
      let attributes = try section(named: ".ARM.attributes").map { section throws(DWARFError) in
        ARMAttributes(try rawContents(of: section).bytes)
      }
      let isBareMetal = attributes?.profile == UInt64(UInt8(ascii: "M")) || attributes?.enumSize == 1
      guard isBareMetal else { return .armv7Linux }
      let isHardFloat = flags & 0x400 != 0 || (flags & 0x200 == 0 && attributes?.vfpArguments == 1)
      return isHardFloat ? .armEABIHF : .armEABI
    default:
      throw .noABI(path, architecture: "\(architecture) (\(is64 ? 64 : 32)-bit, e_machine \(machine))")
    }
  }
}

/// The attributes of an Arm ELF's `aeabi` build attributes (`.ARM.attributes`) that tell its ABI, from its
/// file-wide subsection; what cannot be read is left `nil`.
struct ARMAttributes {
  /// `Tag_CPU_arch_profile` (7): `A`, `R`, `M` or `S` as a number.
  var profile: UInt64?
  /// `Tag_ABI_enum_size` (26): 1 small, 2 `int`, 3 32-bit.
  var enumSize: UInt64?
  /// `Tag_ABI_VFP_args` (28): 1 arguments in VFP registers.
  var vfpArguments: UInt64?

  init(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.first == UInt8(ascii: "A") else { return }
    var cursor = ByteCursor(bytes, at: 1, bigEndian: false, section: SectionName(kind: .info, isSplit: false))
    while let length = try? cursor.u32(), length > 4, cursor.offset - 4 + Int(length) <= bytes.count {
      let end = cursor.offset - 4 + Int(length)
      guard let vendor = try? cursor.cString(), vendor.upperBound <= end else { return }
      let isAEABI = bytes[vendor].elementsEqual("aeabi".utf8)
      while isAEABI, cursor.offset < end, let tag = try? cursor.u8(), let size = try? cursor.u32(), size > 5,
        cursor.offset - 5 + Int(size) <= end
      {
        let next = cursor.offset - 5 + Int(size)
        if tag == 1 {
          read(
            ByteCursor(
              UnsafeRawBufferPointer(rebasing: bytes[..<next]), at: cursor.offset, bigEndian: false,
              section: cursor.section))
        }
        cursor.offset = next
      }
      cursor.offset = end
    }
  }

  /// The tag and value pairs of a file subsection: strings for tags 4, 5, 67 and odd tags above 32.
  private mutating func read(_ cursor: ByteCursor) {
    var cursor = cursor
    while !cursor.isAtEnd, let tag = try? cursor.uleb() {
      switch tag {
      case 4, 5, 67: guard (try? cursor.cString()) != nil else { return }
      case 32:
        guard (try? cursor.uleb()) != nil, (try? cursor.cString()) != nil else { return }
      case _ where tag > 32 && tag % 2 == 1: guard (try? cursor.cString()) != nil else { return }
      default:
        guard let value = try? cursor.uleb() else { return }
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
