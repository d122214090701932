/// A DWARF expression (`DW_FORM_exprloc`, or a block of DWARF 2–3), decoded into its operations: every standard
/// operation's operands sized as the standard says, so that any expression is read to its end. The import reads
/// one: `DW_AT_data_member_location` as gcc `-gdwarf-2` writes it, `DW_OP_plus_uconst n`.
package struct Expression {
  /// One operation: its opcode (`DW_OP_*`) and up to two operands as numbers (a block operand's length).
  package struct Operation: Equatable, Sendable {
    package var opcode: UInt8
    package var operands: [UInt64]
    /// Where it starts, from the expression's start.
    package var offset: Int
  }

  package let operations: [Operation]

  /// `DW_OP_plus_uconst`, which adds its operand to the structure's address.
  package static let plusUconst: UInt8 = 0x23
  /// `DW_OP_constu`, its operand itself.
  package static let constu: UInt8 = 0x10

  /// The operations of `block`, read in `unit`'s byte order and address and offset sizes.
  ///
  /// - Throws: ``DWARFError/malformed(_:_:)`` for an opcode no DWARF version defines, or an operand cut short.
  package init(_ block: DWARFBlock, unit: DWARFUnit) throws(DWARFError) {
    var cursor = ByteCursor(block.bytes, bigEndian: unit.isBigEndian, section: unit.sectionName)
    var operations: [Operation] = []
    do throws(DWARFError) {
      while !cursor.isAtEnd {
        let start = cursor.offset
        let opcode = try cursor.u8()
        operations.append(
          Operation(opcode: opcode, operands: try Self.operands(opcode, &cursor, unit: unit), offset: start))
      }
    } catch {
      // Offsets in the expression become offsets in the section.
      throw Self.shifted(error, by: block.offset).located(in: unit.dwarf.path)
    }
    self.operations = operations
  }

  /// The constant an expression of one `DW_OP_plus_uconst` or `DW_OP_constu` adds, `nil` for any other.
  package var constantOffset: UInt64? {
    guard operations.count == 1, operations[0].opcode == Self.plusUconst || operations[0].opcode == Self.constu else {
      return nil
    }
    return operations[0].operands.first
  }

  private static func shifted(_ error: DWARFError, by offset: UInt64) -> DWARFError {
    switch error {
    case .truncated(var location, let needed):
      location.offset += offset
      return .truncated(location, needed: needed)
    case .malformed(var location, let reason):
      location.offset += offset
      return .malformed(location, reason)
    default: return error
    }
  }

  /// The operands of `opcode`, as the standard (and GNU's extensions) size them.
  private static func operands(_ opcode: UInt8, _ cursor: inout ByteCursor, unit: DWARFUnit) throws(DWARFError)
    -> [UInt64]
  {
    let offsetSize = unit.header.offsetSize
    switch opcode {
    case 0x03: return [try cursor.unsigned(size: unit.header.addressSize)]  // addr
    case 0x08, 0x15, 0x94, 0x95: return [UInt64(try cursor.u8())]  // const1u, pick, deref_size, xderef_size
    case 0x09: return [UInt64(bitPattern: Int64(Int8(bitPattern: try cursor.u8())))]  // const1s
    case 0x0a, 0x98: return [UInt64(try cursor.u16())]  // const2u, call2
    // const2s, bra, skip
    case 0x0b, 0x28, 0x2f: return [UInt64(bitPattern: Int64(Int16(bitPattern: try cursor.u16())))]
    case 0x0c, 0x99, 0xfa: return [UInt64(try cursor.u32())]  // const4u, call4, GNU_parameter_ref
    case 0x0d: return [UInt64(bitPattern: Int64(Int32(bitPattern: try cursor.u32())))]  // const4s
    case 0x0e, 0x0f: return [try cursor.u64()]  // const8u, const8s
    // constu, plus_uconst, regx, piece, addrx, constx, convert, reinterpret, and GNU's forms of the last four.
    case 0x10, 0x23, 0x90, 0x93, 0xa1, 0xa2, 0xa8, 0xa9, 0xf7, 0xf9, 0xfb, 0xfc: return [try cursor.uleb()]
    case 0x11, 0x70...0x8f, 0x91: return [UInt64(bitPattern: try cursor.sleb())]  // consts, breg0–31, fbreg
    case 0x92: return [try cursor.uleb(), UInt64(bitPattern: try cursor.sleb())]  // bregx
    case 0x9d, 0xa5, 0xf5: return [try cursor.uleb(), try cursor.uleb()]  // bit_piece, regval_type
    case 0x9a, 0xfd: return [try cursor.unsigned(size: offsetSize)]  // call_ref, GNU_variable_value
    case 0x9e, 0xa3, 0xf3:  // implicit_value, entry_value: a length and that many bytes
      let length = try cursor.uleb()
      try cursor.skip(length: length)
      return [length]
    case 0xa0, 0xf2: return [try cursor.unsigned(size: offsetSize), UInt64(bitPattern: try cursor.sleb())]
    case 0xa4, 0xf4:  // const_type: a type, then a size and that many bytes
      let type = try cursor.uleb()
      let size = try cursor.u8()
      try cursor.skip(Int(size))
      return [type, UInt64(size)]
    case 0xa6, 0xa7, 0xf6: return [UInt64(try cursor.u8()), try cursor.uleb()]  // deref_type, xderef_type
    // deref, the stack and arithmetic operations, lit0–31, reg0–31, nop, push_object_address,
    // form_tls_address, call_frame_cfa, stack_value, GNU_push_tls_address, GNU_uninit.
    case 0x06, 0x12...0x14, 0x16...0x27, 0x29...0x2e, 0x30...0x6f, 0x96, 0x97, 0x9b, 0x9c, 0x9f, 0xe0, 0xf0:
      return []
    default:
      throw cursor.malformed(
        "an expression with opcode 0x\(String(opcode, radix: 16)), which this reader does not know")
    }
  }
}
