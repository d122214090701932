/// What a unit's header says that sizes its values: the version (DWARF 2's `DW_FORM_ref_addr` is an address),
/// the offset size (4 for 32-bit DWARF, 8 for 64-bit) and the address size.
struct UnitFormat: Hashable, Sendable {
  var version: UInt16
  var offsetSize: Int
  var addressSize: Int
}

extension DWForm {
  /// The size of a value of this form when it is the same for every value (0 for `flag_present` and
  /// `implicit_const`, which are in the abbreviation); `nil` when each value says its own.
  func fixedSize(_ format: UnitFormat) -> Int? {
    switch rawValue {
    case 0x0b, 0x11, 0x0c, 0x25, 0x29: 1  // data1, ref1, flag, strx1, addrx1
    case 0x05, 0x12, 0x26, 0x2a: 2  // data2, ref2, strx2, addrx2
    case 0x27, 0x2b: 3  // strx3, addrx3
    case 0x06, 0x13, 0x1c, 0x28, 0x2c: 4  // data4, ref4, ref_sup4, strx4, addrx4
    case 0x07, 0x14, 0x20, 0x24: 8  // data8, ref8, ref_sig8, ref_sup8
    case 0x1e: 16  // data16
    case 0x19, 0x21: 0  // flag_present, implicit_const
    case 0x01: format.addressSize  // addr
    case 0x10: format.version <= 2 ? format.addressSize : format.offsetSize  // ref_addr
    case 0x0e, 0x1f, 0x17, 0x1d, 0x1f20, 0x1f21: format.offsetSize  // strp, line_strp, sec_offset, strp_sup, alt
    default: nil
    }
  }

  /// Whether the reader knows how long a value of this form is.
  var isKnown: Bool {
    switch rawValue {
    case 0x01, 0x03...0x2c, 0x1f01, 0x1f02, 0x1f20, 0x1f21: true
    default: false
    }
  }
}

/// One attribute of an abbreviation: its name, its form, the value of an `implicit_const`, and where its value
/// starts when every value before it has a fixed size (`-1` when not), so that a lookup skips nothing.
struct AttributeSpec: Sendable {
  var name: DWAttribute
  var form: DWForm
  var implicitConstant: Int64
  var fixedOffset: Int32
}

/// One abbreviation: the tag, whether its DIEs have children, its attributes (a range of the table's
/// ``AbbreviationTable/specs``), and the size of all their values when it is fixed (`-1` when not).
struct Abbreviation: Sendable {
  var tag: DWTag
  var hasChildren: Bool
  var specs: Range<Int>
  var fixedSize: Int32
}

/// A unit's abbreviations (`.debug_abbrev` at the header's offset), parsed once per offset and format and
/// shared by every unit that names them.
final class AbbreviationTable: @unchecked Sendable {
  // @unchecked: the buffers are written in `init` only. They are buffers, not arrays, so that a walk reads them
  // through a unit without retaining and releasing them at every DIE.
  let abbreviations: UnsafeMutableBufferPointer<Abbreviation>
  let specs: UnsafeMutableBufferPointer<AttributeSpec>
  /// By code when codes are not 1, 2, 3… in order (as every compiler writes them).
  private let codes: [UInt64: Int]
  private let isDense: Bool

  /// The index in ``abbreviations`` of the abbreviation of `code`, `nil` when the table has none.
  @inline(__always)
  func index(of code: UInt64) -> Int? {
    if isDense { return code >= 1 && code <= UInt64(abbreviations.count) ? Int(code - 1) : nil }
    return codes[code]
  }

  /// The table at `offset` of `cursor`'s section: abbreviations until a code of 0 (or the section's end, which
  /// some producers leave as the end of the last table).
  init(_ cursor: ByteCursor, format: UnitFormat) throws(DWARFError) {
    var cursor = cursor
    var abbreviations: [Abbreviation] = []
    var specs: [AttributeSpec] = []
    var codes: [UInt64: Int] = [:]
    var isDense = true
    while !cursor.isAtEnd {
      let start = cursor.offset
      let code = try cursor.uleb()
      if code == 0 { break }
      let tag = try cursor.uleb()
      guard tag <= UInt64(UInt32.max) else {
        throw cursor.malformed("an abbreviation of tag 0x\(String(tag, radix: 16))", at: start)
      }
      let children = try cursor.u8()
      guard children <= 1 else {
        throw cursor.malformed("abbreviation \(code) says \(children) for whether it has children (0 or 1)", at: start)
      }
      let first = specs.count
      var fixed: Int32 = 0
      while true {
        let name = try cursor.uleb()
        let form = try cursor.uleb()
        if name == 0 && form == 0 { break }
        guard name <= UInt64(UInt32.max), form <= UInt64(UInt32.max) else {
          throw cursor.malformed(
            "abbreviation \(code) has an attribute 0x\(String(name, radix: 16)) of form 0x"
              + String(form, radix: 16), at: start)
        }
        let dwForm = DWForm(UInt32(form))
        let constant = dwForm == .implicitConst ? try cursor.sleb() : 0
        specs.append(
          .init(name: DWAttribute(UInt32(name)), form: dwForm, implicitConstant: constant, fixedOffset: fixed))
        if fixed >= 0, let size = dwForm.fixedSize(format) { fixed += Int32(size) } else { fixed = -1 }
      }
      if isDense, code != UInt64(abbreviations.count + 1) { isDense = false }
      if codes[code] == nil { codes[code] = abbreviations.count }
      abbreviations.append(
        Abbreviation(tag: DWTag(UInt32(tag)), hasChildren: children == 1, specs: first..<specs.count, fixedSize: fixed))
    }
    self.abbreviations = .allocate(capacity: abbreviations.count)
    _ = self.abbreviations.initialize(from: abbreviations)
    self.specs = .allocate(capacity: specs.count)
    _ = self.specs.initialize(from: specs)
    self.isDense = isDense
    self.codes = isDense ? [:] : codes
  }

  deinit {
    abbreviations.deallocate()
    specs.deallocate()
  }
}
