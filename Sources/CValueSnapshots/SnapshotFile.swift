public import CValueKit

/// One snapshot as it lies in its file: a header saying what was recorded (the type's C name, its size,
/// the ABI, every field's place) and the value as a complete C initializer, one top-level field a line.
///
/// ```
/// // cvalue snapshot 1
/// // type: struct cv_point
/// // size: 16
/// // abi: x86_64-linux
/// // field: .x @0 +8 double
/// // field: .y @8 +8 double
/// {
///   .x = 1,
///   .y = 2.5
/// }
/// ```
///
/// The file is C a person can read and edit: the header lines are comments, and the initializer is what
/// `ValueType.describe(bytes:options:)` prints with no element left out, which `ValueType.parse(_:)` reads
/// back into the same bytes. Array elements share one `field:` line (`.c_cc[*] @17 +1 unsigned char [32]`),
/// so a large array costs one line.
///
/// A snapshot of several values of one type (a parsed packet list, a ring of submission entries) says how
/// many in a `// count:` line after `// size:` (the size stays one value's); its initializer is the C
/// array's, one complete element a line, and field paths in its messages start with the index (`[2].flags`):
///
/// ```
/// // count: 2
/// {
///   {.x = 1, .y = 2.5},
///   {.x = 3, .y = 4}
/// }
/// ```
public struct SnapshotFile: Hashable, Sendable {
  /// The format version this CValueKit writes and reads.
  public static let formatVersion = 1

  /// The type's C name: `struct termios`, `double`.
  public var typeName: String
  /// The value's size in bytes (one element's, for an array of values).
  public var size: Int
  /// How many values an array snapshot holds; `nil` for a snapshot of one value.
  public var count: Int?
  /// The name of the ABI the value was laid out for (`x86_64-linux`).
  public var abi: String
  /// One line a field: its path (`[*]` for every element of an array), offset, size and C type.
  public var fields: [String]
  /// The value as a C initializer.
  public var initializer: String
  /// The 1-based line of the file where the initializer starts (for the line and column of an error).
  public var initializerLine: Int

  /// A snapshot of a value of `type`, or of `count` values one stride apart, given as their bytes.
  ///
  /// ```swift
  /// let file = try SnapshotFile(recording: point, bytes: point.parse("{1, 2.5}"))
  /// let track = try SnapshotFile(recording: point, bytes: point.parse("{{1, 2}, {3, 4}}", count: 2), count: 2)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The value's type; its layout must be known.
  ///   - bytes: One value's bytes, or `count` values'.
  ///   - count: How many values the bytes hold; `nil` for one value (not an array).
  ///   - unionMembers: The live member of unions, by the union's path from one value, besides the rules
  ///     registered for the type: only the live member of such a union is written, as it is compared.
  /// - Throws: `ValueError` when the layout is unknown, the bytes are not one value (or `count` values), or
  ///   a union member rule does not fit.
  public init(
    recording type: ValueType, bytes: some Collection<UInt8>, count: Int? = nil,
    unionMembers: [FieldPath: UnionMember] = [:]
  ) throws(ValueError) {
    guard let layout = type.layout else {
      throw .layoutUnknown(type.type, type.layoutError ?? LayoutError(.unknownHasNoSize))
    }
    var options = DescriptionOptions(showsCStringText: false, maximumElements: nil)
    options.unionMembers = unionMembers
    options.fieldPerLine = true
    let described =
      if let count {
        try type.describe(bytes: bytes, count: count, options: options)
      } else {
        try type.describe(bytes: bytes, options: options)
      }
    typeName = Self.name(of: type)
    size = layout.size
    self.count = count
    abi = type.abi.name
    fields = layout.fieldLines
    initializer = described
    initializerLine = 6 + fields.count + (count == nil ? 0 : 1)
  }

  /// How a type is named in a snapshot and its messages: the C spelling.
  ///
  /// ```swift
  /// SnapshotFile.name(of: try registry.resolve("struct termios"))   // "struct termios"
  /// ```
  ///
  /// - Parameter type: The type.
  public static func name(of type: ValueType) -> String {
    type.type.cTypeName
  }

  /// The file's text, ending with a newline.
  public var text: String {
    var lines = [
      "// cvalue snapshot \(Self.formatVersion)", "// type: \(typeName)", "// size: \(size)",
    ]
    if let count { lines.append("// count: \(count)") }
    lines.append("// abi: \(abi)")
    lines += fields.map { "// field: \($0)" }
    return (lines + [initializer]).joined(separator: "\n") + "\n"
  }
}
