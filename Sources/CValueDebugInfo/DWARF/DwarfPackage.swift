internal import CDwarf
import Glibc

extension DwarfPackage {
  /// The file `path` names, its symbolic links followed: `/proc/self/exe` is the executable's real path, and
  /// its package is `PROG.dwp` beside that, as `llvm-dwp -e PROG -o PROG.dwp` wrote it.
  static func realPath(of path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// A DWARF package (`.dwp`, made by `llvm-dwp` or binutils' `dwp` from a split build's `.dwo` files), read
/// without libdw's help: elfutils reads packages only from 0.191, and Debian 12 has 0.188.
///
/// The package's `.debug_cu_index` (version 2, GNU's for DWARF 4; version 5, the standard's) gives, for each
/// split compile unit's id, where its contribution to each section is. A unit asked for is written out as the
/// `.dwo` file it was made from: its slices of `.debug_info.dwo`, `.debug_abbrev.dwo`, `.debug_line.dwo`, the
/// location and range lists, and its string offsets with the strings they name (the package's string table
/// is shared, and a unit's offsets point into it). libdw opens that file as it opens any `.dwo`, so that
/// every DIE of the unit reads as it would have before packaging.
///
/// What the unit's DIEs are read from lives as long as the package.
final class DwarfPackage {
  let path: String
  private let api: UnsafeMutablePointer<cv_dwarf_api>
  private let bytes: UnsafeRawBufferPointer
  private let file: ELFLayout
  /// Each compile unit's contributions by section id (`DW_SECT_*`), by unit id.
  private let rows: [UInt64: Row]
  /// Each type unit's (`-fdebug-types-section`), by its type signature, from `.debug_tu_index`.
  private let typeRows: [UInt64: Row]
  /// The index's version: 2 (GNU, DWARF 4) or 5.
  private let version: Int
  /// The units opened, each with its descriptor, kept until the package is closed: compile units by id, type
  /// units by signature.
  private var opened: [UInt64: WrittenDwarf] = [:]
  private var openedTypeUnits: [UInt64: WrittenDwarf] = [:]

  typealias Row = [UInt32: (offset: UInt64, size: UInt64)]

  /// Whether the package holds type units.
  var hasTypeUnits: Bool { !typeRows.isEmpty }

  /// Why a package could not be read, or lacks a unit: words that follow the package's name ("has no unit of
  /// id 0x…").
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// Opens the package at `path`; `nil` when there is no file there, a ``Failure`` when it is not a package
  /// this reader understands.
  init?(path: String, api: UnsafeMutablePointer<cv_dwarf_api>) throws(Failure) {
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { throw Failure(reason: "is empty") }
    let size = Int(status.st_size)
    guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
      throw Failure(reason: "cannot be mapped into memory")
    }
    let bytes = UnsafeRawBufferPointer(start: mapped, count: size)
    let file: ELFLayout
    let index: (version: Int, rows: [UInt64: Row])
    var typeIndex: (version: Int, rows: [UInt64: Row])? = nil
    do throws(Failure) {
      do throws(ELFLayout.Failure) { file = try ELFLayout(bytes) } catch { throw Failure(reason: error.reason) }
      guard let section = file.section(".debug_cu_index") else { throw Failure(reason: "has no .debug_cu_index") }
      index = try Self.readIndex(section, in: bytes, file: file)
      if let section = file.section(".debug_tu_index") {
        typeIndex = try Self.readIndex(section, in: bytes, file: file, name: ".debug_tu_index")
        guard typeIndex?.version == index.version else {
          throw Failure(reason: "has a .debug_tu_index of another version than its .debug_cu_index")
        }
      }
    } catch {
      munmap(mapped, size)
      throw error
    }
    self.file = file
    self.version = index.version
    self.rows = index.rows
    self.typeRows = typeIndex?.rows ?? [:]
    self.path = path
    self.api = api
    self.bytes = bytes
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
  }

  /// The DIE of the split compile unit whose id is `id`, from the `.dwo` file it is written out as.
  func splitUnit(id: UInt64) throws(Failure) -> Dwarf_Die {
    let dwarf: OpaquePointer
    if let known = opened[id] {
      dwarf = known.dwarf
    } else {
      guard let row = rows[id] else {
        throw Failure(reason: "has no unit of id 0x\(String(id, radix: 16)) (packaged from another build?)")
      }
      let unit = try open(row, what: "unit of id 0x\(String(id, radix: 16))")
      opened[id] = unit
      dwarf = unit.dwarf
    }
    // The image holds the one unit.
    guard let unit = Self.compileUnit(of: dwarf, api: api) else {
      throw Failure(reason: "has a unit of id 0x\(String(id, radix: 16)) that holds no compile unit")
    }
    return unit
  }

  /// Every type unit of the package: its unit DIE (`DW_TAG_type_unit`) and the DIE of the type it holds, by
  /// its signature, each written out as a file of its own.
  func typeUnits() throws(Failure) -> [(signature: UInt64, unit: Dwarf_Die, type: Dwarf_Die)] {
    var result: [(signature: UInt64, unit: Dwarf_Die, type: Dwarf_Die)] = []
    for signature in typeRows.keys.sorted() {
      guard let found = try typeUnit(signature: signature) else { continue }
      result.append((signature, found.unit, found.type))
    }
    return result
  }

  /// The type unit of signature `signature`: its unit DIE and its type's DIE; `nil` when the package has none.
  func typeUnit(signature: UInt64) throws(Failure) -> (unit: Dwarf_Die, type: Dwarf_Die)? {
    let what = "type unit of signature 0x\(String(signature, radix: 16))"
    let dwarf: OpaquePointer
    if let known = openedTypeUnits[signature] {
      dwarf = known.dwarf
    } else {
      guard let row = typeRows[signature] else { return nil }
      let unit = try open(row, what: what)
      openedTypeUnits[signature] = unit
      dwarf = unit.dwarf
    }
    if version == 2 {
      // DWARF 4's type unit, in .debug_types.dwo, which libdw's walk of units does not start from: found by
      // its header (length, version, abbreviations, address size, signature, the type's offset).
      guard let row = typeRows[signature], let types = row[2], let section = file.section(".debug_types.dwo"),
        types.size >= 23
      else { throw Failure(reason: "has a \(what) with no .debug_types.dwo") }
      let start = Int(section.offset + types.offset)
      let wide = file.number(bytes, at: start, size: 4) == 0xffff_ffff
      let headerSize = wide ? 39 : 23
      let typeOffset = file.number(bytes, at: start + headerSize - (wide ? 8 : 4), size: wide ? 8 : 4)
      var unit = Dwarf_Die()
      var type = Dwarf_Die()
      guard types.size >= headerSize, api.pointee.dwarf_offdie_types(dwarf, UInt64(headerSize), &unit) != nil,
        api.pointee.dwarf_offdie_types(dwarf, typeOffset, &type) != nil
      else { throw Failure(reason: "has a \(what) that holds no type unit") }
      return (unit, type)
    }
    // DW_UT_split_type 6 (DWARF 5).
    guard let unit = DwarfFile.walk(dwarf, api: api.pointee).first, unit.type == 6, unit.sub.addr != nil else {
      throw Failure(reason: "has a \(what) that holds no type unit")
    }
    return (unit.die, unit.sub)
  }

  /// A unit written out as a file in memory, opened by libdw.
  private func open(_ row: Row, what: String) throws(Failure) -> WrittenDwarf {
    let image = try unitImage(row)
    guard let written = WrittenDwarf(image, api: api) else {
      throw Failure(reason: "has a \(what) that libdw cannot read")
    }
    return written
  }

  /// The split compile unit's DIE among the units of a `.dwo` file (`DW_UT_split_compile` 5, or a compile
  /// unit 1 as libdw may report GNU's of DWARF 4), or `nil`.
  static func compileUnit(of dwarf: OpaquePointer, api: UnsafeMutablePointer<cv_dwarf_api>) -> Dwarf_Die? {
    DwarfFile.walk(dwarf, api: api.pointee).first { $0.type == 5 || $0.type == 1 }?.die
  }

  /// A signature as ``cv_dwarf_signature`` reads it (this machine's order) in the package's order.
  func signature(readInThisMachinesOrder value: UInt64) -> UInt64 {
    file.bigEndian ? value.byteSwapped : value
  }

  // MARK: The index

  /// DW_SECT_* of version 5 (version 2's are alike but for 2 `.debug_types.dwo`, 5 `.debug_loc.dwo`,
  /// 7 `.debug_macinfo.dwo` and 8 `.debug_macro.dwo`).
  private static func sectionName(_ id: UInt32, version: Int) -> String? {
    switch (id, version) {
    case (1, _): ".debug_info.dwo"
    case (2, 2): ".debug_types.dwo"
    case (3, _): ".debug_abbrev.dwo"
    case (4, _): ".debug_line.dwo"
    case (5, 2): ".debug_loc.dwo"
    case (5, _): ".debug_loclists.dwo"
    case (6, _): ".debug_str_offsets.dwo"
    case (8, 5): ".debug_rnglists.dwo"
    default: nil
    }
  }

  /// The index's version and rows: its header (version, section count, unit count, slot count), its hash
  /// table (the slots' ids, then their rows counted from 1), the section ids, then each row's offsets and
  /// each row's sizes.
  private static func readIndex(
    _ index: ELFLayout.Section, in bytes: UnsafeRawBufferPointer, file: ELFLayout, name: String = ".debug_cu_index"
  ) throws(Failure) -> (version: Int, rows: [UInt64: Row]) {
    let start = Int(index.offset)
    let end = start + Int(index.size)
    func number(_ at: Int, _ size: Int) throws(Failure) -> UInt64 {
      guard at >= start, at + size <= end else {
        throw Failure(reason: "has a \(name) of \(end - start) bytes, cut short before byte \(at - start)")
      }
      return file.number(bytes, at: at, size: size)
    }
    // Version 2 is a 4-byte word; version 5 a half word and a half word of padding.
    let version: Int
    if try number(start, 4) == 2 {
      version = 2
    } else if try number(start, 2) == 5 {
      version = 5
    } else {
      throw Failure(reason: "has a \(name) of version \(try number(start, 4)), not 2 or 5")
    }
    let sectionCount = Int(try number(start + 4, 4))
    let unitCount = Int(try number(start + 8, 4))
    let slotCount = Int(try number(start + 12, 4))
    // binutils' dwp writes an empty .debug_tu_index as all zeros.
    if sectionCount == 0, unitCount == 0, slotCount == 0 { return (version, [:]) }
    guard sectionCount > 0, sectionCount < 64, unitCount <= slotCount, slotCount < (end - start) / 12 + 1 else {
      throw Failure(
        reason: "has a \(name) of \(sectionCount) sections, \(unitCount) units and \(slotCount) slots")
    }
    let slots = start + 16
    let rowsOfSlots = slots + 8 * slotCount
    let sectionIDs = rowsOfSlots + 4 * slotCount
    let offsets = sectionIDs + 4 * sectionCount
    let sizes = offsets + 4 * sectionCount * unitCount
    var ids: [UInt32] = []
    for column in 0..<sectionCount { ids.append(UInt32(try number(sectionIDs + 4 * column, 4))) }
    var rows: [UInt64: Row] = [:]
    for slot in 0..<slotCount {
      let row = Int(try number(rowsOfSlots + 4 * slot, 4))
      guard row != 0 else { continue }
      guard row <= unitCount else {
        throw Failure(reason: "has a \(name) that names row \(row) of \(unitCount)")
      }
      let id = try number(slots + 8 * slot, 8)
      var contributions: Row = [:]
      for (column, section) in ids.enumerated() {
        let cell = 4 * ((row - 1) * sectionCount + column)
        contributions[section] = (try number(offsets + cell, 4), try number(sizes + cell, 4))
      }
      rows[id] = contributions
    }
    return (version, rows)
  }

  // MARK: A unit written out

  /// The `.dwo` file a unit was packaged from: its contribution to each section, and the strings its string
  /// offsets name, in a string table of their own (its offsets written again to point there).
  private func unitImage(_ row: Row) throws(Failure) -> [UInt8] {
    var sections: [(name: String, contents: [UInt8])] = []
    for (id, contribution) in row.sorted(by: { $0.key < $1.key }) {
      guard let name = Self.sectionName(id, version: version), id != 6 else { continue }
      sections.append((name, try slice(name, contribution)))
    }
    if let offsets = row[6] {
      let (table, strings) = try stringOffsets(try slice(".debug_str_offsets.dwo", offsets))
      sections.append((".debug_str_offsets.dwo", table))
      sections.append((".debug_str.dwo", strings))
    }
    if !sections.contains(where: { $0.name == ".debug_info.dwo" }) {
      // A type unit of DWARF 4 is in .debug_types.dwo; libdw reads a file only with a .debug_info.
      guard sections.contains(where: { $0.name == ".debug_types.dwo" }) else {
        throw Failure(reason: "has a unit with no .debug_info.dwo")
      }
      sections.append((".debug_info.dwo", []))
    }
    return file.image(sections)
  }

  private func slice(_ name: String, _ contribution: (offset: UInt64, size: UInt64)) throws(Failure) -> [UInt8] {
    guard let section = file.section(name) else { throw Failure(reason: "has no \(name)") }
    guard contribution.offset <= section.size, contribution.size <= section.size - contribution.offset else {
      throw Failure(
        reason: "has an index that puts a unit's \(name) at bytes \(contribution.offset) to "
          + "\(contribution.offset + contribution.size), past its \(section.size)")
    }
    let start = Int(section.offset + contribution.offset)
    return Array(bytes[start..<start + Int(contribution.size)])
  }

  /// A unit's string offsets (after the header version 5 writes: the length, the version and padding), each
  /// pointing at its string copied into a table of the unit's own.
  private func stringOffsets(_ table: [UInt8]) throws(Failure) -> (offsets: [UInt8], strings: [UInt8]) {
    guard let strings = file.section(".debug_str.dwo") else { throw Failure(reason: "has no .debug_str.dwo") }
    var headerSize = 0
    var entrySize = 4
    if version == 5, table.count >= 8 {
      let length = table.withUnsafeBytes { file.number($0, at: 0, size: 4) }
      if length == 0xffff_ffff {
        headerSize = 16
        entrySize = 8
      } else if Int(length) + 4 == table.count {
        headerSize = 8
      }
    }
    var offsets = Array(table[0..<min(headerSize, table.count)])
    var copied: [UInt8] = []
    var at = headerSize
    while at + entrySize <= table.count {
      let offset = table.withUnsafeBytes { file.number($0, at: at, size: entrySize) }
      guard offset < strings.size else {
        throw Failure(reason: "has a string offset \(offset) past its .debug_str.dwo of \(strings.size) bytes")
      }
      let first = Int(strings.offset + offset)
      let last = Int(strings.offset + strings.size)
      guard let nul = bytes[first..<last].firstIndex(of: 0) else {
        throw Failure(reason: "has a string at \(offset) of .debug_str.dwo with no end")
      }
      offsets += file.encode(UInt64(copied.count), size: entrySize)
      copied += bytes[first...nul]
      at += entrySize
    }
    return (offsets, copied)
  }
}
