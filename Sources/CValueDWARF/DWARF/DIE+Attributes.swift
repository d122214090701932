/// The attribute readers the import uses, in the shapes it needs them: own or integrated (followed through
/// `DW_AT_abstract_origin` and `DW_AT_specification`, as libdw's `dwarf_attr_integrate`), references resolved to
/// DIEs of any unit, type unit or supplementary file.
extension DIE {
  /// How many `DW_AT_abstract_origin`/`DW_AT_specification` links an integrated read follows (libdw's limit).
  static let integrationLimit = 16

  /// The attribute `name` of this DIE or, when it has none, of the DIE its `DW_AT_abstract_origin` or
  /// `DW_AT_specification` names, followed on (at most 16 links): the attribute with the DIE that has it,
  /// whose unit its references are relative to.
  package func integratedAttribute(_ name: DWAttribute) throws(DWARFError) -> (attribute: Attribute, owner: DIE)? {
    var die = self
    for _ in 0...Self.integrationLimit {
      if let found = try die.attribute(name) { return (found, die) }
      var link = try die.attribute(.abstractOrigin)
      if link == nil { link = try die.attribute(.specification) }
      guard let link, case .reference(let reference) = link.value,
        let next = try die.unit.dwarf.die(for: reference, in: die.unit)
      else { return nil }
      die = next
    }
    return nil
  }

  /// The attribute `name`, integrated or this DIE's own.
  package func attribute(_ name: DWAttribute, integrating: Bool) throws(DWARFError) -> Attribute? {
    if integrating { return try integratedAttribute(name)?.attribute }
    return try attribute(name)
  }

  /// The DIE the reference attribute `name` names (`DW_AT_type`, `DW_AT_signature`, `DW_AT_specification`):
  /// `nil` when there is no such attribute, or it names a type signature no type unit of the file has (a
  /// package's: ``DebugInfoFile/typeDIE(signature:from:)``).
  ///
  /// - Throws: ``DWARFError/malformed(_:_:)`` when the attribute is no reference, or names no DIE.
  package func reference(_ name: DWAttribute, integrating: Bool = true) throws(DWARFError) -> DIE? {
    let found: (attribute: Attribute, owner: DIE)?
    if integrating {
      found = try integratedAttribute(name)
    } else {
      found = try attribute(name).map { ($0, self) }
    }
    guard let (attribute, owner) = found else { return nil }
    guard case .reference(let reference) = attribute.value else {
      throw .malformed(
        DWARFLocation(file: unit.dwarf.path, section: unit.sectionName.description, offset: attribute.offset),
        "\(name) of \(attribute.form), not a reference")
    }
    return try owner.unit.dwarf.die(for: reference, in: owner.unit)
  }

  /// The name (`DW_AT_name`, integrated as libdw's `dwarf_diename` reads it), `nil` when it has none.
  package func name() throws(DWARFError) -> String? {
    try nameBytes()?.string
  }

  /// The name as ``name()`` reads it, where it is in the string section: nothing is copied.
  package func nameBytes() throws(DWARFError) -> DWARFString? {
    let own = has(.name) ? try attribute(.name) : try integratedAttribute(.name)?.attribute
    guard case .string(let text)? = own?.value else { return nil }
    return text
  }

  /// A string attribute of this DIE itself (`DW_AT_name`, `DW_AT_comp_dir`, `DW_AT_dwo_name`), `nil` when it has
  /// none or it is not a string.
  package func string(_ name: DWAttribute) throws(DWARFError) -> String? {
    guard case .string(let text)? = try attribute(name)?.value else { return nil }
    return text.string
  }

  /// Whether a flag attribute of this DIE itself is present and true (`DW_FORM_flag_present`, or a `flag` of 1).
  package func flag(_ name: DWAttribute, integrating: Bool = false) throws(DWARFError) -> Bool {
    guard case .flag(let value)? = try attribute(name, integrating: integrating)?.value else { return false }
    return value
  }

  /// An unsigned constant attribute (integrated), `nil` when absent or not a constant.
  package func unsigned(_ name: DWAttribute, integrating: Bool = true) throws(DWARFError) -> UInt64? {
    try attribute(name, integrating: integrating)?.value.unsigned
  }

  /// Where a member is in its record, as `DW_AT_data_member_location` (integrated) says it.
  package enum MemberLocation: Equatable {
    /// A constant, or an expression of one `DW_OP_plus_uconst` or `DW_OP_constu` (gcc `-gdwarf-2`).
    case offset(UInt64)
    /// Any other expression (a virtual base's), or a location list: no offset a layout can hold.
    case computed
  }

  /// The member's `DW_AT_data_member_location`; `nil` when it has none (a union's member).
  package func dataMemberLocation() throws(DWARFError) -> MemberLocation? {
    guard let (attribute, owner) = try integratedAttribute(.dataMemberLocation) else { return nil }
    switch attribute.value {
    case .constant(let offset): return .offset(offset)
    case .signedConstant(let offset): return .offset(UInt64(bitPattern: offset))
    case .expression(let block), .block(let block):
      return try Expression(block, unit: owner.unit).constantOffset.map { .offset($0) } ?? .computed
    default: return .computed
    }
  }
}
