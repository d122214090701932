/// Why a value literal (a C initializer such as `{.x = 1.5, .y = -2}`) could not be read, where in the
/// text, and which field it was meant for.
///
/// The description names the problem, the field, the byte offset and the literal:
///
/// ```
/// 300 does not fit in signed char at .x (offset 6 in "{.x = 300}")
/// ```
///
/// ``caretDiagnostic`` adds the literal and a caret under the offending byte, for terminals.
package struct ValueLiteralError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  package enum Reason: Hashable, Sendable {
    /// The literal holds nothing but whitespace and comments.
    case empty
    /// A character that starts no token, e.g. `@`.
    case unexpectedCharacter(String)
    /// A token where another was expected: `found` as written, `expected` in words.
    case unexpectedToken(found: String, expected: String)
    /// A `{` without its `}`.
    case unterminatedBrace
    /// A string literal without its closing `"` on the same line.
    case unterminatedString
    /// A character literal without its closing `'`, or with more than one character.
    case unterminatedCharacter
    /// A `/*` comment without its `*/`.
    case unterminatedComment
    /// A backslash escape that C does not have, or one whose value is larger than a byte.
    case invalidEscape(String)
    /// A designator names a member the record does not have (directly or through anonymous members).
    case unknownMember(String, type: String)
    /// A designator that does not fit the object: `[2]` for a struct, `.x` for an array or a scalar.
    case designatorMismatch(String, type: String)
    /// More initializers than the object has elements or members.
    case tooManyElements(type: String)
    /// An array designator outside the array.
    case indexOutOfRange(String, count: Int)
    /// A number outside the field's range: too large, too small, negative for an unsigned type, or wider
    /// than a bitfield.
    case doesNotFit(String, type: String)
    /// A string literal longer than the `char` array it initializes.
    case stringTooLong(length: Int, type: String)
    /// A value of the wrong kind for the field: a string for a `double`, a number for a vector, …
    case wrongKind(expected: String, found: String)
    /// `… N more` (or `...`): a description cut short by ``DescriptionOptions/maximumElements`` cannot be
    /// read back.
    case truncated
    /// Braces nested deeper than the parser allows (256 levels).
    case nestingTooDeep(limit: Int)
    /// Text that starts like a number but is not one: `09`, `1e`, `0x`, `1.5u`, too many digits.
    case badNumber(String)
    /// A complete value is followed by more text.
    case trailingCharacters
    /// A name where a field with an enumeration stands that is none of its constants; the field also
    /// takes a number.
    case unknownConstant(String, enumeration: CEnumeration)
  }

  /// What went wrong.
  package let reason: Reason
  /// The field the failing part of the literal was meant for; empty for the value itself.
  package let path: FieldPath
  /// The byte offset in ``literal`` (UTF-8) where the problem was found.
  package let offset: Int
  /// The text that was being read.
  package let literal: String

  /// Creates an error.
  package init(_ reason: Reason, at path: FieldPath = FieldPath(), offset: Int, in literal: String) {
    self.reason = reason
    self.path = path
    self.offset = offset
    self.literal = literal
  }

  /// The problem without its location, e.g. `300 does not fit in signed char`.
  package var problem: String {
    switch reason {
    case .empty: return "empty value literal"
    case .unexpectedCharacter(let character): return "unexpected character '\(character)'"
    case .unexpectedToken(let found, let expected): return "expected \(expected), found \(found)"
    case .unterminatedBrace: return "unterminated '{'"
    case .unterminatedString: return "unterminated string literal"
    case .unterminatedCharacter: return "unterminated character literal"
    case .unterminatedComment: return "unterminated comment"
    case .invalidEscape(let escape): return "invalid escape '\(escape)'"
    case .unknownMember(let name, let type): return "no member named '\(name)' in \(type)"
    case .designatorMismatch(let designator, let type): return "designator '\(designator)' does not apply to \(type)"
    case .tooManyElements(let type): return "too many elements for \(type)"
    case .indexOutOfRange(let index, let count): return "index \(index) out of range 0..<\(count)"
    case .doesNotFit(let value, let type): return "\(value) does not fit in \(type)"
    case .stringTooLong(let length, let type): return "string of \(length) characters is too long for \(type)"
    case .wrongKind(let expected, let found): return "expected \(expected), found \(found)"
    case .truncated: return "the description was cut short ('… N more') and cannot be read back"
    case .nestingTooDeep(let limit): return "braces nested deeper than \(limit) levels"
    case .badNumber(let text): return "bad number '\(text)'"
    case .trailingCharacters: return "unexpected characters after a complete value"
    case .unknownConstant(let name, let enumeration):
      let names = enumeration.constants.prefix(CEnumeration.shownConstants).map(\.name)
      let hidden = enumeration.constants.count - names.count
      let more = hidden > 0 ? ", … \(hidden) more" : ""
      return "'\(name)' is not a constant of \(enumeration.displayName): use "
        + (names.isEmpty ? "" : names.joined(separator: ", ") + more + " or ") + "a number"
    }
  }

  /// One line: the problem, the field, the byte offset and the literal (control characters escaped).
  package var description: String { diagnostic.headline }

  /// The description, then the literal and a caret under the offending byte:
  ///
  /// ```
  /// 300 does not fit in signed char at .x (offset 6 in "{.x = 300}")
  ///   {.x = 300}
  ///         ^
  /// ```
  package var caretDiagnostic: String { diagnostic.rendered }

  private var diagnostic: CaretDiagnostic { CaretDiagnostic(problem, at: path, offset: offset, in: literal) }
}
