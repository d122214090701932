/// Why ``unionCast(_:to:)`` refused: the two types differ in size, so no byte-for-byte reading exists.
///
/// ```
/// cannot union-cast Int32 (4 bytes) to Double (8 bytes): the sizes differ
/// ```
public struct UnionCastError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The name of the value's type, such as `Int32`.
  public let sourceType: String
  /// The size of the value's type in bytes.
  public let sourceSize: Int
  /// The name of the type asked for, such as `Double`.
  public let targetType: String
  /// The size of the type asked for in bytes.
  public let targetSize: Int

  /// Creates an error for a cast between types of these names and sizes.
  ///
  /// ```swift
  /// let error = UnionCastError(sourceType: "Int32", sourceSize: 4, targetType: "Double", targetSize: 8)
  /// ```
  ///
  /// - Parameters:
  ///   - sourceType: The name of the value's type.
  ///   - sourceSize: The size of the value's type in bytes.
  ///   - targetType: The name of the type asked for.
  ///   - targetSize: The size of the type asked for in bytes.
  package init(sourceType: String, sourceSize: Int, targetType: String, targetSize: Int) {
    self.sourceType = sourceType
    self.sourceSize = sourceSize
    self.targetType = targetType
    self.targetSize = targetSize
  }

  /// What went wrong, with both types and their sizes.
  public var description: String {
    "cannot union-cast \(sourceType) (\(Self.bytes(sourceSize))) to \(targetType) (\(Self.bytes(targetSize))): "
      + "the sizes differ"
  }

  private static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
}
