/// Skeleton units and their split units (`-gsplit-dwarf`): the skeleton in the linked file names its `.dwo` file
/// and carries the id (DWARF 5's header `dwo_id`, DWARF 4's `DW_AT_GNU_dwo_id`) that its split unit, in that
/// `.dwo` or in the `.dwp` package made from them, carries too.
extension DWARFUnit {
  /// The split DWARF file a skeleton names: `DW_AT_dwo_name` (DWARF 5) or `DW_AT_GNU_dwo_name` (DWARF 4), in its
  /// `DW_AT_comp_dir` when relative; `nil` for a unit that names none.
  package func splitFilePath() throws(DWARFError) -> String? {
    let root = try root()
    var name = try root.string(.dwoName)
    if name == nil { name = try root.string(.gnuDwoName) }
    guard let name else { return nil }
    guard !name.hasPrefix("/"), let directory = try root.string(.compDir) else { return name }
    return FilePath.join(directory, name)
  }
}

extension DWARF {
  /// The split compile unit of `skeleton` (a unit of the linked file's DWARF) in this `.dwo` file or `.dwp`
  /// package, found by the skeleton's id: `nil` when there is none of that id (a `.dwo` built again since the
  /// link, or a package of another build). Its address indexes read the skeleton's `.debug_addr`.
  package func splitUnit(of skeleton: DWARFUnit) throws(DWARFError) -> DWARFUnit? {
    guard let id = skeleton.dwoID else { return nil }
    let link = SkeletonLink(
      addresses: skeleton.dwarf.sections[.addr], addressBase: skeleton.addressBase ?? 0,
      isBigEndian: skeleton.isBigEndian)
    return try locating(path) { () throws(DWARFError) -> DWARFUnit? in
      if let package {
        guard let (offset, contributions) = package.compileUnit(dwoID: id) else { return nil }
        let header = try UnitHeader.read(sections, .info, at: offset)
        guard let range = contributions.info, header.end <= range.upperBound else {
          throw .malformed(
            DWARFLocation(section: sections.name(.info).description, offset: offset),
            "a unit longer than its contribution in the package's index")
        }
        return try makeUnit(header, contributions: contributions, skeleton: link)
      }
      for offset in try unitOffsets(in: .info) {
        let header = try UnitHeader.read(sections, .info, at: offset)
        guard header.kind == .splitCompile else { continue }
        let unit = try makeUnit(header, contributions: Contributions(), skeleton: link)
        if unit.dwoID == nil || unit.dwoID == id { return unit }
      }
      return nil
    }
  }

  /// The type units of this file (a `.dwo`'s or a package's among them): DWARF 4's `.debug_types` units, then
  /// DWARF 5's type units of `.debug_info`.
  package func typeUnits() throws(DWARFError) -> [DWARFUnit] {
    var result: [DWARFUnit] = []
    for section in [SectionKind.types, .info] where sections.has(section) {
      for offset in try unitOffsets(in: section) {
        let header = try locating(path) { () throws(DWARFError) in try UnitHeader.read(sections, section, at: offset) }
        guard header.kind.isTypeUnit else { continue }
        result.append(try unit(at: offset, in: section))
      }
    }
    return result
  }
}
