/// A C type as the API takes it: an encoding or readable name as text (`"{CGPoint=dd}"`, `"rect"`), or a
/// parsed ``TypeEncoding``.
///
/// Every function that takes a type takes either form, so there is one function per job rather than one
/// per spelling:
///
/// ```swift
/// let byText = try ValueRegistry.shared.resolve("rect")
/// let byValue = try ValueRegistry.shared.resolve(TypeEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}"))
/// ```
public protocol TypeEncodingConvertible: Sendable {
  /// The type, with a readable name looked up in `catalog`.
  ///
  /// - Throws: ``EncodingError`` when text neither parses nor is a name the catalog knows.
  func typeEncoding(in catalog: TypeCatalog) throws(EncodingError) -> TypeEncoding
}

extension String: TypeEncodingConvertible {
  /// The encoding this text spells, or the one the readable name stands for in `catalog`.
  public func typeEncoding(in catalog: TypeCatalog) throws(EncodingError) -> TypeEncoding {
    try catalog.parse(self)
  }
}

extension TypeEncoding: TypeEncodingConvertible {
  /// The type itself: a parsed encoding has no names left to look up.
  public func typeEncoding(in catalog: TypeCatalog) throws(EncodingError) -> TypeEncoding { self }
}
