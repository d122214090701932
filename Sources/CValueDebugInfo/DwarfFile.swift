internal import CDwarf

/// One file opened with libdwfl (relocations applied for `.o` files, separate debug files found by
/// build-id and debuglink), its DWARF, and its compile units.
final class DwarfFile {
  let libdw: LibDW
  let path: String
  let dwarf: OpaquePointer
  /// libdw's functions where C helpers can take them by pointer, for the life of the file.
  let api: UnsafeMutablePointer<cv_dwarf_api>
  private let session: OpaquePointer

  init(path: String, libdw: LibDW) throws(DebugInfoError) {
    let api = libdw.api
    self.libdw = libdw
    self.path = path
    let table = UnsafeMutablePointer<cv_dwarf_api>.allocate(capacity: 1)
    table.initialize(to: api)
    guard let session = cv_dwarf_begin(table) else {
      table.deallocate()
      throw .unreadable(path, reason: Self.dwflMessage(api))
    }
    guard let module = api.dwfl_report_offline(session, path, path, -1) else {
      let reason = Self.dwflMessage(api)
      api.dwfl_end(session)
      table.deallocate()
      throw .unreadable(path, reason: reason)
    }
    _ = api.dwfl_report_end(session, nil, nil)
    var bias: Dwarf_Addr = 0
    guard let dwarf = api.dwfl_module_getdwarf(module, &bias) else {
      let reason = Self.dwflMessage(api)
      api.dwfl_end(session)
      table.deallocate()
      // libdwfl's message for a file without DWARF; any other is a file it could not read.
      if reason.lowercased().contains("no dwarf") { throw .noDebugInfo(path) }
      throw .unreadable(path, reason: reason)
    }
    self.api = table
    self.session = session
    self.dwarf = dwarf
  }

  deinit {
    libdw.api.dwfl_end(session)
    api.deallocate()
  }

  private static func dwflMessage(_ api: cv_dwarf_api) -> String {
    api.dwfl_errmsg(api.dwfl_errno()).map { String(cString: $0) } ?? "unknown libdwfl error"
  }

  /// A compile unit's top DIE and its name (`DW_AT_name`, the source file).
  struct Unit {
    var die: Dwarf_Die
    var name: String
  }

  /// Every compile and partial unit (type units' types are reached through references).
  func units() -> [Unit] {
    let api = libdw.api
    var result: [Unit] = []
    var unit: OpaquePointer? = nil
    while true {
      var next: OpaquePointer? = nil
      var version: Dwarf_Half = 0
      var unitType: UInt8 = 0
      var die = Dwarf_Die()
      guard api.dwarf_get_units(dwarf, unit, &next, &version, &unitType, &die, nil) == 0 else { break }
      unit = next
      // DW_UT_compile 1, DW_UT_partial 3 (DWARF 4 units report 1 too); type and skeleton units are not walked.
      guard unitType == 1 || unitType == 3 else { continue }
      let name =
        api.dwarf_diename(&die).map { String(cString: $0) }
        ?? "(unit at 0x\(String(api.dwarf_dieoffset(&die), radix: 16)))"
      result.append(Unit(die: die, name: name))
    }
    return result
  }
}
