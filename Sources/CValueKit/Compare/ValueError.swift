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
  /// A value literal does not parse for the type.
  case literal(ValueLiteralError)
  /// A Swift type that is not plain data (it holds references or needs copying logic), so its bytes are not
  /// a C value.
  case notPlainData(swiftType: String)
  /// A C function could not be registered as a comparer or describer.
  case cFunction(CFunctionError)
  /// A count of values that is negative, larger than ``CLayout/maximumSize``, or makes the byte count overflow.
  case invalidCount(Int)
  /// The C encoding of a Swift type could not be derived; register it or pass the encoding explicitly.
  case cannotDerive(swiftType: String, DerivationError)
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
  /// A union member rule (``UnionMember``) does not fit the type.
  case unionMember(UnionMemberError, in: TypeEncoding)

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
    case .literal(let error): return error.description
    case .notPlainData(let swiftType):
      return "\(swiftType) is not plain data (it holds references), so its bytes are not a C value"
    case .cFunction(let error): return error.description
    case .pointerValue(let swiftType, let type):
      return
        "\(swiftType) is a pointer, but \(type.errorSpelling) is not a pointer type, so its bits are not the value; "
        + "compare the memory it points to with compare(pointers:_:) or compare(bytes:_:)"
    case .invalidCount(let count): return "invalid count of values: \(count)"
    // By its C name: an X11 XEvent's encoding is 4,000 characters, and the error is about one path in it.
    case .unionMember(let error, let type):
      return "\(type.unqualified.record != nil ? type.errorName : type.errorSpelling): \(error)"
    case .pathThroughElement(let path, let type):
      return "\(type.errorSpelling): \(path) names one array element; ignored paths and field comparers apply to every "
        + "element, written [*]"
    case .comparerDoesNotFit(let path, let comparer, let field, let type):
      return "\(type.errorSpelling): the comparer \(comparer) does not fit \(path) (\(field.cTypeName))"
    case .tooLargeToParse(let type, let size, let limit):
      return "\(type.errorSpelling) is \(size) bytes, larger than the \(limit) bytes a literal is parsed into"
    case .cannotDerive(let swiftType, let error):
      return "cannot derive the C encoding of \(swiftType): \(error.problem); \(error.advice(for: swiftType))"
    }
  }
}
