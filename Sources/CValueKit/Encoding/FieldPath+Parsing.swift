extension FieldPath {
  /// Parses a path written the way ``description`` prints it: `.origin.x`, `.a[2].1`, `[3]`,
  /// `.rows[*].stamp`; the leading dot may be left out (`size.width`).
  ///
  /// ```swift
  /// try FieldPath(parsing: ".rows[*].stamp")   // .rows[*].stamp
  /// try FieldPath(parsing: ".a..b")            // throws: malformed field path ".a..b" at offset 3
  /// ```
  ///
  /// - Parameter text: The path as text.
  /// - Throws: ``ValueError/invalidFieldPath(_:offset:)`` with the byte offset of the first character that
  ///   does not fit.
  public init(parsing text: String) throws(ValueError) {
    switch Self.parse(text) {
    case .success(let path): self = path
    case .failure(let syntax): throw .invalidFieldPath(text, offset: syntax.offset)
    }
  }
}
