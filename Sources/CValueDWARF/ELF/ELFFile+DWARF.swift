/// An ELF file's DWARF sections as the reader takes them: decompressed, the pieces of one name joined in file
/// order (gcc's type units sit each in a COMDAT section of its own in an object or `.dwo` file, as a linker would
/// join them), and an object's relocations applied.
extension ELFFile {
  /// Whether the file has DWARF of its own (a stripped program has none, or only `SHT_NOBITS` placeholders).
  package var hasDWARF: Bool {
    sections.contains { section in
      let kind = SectionKind(sectionName: section.name)
      return (kind == .info || kind == .types) && !section.hasNoBits && section.size > 0
    }
  }

  /// The DWARF sections of the file: a `.dwo` file's or a package's `.dwo` sections when it has no others.
  ///
  /// - Throws: ``DWARFError/noDebugInfo(_:)`` when it has no `.debug_info` (nor `.debug_types`).
  package func dwarfSections() throws(DWARFError) -> DWARFSections {
    let kinds = sections.map { SectionKind(sectionName: $0.name) }
    let hasMain = sections.indices.contains {
      (kinds[$0] == .info || kinds[$0] == .types) && !sections[$0].name.hasSuffix(".dwo") && !sections[$0].hasNoBits
    }
    let isSplit = !hasMain && sections.contains { $0.name.hasSuffix(".dwo") && !$0.hasNoBits }
    var pieces: [SectionKind: [Section]] = [:]
    for (section, kind) in zip(sections, kinds) where !section.hasNoBits {
      // Line tables, location and range lists say nothing of types: never decompressed or relocated (glibc's
      // location lists alone are 2.4 MB of zlib).
      guard let kind, kind.holdsTypes else { continue }
      let isIndex = kind == .cuIndex || kind == .tuIndex
      guard isIndex ? isSplit : section.name.hasSuffix(".dwo") == isSplit else { continue }
      pieces[kind, default: []].append(section)
    }
    guard pieces[.info] != nil || pieces[.types] != nil else { throw .noDebugInfo(path) }
    let relocations = isRelocatable ? relocationSections(for: Set(pieces.values.joined().map(\.index))) : [:]
    var result = DWARFSections(path: path, isBigEndian: isBigEndian, isSplit: isSplit)
    var joined: [(kind: SectionKind, buffer: UnsafeMutableRawBufferPointer)] = []
    // Where each section went in its joined buffer, for the relocations into it and the symbols in it.
    var placements: [Int: (buffer: UnsafeMutableRawBufferPointer, offset: Int, size: Int)] = [:]
    // Buffers not yet handed to a storage when an error is thrown.
    var pending: [UnsafeMutableRawBufferPointer] = []
    defer { for buffer in pending { buffer.deallocate() } }
    for (kind, list) in pieces.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      let contents = try list.map { section throws(DWARFError) in try self.contents(of: section) }
      if list.count == 1, relocations[list[0].index] == nil {
        result[kind] = contents[0]
        continue
      }
      let total = contents.reduce(0) { $0 + $1.count }
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(total, 1), alignment: 16)
      pending.append(buffer)
      var at = 0
      for (section, piece) in zip(list, contents) {
        if piece.count > 0 {
          UnsafeMutableRawBufferPointer(rebasing: buffer[at..<at + piece.count]).copyMemory(from: piece.bytes)
        }
        placements[section.index] = (buffer, at, piece.count)
        at += piece.count
      }
      joined.append((kind, UnsafeMutableRawBufferPointer(rebasing: buffer[0..<total])))
    }
    for (target, relocationSection) in relocations {
      guard let place = placements[target] else { continue }
      try ELFRelocations(file: self, section: relocationSection).apply(
        to: UnsafeMutableRawBufferPointer(rebasing: place.buffer[place.offset..<place.offset + place.size]),
        targetName: sections[target].name, symbolBase: { placements[$0].map { UInt64($0.offset) } })
    }
    for (kind, buffer) in joined {
      pending.removeAll { $0.baseAddress == buffer.baseAddress }
      result[kind] = ByteStorage(buffer: buffer).whole
    }
    return result
  }

  /// The relocation sections (`SHT_RELA`, `SHT_REL`) that apply to the sections `targets`, by target.
  private func relocationSections(for targets: Set<Int>) -> [Int: Section] {
    var result: [Int: Section] = [:]
    for section in sections where section.type == 4 || section.type == 9 {
      let target = Int(section.info)
      if targets.contains(target) { result[target] = section }
    }
    return result
  }
}
