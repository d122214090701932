/// The result of comparing two C values: equal or not, which strategy decided, and every mismatching field.
///
/// ```swift
/// let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected)
/// if !result.isEqual { print(result.report) }
/// // CGRect values differ at 1 of 4 fields:
/// //   .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)
/// //   actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
/// //   expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}
/// ```
public struct Comparison: Hashable, Sendable, CustomStringConvertible {
  /// Every part, held once: a comparison is handed back through every step of a `compare` and copied by each,
  /// and a copy of one reference is one retain where a copy of the parts was a dozen (an equal `compare`
  /// spent most of its time copying its result).
  final class Storage: Sendable {
    let type: TypeEncoding
    let isEqual: Bool
    let strategy: Strategy
    let mismatches: [Mismatch]
    let mismatchCount: Int
    let comparedFieldCount: Int
    let actualDescription: String?
    let expectedDescription: String?
    let ignoredPaths: [FieldPath]
    let typeName: String
    let nonZeroPaddingByteCount: Int

    init(
      type: TypeEncoding, isEqual: Bool, strategy: Strategy, mismatches: [Mismatch], mismatchCount: Int,
      comparedFieldCount: Int, actualDescription: String?, expectedDescription: String?, ignoredPaths: [FieldPath],
      typeName: String, nonZeroPaddingByteCount: Int
    ) {
      self.type = type
      self.isEqual = isEqual
      self.strategy = strategy
      self.mismatches = mismatches
      self.mismatchCount = mismatchCount
      self.comparedFieldCount = comparedFieldCount
      self.actualDescription = actualDescription
      self.expectedDescription = expectedDescription
      self.ignoredPaths = ignoredPaths
      self.typeName = typeName
      self.nonZeroPaddingByteCount = nonZeroPaddingByteCount
    }
  }

  private let storage: Storage

  /// The type of the values compared.
  public var type: TypeEncoding { storage.type }
  /// Whether the values are equal.
  public var isEqual: Bool { storage.isEqual }
  /// How the values were compared.
  package var strategy: Strategy { storage.strategy }
  /// The mismatching fields, in address order (a union's member by member), at most
  /// ``ComparisonOptions/maximumReportedMismatches``.
  public var mismatches: [Mismatch] { storage.mismatches }
  /// How many fields mismatch in all, listed or not.
  public var mismatchCount: Int { storage.mismatchCount }
  /// How many fields were compared: leaves, with a `char` array or a value with a registered comparer
  /// counting as one, and a union as many as the leaves of all its members together (each member is a
  /// view of the same bytes, and each view reports its own fields). For a padding check
  /// (strategy `padding`), how many runs of padding the value has.
  public var comparedFieldCount: Int { storage.comparedFieldCount }
  /// The actual value described, when the values differ.
  public var actualDescription: String? { storage.actualDescription }
  /// The expected value described, when the values differ.
  public var expectedDescription: String? { storage.expectedDescription }
  /// The fields that were not compared (``ComparisonOptions/ignoredPaths`` and the paths registered with
  /// ``ValueRegistry/register(_:ignoring:)``, and a C++ class's vtable pointer, `.<vptr>`), by their paths
  /// from the value, `[*]` for every element of an array; reports list them after the mismatches:
  /// `ignored: .st_atim`.
  public var ignoredPaths: [FieldPath] { storage.ignoredPaths }

  /// Creates a result. Comparisons normally come from the `compare` calls of a ``ValueType``.
  ///
  /// - Parameters:
  ///   - type: The type of the values compared.
  ///   - isEqual: Whether the values are equal.
  ///   - strategy: How the values were compared.
  ///   - mismatches: The mismatching fields listed, in address order.
  ///   - mismatchCount: How many fields mismatch in all, listed or not.
  ///   - comparedFieldCount: How many fields were compared.
  ///   - actualDescription: The actual value described, when the values differ.
  ///   - expectedDescription: The expected value described, when the values differ.
  ///   - typeName: How reports name the type; `nil` for the record's tag or the C spelling.
  ///   - ignoredPaths: The fields that were not compared.
  ///   - nonZeroPaddingByteCount: For a padding check, how many padding bytes are not zero.
  package init(
    type: TypeEncoding, isEqual: Bool, strategy: Strategy, mismatches: [Mismatch], mismatchCount: Int,
    comparedFieldCount: Int, actualDescription: String?, expectedDescription: String?, typeName: String? = nil,
    ignoredPaths: [FieldPath] = [], nonZeroPaddingByteCount: Int = 0
  ) {
    storage = Storage(
      type: type, isEqual: isEqual, strategy: strategy, mismatches: mismatches, mismatchCount: mismatchCount,
      comparedFieldCount: comparedFieldCount, actualDescription: actualDescription,
      expectedDescription: expectedDescription, ignoredPaths: ignoredPaths,
      typeName: typeName ?? type.record?.name ?? type.cTypeName, nonZeroPaddingByteCount: nonZeroPaddingByteCount)
  }

  /// How the type is named in reports: the name the value's type was resolved by when that is a typedef
  /// a header import registered (`sigset_t`), else the record's tag (`CGRect`) or the C spelling (`double`).
  public var typeName: String { storage.typeName }

  /// For a padding check, how many padding bytes are not zero (those of the runs listed and not).
  package var nonZeroPaddingByteCount: Int { storage.nonZeroPaddingByteCount }

  /// Equal when every part is: the same parts a comparison's memberwise equality compared.
  public static func == (lhs: Comparison, rhs: Comparison) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.type == rhs.type && lhs.isEqual == rhs.isEqual && lhs.strategy == rhs.strategy
      && lhs.mismatches == rhs.mismatches && lhs.mismatchCount == rhs.mismatchCount
      && lhs.comparedFieldCount == rhs.comparedFieldCount && lhs.actualDescription == rhs.actualDescription
      && lhs.expectedDescription == rhs.expectedDescription && lhs.ignoredPaths == rhs.ignoredPaths
      && lhs.typeName == rhs.typeName && lhs.nonZeroPaddingByteCount == rhs.nonZeroPaddingByteCount
  }

  /// Hashes every part that `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(isEqual)
    hasher.combine(strategy)
    hasher.combine(mismatches)
    hasher.combine(mismatchCount)
    hasher.combine(comparedFieldCount)
    hasher.combine(actualDescription)
    hasher.combine(expectedDescription)
    hasher.combine(ignoredPaths)
    hasher.combine(typeName)
    hasher.combine(nonZeroPaddingByteCount)
  }
}

extension Comparison {
  /// How a comparison was decided, in the order the registry tries them.
  package enum Strategy: Hashable, Sendable, CustomStringConvertible {
    /// A comparer registered for the type, under the encoding given.
    case registered(TypeEncoding)
    /// A C function registered as the type's comparer, by its name.
    case cFunction(name: String, type: TypeEncoding)
    /// The registry's own entry for the type: a scalar, pointer, `CGPoint`, `CGSize` or `CGRect`.
    case builtIn
    /// Field by field from the type's layout, each leaf by its own entry, padding ignored.
    case structural
    /// Byte by byte, because only the size is known; the reason says why the layout is not.
    case bytes(reason: String)
    /// By address, because nothing is known about the type; the reason says why.
    case pointerIdentity(reason: String)
    /// One value's padding bytes against zero (``ValueType/checkPadding(bytes:unionMembers:)``): each
    /// mismatch is a run of non-zero padding bytes, what a struct copied out of a trust boundary would leak
    /// (CERT DCL39-C).
    case padding

    /// A short name: `registered`, `C function rect_equal`, `built-in`, `structural`, `bytes`,
    /// `pointer identity`, `padding`.
    package var description: String {
      switch self {
      case .registered: return "registered"
      case .cFunction(let name, _): return "C function \(name)"
      case .builtIn: return "built-in"
      case .structural: return "structural"
      case .bytes: return "bytes"
      case .pointerIdentity: return "pointer identity"
      case .padding: return "padding"
      }
    }
  }
}

/// One field whose values differ.
///
/// Its ``description`` is its line in a comparison's ``Comparison/report``:
/// `.size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.001)`.
public struct Mismatch: Hashable, Sendable, CustomStringConvertible {
  /// Where the field is: `.size.height`; empty for the value itself.
  public let path: FieldPath
  /// The field's byte offset in the value.
  public let offset: Int
  /// The actual field, described.
  public let actual: String
  /// The expected field, described.
  public let expected: String
  /// For floating-point fields, `|actual − expected|` (the largest part's, for complex and vector values).
  public let difference: Double?
  /// For floating-point fields, the tolerance that was applied.
  public let tolerance: FloatTolerance?
  /// For a `char` array reported as two strings, the index of the first char that differs; for a sequence a
  /// registered comparer compares (a C++ `std::string`'s chars, a `std::vector`'s elements), the index of
  /// its first difference.
  public let firstDifference: Int?
  /// For a long `char` array, the indices of the chars that ``actual`` and ``expected`` show around the first
  /// difference (`146..<154`), in place of the whole strings; `nil` when they are whole.
  public let excerpt: Range<Int>?
  /// For padding bytes (compared with ``ComparisonOptions/comparesPadding``, or checked against zero by
  /// ``ValueType/checkPadding(bytes:unionMembers:)``): their offsets in the value, e.g. `36..<40`. The
  /// path is then empty, and reports name the fields the bytes lie between:
  /// `padding 36..<40 (after .tm_isdst, before .tm_gmtoff)`.
  public let paddingRange: Range<Int>?
  /// For padding bytes, the field that ends last before them (`.tm_isdst`), `nil` when none does.
  package let paddingAfter: FieldPath?
  /// For padding bytes, the field that starts first after them (`.tm_gmtoff`), `nil` when none does.
  package let paddingBefore: FieldPath?

  /// For padding bytes, the fields they lie between: `after .tm_isdst, before .tm_gmtoff` (`no field` when
  /// none is on either side); `nil` for a field.
  public var paddingNeighbours: String? {
    paddingRange == nil ? nil : CValueKit.paddingNeighbours(paddingAfter, paddingBefore)
  }

  /// Creates a mismatch.
  ///
  /// ```swift
  /// Mismatch(path: ".release", offset: 130, actual: "\"6.1.0\"", expected: "\"6.18.0\"", firstDifference: 3)
  /// // .release: "6.1.0" ≠ "6.18.0" (first difference at [3])
  /// ```
  ///
  /// - Parameters:
  ///   - path: Where the field is; empty for the value itself.
  ///   - offset: The field's byte offset in the value.
  ///   - actual: The actual field, described.
  ///   - expected: The expected field, described.
  ///   - difference: For floating-point fields, how far apart the values are.
  ///   - tolerance: For floating-point fields, the tolerance applied.
  ///   - firstDifference: For a `char` array reported as strings, the index of the first differing char; for
  ///     a sequence a registered comparer compares (a C++ `std::string`'s chars, a `std::vector`'s elements),
  ///     the index of its first difference.
  ///   - excerpt: For a long `char` array, the chars `actual` and `expected` show around the first difference.
  package init(
    path: FieldPath, offset: Int, actual: String, expected: String, difference: Double? = nil,
    tolerance: FloatTolerance? = nil, firstDifference: Int? = nil, excerpt: Range<Int>? = nil,
    paddingRange: Range<Int>? = nil, paddingAfter: FieldPath? = nil, paddingBefore: FieldPath? = nil
  ) {
    self.excerpt = excerpt
    self.paddingRange = paddingRange
    self.paddingAfter = paddingAfter
    self.paddingBefore = paddingBefore
    self.path = path
    self.offset = offset
    self.actual = actual
    self.expected = expected
    self.difference = difference
    self.tolerance = tolerance
    self.firstDifference = firstDifference
  }
}
