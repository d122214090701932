/// Why the C encoding of a Swift type could not be derived from what `Mirror` and `MemoryLayout` show.
///
/// Derivation never returns an encoding for part of a type: a member `Mirror` cannot see (a union, a
/// bitfield, an anonymous member, `_Complex`, `__int128`) leaves bytes no visible field covers, and that is
/// an error naming each run of those bytes, the fields around it and what it can hold. A packed type, whose
/// fields sit closer than their alignment allows, is an error naming the evidence and the layout override
/// that describes it. The way out is always said: register the layout, set the encoding yourself, import
/// the C header, or, for what only C declares, read the layout from the debug info of the C code using it.
///
/// ```
/// cannot derive the C encoding of timex: bytes 164..<208 after .tai (likely unnamed bitfields such as
/// int :32, named bitfields, an anonymous struct or union, a _Complex member, or an __int128 member) are not
/// covered by any field Mirror can see; Swift imports none of these as a stored property; set its encoding
/// with registry.register("…", swiftType: timex.self) or pass encoding: explicitly; for a type from a C header,
/// import the header (catalog.importHeaders), or read its exact layout from the debug info of the C target
/// that uses it (built with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["timex"])
///
/// cannot derive the C encoding of cv_packed: the type is packed (__attribute__((packed)) or #pragma pack):
/// .count is at offset 1, but Int32 aligns to 4; register its exact layout with
/// registry.catalog.register(#"{cv_packed="tag"c"count"i"value"d}"#,
/// override: LayoutOverride(size: 13, alignment: 1, memberOffsets: [0, 1, 5])); for a type from a C header, import the header
/// (catalog.importHeaders), or read its exact layout from the debug info of the C target that uses it (built
/// with -g): try registry.catalog.importDebugInfoOfRunningProgram(types: ["cv_packed"])
/// ```
package struct DerivationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, with the details the message is made of (for this package's own checks and tests).
  package enum Cause: Hashable, Sendable {
    /// A stored property whose Swift type has no C encoding (a class, a Swift enum, `String`, an optional of
    /// a non-pointer); the path is empty for the value itself.
    case unsupportedType(String, at: FieldPath)
    /// A tuple whose elements are not all of one type, so that it is not an imported C array.
    case mixedTuple(at: FieldPath, elementTypes: [String])
    /// Bytes that no visible field covers and that the natural padding of the visible fields does not
    /// explain: the places of members `Mirror` cannot see, in address order. Each run goes from the end of the
    /// visible field before it to the start of the one after it (or the end of the type).
    case hiddenBytes([HiddenRun])
    /// A visible field that is not where the layout derived from the visible fields puts it, for a reason
    /// derivation cannot tell: in a type declared in Swift, a field in the tail padding of the one before it
    /// (which C never does). In a C type, a field nearer the start than that layout is ``packed(_:_:)``.
    case misplacedField(FieldPath, derivedOffset: Int, actualOffset: Int)
    /// A C type whose fields sit closer together, or which is less aligned, than the natural C layout of its
    /// fields allows: `__attribute__((packed))` or `#pragma pack`. The layout says how to register it.
    case packed(PackingEvidence, PackedLayout)
    /// The derived layout's size or alignment is not the Swift type's, and no field is out of place.
    case sizeMismatch(derived: TypeEncoding, size: Int, alignment: Int, swiftSize: Int, swiftAlignment: Int)
    /// A field (or, at the empty path, the value) of a struct type with a size but no stored properties
    /// `Mirror` can see: an imported C union.
    case opaqueField(FieldPath, swiftType: String, bytes: Range<Int>)
    /// The derived encoding cannot be laid out.
    case layoutFailed(TypeEncoding, LayoutError)
    /// A field whose bytes, read through `Mirror`, do not come from one place in the value.
    case unreadable(FieldPath)
  }

  /// What went wrong.
  package let cause: Cause

  package init(_ cause: Cause) { self.cause = cause }

  package static func unsupportedType(_ swiftType: String, at path: FieldPath) -> Self {
    Self(.unsupportedType(swiftType, at: path))
  }
  package static func mixedTuple(at path: FieldPath, elementTypes: [String]) -> Self {
    Self(.mixedTuple(at: path, elementTypes: elementTypes))
  }
  package static func hiddenBytes(_ runs: [HiddenRun]) -> Self { Self(.hiddenBytes(runs)) }
  package static func misplacedField(_ path: FieldPath, derivedOffset: Int, actualOffset: Int) -> Self {
    Self(.misplacedField(path, derivedOffset: derivedOffset, actualOffset: actualOffset))
  }
  package static func packed(_ evidence: PackingEvidence, _ layout: PackedLayout) -> Self {
    Self(.packed(evidence, layout))
  }
  package static func sizeMismatch(
    derived: TypeEncoding, size: Int, alignment: Int, swiftSize: Int, swiftAlignment: Int
  ) -> Self {
    Self(
      .sizeMismatch(
        derived: derived, size: size, alignment: alignment, swiftSize: swiftSize, swiftAlignment: swiftAlignment))
  }
  package static func opaqueField(_ path: FieldPath, swiftType: String, bytes: Range<Int>) -> Self {
    Self(.opaqueField(path, swiftType: swiftType, bytes: bytes))
  }
  package static func layoutFailed(_ type: TypeEncoding, _ error: LayoutError) -> Self {
    Self(.layoutFailed(type, error))
  }
  package static func unreadable(_ path: FieldPath) -> Self { Self(.unreadable(path)) }

  /// What could not be derived and where, with its likely cause, without the advice.
  package var problem: String {
    switch cause {
    case .unsupportedType(let swiftType, let path):
      return path.components.isEmpty
        ? "\(swiftType) has no C encoding" : "the field \(path) of Swift type \(swiftType) has no C encoding"
    case .mixedTuple(let path, let types):
      return "the tuple at \(path) mixes element types (\(types.joined(separator: ", "))), so it is not a C array"
    case .hiddenBytes(let runs):
      return Self.problem(hiddenIn: runs)
    case .misplacedField(let path, let derivedOffset, let actualOffset):
      return "the field \(path) is at offset \(actualOffset), but the encoding derived from the visible fields "
        + "puts it at \(derivedOffset)"
    case .packed(let evidence, let layout):
      let unions = layout.unionFields.map(\.description)
      let unseen =
        unions.isEmpty
        ? "" : "; Mirror sees no stored properties in \(Self.list(unions, conjunction: "and")) (likely a C union)"
      let subject =
        layout.path.components.isEmpty ? "the type" : "the field \(layout.path) of type \(layout.recordName)"
      return "\(subject) is packed (__attribute__((packed)) or #pragma pack): \(evidence)\(unseen)"
    case .sizeMismatch(let derived, let size, let alignment, let swiftSize, let swiftAlignment):
      let cause =
        swiftSize == size && swiftAlignment > alignment
        ? " (likely an alignment attribute, such as __attribute__((aligned(\(swiftAlignment)))) or "
          + "_Alignas(\(swiftAlignment)), or a hidden member that fits in the padding)" : ""
      return "the derived encoding \(derived) has size \(size) and alignment \(alignment), but the Swift type "
        + "has size \(swiftSize) and alignment \(swiftAlignment)\(cause)"
    case .opaqueField(let path, let swiftType, let bytes):
      let subject = path.components.isEmpty ? swiftType : "the field \(path) of type \(swiftType)"
      return "\(subject) (bytes \(bytes.lowerBound)..<\(bytes.upperBound)) has no stored properties Mirror can "
        + "see (likely a C union, or a struct of bitfields only: Swift imports both with computed properties)"
    case .layoutFailed(let type, let error):
      return "the derived encoding \(type.errorSpelling) cannot be laid out: \(error)"
    case .unreadable(let path): return "the bytes of \(path) do not come from one place in the value"
    }
  }

  /// The problem and what to do about it.
  package var description: String {
    "\(problem); \(advice(for: "T"))"
  }

  /// What to do about this error when derivation fails for the Swift type named `swiftType`: the fix that
  /// applies to its cause, ending with how a type from a C header gets its exact definition, and, for what
  /// only a C type has (a union, bitfields, packing, an alignment attribute), how to read it from the debug
  /// info of the C code that uses it (CValueDebugInfo; a Swift binary's own DWARF has no C members).
  func advice(for swiftType: String) -> String {
    var header = "for a type from a C header, import the header (catalog.importHeaders)"
    if isCLayout {
      // A packed field is its own record's problem, as the registration above says.
      var cType = swiftType
      if case .packed(_, let layout) = cause, !layout.path.components.isEmpty { cType = layout.recordName }
      header +=
        ", or read its exact layout from the debug info of the C target that uses it (built with -g): "
        + "try registry.catalog.importDebugInfoOfRunningProgram(types: [\(Self.swiftLiteral(cType))])"
    }
    switch cause {
    case .packed(_, let layout):
      let members = layout.record == nil ? ", writing its members where … is" : ""
      return "register its exact layout with \(layout.registration)\(members); \(header)"
    case .sizeMismatch(let derived, let size, let alignment, let swiftSize, let swiftAlignment)
    where swiftSize == size && swiftAlignment > alignment:
      let override = "LayoutOverride(size: \(swiftSize), alignment: \(swiftAlignment))"
      return "register its exact layout with registry.catalog.register("
        + "\(Self.swiftLiteral(derived.description)), override: \(override)); \(header)"
    default:
      return "set its encoding with registry.register(\"…\", swiftType: \(swiftType).self) or pass encoding: "
        + "explicitly; \(header)"
    }
  }

  /// Whether the cause is a layout only C declares (a union, bitfields, packing, an alignment attribute),
  /// which the debug info of C code states exactly.
  private var isCLayout: Bool {
    switch cause {
    case .hiddenBytes, .opaqueField, .packed: return true
    case .sizeMismatch(_, let size, let alignment, let swiftSize, let swiftAlignment):
      return swiftSize == size && swiftAlignment > alignment
    default: return false
    }
  }

  /// The runs of hidden bytes, each with what it can hold.
  private static func problem(hiddenIn runs: [HiddenRun]) -> String {
    let shown = runs.prefix(8).map { "bytes \($0)" }
    let more = runs.count > shown.count ? ["\(runs.count - shown.count) more runs"] : []
    return "\(list(shown + more, conjunction: "and")) are not covered by any field "
      + "Mirror can see; Swift imports none of these as a stored property"
  }

  /// Items joined as a sentence does: `a`, `a and b`, `a, b and c`.
  static func list(_ items: [String], conjunction: String) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : "\(items.dropLast().joined(separator: ", ")) \(conjunction) \(last)"
  }

  /// Text as a Swift string literal: raw (`#"…"#`) when it holds quotes or backslashes.
  static func swiftLiteral(_ text: String) -> String {
    text.contains("\"") || text.contains("\\") ? "#\"\(text)\"#" : "\"\(text)\""
  }
}
