internal import CClang
import CValueKit

/// Reads records and typedefs from a translation unit and builds their encodings from clang's types: the
/// header source of the one import pass (`TypeReader`).
struct RecordReader: TypeReader {
  typealias Failure = HeaderImportError
  let unit: TranslationUnit
  private var api: cvi_clang_api { unit.clang.api }

  /// Every record read, by its canonical type, nested ones before the records that contain them.
  private var read = RecordsRead<TypeKey>()
  var records: [SourceRecord] { read.records }
  /// The enumerations read, by the type as declared (`enum tcp_state`, a typedef), so that an enum used
  /// by many members (Vulkan's `VkStructureType`, in every `sType`) is read once and its constants stored
  /// once.
  private var enumerationCache: [TypeKey: CEnumeration] = [:]

  init(unit: TranslationUnit) { self.unit = unit }

  // MARK: Declarations

  /// The top-level declarations in order: complete tagged records as `struct tag` / `union tag`, and
  /// typedefs by name, so that an anonymous record is first read under its typedef's name.
  func declarations() -> TypeDeclarations<CXType> {
    var result = TypeDeclarations<CXType>()
    var seen: Set<String> = []
    for cursor in children(of: api.getTranslationUnitCursor(unit.unit)) {
      let kind = api.getCursorKind(cursor)
      if kind == Int32(CVI_CXCursor_TypedefDecl) {
        let name = unit.clang.string(api.getCursorSpelling(cursor))
        let type = api.getCanonicalType(api.getTypedefDeclUnderlyingType(cursor))
        result.entries.append(.init(name: name, type: type, isTypedef: true))
      } else if kind == Int32(CVI_CXCursor_EnumDecl), api.isCursorDefinition(cursor) != 0 {
        // An enumeration by its tag, `enum dir`: a name for its integer, as a typedef is.
        let type = api.getCanonicalType(api.getCursorType(cursor))
        let tag = unit.clang.string(api.getCursorSpelling(cursor))
        guard !tag.isEmpty, unit.clang.string(api.getTypeSpelling(type)) == "enum \(tag)",
          seen.insert("enum \(tag)").inserted
        else { continue }
        result.entries.append(.init(name: "enum \(tag)", type: type, isTypedef: true))
      } else if kind == Int32(CVI_CXCursor_StructDecl) || kind == Int32(CVI_CXCursor_UnionDecl) {
        let type = api.getCanonicalType(api.getCursorType(cursor))
        guard let tag = tagName(of: type) else { continue }
        if api.isCursorDefinition(cursor) != 0 {
          if seen.insert(tag).inserted { result.entries.append(.init(name: tag, type: type, isTypedef: false)) }
          result.incomplete.remove(tag)
        } else if !seen.contains(tag) {
          result.incomplete.insert(tag)
        }
      }
    }
    return result
  }

  /// `struct tag` or `union tag` for a record type with a tag of its own, else `nil`.
  func tagName(of type: CXType) -> String? {
    let declaration = api.getTypeDeclaration(type)
    let keyword = api.getCursorKind(declaration) == Int32(CVI_CXCursor_UnionDecl) ? "union" : "struct"
    let tag = unit.clang.string(api.getCursorSpelling(declaration))
    guard !tag.isEmpty, unit.clang.string(api.getTypeSpelling(type)) == "\(keyword) \(tag)" else { return nil }
    return "\(keyword) \(tag)"
  }

  /// Whether a record type has a definition.
  func isComplete(_ type: CXType) -> Bool {
    api.Cursor_isNull(api.getCursorDefinition(api.getTypeDeclaration(type))) == 0
  }

  // MARK: Types

  /// The encoding of a canonical type, reading (and remembering) every record it holds by value.
  ///
  /// - Parameters:
  ///   - name: What to call the record when `type` is an anonymous one.
  ///   - place: The record and field path, for errors.
  mutating func encoding(of type: CXType, name: String, place: (record: String, field: String))
    throws(HeaderImportError) -> TypeEncoding
  {
    let size = Int(api.Type_getSizeOf(type))
    switch type.kind {
    case Int32(CVI_CXType_Bool): return .scalar(.bool)
    case Int32(CVI_CXType_Char_S), Int32(CVI_CXType_SChar), Int32(CVI_CXType_Short), Int32(CVI_CXType_Int),
      Int32(CVI_CXType_Long), Int32(CVI_CXType_LongLong), Int32(CVI_CXType_Int128), Int32(CVI_CXType_WChar):
      return try integer(signed: true, size: size, isLong: type.kind == Int32(CVI_CXType_Long), place: place)
    case Int32(CVI_CXType_Char_U), Int32(CVI_CXType_UChar), Int32(CVI_CXType_UShort), Int32(CVI_CXType_UInt),
      Int32(CVI_CXType_ULong), Int32(CVI_CXType_ULongLong), Int32(CVI_CXType_UInt128), Int32(CVI_CXType_Char16),
      Int32(CVI_CXType_Char32):
      return try integer(signed: false, size: size, isLong: type.kind == Int32(CVI_CXType_ULong), place: place)
    case Int32(CVI_CXType_Float): return .scalar(.float)
    case Int32(CVI_CXType_Double): return .scalar(.double)
    case Int32(CVI_CXType_LongDouble): return .scalar(.longDouble)
    case Int32(CVI_CXType_Half), Int32(CVI_CXType_Float16): return .scalar(.float16)
    case Int32(CVI_CXType_BFloat16): return .scalar(.bfloat16)
    // libclang 21 gives `__bf16` no type kind of its own (unexposed), only its spelling.
    case Int32(CVI_CXType_Unexposed) where unit.clang.string(api.getTypeSpelling(type)) == "__bf16":
      return .scalar(.bfloat16)
    case Int32(CVI_CXType_Void): return .scalar(.void)
    case Int32(CVI_CXType_Pointer), Int32(CVI_CXType_BlockPointer):
      return pointer(to: api.getCanonicalType(api.getPointeeType(type)))
    case Int32(CVI_CXType_ConstantArray), Int32(CVI_CXType_IncompleteArray):
      let count = type.kind == Int32(CVI_CXType_ConstantArray) ? Int(api.getArraySize(type)) : 0
      let element = try encoding(
        of: api.getCanonicalType(api.getArrayElementType(type)), name: name, place: place)
      return .array(count: count, element: element)
    case Int32(CVI_CXType_Enum):
      let integer = api.getCanonicalType(api.getEnumDeclIntegerType(api.getTypeDeclaration(type)))
      return try encoding(of: integer, name: name, place: place)
    case Int32(CVI_CXType_Complex):
      return .complex(try encoding(of: api.getCanonicalType(api.getElementType(type)), name: name, place: place))
    case Int32(CVI_CXType_Vector), Int32(CVI_CXType_ExtVector):
      let element = try encoding(of: api.getCanonicalType(api.getElementType(type)), name: name, place: place)
      return .vector(size: size, alignment: Int(api.Type_getAlignOf(type)), element: element)
    case Int32(CVI_CXType_Atomic):
      let value = try encoding(of: api.getCanonicalType(api.Type_getValueType(type)), name: name, place: place)
      return .qualified(.atomic, value)
    case Int32(CVI_CXType_Record):
      return try record(type, name: name, place: place)
    default:
      throw .unsupportedType(unit.clang.string(api.getTypeSpelling(type)), record: place.record, field: place.field)
    }
  }

  private func integer(signed: Bool, size: Int, isLong: Bool, place: (record: String, field: String))
    throws(HeaderImportError) -> TypeEncoding
  {
    guard let scalar = TypeEncoding.Scalar.integer(signed: signed, size: size, isLong: isLong) else {
      throw .unsupportedType("a \(size)-byte integer", record: place.record, field: place.field)
    }
    return .scalar(scalar)
  }

  /// A pointer as clang encodes it: `char *` as the C string `*`, anything else `^` and its pointee.
  private func pointer(to pointee: CXType) -> TypeEncoding {
    if pointee.kind == Int32(CVI_CXType_Char_S) || pointee.kind == Int32(CVI_CXType_Char_U) {
      return .scalar(.cString)
    }
    return .pointer(self.pointee(pointee))
  }

  /// What a pointer points to, as an encoding names it: records by tag only (never followed, so that
  /// self-referencing records end), functions as `?`.
  private func pointee(_ type: CXType) -> TypeEncoding {
    switch type.kind {
    case Int32(CVI_CXType_FunctionProto), Int32(CVI_CXType_FunctionNoProto): return .scalar(.unknown)
    case Int32(CVI_CXType_Record):
      let isUnion = api.getCursorKind(api.getTypeDeclaration(type)) == Int32(CVI_CXCursor_UnionDecl)
      let tag = tagName(of: type).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
      let record = TypeEncoding.Record(name: tag, fields: nil)
      return isUnion ? .union(record) : .structure(record)
    case Int32(CVI_CXType_Pointer), Int32(CVI_CXType_BlockPointer):
      return pointer(to: api.getCanonicalType(api.getPointeeType(type)))
    case Int32(CVI_CXType_ConstantArray), Int32(CVI_CXType_IncompleteArray):
      let count = type.kind == Int32(CVI_CXType_ConstantArray) ? Int(api.getArraySize(type)) : 0
      return .array(count: count, element: pointee(api.getCanonicalType(api.getArrayElementType(type))))
    default:
      var reader = self
      return (try? reader.encoding(of: type, name: "", place: ("", ""))) ?? .scalar(.unknown)
    }
  }

  /// The encoding of a record type, reading it (and the records it holds by value) the first time.
  private mutating func record(_ type: CXType, name: String, place: (record: String, field: String))
    throws(HeaderImportError) -> TypeEncoding
  {
    let key = TypeKey(type)
    if let known = read.encoding(of: key) { return known }
    let tag = tagName(of: type)
    let recordName = tag ?? name
    guard isComplete(type) else { throw .incompleteType(recordName) }
    let isUnion = api.getCursorKind(api.getTypeDeclaration(type)) == Int32(CVI_CXCursor_UnionDecl)
    var fields: [TypeEncoding.Field] = []
    var members: [SourceRecord.Member] = []
    var enumerations: [(member: String, enumeration: CEnumeration)] = []
    var holds: Set<String> = []
    for (position, field) in fieldCursors(of: type).enumerated() {
      let fieldType = api.getCanonicalType(api.getCursorType(field))
      let memberName = memberName(of: field, type: fieldType)
      if let memberName, let enumeration = cachedEnumeration(of: api.getCursorType(field)) {
        enumerations.append((memberName, enumeration))
      }
      let bitOffset = Int(api.Cursor_getOffsetOfField(field))
      let path = memberName.map { "." + $0 } ?? ""
      let fieldPlace = (record: recordName, field: path)
      if api.Cursor_isBitField(field) != 0 {
        let width = Int(api.getFieldDeclBitWidth(field))
        guard case .scalar(let declared) = try encoding(of: fieldType, name: "", place: fieldPlace) else {
          throw .unsupportedType(
            unit.clang.string(api.getTypeSpelling(fieldType)), record: recordName, field: path)
        }
        fields.append(
          .init(name: memberName, type: .bitfield(.init(bitOffset: bitOffset, declaredType: declared, width: width))))
        members.append(.init(name: memberName, bitOffset: bitOffset, bitWidth: width, size: 0))
      } else {
        let nestedName =
          memberName.map { "\(recordName).\($0)" } ?? "\(recordName) (\(anonymousMemberName(fieldType, position)))"
        let type = try encoding(of: fieldType, name: nestedName, place: fieldPlace)
        let held = heldRecord(fieldType)
        if let held { holds.insert(held) }
        fields.append(.init(name: memberName, type: type))
        // A flexible array member has no size in clang (an error code); it takes no bytes.
        let size = fieldType.kind == Int32(CVI_CXType_IncompleteArray) ? 0 : Int(api.Type_getSizeOf(fieldType))
        members.append(
          .init(
            name: memberName, bitOffset: bitOffset, bitWidth: nil, size: size,
            anonymousRecord: held.flatMap { read.nested.contains($0) ? $0 : nil }))
      }
    }
    // C has no members for unnamed bitfields: where nothing in the record is named, an encoding would make
    // them members (`.0`, `.1`), so they are left out, and their bits are padding of the size clang gives
    // (`struct bpf_timer { __u64 :64; __u64 :64; }`, an override of size 16, alignment 8, no members).
    let isBitfieldOnly = { (field: TypeEncoding.Field) in
      if field.name == nil, case .bitfield = field.type { true } else { false }
    }
    if !TypeEncoding.structure(TypeEncoding.Record(name: nil, fields: fields)).namesMembers,
      fields.contains(where: isBitfieldOnly)
    {
      let kept = fields.indices.filter { !isBitfieldOnly(fields[$0]) }
      fields = kept.map { fields[$0] }
      members = kept.map { members[$0] }
    }
    let body = TypeEncoding.Record(
      name: tag.map { String($0.split(separator: " ", maxSplits: 1)[1]) }, fields: fields)
    let encoding: TypeEncoding = isUnion ? .union(body) : .structure(body)
    let record = SourceRecord(
      name: recordName, encoding: encoding, size: Int(api.Type_getSizeOf(type)),
      alignment: Int(api.Type_getAlignOf(type)), members: members, isTagged: tag != nil, enumerations: enumerations,
      holds: holds)
    return read.keep(record, key: key, readFor: name, in: place.record)
  }

  /// The name of the record a value of `type` holds (itself, or its arrays' or `_Atomic`'s element), once read.
  func heldRecord(_ type: CXType) -> String? {
    var type = type
    while true {
      switch type.kind {
      case Int32(CVI_CXType_ConstantArray), Int32(CVI_CXType_IncompleteArray):
        type = api.getCanonicalType(api.getArrayElementType(type))
      case Int32(CVI_CXType_Atomic): type = api.getCanonicalType(api.Type_getValueType(type))
      case Int32(CVI_CXType_Record): return read.name(of: TypeKey(type))
      default: return nil
      }
    }
  }

  /// What an anonymous struct or union member is called in its record's name: by its first named member,
  /// which C makes unique in the enclosing record (`anonymous union with .buf_index`), else by position.
  private func anonymousMemberName(_ type: CXType, _ position: Int) -> String {
    let isUnion = api.getCursorKind(api.getTypeDeclaration(type)) == Int32(CVI_CXCursor_UnionDecl)
    var first: String?
    var record = type
    while first == nil, let field = fieldCursors(of: record).first {
      let fieldType = api.getCanonicalType(api.getCursorType(field))
      first = memberName(of: field, type: fieldType)
      guard fieldType.kind == Int32(CVI_CXType_Record) else { break }
      record = fieldType
    }
    return "anonymous \(isUnion ? "union" : "struct") " + (first.map { "with .\($0)" } ?? "at member \(position)")
  }

  /// The enumeration of a typedef's or `enum tag`'s type, when it is an enum (or an array of one).
  mutating func enumeration(of type: CXType) -> CEnumeration? { cachedEnumeration(of: type) }

  /// ``readEnumeration(of:)``, read once per enum type as declared.
  private mutating func cachedEnumeration(of declared: CXType) -> CEnumeration? {
    var type = declared
    while api.getCanonicalType(type).kind == Int32(CVI_CXType_ConstantArray) {
      type = api.getArrayElementType(type)
    }
    guard api.getCanonicalType(type).kind == Int32(CVI_CXType_Enum) else { return nil }
    let key = TypeKey(type)
    if let known = enumerationCache[key] { return known }
    let enumeration = readEnumeration(of: type)
    enumerationCache[key] = enumeration
    return enumeration
  }

  /// The enumeration of a member declared with an enum type, or an array of one: its constants in
  /// declaration order, named as the declaration names the type (`enum tcp_state`, a typedef), `nil` for
  /// an anonymous enum.
  private func readEnumeration(of declared: CXType) -> CEnumeration? {
    var type = declared
    while api.getCanonicalType(type).kind == Int32(CVI_CXType_ConstantArray) {
      type = api.getArrayElementType(type)
    }
    let canonical = api.getCanonicalType(type)
    guard canonical.kind == Int32(CVI_CXType_Enum) else { return nil }
    let constants = children(of: api.getTypeDeclaration(canonical))
      .filter { api.getCursorKind($0) == Int32(CVI_CXCursor_EnumConstantDecl) }
      .map {
        (
          name: unit.clang.string(api.getCursorSpelling($0)), value: api.getEnumConstantDeclValue($0)
        )
      }
    let spelling = unit.clang.string(api.getTypeSpelling(type))
    let isAnonymous = spelling.contains("(unnamed") || spelling.contains("(anonymous")
    return CEnumeration(name: isAnonymous ? nil : spelling, constants: constants)
  }

  /// A field's name, or `nil` for an unnamed bitfield or a C11 anonymous struct or union member (whose
  /// implicit field clang spells after its type, `union tcphdr::(anonymous at …)`).
  private func memberName(of field: CXCursor, type: CXType) -> String? {
    if type.kind == Int32(CVI_CXType_Record), api.Cursor_isAnonymousRecordDecl(api.getTypeDeclaration(type)) != 0 {
      return nil
    }
    let spelled = unit.clang.string(api.getCursorSpelling(field))
    return spelled.isEmpty ? nil : spelled
  }

  // MARK: Cursors

  func children(of cursor: CXCursor) -> [CXCursor] { gather { cvi_clang_children($0, cursor, $1) } }

  func fieldCursors(of type: CXType) -> [CXCursor] { gather { cvi_clang_fields($0, type, $1) } }

  private func gather(
    _ fill: (UnsafePointer<cvi_clang_api>, UnsafeMutablePointer<cvi_cursor_list>) -> Int32
  ) -> [CXCursor] {
    var list = cvi_cursor_list()
    defer { cvi_cursor_list_free(&list) }
    let complete = withUnsafePointer(to: api) { api in withUnsafeMutablePointer(to: &list) { fill(api, $0) } }
    precondition(complete != 0, "out of memory listing clang cursors")
    return Array(UnsafeBufferPointer(start: list.cursors, count: list.count))
  }
}

/// A type of the translation unit as libclang tells types apart (`clang_equalTypes` compares a `CXType`'s
/// two data words: clang's type pointer, qualifiers in its low bits, and the translation unit). clang
/// makes one type node per type, so a canonical type is the same type exactly when its key is the same.
/// It keys the reader's caches without asking libclang to spell the type (a string made and freed for
/// every member that holds a record or an enum).
private struct TypeKey: Hashable {
  let type: UInt
  let unit: UInt

  init(_ type: CXType) {
    self.type = UInt(bitPattern: type.data.0)
    self.unit = UInt(bitPattern: type.data.1)
  }
}
