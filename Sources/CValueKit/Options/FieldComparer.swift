/// How one field of a record is compared instead of by its type's rules: a Swift closure over the
/// field's value, a `char *` compared as the NUL-terminated string it points to (``cString``), or a pointer
/// compared by the value it points to (``pointee(_:)``).
///
/// A comparer is set for one path of one comparison (``ComparisonOptions/fieldComparers``), or for one
/// path of every value of a record type (``ValueRegistry/register(_:comparer:at:)``), like go-cmp's
/// `Comparer` scoped by `FilterPath`:
///
/// ```swift
/// var options = ComparisonOptions()
/// options.fieldComparers[".checksum"] = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }
/// options.fieldComparers[".name"] = .cString
/// try registry.register("struct cv_packet", comparer: .cString, at: ".name")
/// ```
///
/// A field with a comparer counts as one field, and when the comparer says the values differ it is one
/// mismatch, described as its type is. Two comparers are equal when they are the same comparer (made by
/// the same call, or the same built-in).
public struct FieldComparer: Hashable, Sendable, CustomStringConvertible {
  /// What the comparer needs of the field it is set for.
  @usableFromInline
  enum Fit: Hashable, Sendable {
    /// A field of exactly this many bytes.
    case size(Int)
    /// A `char *` field.
    case cString
    /// A pointer field.
    case pointer
    /// A field of this type (a record by its tag alone, `{tm}`, fits the record), or any field when `nil`.
    case type(TypeEncoding?)
  }

  /// Holds the closure, so that two comparers are equal when they are the same one.
  final class Box: Hashable, Sendable {
    static func == (lhs: Box, rhs: Box) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    let compare: RawComparator
    let describe: RawDescriber?
    init(compare: @escaping RawComparator, describe: RawDescriber?) {
      self.compare = compare
      self.describe = describe
    }
  }

  /// How the comparer reads in errors: `UInt32`, `cString`, `pointee(rect)`.
  public let description: String
  let fit: Fit
  let box: Box

  @usableFromInline
  init(description: String, fit: Fit, compare: @escaping RawComparator, describe: RawDescriber? = nil) {
    self.description = description
    self.fit = fit
    self.box = Box(compare: compare, describe: describe)
  }

  /// A comparer of a field that holds a `Field` (an integer, a float, an imported C struct), decided by a
  /// Swift closure.
  ///
  /// ```swift
  /// options.fieldComparers[".checksum"] = FieldComparer(UInt32.self) { $0 & 0xffff == $1 & 0xffff }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The Swift type of the field; its size must be the field's size, or the comparison throws
  ///     ``ValueError/comparerDoesNotFit(_:comparer:field:in:)``.
  ///   - areEqual: Whether the two fields are equal.
  @inlinable  // Specialized in the caller: the closure then loads a `Field`, not a value of unknown layout.
  public init<Field: BitwiseCopyable>(_ type: Field.Type, areEqual: @escaping @Sendable (Field, Field) -> Bool) {
    self.init(description: "\(Field.self)", fit: .size(MemoryLayout<Field>.size)) { a, b in
      areEqual(a.loadUnaligned(as: Field.self), b.loadUnaligned(as: Field.self))
    }
  }

  /// Whether the comparer can compare a field of `type`, `size` bytes long.
  func fits(_ type: TypeEncoding, size: Int) -> Bool {
    switch fit {
    case .size(let expected): return size == expected
    case .cString:
      if case .qualified(_, let base) = type { return fits(base, size: size) }
      return type == .scalar(.cString) || type == .pointer(.scalar(.char))
    case .pointer:
      if case .qualified(_, let base) = type { return fits(base, size: size) }
      if case .scalar(.cString) = type { return true }
      if case .pointer = type { return true }
      return false
    case .type(let expected):
      guard let expected else { return true }
      return expected.matchesType(type.unqualified)
    }
  }
}
