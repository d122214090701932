extension TypeEncoding {
  /// The struct with its flexible array member given `count` elements: the type of a value together with
  /// the elements that follow it, to compare, describe or parse them as one value.
  ///
  /// A flexible array member (`char name[]`, or GNU's `char name[0]`) takes no bytes, so the record alone
  /// compares the header of a value and never its elements. The elements' count is in the value
  /// (`inotify_event`'s `len`, `fiemap`'s `fm_mapped_extents`): read it, then compare with the record that
  /// holds that many.
  ///
  /// ```swift
  /// let event = try #require(catalog.record(named: "inotify_event")?.withFlexibleArray(count: 16))
  /// // {inotify_event="wd"i"mask"I"cookie"I"len"I"name"[16c]}: 32 bytes, .name compared as text
  /// let comparison = try ValueRegistry(catalog: catalog).resolve(event).compare(bytes: actual, expected)
  /// ```
  ///
  /// - Parameter count: How many elements follow the record's fixed part.
  /// - Returns: The encoding with its last member's count set, or `nil` when the type is not a struct with
  ///   its members whose last member is an array of no elements, or `count` is negative.
  public func withFlexibleArray(count: Int) -> TypeEncoding? {
    switch self {
    case .qualified(let qualifier, let base):
      return base.withFlexibleArray(count: count).map { .qualified(qualifier, $0) }
    case .structure(var record):
      guard count >= 0, var fields = record.fields, let last = fields.last,
        case .array(0, let element) = last.type
      else { return nil }
      fields[fields.count - 1] = Field(name: last.name, type: .array(count: count, element: element))
      record.fields = fields
      return .structure(record)
    default:
      return nil
    }
  }
}
