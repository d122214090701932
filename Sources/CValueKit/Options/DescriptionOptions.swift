/// How a raw C value is described as a C initializer: how much of a long array to show, and whether to
/// follow `char *` pointers to show their text.
///
/// Descriptions read like the C that would make the value, and read back into the same bytes:
///
/// ```
/// {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
/// {.name = "eth0", .flags = 4163, .data = {1, 2, 3, … 61 more}}
/// ```
///
/// ```swift
/// var options = DescriptionOptions.default
/// options.maximumElements = 8            // {0, 1, 2, 3, 4, 5, 6, 7, … 92 more}
/// options.showsCStringText = true        // 0x600000c04000 /* "hello" */
/// ```
public struct DescriptionOptions: Hashable, Sendable {
  /// Whether a `char *` is followed and its text shown in a comment after the address:
  /// `0x600000c04000 /* "hello" */`. At most 256 bytes are read, up to the first NUL.
  ///
  /// Off by default: it reads memory the caller did not hand over, which is only safe when every
  /// non-null `char *` in the value points at readable memory. A description with the text still reads
  /// back, since the text is a comment.
  public var showsCStringText: Bool

  /// How many elements of an array (and characters of a string) are shown before the rest are summed
  /// up as `… N more`, or `nil` for all of them. A description with `… N more` in it cannot be read back.
  public var maximumElements: Int?

  /// The live member of unions, by the union's path from the value (see ``UnionMember``): only that
  /// member is described. A rule here replaces one registered for the same union with
  /// ``ValueRegistry/register(_:unionMember:at:)``. In a comparison's options these are
  /// ``ComparisonOptions/unionMembers``, by which the comparison also compares.
  ///
  /// ```swift
  /// options.unionMembers[".sin6_addr.__in6_u"] = "__u6_addr8"
  /// ```
  public var unionMembers: [FieldPath: UnionMember]

  /// Whether the value's own fields (the values of an array of values) are written one a line, two spaces
  /// in, as a snapshot file holds them; what they contain stays on their line. Off by default: one line.
  ///
  /// ```
  /// {
  ///   .origin = {.x = 0, .y = 0},
  ///   .size = {.width = 10, .height = 20}
  /// }
  /// ```
  public var fieldPerLine = false

  /// Creates options.
  ///
  /// - Parameters:
  ///   - showsCStringText: Follow `char *` pointers and show their text (reads memory; off by default).
  ///   - maximumElements: Array elements shown before `… N more`; `nil` shows all.
  ///   - unionMembers: The live member of unions, by the union's path.
  public init(
    showsCStringText: Bool = false, maximumElements: Int? = 256, unionMembers: [FieldPath: UnionMember] = [:]
  ) {
    self.showsCStringText = showsCStringText
    self.maximumElements = maximumElements
    self.unionMembers = unionMembers
  }

  /// No pointer is followed, and arrays show up to 256 elements.
  public static let `default` = DescriptionOptions()

  /// How many of `count` elements to show.
  func shownCount(of count: Int) -> Int {
    guard let maximumElements else { return count }
    return Swift.min(count, Swift.max(0, maximumElements))
  }
}
