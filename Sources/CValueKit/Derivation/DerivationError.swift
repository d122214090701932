/// Why the C encoding of a Swift type could not be derived from what `Mirror` and `MemoryLayout` show.
///
/// Derivation never returns an encoding for part of a type: a member `Mirror` cannot see (a union, a
/// bitfield, an anonymous member, `_Complex`, `__int128`) leaves bytes no visible field covers, and that is
/// an error naming the bytes and the fields around them. The way out is always to say the encoding yourself.
///
/// ```
/// bytes 4..<8 are not covered by any field Mirror can see (a union, bitfield, anonymous member, _Complex or
/// __int128 member?) between .kind and .after; set its encoding with registry.setEncoding("…", for: T.self)
/// or pass encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders)
/// ```
public enum DerivationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stored property whose Swift type has no C encoding (a class, a Swift enum, `String`, an optional of
  /// a non-pointer); the path is empty for the value itself.
  case unsupportedType(String, at: FieldPath)
  /// A tuple whose elements are not all of one type, so that it is not an imported C array.
  case mixedTuple(at: FieldPath, elementTypes: [String])
  /// Bytes that no visible field covers and that are not padding between the visible fields: the place of a
  /// member `Mirror` cannot see. `after` and `before` are the visible fields around the bytes, when there are.
  case hole(bytes: Range<Int>, after: FieldPath?, before: FieldPath?)
  /// A visible field that is not where the layout derived from the visible fields puts it.
  case misplacedField(FieldPath, derivedOffset: Int, actualOffset: Int)
  /// The derived layout's size or alignment is not the Swift type's.
  case sizeMismatch(derived: TypeEncoding, size: Int, alignment: Int, swiftSize: Int, swiftAlignment: Int)
  /// A field (or, at the empty path, the value) of a struct type with a size but no stored properties
  /// `Mirror` can see: an imported C union.
  case opaqueField(FieldPath, swiftType: String, bytes: Range<Int>)
  /// The derived encoding cannot be laid out.
  case layoutFailed(TypeEncoding, LayoutError)
  /// A field whose bytes, read through `Mirror`, do not come from one place in the value.
  case unreadable(FieldPath)

  /// What could not be derived and where, without the advice.
  public var problem: String {
    switch self {
    case .unsupportedType(let swiftType, let path):
      return path.components.isEmpty
        ? "\(swiftType) has no C encoding" : "the field \(path) of Swift type \(swiftType) has no C encoding"
    case .mixedTuple(let path, let types):
      return "the tuple at \(path) mixes element types (\(types.joined(separator: ", "))), so it is not a C array"
    case .hole(let bytes, let after, let before):
      let place: String
      switch (after, before) {
      case (let after?, let before?): place = "between \(after) and \(before)"
      case (let after?, nil): place = "after \(after)"
      case (nil, let before?): place = "before \(before)"
      case (nil, nil): place = "and Mirror sees no field at all"
      }
      return "bytes \(bytes.lowerBound)..<\(bytes.upperBound) are not covered by any field Mirror can see "
        + "(a union, bitfield, anonymous member, _Complex or __int128 member?) \(place)"
    case .misplacedField(let path, let derivedOffset, let actualOffset):
      return "the field \(path) is at offset \(actualOffset), but the encoding derived from the visible fields "
        + "puts it at \(derivedOffset)"
    case .sizeMismatch(let derived, let size, let alignment, let swiftSize, let swiftAlignment):
      return "the derived encoding \(derived) has size \(size) and alignment \(alignment), but the Swift type "
        + "has size \(swiftSize) and alignment \(swiftAlignment)"
    case .opaqueField(let path, let swiftType, let bytes):
      let subject = path.components.isEmpty ? swiftType : "the field \(path) of type \(swiftType)"
      return "\(subject) (bytes \(bytes.lowerBound)..<\(bytes.upperBound)) has no stored properties Mirror can "
        + "see (a C union?)"
    case .layoutFailed(let type, let error): return "the derived encoding \(type) cannot be laid out: \(error)"
    case .unreadable(let path): return "the bytes of \(path) do not come from one place in the value"
    }
  }

  /// The problem and what to do about it.
  public var description: String {
    "\(problem); \(Self.advice(for: "T"))"
  }

  /// What to do when derivation fails for the Swift type named `swiftType`.
  static func advice(for swiftType: String) -> String {
    "set its encoding with registry.setEncoding(\"…\", for: \(swiftType).self) or pass encoding: explicitly; for a type from a C header, import the header (catalog.importHeaders)"
  }
}
