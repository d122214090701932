/// An ELF file (32- or 64-bit, either byte order) read from its bytes: the header and the section headers, each
/// offset and size checked against the file before anything is read through it.
///
/// ```swift
/// let file = try ELFFile(path: "build/shapes.o")
/// let dwarf = try DWARF(file.dwarfSections())   // decompressed, joined and relocated as needed
/// ```
package final class ELFFile {
  package let path: String
  let storage: ByteStorage
  package let is64: Bool
  package let isBigEndian: Bool
  /// `e_type`: 1 a relocatable object, 2 an executable, 3 a shared object (or PIE), 4 a core file.
  package let type: UInt16
  /// `e_machine` (`EM_*`).
  package let machine: UInt16
  package let flags: UInt32
  package let sections: [Section]

  /// One section header.
  package struct Section: Sendable {
    package var index: Int
    package var name: String
    var nameOffset: UInt32
    package var type: UInt32
    package var flags: UInt64
    package var address: UInt64
    package var offset: UInt64
    package var size: UInt64
    package var link: UInt32
    package var info: UInt32
    package var entrySize: UInt64

    /// `SHF_COMPRESSED`.
    var isCompressed: Bool { flags & 0x800 != 0 }
    /// `SHT_NOBITS`: no bytes in the file (a debug file's copies of the program's sections).
    var hasNoBits: Bool { type == 8 }
  }

  /// `ET_REL`: an object file, whose DWARF needs its relocations applied.
  package var isRelocatable: Bool { type == 1 }

  /// The ELF file at `path`, mapped into memory.
  package convenience init(path: String) throws(DWARFError) {
    try self.init(path: path, storage: MappedFile.map(path))
  }

  /// The ELF file whose bytes are `storage` (named `path` in errors).
  package init(path: String, storage: ByteStorage) throws(DWARFError) {
    self.path = path
    self.storage = storage
    let bytes = storage.bytes
    guard bytes.count >= 16, bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46 else {
      throw .notAnObjectFile(path)
    }
    guard bytes[4] == 1 || bytes[4] == 2, bytes[5] == 1 || bytes[5] == 2 else {
      throw .malformed(
        DWARFLocation(file: path, section: "ELF header", offset: 4),
        "an ELF class \(bytes[4]) and data encoding \(bytes[5]) (1 or 2 each)")
    }
    let is64 = bytes[4] == 2
    let isBigEndian = bytes[5] == 2
    var cursor = ByteCursor(bytes, at: 16, bigEndian: isBigEndian, section: SectionName(kind: .info, isSplit: false))
    let sections = try locating(path) { () throws(DWARFError) -> (UInt16, UInt16, UInt32, [Section]) in
      do throws(DWARFError) {
        return try Self.readHeaders(&cursor, is64: is64)
      } catch {
        throw Self.relabel(error, "ELF header")
      }
    }
    self.is64 = is64
    self.isBigEndian = isBigEndian
    (type, machine, flags, self.sections) = sections
  }

  /// A cursor's error, named after the part of the container it was reading.
  static func relabel(_ error: DWARFError, _ part: String) -> DWARFError {
    switch error {
    case .truncated(var location, let needed):
      location.section = part
      return .truncated(location, needed: needed)
    case .malformed(var location, let reason):
      location.section = part
      return .malformed(location, reason)
    default: return error
    }
  }

  private static func readHeaders(_ cursor: inout ByteCursor, is64: Bool) throws(DWARFError)
    -> (UInt16, UInt16, UInt32, [Section])
  {
    let word = is64 ? 8 : 4
    let type = try cursor.u16()
    let machine = try cursor.u16()
    _ = try cursor.u32()  // e_version
    try cursor.skip(2 * word)  // e_entry, e_phoff
    let tableOffset = try cursor.unsigned(size: word)
    let flags = try cursor.u32()
    try cursor.skip(6)  // e_ehsize, e_phentsize, e_phnum
    let entrySize = Int(try cursor.u16())
    var count = UInt64(try cursor.u16())
    var namesIndex = UInt64(try cursor.u16())
    guard tableOffset != 0 else { return (type, machine, flags, []) }
    let minimum = is64 ? 64 : 40
    guard entrySize >= minimum else {
      throw cursor.malformed("section headers of \(entrySize) bytes (at least \(minimum))", at: is64 ? 0x3a : 0x2e)
    }
    func header(_ index: UInt64) throws(DWARFError) -> Section {
      let (start, overflow) = tableOffset.addingReportingOverflow(index * UInt64(entrySize))
      guard !overflow, start <= UInt64(cursor.bytes.count) else {
        throw .truncated(DWARFLocation(section: "ELF section headers", offset: tableOffset), needed: entrySize)
      }
      var entry = ByteCursor(cursor.bytes, at: Int(start), bigEndian: cursor.bigEndian, section: cursor.section)
      let name = try entry.u32()
      let kind = try entry.u32()
      let flags = try entry.unsigned(size: word)
      let address = try entry.unsigned(size: word)
      let offset = try entry.unsigned(size: word)
      let size = try entry.unsigned(size: word)
      let link = try entry.u32()
      let info = try entry.u32()
      _ = try entry.unsigned(size: word)  // sh_addralign
      let entrySize = try entry.unsigned(size: word)
      return Section(
        index: Int(index), name: "", nameOffset: name, type: kind, flags: flags, address: address, offset: offset,
        size: size,
        link: link, info: info, entrySize: entrySize)
    }
    // More than 0xff00 sections: the count is section 0's size, the names' index its link (SHN_XINDEX).
    if count == 0 || namesIndex == 0xffff {
      let first = try header(0)
      if count == 0 { count = first.size }
      if namesIndex == 0xffff { namesIndex = UInt64(first.link) }
    }
    guard count <= UInt64(cursor.bytes.count) / UInt64(entrySize), namesIndex < count else {
      throw cursor.malformed("\(count) section headers of \(entrySize) bytes, names in section \(namesIndex)", at: 0)
    }
    var sections: [Section] = []
    sections.reserveCapacity(Int(count))
    for index in 0..<count { sections.append(try header(index)) }
    let names = sections[Int(namesIndex)]
    guard names.offset <= UInt64(cursor.bytes.count), names.size <= UInt64(cursor.bytes.count) - names.offset else {
      throw .malformed(
        DWARFLocation(section: "ELF section headers", offset: tableOffset),
        "the section names (section \(namesIndex)) lie past the file's end")
    }
    let table = UnsafeRawBufferPointer(rebasing: cursor.bytes[Int(names.offset)..<Int(names.offset + names.size)])
    for index in sections.indices {
      let start = Int(sections[index].nameOffset)
      guard start < table.count || (start == 0 && table.isEmpty) else {
        throw .malformed(
          DWARFLocation(section: "ELF section headers", offset: tableOffset),
          "section \(index) has its name at \(start), past the names' \(table.count) bytes")
      }
      guard start < table.count else { continue }
      sections[index].name = String(decoding: table[start...].prefix { $0 != 0 }, as: UTF8.self)
    }
    return (type, machine, flags, sections)
  }

  /// The first section called `name`.
  package func section(named name: String) -> Section? {
    sections.first { $0.name == name }
  }

  /// A section's bytes as they are in the file (compressed ones compressed); empty for `SHT_NOBITS`.
  package func rawContents(of section: Section) throws(DWARFError) -> ByteSlice {
    if section.hasNoBits { return ByteStorage.empty.whole }
    let (end, overflow) = section.offset.addingReportingOverflow(section.size)
    guard !overflow, let slice = storage.slice(section.offset..<end) else {
      throw .malformed(
        DWARFLocation(file: path, section: section.name, offset: 0),
        "the section's \(section.size) bytes at file offset 0x\(String(section.offset, radix: 16)) lie past the "
          + "file's end (\(storage.bytes.count) bytes)")
    }
    return slice
  }

  /// A section's bytes, decompressed when it is compressed (`SHF_COMPRESSED`, or a `.zdebug_` section).
  package func contents(of section: Section) throws(DWARFError) -> ByteSlice {
    let raw = try rawContents(of: section)
    if section.isCompressed {
      return try SectionDecompression.decompress(raw, elf: self, section: section)
    }
    if section.name.hasPrefix(".zdebug_") {
      return try SectionDecompression.decompressGNU(raw, path: path, section: section.name)
    }
    return raw
  }
}
