/// A thin Mach-O file (32- or 64-bit, either byte order) read from its bytes: the header, the sections of its
/// segments, its symbol table and its UUID, every offset and size checked against the file.
package final class MachOFile {
  package let path: String
  /// The file's bytes (a slice of a universal file's).
  let bytes: ByteSlice
  package let is64: Bool
  package let isBigEndian: Bool
  package let cpuType: UInt32
  package let cpuSubtype: UInt32
  /// `MH_OBJECT` 1, `MH_EXECUTE` 2, `MH_DYLIB` 6, `MH_BUNDLE` 8, `MH_DSYM` 10.
  package let fileType: UInt32
  package let sections: [Section]
  /// `LC_UUID`: the build's identity, which a dSYM shares with the binary it was made from.
  package let uuid: [UInt8]?
  /// `LC_SYMTAB`: where the symbols and their strings are.
  let symbolTable: (symbols: UInt64, count: UInt64, strings: UInt64, stringsSize: UInt64)?

  /// A section of a segment.
  package struct Section: Sendable {
    package var segment: String
    package var name: String
    package var offset: UInt64
    package var size: UInt64
  }

  /// Whether `bytes` start with a thin Mach-O header's magic, in either byte order.
  static func hasMagic(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= 4 else { return false }
    let magic = bytes.loadUnaligned(as: UInt32.self).littleEndian
    return [0xfeed_face, 0xfeed_facf, 0xcefa_edfe, 0xcffa_edfe].contains(magic)
  }

  /// The Mach-O file whose bytes are `bytes` (named `path` in errors).
  package init(path: String, bytes: ByteSlice) throws(DWARFError) {
    self.path = path
    self.bytes = bytes
    let raw = bytes.bytes
    guard Self.hasMagic(raw) else { throw .notAnObjectFile(path) }
    let magic = raw.loadUnaligned(as: UInt32.self).littleEndian
    let is64 = magic == 0xfeed_facf || magic == 0xcffa_edfe
    let isBigEndian = magic == 0xcefa_edfe || magic == 0xcffa_edfe
    self.is64 = is64
    self.isBigEndian = isBigEndian
    var cursor = ByteCursor(raw, at: 4, bigEndian: isBigEndian, section: SectionName(kind: .info, isSplit: false))
    let parsed = try locating(path) { () throws(DWARFError) in
      do throws(DWARFError) {
        return try Self.readCommands(&cursor, is64: is64)
      } catch {
        throw ELFFile.relabel(error, "Mach-O load commands")
      }
    }
    (cpuType, cpuSubtype, fileType, sections, uuid, symbolTable) = parsed
    for section in sections where section.segment == "__DWARF" {
      guard section.offset <= UInt64(raw.count), section.size <= UInt64(raw.count) - section.offset else {
        throw .malformed(
          DWARFLocation(file: path, section: section.name, offset: 0),
          "the section's \(section.size) bytes at file offset 0x\(String(section.offset, radix: 16)) lie past the "
            + "file's end (\(raw.count) bytes)")
      }
    }
  }

  private typealias Parsed = (
    UInt32, UInt32, UInt32, [Section], [UInt8]?, (symbols: UInt64, count: UInt64, strings: UInt64, stringsSize: UInt64)?
  )

  private static func readCommands(_ cursor: inout ByteCursor, is64: Bool) throws(DWARFError) -> Parsed {
    let cpuType = try cursor.u32()
    let cpuSubtype = try cursor.u32()
    let fileType = try cursor.u32()
    let count = try cursor.u32()
    let size = try cursor.u32()
    _ = try cursor.u32()  // flags
    if is64 { _ = try cursor.u32() }
    let start = cursor.offset
    guard UInt64(size) <= UInt64(cursor.remaining) else {
      throw cursor.malformed("load commands of \(size) bytes, past the file's end", at: start)
    }
    let end = start + Int(size)
    var sections: [Section] = []
    var uuid: [UInt8]?
    var symbols: (symbols: UInt64, count: UInt64, strings: UInt64, stringsSize: UInt64)?
    for _ in 0..<count {
      let commandStart = cursor.offset
      let command = try cursor.u32()
      let commandSize = Int(try cursor.u32())
      guard commandSize >= 8, commandSize <= end - commandStart else {
        throw cursor.malformed("a load command of \(commandSize) bytes", at: commandStart)
      }
      switch command {
      case 0x1, 0x19:  // LC_SEGMENT, LC_SEGMENT_64
        let word = command == 0x19 ? 8 : 4
        try cursor.skip(16 + 4 * word + 8)  // segname, vmaddr, vmsize, fileoff, filesize, maxprot, initprot
        let sectionCount = Int(try cursor.u32())
        _ = try cursor.u32()  // flags
        let entrySize = command == 0x19 ? 80 : 68
        guard sectionCount <= (commandSize - (cursor.offset - commandStart)) / entrySize else {
          throw cursor.malformed("a segment of \(sectionCount) sections in \(commandSize) bytes", at: commandStart)
        }
        for _ in 0..<sectionCount {
          let name = try fixedString(&cursor)
          let segment = try fixedString(&cursor)
          _ = try cursor.unsigned(size: word)  // addr
          let sectionSize = try cursor.unsigned(size: word)
          let offset = UInt64(try cursor.u32())
          try cursor.skip(entrySize - 32 - 2 * word - 4)
          sections.append(Section(segment: segment, name: name, offset: offset, size: sectionSize))
        }
      case 0x2:  // LC_SYMTAB
        symbols = (
          UInt64(try cursor.u32()), UInt64(try cursor.u32()), UInt64(try cursor.u32()), UInt64(try cursor.u32())
        )
      case 0x1b:  // LC_UUID
        var bytes: [UInt8] = []
        for _ in 0..<16 { bytes.append(try cursor.u8()) }
        uuid = bytes
      default: break
      }
      cursor.offset = commandStart + commandSize
    }
    return (cpuType, cpuSubtype, fileType, sections, uuid, symbols)
  }

  /// A name of 16 bytes, NUL-padded (and not NUL-terminated when it fills them).
  private static func fixedString(_ cursor: inout ByteCursor) throws(DWARFError) -> String {
    let start = cursor.offset
    try cursor.skip(16)
    return String(decoding: cursor.bytes[start..<start + 16].prefix { $0 != 0 }, as: UTF8.self)
  }

  /// Whether it has DWARF sections (`__DWARF,__debug_info`).
  package var hasDWARF: Bool {
    sections.contains { $0.segment == "__DWARF" && SectionKind(sectionName: $0.name) == .info }
  }

  /// The DWARF sections of its `__DWARF` segment (read where they are: Mach-O never compresses them, and an
  /// object's offsets between its debug sections are final, only its addresses are relocated).
  package func dwarfSections() throws(DWARFError) -> DWARFSections {
    var result = DWARFSections(path: path, isBigEndian: isBigEndian, isSplit: false)
    for section in sections where section.segment == "__DWARF" {
      guard let kind = SectionKind(sectionName: section.name), result[kind] == nil,
        let slice = bytes.slice(section.offset..<section.offset + section.size)
      else { continue }
      result[kind] = slice
    }
    guard result.has(.info) else { throw .noDebugInfo(path) }
    return result
  }
}
