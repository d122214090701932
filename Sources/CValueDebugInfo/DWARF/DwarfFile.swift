internal import CDwarf

/// One file opened with libdwfl (relocations applied for `.o` files, separate debug files found by
/// build-id and debuglink), its DWARF, and its compile units.
final class DwarfFile {
  let libdw: LibDW
  let path: String
  /// The file `path` names, symbolic links followed (the executable's for `/proc/self/exe`): its `.dwp`
  /// package is beside it, and a message names it.
  let realPath: String
  let dwarf: OpaquePointer
  /// libdw's functions where C helpers can take them by pointer, for the life of the file.
  let api: UnsafeMutablePointer<cv_dwarf_api>
  private let session: OpaquePointer
  /// The `.dwp` package beside the file, opened at the first split unit libdw did not find (it reads packages
  /// only from elfutils 0.191): the package, none, or why it cannot be read.
  private var package: Result<DwarfPackage?, DwarfPackage.Failure>?
  /// The `.dwo` files read with their sections joined (``WrittenDwarf/joiningSections(of:api:)``), and those
  /// that need not be (`nil`), by path.
  private var joinedSplitFiles: [String: WrittenDwarf?] = [:]

  init(path: String, libdw: LibDW) throws(DebugInfoError) {
    let api = libdw.api
    self.libdw = libdw
    self.path = path
    self.realPath = DwarfPackage.realPath(of: path)
    let table = UnsafeMutablePointer<cv_dwarf_api>.allocate(capacity: 1)
    table.initialize(to: api)
    guard let session = cv_dwarf_begin(table, DebuginfodSwitch.isOn) else {
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
      if reason.lowercased().contains("no dwarf") {
        // It says the same of sections it cannot decompress.
        guard ELFSections.read(path)?.hasZstdDebugSection == true else { throw .noDebugInfo(path) }
        throw .unreadable(
          path,
          reason: "its debug sections are compressed with zstd, which this libdw (elfutils before 0.189) "
            + "cannot decompress: link with -gz=zlib (or none), or install a newer libdw1")
      }
      throw .unreadable(path, reason: reason)
    }
    self.api = table
    self.session = session
    self.dwarf = dwarf
  }

  deinit {
    // The units written out of a package or joined end before the table of libdw's functions goes.
    package = nil
    joinedSplitFiles = [:]
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
    /// A type unit (DWARF 4's `.debug_types`, DWARF 5's `DW_UT_type`): gcc's `-fdebug-types-section` moves
    /// each record there, and a compile unit refers to it by signature (`DW_FORM_ref_sig8`).
    var isTypeUnit: Bool
    /// Where its DIE is, for ``unit(at:)``.
    var location: Location

    /// Where a unit's DIE is: its offset in `.debug_info` or `.debug_types`, or in a split DWARF file, which
    /// only a walk of the skeleton units finds.
    struct Location: Equatable {
      enum Section: Int {
        case info = 0
        case types = 1
        case split = 2
      }
      var section: Section
      var offset: UInt64
    }
  }

  /// The unit whose DIE is at `location` in this file, named `name`, without walking the others; `nil` for a
  /// split unit or an offset that is no unit's.
  func unit(at location: Unit.Location, name: String, isTypeUnit: Bool) -> Unit? {
    let api = libdw.api
    var die = Dwarf_Die()
    switch location.section {
    case .info: guard api.dwarf_offdie(dwarf, location.offset, &die) != nil else { return nil }
    case .types: guard api.dwarf_offdie_types(dwarf, location.offset, &die) != nil else { return nil }
    case .split: return nil
    }
    // DW_TAG_compile_unit, _partial_unit, _type_unit, _skeleton_unit (0x11, 0x3c, 0x41, 0x4a).
    guard [0x11, 0x3c, 0x41, 0x4a].contains(api.dwarf_tag(&die)) else { return nil }
    return Unit(die: die, name: name, isTypeUnit: isTypeUnit, location: location)
  }

  /// The units of the file, and the split DWARF files its skeleton units name that libdw did not find.
  struct Units {
    var units: [Unit]
    /// Each as `comp_dir/dwo_name`, where the compiler wrote it, when a `.dwp` package does not hold it either.
    var missingSplitFiles: [String]
    /// Why the `.dwp` package beside the file did not give them ("sample.dwp has no unit of id 0x…"), when
    /// there is one.
    var package: String? = nil
  }

  /// Every compile and partial unit (a skeleton unit's split unit, from its `.dwo` or the `.dwp` package
  /// beside the file), then every type unit (the `.dwo` files' and the package's too): a compile unit's
  /// typedef of an anonymous record is read before a type unit's record that holds one, so that the record is
  /// named by its typedef.
  func units() -> Units {
    let api = libdw.api
    var result: [Unit] = []
    var missingSplitUnits: [String] = []
    var packageFailure: String? = nil
    var splitFiles: Set<OpaquePointer> = []
    for walked in Self.walk(dwarf, api: api) {
      var (unitType, die, split) = (walked.type, walked.die, walked.sub)
      // A skeleton unit (split DWARF, DW_UT_skeleton 4, DWARF 4's GNU form too): libdw found its split unit
      // in the .dwo file it names and gives its DIE (unless the file is gcc's with type units in COMDAT
      // sections, read here with its sections joined); else it is in the .dwp package beside the binary, or
      // missing.
      var section = Unit.Location.Section.info
      if unitType == 4 {
        if let joined = joinedSplitFile(splitUnitName(die)),
          let unit = DwarfPackage.compileUnit(of: joined.dwarf, api: self.api)
        {
          split = unit
        }
        if split.addr == nil {
          switch packagedUnit(of: walked.unit) {
          case .success(let packaged?): split = packaged
          case .success(nil): break
          case .failure(let failure):
            packageFailure = packageFailure ?? "\(realPath).dwp \(failure.reason)"
          }
        }
        guard split.addr != nil else {
          missingSplitUnits.append(splitUnitName(die))
          continue
        }
        // The type units of the .dwo file libdw found (clang's -fdebug-types-section), which the walk of
        // the binary's units does not reach.
        if let splitFile = api.dwarf_cu_getdwarf(split.cu), !splitFiles.contains(splitFile) {
          splitFiles.insert(splitFile)
          result += typeUnits(of: splitFile)
        }
        die = split
        unitType = 1
        section = .split
      } else if unitType == 2, walked.version < 5 {
        section = .types
      }
      // DW_UT_compile 1, DW_UT_type 2, DW_UT_partial 3 (libdw reports DWARF 4's units as 1 and 2 too).
      guard unitType == 1 || unitType == 2 || unitType == 3 else { continue }
      let offset = String(api.dwarf_dieoffset(&die), radix: 16)
      let name =
        unitType == 2
        ? "(type unit at 0x\(offset))" : api.dwarf_diename(&die).map { String(cString: $0) } ?? "(unit at 0x\(offset))"
      result.append(
        Unit(
          die: die, name: name, isTypeUnit: unitType == 2,
          location: .init(section: section, offset: api.dwarf_dieoffset(&die))))
    }
    // The package's type units (-fdebug-types-section), when its compile units were read from it.
    if case .success(let package?)? = package, package.hasTypeUnits,
      result.contains(where: { $0.location.section == .split })
    {
      do throws(DwarfPackage.Failure) {
        for typeUnit in try package.typeUnits() {
          var die = typeUnit.unit
          result.append(
            Unit(
              die: typeUnit.unit, name: "(type unit 0x\(String(typeUnit.signature, radix: 16)) of \(realPath).dwp)",
              isTypeUnit: true, location: .init(section: .split, offset: libdw.api.dwarf_dieoffset(&die))))
        }
      } catch {
        packageFailure = packageFailure ?? "\(realPath).dwp \(error.reason)"
        missingSplitUnits.append("\(realPath).dwp")
      }
    }
    return Units(
      units: result.filter { !$0.isTypeUnit } + result.filter(\.isTypeUnit), missingSplitFiles: missingSplitUnits,
      package: packageFailure)
  }

  /// One unit as `dwarf_get_units` gives it: its `Dwarf_CU`, its kind (`DW_UT_*`), its DIE, and the DIE it
  /// leads to (a skeleton's split unit, a type unit's type).
  struct WalkedUnit {
    var unit: OpaquePointer?
    var version: Dwarf_Half
    var type: UInt8
    var die: Dwarf_Die
    var sub: Dwarf_Die
  }

  /// The units of `dwarf` in order, as `dwarf_get_units` walks them.
  static func walk(_ dwarf: OpaquePointer, api: cv_dwarf_api) -> [WalkedUnit] {
    var result: [WalkedUnit] = []
    var unit: OpaquePointer? = nil
    while true {
      var next: OpaquePointer? = nil
      var version: Dwarf_Half = 0
      var unitType: UInt8 = 0
      var die = Dwarf_Die()
      var sub = Dwarf_Die()
      guard api.dwarf_get_units(dwarf, unit, &next, &version, &unitType, &die, &sub) == 0 else { return result }
      unit = next
      result.append(WalkedUnit(unit: next, version: version, type: unitType, die: die, sub: sub))
    }
  }

  /// The `.dwo` file at `path` with its sections joined, when it is gcc's with type units in COMDAT sections;
  /// once per file.
  private func joinedSplitFile(_ path: String) -> WrittenDwarf? {
    if let known = joinedSplitFiles[path] { return known }
    let joined = WrittenDwarf.joiningSections(of: path, api: api)
    joinedSplitFiles[path] = .some(joined)
    return joined
  }

  /// The type units of a split DWARF file (`DW_UT_split_type`), each named by its offset in it.
  private func typeUnits(of splitFile: OpaquePointer) -> [Unit] {
    // DW_UT_split_type 6; DW_UT_type 2, libdw's name for DWARF 4's units of .debug_types.dwo.
    Self.walk(splitFile, api: libdw.api).filter { $0.type == 6 || $0.type == 2 }.map { walked in
      var die = walked.die
      let offset = libdw.api.dwarf_dieoffset(&die)
      return Unit(
        die: die, name: "(type unit at 0x\(String(offset, radix: 16)) of a .dwo file)", isTypeUnit: true,
        location: .init(section: .split, offset: offset))
    }
  }

  /// The type DIE of the type unit of signature `signature` (`DW_FORM_ref_sig8`) in the `.dwp` package beside
  /// the file, which libdw does not follow to: `nil` when there is no package or it has no such unit.
  func packagedType(signature readInThisMachinesOrder: UInt64) -> Dwarf_Die? {
    guard case .success(let package?)? = package else { return nil }
    let signature = package.signature(readInThisMachinesOrder: readInThisMachinesOrder)
    return try? package.typeUnit(signature: signature)?.type
  }

  /// The split unit of the skeleton unit `skeleton` from the `.dwp` package beside the file (found by the
  /// skeleton's DWO id); `nil` when there is no package.
  private func packagedUnit(of skeleton: OpaquePointer?) -> Result<Dwarf_Die?, DwarfPackage.Failure> {
    if package == nil {
      do throws(DwarfPackage.Failure) {
        package = .success(try DwarfPackage(path: realPath + ".dwp", api: api))
      } catch {
        package = .failure(error)
      }
    }
    switch package {
    case .success(let opened?)?:
      var id: UInt64 = 0
      guard api.pointee.dwarf_cu_info(skeleton, nil, nil, nil, nil, &id, nil, nil) == 0 else {
        return .failure(.init(reason: "cannot be searched: libdw gives no DWO id for a skeleton unit"))
      }
      do throws(DwarfPackage.Failure) {
        return .success(try opened.splitUnit(id: id))
      } catch {
        return .failure(error)
      }
    case .failure(let failure)?: return .failure(failure)
    case .success(nil)?, nil: return .success(nil)
    }
  }

  /// The split DWARF file a skeleton unit names: `DW_AT_dwo_name` (DWARF 5) or `DW_AT_GNU_dwo_name` (DWARF 4),
  /// in its `DW_AT_comp_dir` when relative.
  private func splitUnitName(_ skeleton: Dwarf_Die) -> String {
    var die = skeleton
    let name =
      [UInt32(0x76), 0x2130].lazy.compactMap { cv_dwarf_string(self.api, &die, $0) }.first
      .map { String(cString: $0) } ?? "(a .dwo file)"
    guard !name.hasPrefix("/"), let directory = cv_dwarf_string(api, &die, 0x1b) else { return name }
    return String(cString: directory) + "/" + name
  }
}

extension DwarfFile.Units {
  /// A split build whose `.dwo` files are not where its skeleton units say: no type can be read from them.
  func checkSplitUnits(of file: DwarfFile) throws(DebugInfoError) {
    if !missingSplitFiles.isEmpty, !units.contains(where: { !$0.isTypeUnit }) {
      throw .missingSplitDebugInfo(file.realPath, files: missingSplitFiles, package: package)
    }
  }
}
