extension TypeEncoding {
  /// The deepest nesting of pointers, arrays, records and qualifiers the parser accepts.
  public static let maximumNestingDepth = 256

  /// Parses a type encoding. Parsing is pure: readable names (`rect`, `uint32`) are a catalog's, and
  /// ``TypeCatalog/parse(_:)`` reads them too.
  ///
  /// ```swift
  /// let point = try TypeEncoding("{CGPoint=dd}")
  /// let rect = try TypeCatalog.shared.parse("rect")   // {CGRect={CGPoint=dd}{CGSize=dd}}
  /// ```
  ///
  /// - Parameter text: An encoding such as `{CGPoint=dd}`.
  /// - Throws: ``EncodingError`` naming the problem and its byte offset, e.g.
  ///   `unterminated struct at offset 11 in "{CGPoint=dd"`; a text that looks like a name is reported as
  ///   an unknown name.
  public init(_ text: String) throws(EncodingError) {
    var parser = EncodingParser(text, maximumDepth: Self.maximumNestingDepth)
    do {
      self = try parser.parseSingle()
    } catch {
      if Self.looksLikeName(text) { throw EncodingError(.unknownName(text), at: 0, in: text) }
      throw error
    }
  }

  /// Whether a text that failed to parse was meant as a name rather than an encoding: an identifier with at
  /// least three letters (`int`, `uint8`, `rect`), where `dd` or `b9` are more likely broken encodings.
  static func looksLikeName(_ text: String) -> Bool {
    ASCII.isIdentifier(text) && text.utf8.filter(ASCII.isLetter).count >= 3
  }
  /// Parses several encodings written one after another, each optionally followed by a frame offset, as
  /// in method signatures (`v16@0:8`) and C function signatures (`B{CGPoint=dd}{CGPoint=dd}`).
  ///
  /// - Throws: ``EncodingError`` naming the problem and its byte offset.
  package static func parseSequence(_ text: String) throws(EncodingError) -> [SignatureElement] {
    var parser = EncodingParser(text, maximumDepth: maximumNestingDepth)
    return try parser.parseSequence().map { SignatureElement(type: $0.0, frameOffset: $0.1) }
  }
}

/// One type of a method or function signature, with its frame offset when the signature has one.
package struct SignatureElement: Hashable, Sendable, CustomStringConvertible {
  /// The type.
  package var type: TypeEncoding
  /// The number after the type (`16` in `v16@0:8`), if any.
  package var frameOffset: Int?

  /// Creates an element.
  package init(type: TypeEncoding, frameOffset: Int? = nil) {
    self.type = type
    self.frameOffset = frameOffset
  }

  /// The element as written in a signature, e.g. `@0`.
  package var description: String { type.description + (frameOffset.map(String.init) ?? "") }
}

/// A method or function signature: the return type first, then the arguments.
///
/// ```swift
/// let signature = try MethodSignature("v16@0:8")
/// signature.returnType.type      // v
/// signature.arguments.count      // 2
/// signature.description          // "v16@0:8"
/// ```
package struct MethodSignature: Hashable, Sendable, CustomStringConvertible {
  /// The return type; its frame offset, when present, is the total argument frame size.
  package var returnType: SignatureElement
  /// The argument types in order.
  package var arguments: [SignatureElement]

  /// Creates a signature from its parts.
  package init(returnType: SignatureElement, arguments: [SignatureElement]) {
    self.returnType = returnType
    self.arguments = arguments
  }

  /// Parses a signature such as `v16@0:8` or `i^{tm}^{tm}`.
  ///
  /// - Throws: ``EncodingError`` naming the problem and its byte offset.
  package init(_ text: String) throws(EncodingError) {
    let elements = try TypeEncoding.parseSequence(text)
    returnType = elements[0]
    arguments = Array(elements.dropFirst())
  }

  /// The signature as written, e.g. `v16@0:8`.
  package var description: String { ([returnType] + arguments).map(\.description).joined() }
}

extension TypeEncoding {
  /// Parses a function's signature, as ``ValueRegistry/register(_:comparer:signature:convention:)`` and the
  /// other C function registrations take it: the return type first, then each argument's; frame offsets
  /// (`v16@0:8`) are read and dropped.
  ///
  /// ```swift
  /// try TypeEncoding.parseSignature("i^{tm}^{tm}")   // [i, ^{tm}, ^{tm}]
  /// try TypeEncoding.parseSignature("")              // throws: empty type encoding
  /// ```
  ///
  /// - Parameter text: The signature, e.g. `B{Rect=dddd}{Rect=dddd}`.
  /// - Returns: The return type, then the argument types in order.
  /// - Throws: ``EncodingError`` naming the problem and its byte offset.
  public static func parseSignature(_ text: String) throws(EncodingError) -> [TypeEncoding] {
    let signature = try MethodSignature(text)
    return ([signature.returnType] + signature.arguments).map(\.type)
  }
}
