/// Why a C function could not be found or registered as a comparer or describer.
///
/// Every problem is found at registration, never when a value is compared or described:
///
/// ```
/// argument 2 of rect_equal is {Size=dd}, but the values are {Rect={Point=dd}{Size=dd}}: pass the value or a pointer to it
/// ```
public enum CFunctionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `dlopen` could not open the library; `message` is `dlerror`'s text.
  case libraryNotFound(library: String, message: String)
  /// `dlsym` found no such symbol; `message` is `dlerror`'s text.
  case symbolNotFound(symbol: String, library: String?, message: String)
  /// The function value is not a C function pointer (a Swift closure, or a value of another type).
  case notACFunction(swiftType: String)
  /// The signature does not parse.
  case signature(EncodingError)
  /// The signature gives frame offsets (`B16{P=dd}0…`); a C function signature has types only.
  case frameOffsetsInSignature(String)
  /// The function takes the wrong number of arguments for its role.
  case arity(function: String, role: String, expected: String, found: Int)
  /// An argument is neither the value, a pointer to it, nor what the role needs at that position.
  /// `position` counts from 1.
  case argumentMismatch(function: String, position: Int, found: TypeEncoding, expected: String)
  /// The return type cannot carry what the role needs.
  case unusableReturn(function: String, found: TypeEncoding, expected: String)
  /// A value cannot be passed to or returned from a C function through libffi (a bitfield, a vector, a
  /// flexible array…). `path` is the field inside the value, empty for the value itself.
  case cannotPass(TypeEncoding, path: FieldPath, reason: String)
  /// The value's layout is unknown, so it cannot be passed by value.
  case layoutUnknown(TypeEncoding, LayoutError)
  /// libffi computed a different size or alignment for a struct than C does (a packed or over-aligned
  /// struct, which libffi cannot describe).
  case layoutDisagrees(TypeEncoding, path: FieldPath, cSize: Int, cAlignment: Int, ffiSize: Int, ffiAlignment: Int)
  /// `ffi_prep_cif` refused the signature; `status` is its `ffi_status`.
  case preparationFailed(function: String, status: Int)

  /// One line a person can act on.
  public var description: String {
    switch self {
    case .libraryNotFound(let library, let message):
      return "cannot open library \(library): \(message)"
    case .symbolNotFound(let symbol, let library, let message):
      guard let library else {
        // dlsym sees an executable's own functions only when they are exported, which a test binary's are not.
        return "no function \(symbol) in the running process: \(message); a function of the executable itself "
          + "(a C target linked into a test binary) is found only when it links with -Xlinker --export-dynamic "
          + "(linkerSettings: [.unsafeFlags([\"-Xlinker\", \"--export-dynamic\"])]), or pass its address: CFunction(_:name:)"
      }
      return "no function \(symbol) in \(library): \(message)"
    case .notACFunction(let swiftType):
      return "\(swiftType) is not a C function pointer: pass a value of an @convention(c) function type"
    case .signature(let error): return "bad signature: \(error)"
    case .frameOffsetsInSignature(let text):
      return "the signature \"\(text)\" has frame offsets: give the types only, return type first"
    case .arity(let function, let role, let expected, let found):
      let arguments = found == 1 ? "argument" : "arguments"
      return "\(function) takes \(found) \(arguments), but a \(role) takes \(expected)"
    case .argumentMismatch(let function, let position, let found, let expected):
      return "argument \(position) of \(function) is \(found), but \(expected)"
    case .unusableReturn(let function, let found, let expected):
      return "\(function) returns \(found), but \(expected)"
    case .cannotPass(let type, let path, let reason):
      let location = path.components.isEmpty ? "" : " at \(path)"
      return "cannot pass \(type.errorSpelling) to a C function through libffi\(location): \(reason)"
    case .layoutUnknown(let type, let error): return "cannot pass \(type.errorSpelling) by value: \(error)"
    case .layoutDisagrees(let type, let path, let cSize, let cAlignment, let ffiSize, let ffiAlignment):
      let location = path.components.isEmpty ? "" : " at \(path)"
      return
        "libffi lays out \(type.errorSpelling)\(location) as \(ffiSize) bytes aligned to \(ffiAlignment), but C as "
        + "\(cSize) bytes aligned to \(cAlignment) (packed and over-aligned structs cannot be passed by value)"
    case .preparationFailed(let function, let status):
      return "libffi cannot prepare a call to \(function) (ffi_prep_cif returned \(status))"
    }
  }
}
