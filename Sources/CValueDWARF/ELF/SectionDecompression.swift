/// An ELF section's compressed bytes decompressed: `SHF_COMPRESSED` with its `Elf_Chdr` (zlib 1, zstd 2), and
/// GNU's older `.zdebug_*` sections (`ZLIB`, the size in 8 big-endian bytes, then a zlib stream).
enum SectionDecompression {
  /// The size a section of `compressed` bytes may claim: zlib inflates at most 1032 bytes from one, and DWARF
  /// compresses far less with either; a header claiming more is refused before anything is allocated (a
  /// hostile one would ask for terabytes).
  static func largestSize(from compressed: Int) -> UInt64 { UInt64(compressed) * 1100 + 65536 }

  static func decompress(_ raw: ByteSlice, elf: ELFFile, section: ELFFile.Section) throws(DWARFError) -> ByteSlice {
    var cursor = ByteCursor(
      raw.bytes, bigEndian: elf.isBigEndian, section: SectionName(kind: .info, isSplit: false))
    let location = DWARFLocation(file: elf.path, section: section.name, offset: 0)
    let type: UInt32
    let size: UInt64
    do throws(DWARFError) {
      type = try cursor.u32()
      if elf.is64 {
        _ = try cursor.u32()  // ch_reserved
        size = try cursor.u64()
        _ = try cursor.u64()  // ch_addralign
      } else {
        size = UInt64(try cursor.u32())
        _ = try cursor.u32()  // ch_addralign
      }
    } catch {
      throw .truncated(location, needed: elf.is64 ? 24 : 12)
    }
    let payload = UnsafeRawBufferPointer(rebasing: raw.bytes[cursor.offset...])
    guard size <= largestSize(from: payload.count) else {
      throw .malformed(location, "a compressed section of \(payload.count) bytes whose header says \(size)")
    }
    let result: Result<ByteStorage, Decompressor.Problem>
    switch type {
    case 1: result = Decompressor.inflate(payload, size: Int(size))
    case 2: result = Decompressor.decompressZstd(payload, size: Int(size))
    default: throw .unsupported(location, "a section compressed with ELF compression type \(type) (1 zlib, 2 zstd)")
    }
    return try unwrap(result, location: location, kind: type == 1 ? "zlib" : "zstd")
  }

  static func decompressGNU(_ raw: ByteSlice, path: String, section: String) throws(DWARFError) -> ByteSlice {
    let location = DWARFLocation(file: path, section: section, offset: 0)
    let bytes = raw.bytes
    guard bytes.count >= 12 else { throw .truncated(location, needed: 12) }
    guard bytes[0] == 0x5a, bytes[1] == 0x4c, bytes[2] == 0x49, bytes[3] == 0x42 else {
      throw .malformed(location, "a .zdebug section that does not start with \"ZLIB\"")
    }
    var cursor = ByteCursor(bytes, at: 4, bigEndian: true, section: SectionName(kind: .info, isSplit: false))
    let size = (try? cursor.u64()) ?? 0
    guard size <= largestSize(from: bytes.count - 12) else {
      throw .malformed(location, "a .zdebug section of \(bytes.count - 12) compressed bytes whose header says \(size)")
    }
    let result = Decompressor.inflate(UnsafeRawBufferPointer(rebasing: bytes[12...]), size: Int(size))
    return try unwrap(result, location: location, kind: "zlib")
  }

  private static func unwrap(_ result: Result<ByteStorage, Decompressor.Problem>, location: DWARFLocation, kind: String)
    throws(DWARFError) -> ByteSlice
  {
    switch result {
    case .success(let storage): return storage.whole
    case .failure(.unavailable(let problem)):
      throw .unsupported(location, "a \(kind)-compressed section: \(problem)")
    case .failure(.corrupt(let reason)):
      throw .malformed(location, "a \(kind)-compressed section that does not decompress: \(reason)")
    }
  }
}
