/// A C function's signature checked against the values it is registered for: which arguments take the
/// value and whether by value or by pointer, and what the return type is.
struct CFunctionSignature {
  /// How an argument receives a value being compared or described.
  enum Passing: Equatable {
    case byValue
    case byPointer
  }

  /// An integer-like return value: its size and whether it is signed.
  struct IntegerReturn: Equatable {
    var size: Int
    var isSigned: Bool
  }

  let function: CFunction
  let text: String
  let returnType: TypeEncoding
  let arguments: [TypeEncoding]
  let valueType: TypeEncoding

  /// Parses `text` (return type first, then the arguments, no frame offsets) for a function registered for
  /// values of `valueType`.
  init(_ text: String, function: CFunction, valueType: TypeEncoding) throws(CFunctionError) {
    let signature: MethodSignature
    do throws(EncodingError) { signature = try MethodSignature(text) } catch { throw .signature(error) }
    guard ([signature.returnType] + signature.arguments).allSatisfy({ $0.frameOffset == nil }) else {
      throw .frameOffsetsInSignature(text)
    }
    self.function = function
    self.text = text
    self.returnType = signature.returnType.type
    self.arguments = signature.arguments.map(\.type)
    self.valueType = valueType
  }

  /// Refuses a signature whose argument count is not one of `counts`.
  func requireArity(_ counts: [Int], role: String) throws(CFunctionError) {
    guard counts.contains(arguments.count) else {
      let expected = counts.map(String.init).joined(separator: " or ")
      throw .arity(function: function.name, role: role, expected: expected, found: arguments.count)
    }
  }

  /// How argument `index` (from 0) takes the value: the value's own type, or a pointer to it (`^v` points to
  /// anything, as `memcmp`'s arguments do).
  func passing(ofArgument index: Int) throws(CFunctionError) -> Passing {
    let argument = arguments[index]
    if Self.names(argument, valueType) { return .byValue }
    if case .pointer(let pointee) = argument.unqualified {
      if Self.names(pointee, valueType) || pointee.unqualified == .scalar(.void) { return .byPointer }
    }
    throw .argumentMismatch(
      function: function.name, position: index + 1, found: argument,
      expected: "the values are \(valueType): pass the value or a pointer to it")
  }

  /// The integer-like return type, or an error saying that `role` needs one.
  func integerReturn(role: String) throws(CFunctionError) -> IntegerReturn {
    guard let integer = Self.integer(returnType) else {
      throw .unusableReturn(function: function.name, found: returnType, expected: "\(role) returns bool or an integer")
    }
    return integer
  }

  /// Whether argument `index` is an integer, and which.
  func integerArgument(_ index: Int) -> IntegerReturn? { Self.integer(arguments[index]) }

  /// Whether `type` is a pointer to characters (`*`, `^c`, `^C`), optionally refusing `const` ones.
  static func isCharacterPointer(_ type: TypeEncoding, allowingConst: Bool) -> Bool {
    if !allowingConst, isConst(type) { return false }
    switch type.unqualified {
    case .scalar(.cString): return true
    case .pointer(let pointee):
      if !allowingConst, isConst(pointee) { return false }
      return pointee.unqualified == .scalar(.char) || pointee.unqualified == .scalar(.unsignedChar)
    default: return false
    }
  }

  private static func isConst(_ type: TypeEncoding) -> Bool {
    var current = type
    while case .qualified(let qualifier, let inner) = current {
      if qualifier == .const { return true }
      current = inner
    }
    return false
  }

  private static func integer(_ type: TypeEncoding) -> IntegerReturn? {
    guard case .scalar(let scalar) = type.unqualified else { return nil }
    switch scalar {
    case .bool: return IntegerReturn(size: 1, isSigned: false)
    case .char, .short, .int, .long, .longLong, .unsignedChar, .unsignedShort, .unsignedInt, .unsignedLong,
      .unsignedLongLong:
      guard let (size, _) = ABI.host.sizeAndAlignment(of: scalar) else { return nil }
      let isSigned = [.char, .short, .int, .long, .longLong].contains(scalar)
      return IntegerReturn(size: size, isSigned: isSigned)
    default: return nil
    }
  }

  /// Whether `candidate` names the value's type: the same identity, or the same record tag where one of
  /// the two gives no members (`{tm}` and `{tm=iiiiiiiii…}`).
  static func names(_ candidate: TypeEncoding, _ value: TypeEncoding) -> Bool { candidate.matchesType(value) }
}

extension Result where Success == CLayout, Failure == LayoutError {
  /// The layout, or the error that passing `type` by value needs it.
  func get(_ type: TypeEncoding) throws(CFunctionError) -> CLayout {
    switch self {
    case .success(let layout): return layout
    case .failure(let error): throw .layoutUnknown(type, error)
    }
  }
}
