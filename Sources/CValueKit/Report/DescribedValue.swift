/// A value described, as a report writes it: its type, its C initializer, and every leaf of its layout with
/// its value, for a format that lists them. A ``ValueType`` makes it (it knows the registered describers);
/// each format's writer (`ReportWriter`) spells it.
@usableFromInline
struct DescribedValue {
  /// One leaf of the layout and its value.
  struct Leaf {
    /// The leaf's path: with a count of values, from the array (`[1].x`).
    var path: FieldPath
    /// Its byte offset: with a count of values, from the first value.
    var offset: Int
    /// The leaf in its value's layout: its size, type and bits.
    var field: CLayout.Field
    /// Its value as a description shows it.
    var text: String
  }

  /// The type described.
  let type: TypeEncoding
  /// One value's size, when the layout is known.
  let size: Int?
  /// The C initializer: the value, or the values one after another.
  let text: String
  /// The leaves, in layout order (value by value), made when a format reads them: the text never does. They
  /// are read from the bytes described, so only during the call that described them.
  let leaves: () -> [Leaf]
}
