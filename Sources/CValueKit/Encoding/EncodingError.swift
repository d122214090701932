/// Why a type encoding could not be parsed, and where.
///
/// The description names the problem, the byte offset and the input, in the form a person can act on:
///
/// ```
/// unterminated struct at offset 11 in "{CGPoint=dd"
/// ```
///
/// ``caretDiagnostic`` adds the input and a caret under the offending byte, for terminals.
public struct EncodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Reason: Hashable, Sendable {
    /// The input was empty.
    case empty
    /// The input ended where a type was expected (after `^`, a qualifier, `j`, `[N`, …).
    case expectedType
    /// A byte that starts no type, e.g. `x`.
    case unknownTypeCode(String)
    /// A closing `}`, `)`, `]` or `"` with nothing open to close.
    case unbalancedClose(String)
    /// A struct's closing `}` is missing.
    case unterminatedStruct
    /// A union's closing `)` is missing.
    case unterminatedUnion
    /// An array's closing `]` is missing, or something else stands where it should be.
    case unterminatedArray
    /// A quoted member or class name's closing `"` is missing.
    case unterminatedName
    /// A vector's closing `]` is missing.
    case unterminatedVector
    /// `[` is not followed by a count.
    case missingArrayCount
    /// `b` is not followed by a width.
    case missingBitfieldWidth
    /// Something other than the expected closing bracket stands where the bracket belongs (`[4ii]`).
    case expected(String)
    /// A struct or union name is empty (`{=i}`).
    case emptyRecordName
    /// A number too large for the grammar's limits (array counts, bit offsets and widths, frame offsets).
    case numberTooLarge(limit: Int)
    /// A vector is not written `![size,alignment type]`.
    case malformedVector
    /// A complete type is followed by more bytes; a C function's signature is the one text that holds several.
    case trailingCharacters
    /// Types nested deeper than the parser's limit.
    case nestingTooDeep(limit: Int)
    /// A whole input that looks like a readable name but is neither a registered name nor an encoding.
    case unknownName(String)
    /// A bitfield as an argument or return type of a signature: C passes no bitfields, and the width of an
    /// Apple-form bitfield (`b3`) would run into the frame offset after it.
    case bitfieldInSignature
  }

  /// What went wrong.
  package let reason: Reason
  /// The byte offset in ``input`` (UTF-8) where the problem was found.
  public let offset: Int
  /// The text that was being parsed.
  public let input: String

  /// Creates an error.
  package init(_ reason: Reason, at offset: Int, in input: String) {
    self.reason = reason
    self.offset = offset
    self.input = input
  }

  /// The problem without its location, e.g. `unterminated struct`.
  public var problem: String {
    switch reason {
    case .empty: return "empty type encoding"
    case .expectedType: return "expected a type"
    case .unknownTypeCode(let code): return "unknown type code '\(CaretDiagnostic.escaped(code))'"
    case .unbalancedClose(let close): return "unbalanced '\(close)'"
    case .unterminatedStruct: return "unterminated struct"
    case .unterminatedUnion: return "unterminated union"
    case .unterminatedArray: return "unterminated array"
    case .unterminatedName: return "unterminated quoted name"
    case .unterminatedVector: return "unterminated vector"
    case .missingArrayCount: return "missing array count"
    case .missingBitfieldWidth: return "missing bitfield width"
    case .expected(let close): return "expected '\(close)'"
    case .emptyRecordName: return "empty struct or union name"
    case .numberTooLarge(let limit): return "number larger than \(limit)"
    case .malformedVector: return "malformed vector (expected ![size,alignment type])"
    case .trailingCharacters: return "unexpected characters after a complete type"
    case .nestingTooDeep(let limit): return "types nested deeper than \(limit) levels"
    case .unknownName(let name): return "unknown type name \"\(name)\""
    case .bitfieldInSignature: return "a bitfield cannot be an argument or return type"
    }
  }

  /// One line: the problem, the byte offset and the input (control characters escaped).
  public var description: String { diagnostic.headline }

  /// The description, then the input and a caret under the offending byte:
  ///
  /// ```
  /// unterminated struct at offset 11 in "{CGPoint=dd"
  ///   {CGPoint=dd
  ///              ^
  /// ```
  public var caretDiagnostic: String { diagnostic.rendered }

  private var diagnostic: CaretDiagnostic { CaretDiagnostic(problem, offset: offset, in: input) }
}
