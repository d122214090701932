import CFFI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a C describer hands back its text.
public enum CDescriberConvention: Hashable, Sendable {
  /// `const char *describe(T)` returning a string the caller must not free (static or thread-local
  /// storage, or a string owned by the value).
  case returnsStaticString
  /// `char *describe(T)` returning a string from `malloc` that the caller frees with `free`.
  case returnsStringCallerFrees
  /// `int print(char *buffer, size_t size, T)`, writing as `snprintf` does: at most `size` bytes with the
  /// terminating NUL, returning the length the whole text needs, or a negative number on failure.
  case writesIntoBuffer
}

/// Turns a C describer into a ``RawDescriber`` calling it through a prepared libffi call.
enum CDescriber {
  /// The largest text a buffer-writing describer is given room for (16 MiB); longer text is cut there.
  static let maximumLength = 1 << 24

  static func make(
    _ function: CFunction, signature text: String, valueType: TypeEncoding,
    layout: Result<CLayout, LayoutError>, style: CDescriberConvention
  ) throws(CFunctionError) -> RawDescriber {
    let signature = try CFunctionSignature(text, function: function, valueType: valueType)
    let arena = FFITypeArena()
    var builder = FFITypeBuilder(arena: arena, valueType: valueType)
    let alignment = (try? layout.get())?.alignment ?? 16
    let name = function.name
    switch style {
    case .returnsStaticString, .returnsStringCallerFrees:
      try signature.requireArity([1], role: "describer returning a string")
      let passing = try signature.passing(ofArgument: 0)
      guard CFunctionSignature.isCharacterPointer(signature.returnType, allowingConst: true) else {
        throw .unusableReturn(
          function: name, found: signature.returnType, expected: "a describer returning a string returns char *")
      }
      let argument = passing == .byValue ? try builder.argumentType(layout.get(valueType).root) : FFITypeBuilder.pointer
      let call = try PreparedCall(
        function: function, returning: FFITypeBuilder.pointer, arguments: [argument], arena: arena)
      try builder.checkLayouts()
      let frees = style == .returnsStringCallerFrees
      return { bytes in
        ArgumentAlignment.withAligned(bytes, alignment) { value in
          call.withArguments([PreparedCall.Argument(value, passing)], returnSize: 16) { result in
            guard let text = result.load(as: UnsafeMutablePointer<CChar>?.self) else {
              return "<\(name) returned NULL>"
            }
            defer { if frees { free(text) } }
            return String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
          }
        }
      }
    case .writesIntoBuffer:
      try signature.requireArity([3], role: "describer writing into a buffer")
      guard CFunctionSignature.isCharacterPointer(signature.arguments[0], allowingConst: false) else {
        throw .argumentMismatch(
          function: name, position: 1, found: signature.arguments[0], expected: "it must be the buffer, char *")
      }
      guard let sizeArgument = signature.integerArgument(1) else {
        throw .argumentMismatch(
          function: name, position: 2, found: signature.arguments[1], expected: "it must be the buffer's size, size_t")
      }
      let passing = try signature.passing(ofArgument: 2)
      let integer = try signature.integerReturn(role: "a describer writing into a buffer")
      let argument = passing == .byValue ? try builder.argumentType(layout.get(valueType).root) : FFITypeBuilder.pointer
      let call = try PreparedCall(
        function: function, returning: CComparator.integerType(integer),
        arguments: [FFITypeBuilder.pointer, CComparator.integerType(sizeArgument), argument], arena: arena)
      try builder.checkLayouts()
      return { bytes in
        ArgumentAlignment.withAligned(bytes, alignment) { value in
          write(call, name: name, value: value, passing: passing, sizeArgument: sizeArgument, result: integer)
        }
      }
    }
  }

  /// Calls a buffer-writing describer, once with a small buffer and again with the length it asks for.
  private static func write(
    _ call: PreparedCall, name: String, value: UnsafeRawPointer, passing: CFunctionSignature.Passing,
    sizeArgument: CFunctionSignature.IntegerReturn, result integer: CFunctionSignature.IntegerReturn
  ) -> String {
    // A size argument narrower than size_t caps the buffer at what it can say.
    let largestSize =
      sizeArgument.size >= 8 ? maximumLength : min(maximumLength, (1 << (sizeArgument.size * 8 - 1)) - 1)
    var capacity = min(256, largestSize)
    while true {
      let (length, text) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
        buffer.initialize(repeating: 0)
        var bufferAddress = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
        var size = UInt64(capacity)
        let length = withUnsafeMutableBytes(of: &bufferAddress) { bufferSlot in
          withUnsafeMutableBytes(of: &size) { sizeSlot in
            call.withArguments(
              [
                PreparedCall.Argument(bufferSlot.baseAddress.unsafelyUnwrapped, .byValue),
                PreparedCall.Argument(sizeSlot.baseAddress.unsafelyUnwrapped, .byValue),
                PreparedCall.Argument(value, passing),
              ],
              returnSize: 16
            ) { result in signExtend(result.load(as: UInt64.self), integer) }
          }
        }
        let written = UnsafeRawBufferPointer(buffer).prefix { $0 != 0 }
        return (length, String(decoding: written, as: UTF8.self))
      }
      if length < 0 { return "<\(name) failed: returned \(length)>" }
      if length < capacity || capacity >= largestSize { return length < capacity ? text : text + "…" }
      capacity = Int(min(length + 1, Int64(largestSize)))
    }
  }

  private static func signExtend(_ bits: UInt64, _ integer: CFunctionSignature.IntegerReturn) -> Int64 {
    let width = integer.size * 8
    guard width < 64 else { return Int64(bitPattern: bits) }
    let truncated = bits & ((1 << UInt64(width)) - 1)
    guard integer.isSigned, truncated & (1 << UInt64(width - 1)) != 0 else { return Int64(truncated) }
    return Int64(bitPattern: truncated | ~((1 << UInt64(width)) - 1))
  }
}

extension PreparedCall {
  /// One argument: where its value is, and whether the function takes that value or a pointer to it.
  struct Argument {
    var value: UnsafeRawPointer
    var passing: CFunctionSignature.Passing

    init(_ value: UnsafeRawPointer, _ passing: CFunctionSignature.Passing) {
      self.value = value
      self.passing = passing
    }
  }

  /// Calls the function and hands `body` the zero-initialized result slot it wrote.
  func withArguments<Result>(
    _ arguments: [Argument], returnSize: Int, _ body: (UnsafeRawPointer) -> Result
  ) -> Result {
    withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: 2 * arguments.count) { slots in
      withUnsafeTemporaryAllocation(byteCount: max(returnSize, 16), alignment: 16) { result in
        result.initializeMemory(as: UInt8.self, repeating: 0)
        for (index, argument) in arguments.enumerated() {
          let value = UnsafeMutableRawPointer(mutating: argument.value)
          slots[arguments.count + index] = value
          slots[index] =
            argument.passing == .byValue
            ? value : UnsafeMutableRawPointer(slots.baseAddress.unsafelyUnwrapped + arguments.count + index)
        }
        call(slots.baseAddress.unsafelyUnwrapped, result: result.baseAddress.unsafelyUnwrapped)
        return body(UnsafeRawPointer(result.baseAddress.unsafelyUnwrapped))
      }
    }
  }
}
