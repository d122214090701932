/// A string of a DWARF section (`.debug_str`, `.debug_line_str`, inline in a DIE), read where it is: no copy is
/// made until ``string`` is asked for.
package struct DWARFString: Hashable, Sendable, CustomStringConvertible, Comparable {
  let slice: ByteSlice

  /// Its bytes, without the NUL; valid while this value is held.
  package var bytes: UnsafeRawBufferPointer { slice.bytes }
  /// Its bytes decoded as UTF-8 (a byte that is not UTF-8 is U+FFFD).
  package var string: String { String(decoding: bytes, as: UTF8.self) }
  package var description: String { string }

  package static func == (left: DWARFString, right: DWARFString) -> Bool {
    left.bytes.elementsEqual(right.bytes)
  }

  package static func < (left: DWARFString, right: DWARFString) -> Bool {
    left.bytes.lexicographicallyPrecedes(right.bytes)
  }

  /// Whether its bytes are `text`'s UTF-8.
  package static func == (left: DWARFString, right: String) -> Bool {
    var right = right
    return right.withUTF8 { left.bytes.elementsEqual($0) }
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }
}

/// A block's bytes (`DW_FORM_block*`, `DW_FORM_data16`, an `exprloc`), where they are in the section.
package struct DWARFBlock: Hashable, Sendable {
  let slice: ByteSlice
  /// Where they start in their section.
  package let offset: UInt64

  /// The bytes; valid while this value is held.
  package var bytes: UnsafeRawBufferPointer { slice.bytes }

  package static func == (left: DWARFBlock, right: DWARFBlock) -> Bool { left.bytes.elementsEqual(right.bytes) }
  package func hash(into hasher: inout Hasher) { hasher.combine(bytes: bytes) }
}

/// Where a reference attribute points.
package enum DIEReference: Hashable, Sendable {
  /// `DW_FORM_ref1`…`ref8`, `ref_udata`: a DIE of the same unit, as an offset in the unit's section (the form's
  /// unit-relative offset plus the unit's).
  case unit(UInt64)
  /// `DW_FORM_ref_addr`: a DIE of any unit of the file, as an offset in `.debug_info`.
  case section(UInt64)
  /// `DW_FORM_ref_sig8`: the type of the type unit of this signature (of the file, its `.dwo` or its package).
  case signature(UInt64)
  /// `DW_FORM_ref_sup4`, `ref_sup8`, `GNU_ref_alt`: a DIE of the supplementary file (dwz's `.gnu_debugaltlink`,
  /// DWARF 5's `.debug_sup`), as an offset in its `.debug_info`.
  case supplementary(UInt64)
}

/// An attribute's value, decoded from its form: strings read from the string sections, references turned into
/// section offsets, string and address indexes through the unit's bases.
package enum AttributeValue: Hashable, Sendable {
  /// `DW_FORM_addr`.
  case address(UInt64)
  /// `DW_FORM_addrx*`, `GNU_addr_index`: an index into `.debug_addr` from the unit's address base
  /// (``DWARFUnit/address(index:)``).
  case addressIndex(UInt64)
  /// `DW_FORM_data1`…`data8`, `udata`: zero-extended (the form's width tells where the sign bit was).
  case constant(UInt64)
  /// `DW_FORM_sdata`, `implicit_const`.
  case signedConstant(Int64)
  case flag(Bool)
  case string(DWARFString)
  /// `DW_FORM_block*`, `data16`.
  case block(DWARFBlock)
  /// `DW_FORM_exprloc`: a DWARF expression (``Expression``).
  case expression(DWARFBlock)
  case reference(DIEReference)
  /// `DW_FORM_sec_offset`: an offset into another section (line table, location or range list).
  case sectionOffset(UInt64)
  /// `DW_FORM_loclistx`.
  case locationListIndex(UInt64)
  /// `DW_FORM_rnglistx`.
  case rangeListIndex(UInt64)

  /// A constant as an unsigned number: `constant`, or a `signedConstant`'s bits (as libdw's `dwarf_formudata`
  /// reads `DW_FORM_sdata`: an unsigned enumeration's constant written as -1 is all ones); `nil` for any other
  /// value.
  package var unsigned: UInt64? {
    switch self {
    case .constant(let value): value
    case .signedConstant(let value): UInt64(bitPattern: value)
    default: nil
    }
  }

  /// A constant as a signed number: `signedConstant`, or `constant`'s bits as they are (never sign-extended
  /// from a narrower form: the form says whether that is right).
  package var signed: Int64? {
    switch self {
    case .constant(let value): Int64(bitPattern: value)
    case .signedConstant(let value): value
    default: nil
    }
  }
}

/// An attribute of a DIE: its name, the form it is written in, and its value.
package struct Attribute: Hashable, Sendable {
  package var name: DWAttribute
  package var form: DWForm
  package var value: AttributeValue
  /// Where its value starts in the unit's section.
  package var offset: UInt64
}
