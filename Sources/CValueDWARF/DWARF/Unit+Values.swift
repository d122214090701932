#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Attribute values decoded from their forms, in a unit's context: its offset and address sizes, its string
/// offsets and address bases, the file's string sections and its supplementary file.
extension DWARFUnit {
  /// Moves `cursor` past a value of `form` (`DW_FORM_indirect` reads the form first).
  @inline(__always)
  static func skip(_ form: DWForm, _ cursor: inout ByteCursor, format: UnitFormat) throws(DWARFError) {
    if let size = form.fixedSize(format) {
      try cursor.skip(size)
      return
    }
    switch form.rawValue {
    // udata, sdata, refUdata, strx, addrx, loclistx, rnglistx, gnuAddrIndex, gnuStrIndex
    case 0x0f, 0x0d, 0x15, 0x1a, 0x1b, 0x22, 0x23, 0x1f01, 0x1f02:
      try cursor.skipLEB()
    // string
    case 0x08: _ = try cursor.cString()
    // block, exprloc
    case 0x09, 0x18: try cursor.skip(length: try cursor.uleb())
    // block1
    case 0x0a: try cursor.skip(length: UInt64(try cursor.u8()))
    // block2
    case 0x03: try cursor.skip(length: UInt64(try cursor.u16()))
    // block4
    case 0x04: try cursor.skip(length: UInt64(try cursor.u32()))
    // indirect
    case 0x16:
      let start = cursor.offset
      let inner = try cursor.uleb()
      guard inner != UInt64(DWForm.indirect.rawValue), inner != UInt64(DWForm.implicitConst.rawValue),
        inner <= UInt64(UInt32.max)
      else { throw cursor.malformed("DW_FORM_indirect names form 0x\(String(inner, radix: 16))", at: start) }
      try skip(DWForm(UInt32(inner)), &cursor, format: format)
    default: throw unknownForm(form, cursor)
    }
  }

  static func unknownForm(_ form: DWForm, _ cursor: ByteCursor) -> DWARFError {
    .unsupported(cursor.location(), "an attribute of \(form), a form this reader does not know")
  }

  /// The value of `spec` at `cursor`, which moves past it.
  func value(_ spec: AttributeSpec, _ cursor: inout ByteCursor) throws(DWARFError) -> Attribute {
    var form = spec.form
    if form == .indirect {
      let start = cursor.offset
      let inner = try cursor.uleb()
      guard inner != UInt64(DWForm.indirect.rawValue), inner != UInt64(DWForm.implicitConst.rawValue),
        inner <= UInt64(UInt32.max)
      else { throw cursor.malformed("DW_FORM_indirect names form 0x\(String(inner, radix: 16))", at: start) }
      form = DWForm(UInt32(inner))
    }
    let start = UInt64(cursor.offset)
    let value = try decode(form, spec, &cursor)
    return Attribute(name: spec.name, form: form, value: value, offset: start)
  }

  private func decode(_ form: DWForm, _ spec: AttributeSpec, _ cursor: inout ByteCursor) throws(DWARFError)
    -> AttributeValue
  {
    let offsetSize = header.offsetSize
    // Where the value starts, for errors about what it names.
    let start = cursor.offset
    // By number, not by the named constants: a switch over raw values is one jump, over the constants a
    // chain of comparisons.
    switch form.rawValue {
    // data1
    case 0x0b: return .constant(UInt64(try cursor.u8()))
    // data2
    case 0x05: return .constant(UInt64(try cursor.u16()))
    // data4
    case 0x06: return .constant(UInt64(try cursor.u32()))
    // data8
    case 0x07: return .constant(try cursor.u64())
    // udata
    case 0x0f: return .constant(try cursor.uleb())
    // sdata
    case 0x0d: return .signedConstant(try cursor.sleb())
    // implicitConst
    case 0x21: return .signedConstant(spec.implicitConstant)
    // flag
    case 0x0c: return .flag(try cursor.u8() != 0)
    // flagPresent
    case 0x19: return .flag(true)
    // ref1, ref2, ref4, ref8, refUdata
    case 0x11, 0x12, 0x13, 0x14, 0x15:
      let relative = form == .refUdata ? try cursor.uleb() : try cursor.unsigned(size: form.fixedSize(format) ?? 8)
      let (target, overflow) = header.offset.addingReportingOverflow(relative)
      guard !overflow else { throw cursor.malformed("a reference past any unit") }
      return .reference(.unit(target))
    // refAddr
    case 0x10: return .reference(.section(try cursor.unsigned(size: form.fixedSize(format) ?? offsetSize)))
    // refSig8
    case 0x20: return .reference(.signature(try cursor.u64()))
    // refSup4
    case 0x1c: return .reference(.supplementary(UInt64(try cursor.u32())))
    // refSup8
    case 0x24: return .reference(.supplementary(try cursor.u64()))
    // gnuRefAlt
    case 0x1f20: return .reference(.supplementary(try cursor.unsigned(size: offsetSize)))
    // string
    case 0x08:
      let range = try cursor.cString()
      return .string(DWARFString(slice: try sectionSlice(header.section, range)))
    // strp
    case 0x0e: return .string(try string(at: try cursor.unsigned(size: offsetSize), in: .str, of: dwarf))
    // lineStrp
    case 0x1f: return .string(try string(at: try cursor.unsigned(size: offsetSize), in: .lineStr, of: dwarf))
    // strpSup, gnuStrpAlt
    case 0x1d, 0x1f21:
      let offset = try cursor.unsigned(size: offsetSize)
      guard let supplementary = dwarf.supplementary else {
        throw .unsupported(
          cursor.location(start),
          "\(form), a string of the supplementary file (dwz's .gnu_debugaltlink), which is not open")
      }
      return .string(try string(at: offset, in: .str, of: supplementary))
    // strx, gnuStrIndex
    case 0x1a, 0x1f02: return .string(try string(index: try cursor.uleb(), cursor, at: start))
    // strx1, strx2, strx3, strx4
    case 0x25, 0x26, 0x27, 0x28:
      return .string(try string(index: try cursor.unsigned(size: form.fixedSize(format) ?? 4), cursor, at: start))
    // addr
    case 0x01: return .address(try cursor.unsigned(size: header.addressSize))
    // addrx, gnuAddrIndex
    case 0x1b, 0x1f01: return .addressIndex(try cursor.uleb())
    // addrx1, addrx2, addrx3, addrx4
    case 0x29, 0x2a, 0x2b, 0x2c:
      return .addressIndex(try cursor.unsigned(size: form.fixedSize(format) ?? 4))
    // secOffset
    case 0x17: return .sectionOffset(try cursor.unsigned(size: offsetSize))
    // loclistx
    case 0x22: return .locationListIndex(try cursor.uleb())
    // rnglistx
    case 0x23: return .rangeListIndex(try cursor.uleb())
    // exprloc
    case 0x18: return .expression(try block(length: try cursor.uleb(), &cursor))
    // block
    case 0x09: return .block(try block(length: try cursor.uleb(), &cursor))
    // block1
    case 0x0a: return .block(try block(length: UInt64(try cursor.u8()), &cursor))
    // block2
    case 0x03: return .block(try block(length: UInt64(try cursor.u16()), &cursor))
    // block4
    case 0x04: return .block(try block(length: UInt64(try cursor.u32()), &cursor))
    // data16
    case 0x1e: return .block(try block(length: 16, &cursor))
    default: throw Self.unknownForm(form, cursor)
    }
  }

  private func block(length: UInt64, _ cursor: inout ByteCursor) throws(DWARFError) -> DWARFBlock {
    let start = cursor.offset
    try cursor.skip(length: length)
    return DWARFBlock(slice: try sectionSlice(header.section, start..<cursor.offset), offset: UInt64(start))
  }

  private func sectionSlice(_ kind: SectionKind, _ range: Range<Int>) throws(DWARFError) -> ByteSlice {
    guard let section = dwarf.sections[kind],
      let slice = section.slice(UInt64(range.lowerBound)..<UInt64(range.upperBound))
    else {
      throw .malformed(
        DWARFLocation(section: sectionName.description, offset: UInt64(range.lowerBound)), "bytes past the section")
    }
    return slice
  }

  /// The string at `offset` of `dwarf`'s section of `kind` (`.debug_str`, `.debug_line_str`).
  private func string(at offset: UInt64, in kind: SectionKind, of dwarf: DWARF) throws(DWARFError) -> DWARFString {
    let section = kind == .str && dwarf === self.dwarf ? strings : dwarf.sections[kind]
    guard let section, offset < UInt64(section.count) else {
      throw .malformed(
        DWARFLocation(file: dwarf.path, section: dwarf.sections.name(kind).description, offset: offset),
        section == nil
          ? "a string of a section the file does not have"
          : "a string past the section's end (\(section?.count ?? 0) bytes)")
    }
    let bytes = section.bytes
    guard let base = bytes.baseAddress, let nul = memchr(base + Int(offset), 0, bytes.count - Int(offset)) else {
      throw .malformed(
        DWARFLocation(file: dwarf.path, section: dwarf.sections.name(kind).description, offset: offset),
        "a string with no terminating NUL before the end of the section")
    }
    let start = section.range.lowerBound + Int(offset)
    return DWARFString(
      slice: ByteSlice(storage: section.storage, range: start..<start + (UnsafeRawPointer(nul) - (base + Int(offset)))))
  }

  /// The string an index names through `.debug_str_offsets` from the unit's base.
  private func string(index: UInt64, _ cursor: ByteCursor, at start: Int) throws(DWARFError) -> DWARFString {
    let size = UInt64(header.offsetSize)
    let table = dwarf.sections[.strOffsets]
    let (scaled, overflow) = index.multipliedReportingOverflow(by: size)
    let (entry, past) = stringOffsetsBase.addingReportingOverflow(scaled)
    guard let table, !overflow, !past, entry <= UInt64(table.count), size <= UInt64(table.count) - entry else {
      throw cursor.malformed(
        "string index \(index) past \(dwarf.sections.name(.strOffsets)) (base 0x\(String(stringOffsetsBase, radix: 16)), "
          + "\(table?.count ?? 0) bytes)", at: start)
    }
    var entryCursor = dwarf.sections.cursor(.strOffsets, at: Int(entry))
    return try string(at: try entryCursor.unsigned(size: Int(size)), in: .str, of: dwarf)
  }

  /// The address an `addrx` value names in `.debug_addr` (a split unit's: its skeleton's file's), from the unit's
  /// address base.
  ///
  /// - Throws: ``DWARFError/malformed(_:_:)`` when the unit has no base or the index is past the section.
  package func address(index: UInt64) throws(DWARFError) -> UInt64 {
    let size = UInt64(header.addressSize)
    let section = skeleton?.addresses ?? dwarf.sections[.addr]
    let base = addressBase ?? (header.version >= 5 ? 8 : 0)
    let (scaled, overflow) = index.multipliedReportingOverflow(by: size)
    let (entry, past) = base.addingReportingOverflow(scaled)
    guard let section, !overflow, !past, entry <= UInt64(section.count), size <= UInt64(section.count) - entry else {
      throw .malformed(
        DWARFLocation(file: dwarf.path, section: ".debug_addr", offset: base),
        "address index \(index) past the section (\(section?.count ?? 0) bytes)")
    }
    var cursor = ByteCursor(
      section.bytes, at: Int(entry), bigEndian: skeleton?.isBigEndian ?? isBigEndian,
      section: SectionName(kind: .addr, isSplit: false))
    return try cursor.unsigned(size: Int(size))
  }
}
