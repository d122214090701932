import Synchronization

/// What a comparison accepts as equal and how much it reports: every option of a comparison, handed as one
/// value to ``ValueType/compare(_:_:options:)``, to every assertion of CValueTesting and every matcher of
/// CValueNimble, and (as `cv_options`) to `cv_compare`.
///
/// ```swift
/// var options = ComparisonOptions(tolerance: .absolute(0.001))
/// options.fieldTolerances[".size.width"] = .absolute(0.5)   // looser for one field and everything in it
/// let result = try ValueRegistry.shared.resolve("rect").compare(actual, expected, options: options)
/// ```
public struct ComparisonOptions: Hashable, Sendable {
  /// The tolerance for every floating-point leaf without a field tolerance; `nil` uses the registry's
  /// ``ValueRegistry/defaultTolerance``.
  public var tolerance: FloatTolerance? {
    _read { yield storage.compared.tolerance }
    _modify { yield &compared.tolerance }
  }
  /// Tolerances for particular fields. A tolerance applies to its field and everything inside it; the
  /// longest matching path wins. A path that names no field of the type is an error, not a silent miss.
  public var fieldTolerances: [FieldPath: FloatTolerance] {
    _read { yield storage.compared.fieldTolerances }
    _modify { yield &compared.fieldTolerances }
  }
  /// How many mismatching fields a ``Comparison`` lists; the rest are only counted.
  public var maximumReportedMismatches: Int {
    _read { yield storage.reported.maximumReportedMismatches }
    _modify { yield &reported.maximumReportedMismatches }
  }
  /// How the report describes values: how many array elements, whether `char *` text is shown. Its
  /// ``DescriptionOptions/unionMembers`` are ``unionMembers``, one place for each rule: a union is compared
  /// and shown by the same rule.
  public var descriptionOptions: DescriptionOptions {
    get {
      var options = storage.reported.descriptionOptions
      options.unionMembers = storage.compared.unionMembers
      return options
    }
    set {
      // The union members are compared: they are kept with what is compared, once.
      var options = newValue
      compared.unionMembers = options.unionMembers
      options.unionMembers = [:]
      reported.descriptionOptions = options
    }
  }
  /// The live member of unions, by the union's path from the value (see ``UnionMember``): only that
  /// member is compared, reported and described in the report. A rule here replaces one registered for
  /// the same union with ``ValueRegistry/register(_:unionMember:at:)``. A path through an array element
  /// is an error: register the rule for the element's record type instead.
  ///
  /// ```swift
  /// options.unionMembers[".sin6_addr.__in6_u"] = "__u6_addr8"
  /// options.unionMembers[".u"] = .tagged(by: ".kind", members: [1: "text", 2: "number"])
  /// ```
  ///
  /// The rules are kept in ``descriptionOptions`` (``DescriptionOptions/unionMembers``), which describes
  /// values by the same rules outside a comparison: setting either sets both.
  public var unionMembers: [FieldPath: UnionMember] {
    _read { yield storage.compared.unionMembers }
    _modify { yield &compared.unionMembers }
  }
  /// Fields that are not compared, by path: not compared, not counted, and listed as ignored in the
  /// report. `[*]` reaches every element of an array (`.rows[*].stamp`), the members of an anonymous
  /// struct or union are reached as C reaches them, and a record's path ignores everything in it. A path
  /// that names no field is an error (``ValueError/unknownFieldPath(_:in:)``), never silently ignored.
  /// Paths here add to the ones registered with ``ValueRegistry/register(_:ignoring:)``.
  ///
  /// ```swift
  /// options.ignoredPaths = [".st_atim", ".rows[*].stamp"]
  /// // struct stat values differ at 1 of 16 fields:
  /// //   .st_size: 10 ≠ 20
  /// //   ignored: .st_atim
  /// ```
  public var ignoredPaths: Set<FieldPath> {
    _read { yield storage.compared.ignoredPaths }
    _modify { yield &compared.ignoredPaths }
  }
  /// Comparers for particular fields, by path (`[*]` for every element of an array), replacing the
  /// field's own rules (see ``FieldComparer``). A comparer here replaces one registered for the same
  /// field with ``ValueRegistry/register(_:comparer:at:)``; an ignored path wins over a comparer.
  ///
  /// ```swift
  /// options.fieldComparers[".name"] = .cString
  /// ```
  public var fieldComparers: [FieldPath: FieldComparer] {
    _read { yield storage.compared.fieldComparers }
    _modify { yield &compared.fieldComparers }
  }
  /// Whether padding bytes must be equal too, for code that must copy them (a struct written to a file
  /// or a socket byte for byte). Each padding range whose bytes differ is one mismatch, listed by offset and
  /// the fields it lies between, and each padding range counts as one field. Off by default: padding is
  /// not part of a C value.
  ///
  /// ```swift
  /// options.comparesPadding = true
  /// //   padding 36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa> ≠ <4 bytes: 00 00 00 00>
  /// ```
  public var comparesPadding: Bool {
    _read { yield storage.compared.comparesPadding }
    _modify { yield &compared.comparesPadding }
  }
  /// How many characters the `actual:` and `expected:` lines of a report may give each value, or `nil`
  /// for whole descriptions however long. A description that fits is shown whole; a longer one (X11's
  /// `XEvent` is about 5,000 characters) shows the differing fields with the records and arrays that
  /// enclose them, the scalar members beside them when those fit too, and `…` for the rest; a union
  /// without a rule is shown there by the view of its first listed difference. Default 400: a few lines
  /// of a terminal.
  ///
  /// ```swift
  /// // XEvent values differ at 6 of 338 fields:
  /// //   .xkey.keycode: 38 ≠ 39
  /// //   …
  /// //   actual:   {.xkey = {.type = 2, .serial = 7, …, .state = 0, .keycode = 38, .same_screen = 0}, …}
  /// options.maximumDescriptionLength = 10_000   // whole descriptions up to 10,000 characters
  /// options.maximumDescriptionLength = 40       // {.xkey = {…, .keycode = 38, …}, …}
  /// ```
  public var maximumDescriptionLength: Int? {
    _read { yield storage.reported.maximumDescriptionLength }
    _modify { yield &reported.maximumDescriptionLength }
  }

  /// Creates options: every property, each with its default.
  ///
  /// - Parameters:
  ///   - tolerance: The tolerance for floating-point leaves; `nil` for the registry's default.
  ///   - fieldTolerances: Tolerances for particular fields and what they contain.
  ///   - maximumReportedMismatches: How many mismatches to list (default 20).
  ///   - descriptionOptions: How to describe values in the report.
  ///   - unionMembers: The live member of unions, by the union's path, added to (and for the same path in
  ///     place of) the rules in `descriptionOptions`.
  ///   - ignoredPaths: Fields that are not compared.
  ///   - fieldComparers: Comparers for particular fields.
  ///   - comparesPadding: Whether padding bytes must be equal too (default off).
  ///   - maximumDescriptionLength: How many characters a report gives each value (default 400).
  public init(
    tolerance: FloatTolerance? = nil, fieldTolerances: [FieldPath: FloatTolerance] = [:],
    maximumReportedMismatches: Int = 20, descriptionOptions: DescriptionOptions = .default,
    unionMembers: [FieldPath: UnionMember] = [:], ignoredPaths: Set<FieldPath> = [],
    fieldComparers: [FieldPath: FieldComparer] = [:], comparesPadding: Bool = false,
    maximumDescriptionLength: Int? = 400
  ) {
    var described = descriptionOptions
    let unionMembers = described.unionMembers.merging(unionMembers) { $1 }
    described.unionMembers = [:]
    storage = Storage(
      ComparedOptions(
        tolerance: tolerance, fieldTolerances: fieldTolerances, unionMembers: unionMembers, ignoredPaths: ignoredPaths,
        fieldComparers: fieldComparers, comparesPadding: comparesPadding),
      ReportedOptions(
        maximumReportedMismatches: maximumReportedMismatches, descriptionOptions: described,
        maximumDescriptionLength: maximumDescriptionLength))
  }

  /// Exact comparison with the registry's default tolerance.
  public static let `default` = ComparisonOptions()

  /// The options themselves, in one reference shared by copies until one is changed (copy on write): a
  /// handle finds the plan it compiled for options by this reference before it compares them, and a copy is
  /// one retain, not eight properties' worth.
  private(set) var storage: Storage

  /// What is compared, in ``storage``: the key of the plan a handle compiles for these options.
  var compared: ComparedOptions {
    _read { yield storage.compared }
    _modify {
      makeUnique()
      defer { storage.comparesNothing = storage.compared == .none }
      yield &storage.compared
    }
  }

  /// What only shapes the report, in ``storage``.
  var reported: ReportedOptions {
    _read { yield storage.reported }
    _modify {
      makeUnique()
      yield &storage.reported
    }
  }

  /// Copies the storage before a change unless these options hold the only reference and no plan is kept with
  /// it: a storage a handle keeps a plan with is never changed either, even when no copy holds it any more.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) || storage.holdsPlan {
      storage = Storage(storage.compared, storage.reported)
    }
  }

  /// Whether two options hold the same value in every property.
  public static func == (lhs: ComparisonOptions, rhs: ComparisonOptions) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.storage.compared == rhs.storage.compared && lhs.storage.reported == rhs.storage.reported)
  }

  /// Hashes every property.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.compared)
    hasher.combine(storage.reported)
  }
}

/// The options that change what is compared: every one of them is part of the key a handle finds its compiled
/// plan by (``ComparisonPlanKey``), and options whose compared part is ``none`` compare by the handle's own plan.
/// An option is classified by where it is declared: one added here changes the plan's key and its verdict by
/// itself, one added to ``ReportedOptions`` never reaches a plan.
struct ComparedOptions: Hashable, Sendable {
  /// The tolerance for floating-point leaves without a field tolerance; `nil` for the handle's default.
  var tolerance: FloatTolerance? = nil
  var fieldTolerances: [FieldPath: FloatTolerance] = [:]
  /// The live member of unions, by path: kept here once, and shown as ``DescriptionOptions/unionMembers`` too.
  var unionMembers: [FieldPath: UnionMember] = [:]
  var ignoredPaths: Set<FieldPath> = []
  var fieldComparers: [FieldPath: FieldComparer] = [:]
  var comparesPadding = false

  /// Nothing but the handle's own rules at its default tolerance.
  static let none = ComparedOptions()
}

/// The options that only shape a comparison's report: read from the options of each call, never by a plan.
struct ReportedOptions: Hashable, Sendable {
  var maximumReportedMismatches: Int
  /// How values are described; its ``DescriptionOptions/unionMembers`` are always empty here (they are
  /// ``ComparedOptions/unionMembers``).
  var descriptionOptions: DescriptionOptions
  var maximumDescriptionLength: Int?
}

extension ComparisonOptions {
  /// The one reference options are kept in. Changed only through ``ComparisonOptions/compared`` and ``ComparisonOptions/reported``, which copy it
  /// first unless the options being changed hold the only reference and no plan is kept with it: a storage
  /// another copy (or a handle's kept plan) can see never changes, so one is `Sendable` and two copies holding
  /// the same one are equal.
  final class Storage: @unchecked Sendable {
    // Not checked for exclusive access at run time (each check cost a lookup a read): it is changed only
    // through `ComparisonOptions.compared` and `.reported`, by the one copy that holds it.
    @exclusivity(unchecked) var compared: ComparedOptions
    @exclusivity(unchecked) var reported: ReportedOptions
    /// Whether ``compared`` is ``ComparedOptions/none``, so that a handle compares by its own plan: kept with
    /// each change, so that a comparison reads one flag rather than comparing six properties.
    @exclusivity(unchecked) var comparesNothing: Bool

    /// What the first handle to compare with these options twice keeps with them (its plan for them, an
    /// ``OptionsPlan``, which `ComparisonPlan.swift` reads and writes), so that the next comparisons find it
    /// with one atomic load: no lock, no retain. Set once, never replaced; released with the storage. It
    /// knows the handle by its serial number, not by a reference, so nothing here keeps a handle alive (the
    /// handle's own kept plans hold this storage).
    let keptByHandle = Atomic<Unmanaged<AnyObject>?>(nil)

    init(_ compared: ComparedOptions, _ reported: ReportedOptions) {
      self.compared = compared
      self.reported = reported
      comparesNothing = compared == .none
    }

    deinit { keptByHandle.load(ordering: .acquiring)?.release() }

    /// Whether a handle keeps a plan here, so that the storage must not change.
    var holdsPlan: Bool { keptByHandle.load(ordering: .acquiring) != nil }
  }
}

extension ComparisonOptions: CustomReflectable {
  /// The options' properties by name, as `print` and `dump` show them.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        ("tolerance", tolerance as Any), ("fieldTolerances", fieldTolerances),
        ("maximumReportedMismatches", maximumReportedMismatches), ("descriptionOptions", descriptionOptions),
        ("ignoredPaths", ignoredPaths), ("fieldComparers", fieldComparers), ("comparesPadding", comparesPadding),
        ("maximumDescriptionLength", maximumDescriptionLength as Any),
      ], displayStyle: .struct)
  }
}
