/// Why a value could not be registered, compared, described or parsed.
///
/// ```
/// the actual value has 12 bytes, but {CGPoint=dd} is 16 bytes
/// ```
public enum ValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The encoding or readable name does not parse.
  case encoding(EncodingError)
  /// The type's layout is unknown and the operation needs it (describing by fields, parsing a literal).
  case layoutUnknown(TypeEncoding, LayoutError)
  /// A buffer's size is not the type's size. `role` is `actual` or `expected` in a comparison, empty
  /// otherwise.
  case wrongSize(role: String, byteCount: Int, type: TypeEncoding, typeSize: Int)
  /// The two buffers of a byte comparison differ in size.
  case sizesDiffer(actual: Int, expected: Int)
  /// A Swift type's size is not the C type's size.
  case swiftTypeSize(swiftType: String, size: Int, type: TypeEncoding, typeSize: Int)
  /// A tolerance cannot be used (negative or not a number). `path` is empty for the call's tolerance.
  case invalidTolerance(String, at: FieldPath)
  /// A field tolerance names a field the type does not have.
  case unknownFieldPath(FieldPath, in: TypeEncoding)
  /// A registration gave neither a comparer nor a describer.
  case nothingToRegister(TypeEncoding)
  /// A value literal (a C initializer such as `{.x = 1.5, .y = -2}`) does not parse for the type: the
  /// problem, the field the failing part was meant for (empty for the value itself), the byte offset in
  /// the literal (UTF-8) and the literal.
  ///
  /// ```
  /// 300 does not fit in signed char at .x (offset 6 in "{.x = 300}")
  /// ```
  case literal(problem: String, path: FieldPath, offset: Int, literal: String)
  /// A Swift type that is not plain data (it holds references or needs copying logic), so its bytes are not
  /// a C value.
  case notPlainData(swiftType: String)
  /// A C function could not be registered as a comparer or describer.
  case cFunction(CFunctionError)
  /// A count of values that is negative, larger than ``CLayout/maximumSize``, or makes the byte count overflow.
  case invalidCount(Int)
  /// The C encoding of a Swift type could not be derived from what `Mirror` and `MemoryLayout` show: the
  /// reason names the bytes no visible field covers (a union, a bitfield, an anonymous member), or the
  /// evidence that the type is packed, and says what to do (register the layout, set the encoding, or
  /// import the C header).
  ///
  /// ```
  /// cannot derive the C encoding of cv_packed: the type is packed (__attribute__((packed)) or #pragma pack):
  /// .count is at offset 1, but Int32 aligns to 4; register its exact layout with …
  /// ```
  case cannotDerive(swiftType: String, reason: String)
  /// A Swift pointer or buffer pointer was given as the value of a C type that is not a pointer: its own
  /// bits are not the value it points to.
  case pointerValue(swiftType: String, type: TypeEncoding)
  /// A literal was to be parsed into a value larger than ``ValueType/maximumParsedSize`` bytes.
  case tooLargeToParse(TypeEncoding, size: Int, limit: Int)
  /// An ignored path or a field comparer names one element of an array (`.rows[2]`): these apply to
  /// every element, written `[*]` (`.rows[*]`).
  case pathThroughElement(FieldPath, in: TypeEncoding)
  /// A field comparer (``FieldComparer``) cannot compare the field at the path: its size is not the
  /// field's, or the field is not the pointer it needs.
  case comparerDoesNotFit(FieldPath, comparer: String, field: TypeEncoding, in: TypeEncoding)
  /// A union member rule (``UnionMember``) does not fit the type: the union's path as the rule gave it,
  /// and what is wrong there.
  ///
  /// ```
  /// cv_message: .body: no union there has a member "txt", nor an anonymous member holding it (members: text, number)
  /// ```
  case unionMember(path: FieldPath, problem: String, in: TypeEncoding)
  /// A field path's text does not parse (``FieldPath/init(parsing:)``): the text and the byte offset of the
  /// first character that does not fit.
  case invalidFieldPath(String, offset: Int)
  /// ``unionCast(_:to:)`` was asked to read a value as a type of another size: both Swift types by name and
  /// their sizes.
  case unionCastSizes(source: String, sourceSize: Int, target: String, targetSize: Int)

  /// One line a person can act on.
  public var description: String {
    switch self {
    case .encoding(let error): return error.description
    case .layoutUnknown(let type, let error): return "cannot lay out \(type.errorSpelling): \(error)"
    case .wrongSize(let role, let byteCount, let type, let typeSize):
      let subject = role.isEmpty ? "the value" : "the \(role) value"
      return
        "\(subject) has \(byteCount) \(byteCount == 1 ? "byte" : "bytes"), but \(type.errorSpelling) is \(typeSize) "
        + (typeSize == 1 ? "byte" : "bytes")
    case .sizesDiffer(let actual, let expected):
      return "the actual value has \(actual) bytes and the expected value \(expected)"
    case .swiftTypeSize(let swiftType, let size, let type, let typeSize):
      return "\(swiftType) is \(size) bytes, but \(type.errorSpelling) is \(typeSize) bytes"
        + (SwiftTypeSizeCause.advice(swiftType: swiftType, size: size, type: type, typeSize: typeSize) ?? "")
    case .invalidTolerance(let problem, let path):
      return path.components.isEmpty ? problem : "\(problem) (for \(path))"
    case .unknownFieldPath(let path, let type): return "\(type.errorSpelling) has no field \(path)"
    case .nothingToRegister(let type): return "a registration for \(type.errorSpelling) needs a comparer or a describer"
    case .literal(let problem, let path, let offset, let literal):
      return CaretDiagnostic(problem, at: path, offset: offset, in: literal).headline
    case .notPlainData(let swiftType):
      return "\(swiftType) is not plain data (it holds references, or copying it runs code, as copying a C++ "
        + "type with a std::string member does), so its bytes are not a C value: compare values of it through "
        + "pointers to them"
    case .cFunction(let error): return error.description
    case .pointerValue(let swiftType, let type):
      return
        "\(swiftType) is a pointer, but \(type.errorSpelling) is not a pointer type, so its bits are not the value; "
        + "compare the memory it points to with compare(pointers:_:) or compare(bytes:_:)"
    case .invalidCount(let count): return "invalid count of values: \(count)"
    // By its C name: an X11 XEvent's encoding is 4,000 characters, and the error is about one path in it.
    case .unionMember(_, let problem, let type):
      return "\(type.unqualified.record != nil ? type.errorName : type.errorSpelling): \(problem)"
    case .invalidFieldPath(let text, let offset):
      return "malformed field path \"\(text)\" at offset \(offset)"
    case .unionCastSizes(let source, let sourceSize, let target, let targetSize):
      func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
      return "cannot union-cast \(source) (\(bytes(sourceSize))) to \(target) (\(bytes(targetSize))): the sizes differ"
    case .pathThroughElement(let path, let type):
      return "\(type.errorSpelling): \(path) names one array element; ignored paths and field comparers apply to every "
        + "element, written [*]"
    case .comparerDoesNotFit(let path, let comparer, let field, let type):
      return "\(type.errorSpelling): the comparer \(comparer) does not fit \(path) (\(field.cTypeName))"
    case .tooLargeToParse(let type, let size, let limit):
      return "\(type.errorSpelling) is \(size) bytes, larger than the \(limit) bytes a literal is parsed into"
    case .cannotDerive(let swiftType, let reason):
      return "cannot derive the C encoding of \(swiftType): \(reason)"
    }
  }
}

extension ValueError {
  /// The literal's error with the literal and a caret under the offending byte, for terminals; `nil` for
  /// other errors.
  ///
  /// ```
  /// 300 does not fit in signed char at .x (offset 6 in "{.x = 300}")
  ///   {.x = 300}
  ///         ^
  /// ```
  public var caretDiagnostic: String? {
    switch self {
    case .literal(let problem, let path, let offset, let literal):
      return CaretDiagnostic(problem, at: path, offset: offset, in: literal).rendered
    case .invalidFieldPath(let text, let offset):
      return CaretDiagnostic.render(description, input: text, offset: offset)
    default: return nil
    }
  }
}

extension ValueLiteralError {
  /// The public form of the error.
  package var valueError: ValueError { .literal(problem: problem, path: path, offset: offset, literal: literal) }
}

extension UnionMemberError {
  /// The public form of the error, for a rule on `type`.
  package func valueError(in type: TypeEncoding) -> ValueError {
    .unionMember(path: path, problem: description, in: type)
  }
}

extension DerivationError {
  /// The public form of the error, for the Swift type named `swiftType`.
  package func valueError(swiftType: String) -> ValueError {
    .cannotDerive(swiftType: swiftType, reason: "\(problem); \(advice(for: swiftType))")
  }
}
