/// A linked Mach-O file's debug map: the `N_OSO` stab entries the linker writes instead of DWARF, one per object
/// it linked, naming the object's path (absolute, or relative when linked with `-oso_prefix`; `lib.a(x.o)` for an
/// object of a static library) and its modification time when it was linked.
struct DebugMap {
  struct Object: Equatable {
    var path: String
    /// Seconds since 1970, 0 when the linker wrote none (`ZERO_AR_DATE`, reproducible links).
    var modificationTime: Int64
  }

  var objects: [Object]

  /// The debug map of `file`, empty when it has none (a symbol table without `N_OSO` entries, or none at all).
  init(_ file: MachOFile) throws(DWARFError) {
    objects = []
    guard let table = file.symbolTable, table.count > 0 else { return }
    let bytes = file.bytes.bytes
    let entrySize: UInt64 = file.is64 ? 16 : 12
    let (size, overflow) = table.count.multipliedReportingOverflow(by: entrySize)
    guard !overflow, table.symbols <= UInt64(bytes.count), size <= UInt64(bytes.count) - table.symbols,
      table.strings <= UInt64(bytes.count), table.stringsSize <= UInt64(bytes.count) - table.strings
    else {
      throw .malformed(
        DWARFLocation(file: file.path, section: "Mach-O symbol table", offset: table.symbols),
        "\(table.count) symbols and \(table.stringsSize) bytes of names that lie past the file's end")
    }
    let strings = UnsafeRawBufferPointer(rebasing: bytes[Int(table.strings)..<Int(table.strings + table.stringsSize)])
    var cursor = ByteCursor(
      bytes, at: Int(table.symbols), bigEndian: file.isBigEndian, section: SectionName(kind: .info, isSplit: false))
    var seen: Set<String> = []
    for _ in 0..<table.count {
      let name = Int(try cursor.u32())
      let type = try cursor.u8()
      try cursor.skip(3)  // n_sect, n_desc
      let value = file.is64 ? try cursor.u64() : UInt64(try cursor.u32())
      guard type == 0x66 else { continue }  // N_OSO
      guard name < strings.count else {
        throw .malformed(
          DWARFLocation(
            file: file.path, section: "Mach-O symbol table", offset: UInt64(cursor.offset - Int(entrySize))),
          "an N_OSO entry whose name is at \(name), past the \(strings.count) bytes of names")
      }
      let path = String(decoding: strings[name...].prefix { $0 != 0 }, as: UTF8.self)
      guard !path.isEmpty, seen.insert(path).inserted else { continue }
      objects.append(Object(path: path, modificationTime: Int64(bitPattern: value)))
    }
  }
}
