/// A DIE's tag (`DW_TAG_*`): what it describes.
package struct DWTag: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  package var rawValue: UInt32
  package init(rawValue: UInt32) { self.rawValue = rawValue }
  package init(_ rawValue: UInt32) { self.rawValue = rawValue }
  package var description: String { "DW_TAG 0x\(String(rawValue, radix: 16))" }

  package static let arrayType = DWTag(0x01)
  package static let classType = DWTag(0x02)
  package static let enumerationType = DWTag(0x04)
  package static let member = DWTag(0x0d)
  package static let pointerType = DWTag(0x0f)
  package static let compileUnit = DWTag(0x11)
  package static let structureType = DWTag(0x13)
  package static let subroutineType = DWTag(0x15)
  package static let typedef = DWTag(0x16)
  package static let unionType = DWTag(0x17)
  package static let inheritance = DWTag(0x1c)
  package static let subrangeType = DWTag(0x21)
  package static let baseType = DWTag(0x24)
  package static let constType = DWTag(0x26)
  package static let enumerator = DWTag(0x28)
  package static let subprogram = DWTag(0x2e)
  package static let variable = DWTag(0x34)
  package static let volatileType = DWTag(0x35)
  package static let namespace = DWTag(0x39)
  package static let partialUnit = DWTag(0x3c)
  package static let typeUnit = DWTag(0x41)
  package static let skeletonUnit = DWTag(0x4a)
}

/// An attribute's name (`DW_AT_*`).
package struct DWAttribute: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  package var rawValue: UInt32
  package init(rawValue: UInt32) { self.rawValue = rawValue }
  package init(_ rawValue: UInt32) { self.rawValue = rawValue }
  package var description: String { "DW_AT 0x\(String(rawValue, radix: 16))" }

  package static let sibling = DWAttribute(0x01)
  package static let location = DWAttribute(0x02)
  package static let name = DWAttribute(0x03)
  package static let byteSize = DWAttribute(0x0b)
  package static let bitOffset = DWAttribute(0x0c)
  package static let bitSize = DWAttribute(0x0d)
  package static let stmtList = DWAttribute(0x10)
  package static let language = DWAttribute(0x13)
  package static let compDir = DWAttribute(0x1b)
  package static let constValue = DWAttribute(0x1c)
  package static let upperBound = DWAttribute(0x2f)
  package static let abstractOrigin = DWAttribute(0x31)
  package static let count = DWAttribute(0x37)
  package static let dataMemberLocation = DWAttribute(0x38)
  package static let declaration = DWAttribute(0x3c)
  package static let encoding = DWAttribute(0x3e)
  package static let specification = DWAttribute(0x47)
  package static let type = DWAttribute(0x49)
  package static let ranges = DWAttribute(0x55)
  package static let dataBitOffset = DWAttribute(0x6b)
  package static let signature = DWAttribute(0x69)
  package static let strOffsetsBase = DWAttribute(0x72)
  package static let addrBase = DWAttribute(0x73)
  package static let rnglistsBase = DWAttribute(0x74)
  package static let dwoName = DWAttribute(0x76)
  package static let loclistsBase = DWAttribute(0x8c)
  package static let gnuDwoName = DWAttribute(0x2130)
  package static let gnuDwoID = DWAttribute(0x2131)
  package static let gnuRangesBase = DWAttribute(0x2132)
  package static let gnuAddrBase = DWAttribute(0x2133)
}

/// How an attribute's value is written (`DW_FORM_*`).
package struct DWForm: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  package var rawValue: UInt32
  package init(rawValue: UInt32) { self.rawValue = rawValue }
  package init(_ rawValue: UInt32) { self.rawValue = rawValue }

  package static let addr = DWForm(0x01)
  package static let block2 = DWForm(0x03)
  package static let block4 = DWForm(0x04)
  package static let data2 = DWForm(0x05)
  package static let data4 = DWForm(0x06)
  package static let data8 = DWForm(0x07)
  package static let string = DWForm(0x08)
  package static let block = DWForm(0x09)
  package static let block1 = DWForm(0x0a)
  package static let data1 = DWForm(0x0b)
  package static let flag = DWForm(0x0c)
  package static let sdata = DWForm(0x0d)
  package static let strp = DWForm(0x0e)
  package static let udata = DWForm(0x0f)
  package static let refAddr = DWForm(0x10)
  package static let ref1 = DWForm(0x11)
  package static let ref2 = DWForm(0x12)
  package static let ref4 = DWForm(0x13)
  package static let ref8 = DWForm(0x14)
  package static let refUdata = DWForm(0x15)
  package static let indirect = DWForm(0x16)
  package static let secOffset = DWForm(0x17)
  package static let exprloc = DWForm(0x18)
  package static let flagPresent = DWForm(0x19)
  package static let strx = DWForm(0x1a)
  package static let addrx = DWForm(0x1b)
  package static let refSup4 = DWForm(0x1c)
  package static let strpSup = DWForm(0x1d)
  package static let data16 = DWForm(0x1e)
  package static let lineStrp = DWForm(0x1f)
  package static let refSig8 = DWForm(0x20)
  package static let implicitConst = DWForm(0x21)
  package static let loclistx = DWForm(0x22)
  package static let rnglistx = DWForm(0x23)
  package static let refSup8 = DWForm(0x24)
  package static let strx1 = DWForm(0x25)
  package static let strx2 = DWForm(0x26)
  package static let strx3 = DWForm(0x27)
  package static let strx4 = DWForm(0x28)
  package static let addrx1 = DWForm(0x29)
  package static let addrx2 = DWForm(0x2a)
  package static let addrx3 = DWForm(0x2b)
  package static let addrx4 = DWForm(0x2c)
  package static let gnuAddrIndex = DWForm(0x1f01)
  package static let gnuStrIndex = DWForm(0x1f02)
  package static let gnuRefAlt = DWForm(0x1f20)
  package static let gnuStrpAlt = DWForm(0x1f21)

  /// `DW_FORM_data1`, as the standard names it (`DW_FORM 0x…` for one it does not).
  package var description: String {
    Self.names[rawValue].map { "DW_FORM_" + $0 } ?? "DW_FORM 0x\(String(rawValue, radix: 16))"
  }

  private static let names: [UInt32: String] = [
    0x01: "addr", 0x03: "block2", 0x04: "block4", 0x05: "data2", 0x06: "data4", 0x07: "data8", 0x08: "string",
    0x09: "block", 0x0a: "block1", 0x0b: "data1", 0x0c: "flag", 0x0d: "sdata", 0x0e: "strp", 0x0f: "udata",
    0x10: "ref_addr", 0x11: "ref1", 0x12: "ref2", 0x13: "ref4", 0x14: "ref8", 0x15: "ref_udata", 0x16: "indirect",
    0x17: "sec_offset", 0x18: "exprloc", 0x19: "flag_present", 0x1a: "strx", 0x1b: "addrx", 0x1c: "ref_sup4",
    0x1d: "strp_sup", 0x1e: "data16", 0x1f: "line_strp", 0x20: "ref_sig8", 0x21: "implicit_const",
    0x22: "loclistx", 0x23: "rnglistx", 0x24: "ref_sup8", 0x25: "strx1", 0x26: "strx2", 0x27: "strx3",
    0x28: "strx4", 0x29: "addrx1", 0x2a: "addrx2", 0x2b: "addrx3", 0x2c: "addrx4", 0x1f01: "GNU_addr_index",
    0x1f02: "GNU_str_index", 0x1f20: "GNU_ref_alt", 0x1f21: "GNU_strp_alt",
  ]
}
