/// An object file's relocations applied to a DWARF section, as a linker applies them: the offsets into other
/// sections (`DW_FORM_strp`, the abbreviations' and line table's offsets) are zero with an addend in an
/// object, and become what they are only so. Each machine's relocation types that debug sections use are
/// known here; another is refused by name, never guessed.
struct ELFRelocations {
  let file: ELFFile
  let section: ELFFile.Section

  /// How one relocation type changes its place: the bytes it writes and what it writes there.
  private enum Action {
    /// Nothing to write (`R_*_NONE`, RISC-V's relaxation hints).
    case ignore
    /// `S + A` in `size` bytes.
    case absolute(Int)
    /// `S + A - P` in `size` bytes.
    case relative(Int)
    /// RISC-V's `V + (S + A)` and `V - (S + A)` in `size` bytes (label differences that relaxation may change).
    case add(Int)
    case subtract(Int)
    /// RISC-V's 6-bit fields, in a byte's low bits.
    case set6
    case subtract6
    /// RISC-V's ULEB128s, written again in the bytes they have.
    case setULEB
    case subtractULEB
  }

  private func action(_ type: UInt32) -> Action? {
    switch (file.machine, type) {
    case (_, 0): .ignore
    // EM_X86_64: R_X86_64_64, _PC32, _DTPOFF64, _32, _32S, _DTPOFF32, _PC64.
    case (62, 1), (62, 17): .absolute(8)
    case (62, 2): .relative(4)
    case (62, 10), (62, 11), (62, 21): .absolute(4)
    case (62, 24): .relative(8)
    // EM_386: R_386_32, _PC32, _TLS_LDO_32.
    case (3, 1), (3, 32): .absolute(4)
    case (3, 2): .relative(4)
    // EM_ARM: R_ARM_ABS32, _REL32, _TARGET1, _TLS_LDO32.
    case (40, 2), (40, 38), (40, 106): .absolute(4)
    case (40, 3): .relative(4)
    // EM_AARCH64: R_AARCH64_NONE, _ABS64, _ABS32, _ABS16, _PREL64, _PREL32, _TLS_DTPREL64.
    case (183, 256): .ignore
    case (183, 257), (183, 1029): .absolute(8)
    case (183, 258): .absolute(4)
    case (183, 259): .absolute(2)
    case (183, 260): .relative(8)
    case (183, 261): .relative(4)
    // EM_RISCV: R_RISCV_32, _64, _TLS_DTPREL32, _TLS_DTPREL64, ADD8–64, SUB8–64, RELAX, ALIGN, SUB6, SET6,
    // SET8–32, 32_PCREL, SET_ULEB128, SUB_ULEB128.
    case (243, 1), (243, 9): .absolute(4)
    case (243, 2), (243, 11): .absolute(8)
    case (243, 33): .add(1)
    case (243, 34): .add(2)
    case (243, 35): .add(4)
    case (243, 36): .add(8)
    case (243, 37): .subtract(1)
    case (243, 38): .subtract(2)
    case (243, 39): .subtract(4)
    case (243, 40): .subtract(8)
    case (243, 43), (243, 51): .ignore
    case (243, 52): .subtract6
    case (243, 53): .set6
    case (243, 54): .absolute(1)
    case (243, 55): .absolute(2)
    case (243, 56): .absolute(4)
    case (243, 57): .relative(4)
    case (243, 60): .setULEB
    case (243, 61): .subtractULEB
    // EM_PPC: R_PPC_ADDR32, _REL32, _DTPREL32; EM_PPC64: R_PPC64_ADDR32, _ADDR64, _REL32, _REL64, _DTPREL64.
    case (20, 1), (20, 78), (21, 1): .absolute(4)
    case (20, 26), (21, 26): .relative(4)
    case (21, 38), (21, 78): .absolute(8)
    case (21, 44): .relative(8)
    // EM_MIPS (32-bit; MIPS64's relocation entries are laid out otherwise): R_MIPS_32, R_MIPS_TLS_DTPREL32.
    case (8, 2), (8, 39): file.is64 ? nil : .absolute(4)
    // EM_S390: R_390_32, _PC32, _64, _PC64, _TLS_LDO32, _TLS_LDO64.
    case (22, 4), (22, 52): .absolute(4)
    case (22, 5): .relative(4)
    case (22, 22), (22, 53): .absolute(8)
    case (22, 23): .relative(8)
    default: nil
    }
  }

  /// Applies every relocation of ``section`` to `target` (the relocated section's bytes, named `targetName`).
  /// `symbolBase` gives where a section was placed when it was joined with others of its name.
  func apply(
    to target: UnsafeMutableRawBufferPointer, targetName: String, symbolBase: (Int) -> UInt64?
  ) throws(DWARFError) {
    let hasAddends = section.type == 4
    let word = file.is64 ? 8 : 4
    let entrySize = hasAddends ? 3 * word : 2 * word
    let bytes = try file.rawContents(of: section).bytes
    guard section.link < file.sections.count, file.sections[Int(section.link)].type == 2 else {
      throw .malformed(location(0), "relocations whose symbol table (section \(section.link)) is no SHT_SYMTAB")
    }
    let symbols = try SymbolTable(file: file, section: file.sections[Int(section.link)])
    var cursor = ByteCursor(bytes, bigEndian: file.isBigEndian, section: SectionName(kind: .info, isSplit: false))
    while cursor.remaining >= entrySize {
      let entry = cursor.offset
      let offset = try cursor.unsigned(size: word)
      let info = try cursor.unsigned(size: word)
      let addend: Int64? = hasAddends ? Int64(bitPattern: try cursor.unsigned(size: word)) : nil
      let type = UInt32(truncatingIfNeeded: file.is64 ? info & 0xffff_ffff : info & 0xff)
      let symbolIndex = Int(file.is64 ? info >> 32 : info >> 8)
      guard let action = action(type) else {
        throw .unsupported(
          location(entry),
          "relocation type \(type) of \(file.architecture) (e_machine \(file.machine)) in \(targetName), which this "
            + "reader does not apply")
      }
      if case .ignore = action { continue }
      guard let symbol = symbols.value(of: symbolIndex, base: symbolBase) else {
        throw .malformed(location(entry), "a relocation naming symbol \(symbolIndex) of \(symbols.count)")
      }
      try write(action, at: offset, symbol: symbol, addend: addend, into: target, entry: entry)
    }
  }

  private func location(_ offset: Int) -> DWARFLocation {
    DWARFLocation(file: file.path, section: section.name, offset: UInt64(offset))
  }

  private func write(
    _ action: Action, at offset: UInt64, symbol: UInt64, addend: Int64?, into target: UnsafeMutableRawBufferPointer,
    entry: Int
  ) throws(DWARFError) {
    let size: Int
    switch action {
    case .ignore: return
    case .absolute(let bytes), .relative(let bytes), .add(let bytes), .subtract(let bytes): size = bytes
    case .set6, .subtract6: size = 1
    case .setULEB, .subtractULEB: size = 1
    }
    guard offset < UInt64(target.count), UInt64(size) <= UInt64(target.count) - offset else {
      throw .malformed(
        location(entry), "a relocation at 0x\(String(offset, radix: 16)), past its section's \(target.count) bytes")
    }
    let at = Int(offset)
    let existing = read(target, at: at, size: size)
    // REL: the addend is what the place holds.
    let sum = symbol &+ UInt64(bitPattern: addend ?? Int64(bitPattern: existing))
    switch action {
    case .ignore: return
    case .absolute: store(sum, target, at: at, size: size)
    case .relative: store(sum &- offset, target, at: at, size: size)
    case .add: store(existing &+ sum, target, at: at, size: size)
    case .subtract: store(existing &- sum, target, at: at, size: size)
    case .set6: target[at] = (target[at] & 0xc0) | UInt8(truncatingIfNeeded: sum & 0x3f)
    case .subtract6: target[at] = (target[at] & 0xc0) | UInt8(truncatingIfNeeded: (existing &- sum) & 0x3f)
    case .setULEB, .subtractULEB:
      var length = 0
      var value: UInt64 = 0
      while at + length < target.count {
        let byte = target[at + length]
        if length < 10 { value |= UInt64(byte & 0x7f) << (7 * UInt64(length)) }
        length += 1
        if byte & 0x80 == 0 { break }
      }
      var result = { if case .setULEB = action { sum } else { value &- sum } }()
      for index in 0..<length {
        var byte = UInt8(result & 0x7f)
        result >>= 7
        if index < length - 1 { byte |= 0x80 }
        target[at + index] = byte
      }
    }
  }

  private func read(_ target: UnsafeMutableRawBufferPointer, at: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<size {
      value = value << 8 | UInt64(target[at + (file.isBigEndian ? index : size - 1 - index)])
    }
    return value
  }

  private func store(_ value: UInt64, _ target: UnsafeMutableRawBufferPointer, at: Int, size: Int) {
    for index in 0..<size {
      let shift = UInt64(8 * (file.isBigEndian ? size - 1 - index : index))
      target[at + index] = UInt8(truncatingIfNeeded: value >> shift)
    }
  }
}

/// An object's symbol table, read by index: a symbol's value, plus where its section went when joined.
private struct SymbolTable {
  let file: ELFFile
  let bytes: UnsafeRawBufferPointer
  let entrySize: Int
  /// `SHT_SYMTAB_SHNDX`: the section indexes of symbols whose `st_shndx` is `SHN_XINDEX`.
  let extendedIndexes: UnsafeRawBufferPointer?

  init(file: ELFFile, section: ELFFile.Section) throws(DWARFError) {
    self.file = file
    bytes = try file.rawContents(of: section).bytes
    entrySize = file.is64 ? 24 : 16
    let extended = file.sections.first { $0.type == 18 && Int($0.link) == section.index }
    extendedIndexes = try extended.map { section throws(DWARFError) in try file.rawContents(of: section).bytes }
  }

  var count: Int { bytes.count / entrySize }

  /// The value of symbol `index`, `nil` when there is no such symbol.
  func value(of index: Int, base: (Int) -> UInt64?) -> UInt64? {
    guard index >= 0, index < count else { return nil }
    var cursor = ByteCursor(
      bytes, at: index * entrySize, bigEndian: file.isBigEndian, section: SectionName(kind: .info, isSplit: false))
    let value: UInt64
    var sectionIndex: Int
    if file.is64 {
      cursor.offset += 6
      sectionIndex = Int((try? cursor.u16()) ?? 0)
      value = (try? cursor.u64()) ?? 0
    } else {
      cursor.offset += 4
      value = UInt64((try? cursor.u32()) ?? 0)
      cursor.offset += 6
      sectionIndex = Int((try? cursor.u16()) ?? 0)
    }
    if sectionIndex == 0xffff, let extended = extendedIndexes, (index + 1) * 4 <= extended.count {
      var entry = ByteCursor(
        extended, at: index * 4, bigEndian: file.isBigEndian, section: SectionName(kind: .info, isSplit: false))
      sectionIndex = Int((try? entry.u32()) ?? 0)
    }
    // SHN_UNDEF, and SHN_LORESERVE and above (SHN_ABS, SHN_COMMON): the value as it is.
    guard sectionIndex > 0, sectionIndex < 0xff00, sectionIndex < file.sections.count else { return value }
    return value &+ (base(sectionIndex) ?? file.sections[sectionIndex].address)
  }
}
