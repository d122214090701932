// The DWARF numbers the reader needs (DWARF 5, section 7), named as the standard names them.
enum Tag {
  static let arrayType: Int32 = 0x01
  static let classType: Int32 = 0x02
  static let lexicalBlock: Int32 = 0x0b
  static let enumerationType: Int32 = 0x04
  static let member: Int32 = 0x0d
  static let pointerType: Int32 = 0x0f
  static let referenceType: Int32 = 0x10
  static let structureType: Int32 = 0x13
  static let subroutineType: Int32 = 0x15
  static let typedef: Int32 = 0x16
  static let unionType: Int32 = 0x17
  static let inheritance: Int32 = 0x1c
  static let ptrToMemberType: Int32 = 0x1f
  static let namespace: Int32 = 0x39
  static let subrangeType: Int32 = 0x21
  static let baseType: Int32 = 0x24
  static let constType: Int32 = 0x26
  static let enumerator: Int32 = 0x28
  static let subprogram: Int32 = 0x2e
  static let volatileType: Int32 = 0x35
  static let restrictType: Int32 = 0x37
  static let rvalueReferenceType: Int32 = 0x42
  static let atomicType: Int32 = 0x47

  /// A C++ `class` is a struct whose members are private by default: the same record.
  static func isRecord(_ tag: Int32) -> Bool { tag == structureType || tag == classType || tag == unionType }
}

enum Attribute {
  static let byteSize: UInt32 = 0x0b
  static let language: UInt32 = 0x13
  static let bitOffset: UInt32 = 0x0c
  static let bitSize: UInt32 = 0x0d
  static let constValue: UInt32 = 0x1c
  static let defaultValue: UInt32 = 0x1e
  static let lowerBound: UInt32 = 0x22
  static let upperBound: UInt32 = 0x2f
  static let count: UInt32 = 0x37
  static let artificial: UInt32 = 0x34
  static let declaration: UInt32 = 0x3c
  static let specification: UInt32 = 0x47
  static let external: UInt32 = 0x3f
  static let virtuality: UInt32 = 0x4c
  static let encoding: UInt32 = 0x3e
  static let type: UInt32 = 0x49
  static let dataBitOffset: UInt32 = 0x6b
  static let signature: UInt32 = 0x69
  static let alignment: UInt32 = 0x88
  static let gnuVector: UInt32 = 0x2107
}

/// `DW_AT_language` values of C++ (`DW_LANG_C_plus_plus`, `_03`, `_11`, `_14`, and DWARF 6's `_17`, `_20`).
enum Language {
  static let cPlusPlus: Set<UInt64> = [0x04, 0x19, 0x1a, 0x21, 0x2a, 0x2b]
}

enum BaseEncoding {
  static let boolean: UInt64 = 0x02
  static let complexFloat: UInt64 = 0x03
  static let float: UInt64 = 0x04
  static let signed: UInt64 = 0x05
  static let signedChar: UInt64 = 0x06
  static let unsigned: UInt64 = 0x07
  static let unsignedChar: UInt64 = 0x08
  static let utf: UInt64 = 0x10
}

/// The forms a constant attribute is written in (DWARF 5, 7.5.6): the fixed-width `data` forms say nothing of
/// signedness, which the attribute's type decides.
enum Form {
  static let data2: Int32 = 0x05
  static let data4: Int32 = 0x06
  static let data8: Int32 = 0x07
  static let data1: Int32 = 0x0b
  static let sdata: Int32 = 0x0d
  static let udata: Int32 = 0x0f
  static let implicitConst: Int32 = 0x21

  /// The width in bits of a fixed-width constant form, `nil` for any other form.
  static func fixedWidth(_ form: Int32) -> Int? {
    switch form {
    case data1: return 8
    case data2: return 16
    case data4: return 32
    case data8: return 64
    default: return nil
    }
  }
}
