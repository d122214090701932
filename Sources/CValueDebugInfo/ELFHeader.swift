import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the ELF header says about the machine a file is for: its ABI, and the byte order that gcc's
/// DWARF 2–4 bitfield offsets are counted in.
struct ELFHeader {
  let abi: ABI
  /// The target triple of ``abi``, as header import would report it.
  let triple: String
  let isBigEndian: Bool
  /// `ET_REL`: an object file, not linked.
  let isRelocatable: Bool

  /// The header of the file at `path`: it must exist, start with `\x7fELF` and name a machine CValueKit has an ABI for.
  static func read(_ path: String) throws(DebugInfoError) -> ELFHeader {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw .fileNotFound(path) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 20)
    let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 20) }
    guard count >= 4, bytes[0..<4] == [0x7f, 0x45, 0x4c, 0x46] else { throw .notELF(path) }
    guard count == 20 else { throw .unreadable(path, reason: "the file ends inside its ELF header") }
    let bits = bytes[4] == 2 ? 64 : 32
    let isBigEndian = bytes[5] == 2
    let type = isBigEndian ? Int(bytes[16]) << 8 | Int(bytes[17]) : Int(bytes[17]) << 8 | Int(bytes[16])
    let machine = isBigEndian ? Int(bytes[18]) << 8 | Int(bytes[19]) : Int(bytes[19]) << 8 | Int(bytes[18])
    let triple: String? =
      switch (machine, bits) {
      case (62, 64): "x86_64-linux-gnu"
      case (183, 64): "aarch64-linux-gnu"
      case (3, 32): "i386-linux-gnu"
      case (40, 32): "armv7-linux-gnueabihf"
      case (243, 64): "riscv64-linux-gnu"
      case (22, 64): "s390x-linux-gnu"
      default: nil
      }
    guard let triple, let abi = ABI(targetTriple: triple) else {
      throw .unsupportedMachine(path, machine: machine, bits: bits)
    }
    return ELFHeader(abi: abi, triple: triple, isBigEndian: isBigEndian, isRelocatable: type == 1)
  }
}
