/// An ELF file's class, byte order and sections, read from its bytes, and an ELF file of the same kind
/// written from sections.
struct ELFLayout {
  /// Why the bytes are no ELF file this reads: words that follow the file's name ("is cut short at byte 12").
  struct Failure: Error, Equatable {
    var reason: String
  }

  struct Section {
    var offset: UInt64
    var size: UInt64
  }

  let is64: Bool
  let bigEndian: Bool
  let type: UInt16
  let machine: UInt16
  let sections: [String: Section]
  /// Every section in the file's order, several of one name included.
  let ordered: [(name: String, section: Section)]

  init(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    guard bytes.count >= 52, Array(bytes[0..<4]) == [0x7f, 0x45, 0x4c, 0x46], [1, 2].contains(bytes[4]),
      [1, 2].contains(bytes[5])
    else { throw .init(reason: "is not an ELF file") }
    let is64 = bytes[4] == 2
    let bigEndian = bytes[5] == 2
    self.is64 = is64
    self.bigEndian = bigEndian
    func number(_ at: Int, _ size: Int) throws(Failure) -> UInt64 {
      guard at >= 0, at + size <= bytes.count else { throw .init(reason: "is cut short at byte \(at)") }
      return ELFLayout.number(bytes, at: at, size: size, bigEndian: bigEndian)
    }
    type = UInt16(try number(16, 2))
    machine = UInt16(try number(18, 2))
    let tableOffset = Int(try number(is64 ? 0x28 : 0x20, is64 ? 8 : 4))
    let entrySize = Int(try number(is64 ? 0x3a : 0x2e, 2))
    let count = Int(try number(is64 ? 0x3c : 0x30, 2))
    let namesIndex = Int(try number(is64 ? 0x3e : 0x32, 2))
    guard count > 0, namesIndex < count, entrySize >= (is64 ? 64 : 40) else {
      throw .init(reason: "has a section table that cannot be read")
    }
    func header(_ index: Int) throws(Failure) -> (name: Int, flags: UInt64, offset: UInt64, size: UInt64) {
      let at = tableOffset + index * entrySize
      return is64
        ? (Int(try number(at, 4)), try number(at + 8, 8), try number(at + 24, 8), try number(at + 32, 8))
        : (Int(try number(at, 4)), try number(at + 8, 4), try number(at + 16, 4), try number(at + 20, 4))
    }
    let names = try header(namesIndex)
    var found: [String: Section] = [:]
    var ordered: [(name: String, section: Section)] = []
    for index in 1..<count {
      let section = try header(index)
      guard section.offset <= UInt64(bytes.count), section.size <= UInt64(bytes.count) - section.offset,
        names.offset + UInt64(section.name) < UInt64(bytes.count)
      else { throw .init(reason: "has a section \(index) that lies past its end") }
      let first = Int(names.offset) + section.name
      let nameEnd = bytes[first..<min(bytes.count, Int(names.offset + names.size))].firstIndex(of: 0) ?? first
      let name = String(decoding: bytes[first..<nameEnd], as: UTF8.self)
      // SHF_COMPRESSED: a .dwp's sections are never compressed by the tools that make them.
      if section.flags & 0x800 != 0, name.hasSuffix(".dwo") || name.hasSuffix("_index") {
        throw .init(reason: "has its \(name) compressed")
      }
      found[name] = Section(offset: section.offset, size: section.size)
      ordered.append((name, Section(offset: section.offset, size: section.size)))
    }
    sections = found
    self.ordered = ordered
  }

  func section(_ name: String) -> Section? { sections[name] }

  static func number(_ bytes: UnsafeRawBufferPointer, at: Int, size: Int, bigEndian: Bool) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<size {
      let byte = UInt64(bytes[at + (bigEndian ? index : size - 1 - index)])
      value = value << 8 | byte
    }
    return value
  }

  func number(_ bytes: UnsafeRawBufferPointer, at: Int, size: Int) -> UInt64 {
    Self.number(bytes, at: at, size: size, bigEndian: bigEndian)
  }

  func encode(_ value: UInt64, size: Int) -> [UInt8] {
    let little = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    return bigEndian ? little.reversed() : little
  }

  /// An ELF file of this class, byte order, type and machine holding `sections` (and their names' table).
  func image(_ sections: [(name: String, contents: [UInt8])]) -> [UInt8] {
    let headerSize = is64 ? 64 : 52
    let entrySize = is64 ? 64 : 40
    var names: [UInt8] = [0]
    var nameOffsets: [Int] = []
    for section in sections {
      nameOffsets.append(names.count)
      names += Array(section.name.utf8) + [0]
    }
    let namesName = names.count
    names += Array(".shstrtab".utf8) + [0]
    var body: [UInt8] = []
    var placed: [(offset: Int, size: Int)] = []
    for section in sections + [(".shstrtab", names)] {
      placed.append((headerSize + body.count, section.contents.count))
      body += section.contents
    }
    while body.count % 8 != 0 { body.append(0) }
    let tableOffset = headerSize + body.count
    let word = is64 ? 8 : 4
    var header: [UInt8] = [0x7f, 0x45, 0x4c, 0x46, is64 ? 2 : 1, bigEndian ? 2 : 1, 1, 0]
    header += [UInt8](repeating: 0, count: 8)
    header += encode(UInt64(type), size: 2) + encode(UInt64(machine), size: 2) + encode(1, size: 4)
    header += encode(0, size: word) + encode(0, size: word) + encode(UInt64(tableOffset), size: word)
    header += encode(0, size: 4) + encode(UInt64(headerSize), size: 2) + encode(0, size: 2) + encode(0, size: 2)
    header += encode(UInt64(entrySize), size: 2) + encode(UInt64(sections.count + 2), size: 2)
    header += encode(UInt64(sections.count + 1), size: 2)
    var table = [UInt8](repeating: 0, count: entrySize)
    for (index, section) in placed.enumerated() {
      let name = index < nameOffsets.count ? nameOffsets[index] : namesName
      // SHT_PROGBITS 1, SHT_STRTAB 3; alignment 1.
      let kind: UInt64 = index < nameOffsets.count ? 1 : 3
      table += encode(UInt64(name), size: 4) + encode(kind, size: 4) + encode(0, size: word) + encode(0, size: word)
      table += encode(UInt64(section.offset), size: word) + encode(UInt64(section.size), size: word)
      table += encode(0, size: 4) + encode(0, size: 4) + encode(1, size: word) + encode(0, size: word)
    }
    return header + body + table
  }
}
