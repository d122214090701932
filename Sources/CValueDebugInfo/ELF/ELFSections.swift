#if canImport(Glibc)
  import Glibc
#endif

/// The sections of an ELF file, read from its section headers, for what libdw does not say: that it found no
/// DWARF because it cannot decompress the sections (zstd before elfutils 0.189), or that an object's type
/// units sit in COMDAT sections of one name, of which it reads only the first.
struct ELFSections {
  struct Section {
    var name: String
    /// `Elf_Chdr.ch_type` of a compressed (`SHF_COMPRESSED`) section: 1 zlib, 2 zstd; else `nil`.
    var compression: UInt32?
    /// Where the section's bytes are in the file, and how many (`sh_offset`, `sh_size`).
    var offset: UInt64 = 0
    var size: UInt64 = 0
  }

  var sections: [Section]

  /// Whether a `.debug_*` section is compressed with zstd.
  var hasZstdDebugSection: Bool {
    sections.contains { $0.name.hasPrefix(".debug_") && $0.compression == 2 }
  }

  /// How many sections are called `name`.
  func count(_ name: String) -> Int { sections.count { $0.name == name } }

  /// The sections of the file at `path`, or `nil` when its headers cannot be read (the caller's error
  /// stands then).
  static func read(_ path: String) -> ELFSections? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let file = File(descriptor: descriptor)
    guard let ident = file.bytes(at: 0, count: 6), ident[0..<4] == [0x7f, 0x45, 0x4c, 0x46] else { return nil }
    let is64 = ident[4] == 2
    let bigEndian = ident[5] == 2
    func number(_ offset: UInt64, _ size: Int) -> UInt64? {
      guard let bytes = file.bytes(at: offset, count: size) else { return nil }
      return (bigEndian ? bytes : bytes.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
    }
    let word = is64 ? 8 : 4
    guard let tableOffset = number(is64 ? 0x28 : 0x20, word),
      let entrySize = number(is64 ? 0x3a : 0x2e, 2), let count = number(is64 ? 0x3c : 0x30, 2),
      let namesIndex = number(is64 ? 0x3e : 0x32, 2), count < 65_280, namesIndex < count, entrySize >= (is64 ? 40 : 24),
      entrySize <= 256,
      tableOffset < 1 << 48
    else { return nil }
    // The header table and the section names, each in one read (a process asks this of its executable and
    // every loaded library): each header is name, type, then flags, address, offset and size in words.
    guard let table = file.bytes(at: tableOffset, count: Int(count * entrySize)) else { return nil }
    func field(_ start: Int, _ size: Int) -> UInt64 {
      let bytes = table[start..<start + size]
      return (bigEndian ? Array(bytes) : bytes.reversed()).reduce(0) { $0 << 8 | UInt64($1) }
    }
    func header(_ index: UInt64) -> (name: UInt64, flags: UInt64, offset: UInt64, size: UInt64) {
      let start = Int(index * entrySize)
      return (
        field(start, 4), field(start + 8, word), field(start + 8 + 2 * word, word), field(start + 8 + 3 * word, word)
      )
    }
    let names = header(namesIndex)
    guard names.offset < 1 << 48, names.size < 1 << 24,
      let nameBytes = file.bytes(at: names.offset, count: Int(names.size))
    else { return nil }
    var sections: [Section] = []
    for index in 0..<count {
      let section = header(index)
      guard section.name < names.size,
        let end = nameBytes[Int(section.name)...].prefix(256).firstIndex(of: 0)
      else { return nil }
      let name = String(decoding: nameBytes[Int(section.name)..<end], as: UTF8.self)
      let compressed = section.flags & 0x800 != 0
      sections.append(
        Section(
          name: name, compression: compressed ? number(section.offset, 4).map(UInt32.init) : nil,
          offset: section.offset, size: section.size))
    }
    return ELFSections(sections: sections)
  }

  /// The bytes of the first section called `name` in the file at `path`: `nil` when there is no such section,
  /// or it is compressed or cannot be read (at most `limit` bytes are read).
  static func contents(of name: String, in path: String, limit: UInt64 = 1 << 28) -> [UInt8]? {
    read(path)?.contents(of: name, in: path, limit: limit)
  }

  /// The bytes of this file's first section called `name` (the file at `path`, whose headers these are):
  /// build attributes (`.ARM.attributes`, `.riscv.attributes`), a site table; `nil` as above.
  func contents(of name: String, in path: String, limit: UInt64 = 1 << 16) -> [UInt8]? {
    guard let section = sections.first(where: { $0.name == name }), section.compression == nil,
      section.size <= limit
    else { return nil }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    return File(descriptor: descriptor).bytes(at: section.offset, count: Int(section.size))
  }

  private struct File {
    let descriptor: Int32

    func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
      guard offset < UInt64(Int.max) else { return nil }
      var result = [UInt8](repeating: 0, count: count)
      let read = result.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
      return read == count ? result : nil
    }
  }
}
