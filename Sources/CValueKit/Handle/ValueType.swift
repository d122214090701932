import CValueShim
import Synchronization

/// A resolved C type: its layout and the comparer and describer the registry chose, ready to use many
/// times without parsing, hashing or locking.
///
/// ```swift
/// let rect = try ValueRegistry.shared.resolve("rect")
/// let a = CGRect(x: 0, y: 0, width: 10, height: 20)
/// let b = CGRect(x: 0, y: 0, width: 10, height: 20.5)
/// rect.isEqual(a, b)                                  // false
/// try rect.compare(a, b).report                       // CGRect values differ at 1 of 4 fields: …
/// try rect.describe(a)                                // {.origin = {.x = 0, .y = 0}, .size = {…}}
/// ```
public final class ValueType: Sendable, CustomStringConvertible {
  /// The type as resolved.
  public let type: TypeEncoding
  /// The ABI the layout is for.
  public let abi: ABI
  /// The layout, or `nil` when it cannot be known (see ``layoutError``).
  public let layout: CLayout?
  /// Why the layout is unknown, when it is.
  public let layoutError: LayoutError?
  /// The tolerance used when a comparison gives none: the registry's default when the type was resolved.
  public let defaultTolerance: FloatTolerance
  /// The typedef name the type was resolved by (`sigset_t`, as a header import registers it), which
  /// reports use for it; `nil` when it was given as an encoding or a built-in readable name.
  public let name: String?

  let rules: RuleNode?
  let steps: [ComparisonStep]
  /// The comparers ``steps`` read unretained (``ComparisonStep/kept(offset:size:compare:)``).
  private let keptComparers: [KeptComparer]
  let shortcut: ComparisonShortcut
  /// The C function registered for the whole value, when there is one: called before `shortcut` is read,
  /// with no closure and no retain in between (the entry's closure, kept for `steps`, keeps what it needs alive).
  let directComparator: DirectComparator?
  /// The size of one value, or -1 when the layout is unknown: what the inlined `isEqual` checks a Swift
  /// type against.
  @usableFromInline let valueSize: Int
  /// Whether the C type is itself a pointer (or other address), so that a Swift pointer is its value.
  @usableFromInline let isAddressType: Bool
  let entries: EntryLookup
  let registryGeneration: Int
  /// The plan of a comparison of one value by the handle's own rules (`nil` when the layout is unknown).
  let ownPlan: ComparisonPlan?
  /// Whether ``ownPlan`` alone decides for one value, by the inlined `isEqual` (there is one, and no comparer
  /// is registered for the whole value): read where equal values are decided, so that the plan itself (a
  /// reference, retained when read) is read only to walk values that differ.
  @usableFromInline let ownPlanDecides: Bool
  /// The comparison equal values get under the handle's own plan when it is always the same one (no tagged
  /// union, no comparer registered for the whole value, a valid default tolerance): what the inlined
  /// `compare(_:_:)` returns for values its inlined `isEqual` finds equal.
  @usableFromInline let equalComparison: Comparison?
  /// Whether options that change nothing may use ``ownPlan``: the default tolerance they would be checked
  /// for is valid.
  let ownPlanChecks: Bool
  /// The plans compiled for options and array lengths, kept for the next comparison with the same ones.
  let plans = LockedState(ComparisonPlans())
  /// This handle's number, unique in the process: what options that keep a plan for one handle know it by
  /// (``ComparisonOptions/Storage/plan(keptFor:count:)``), without a reference to it.
  let serial = ValueType.serials.add(1, ordering: .relaxed).newValue
  /// The last handle's ``serial``.
  private static let serials = Atomic<UInt64>(0)
  /// What the inlined `isEqual` runs in the caller at the default tolerance, with no call: see ``InlineRun``.
  @usableFromInline let inlineRun: InlineRun
  /// The members ``InlineRun/fields`` compares, owned here and read by the inlined `isEqual` through
  /// ``inlineFieldList``, with no retain.
  let inlineFields: InlineFields?
  @usableFromInline let inlineFieldList: InlineFields.List
  /// A small record with fields compared by a registered comparer, as ``InlineFields``: what `isEqualByPlan`
  /// compares it by, in one loop with the comparers called unretained, rather than by the steps.
  let comparingFields: InlineFields?
  /// The members of ``comparingFields``, read with no retain; ``InlineFields/List/empty`` when there are none.
  let comparingFieldList: InlineFields.List
  /// A C comparator registered for the whole value that takes two pointers and returns an `int`, for the
  /// inlined `isEqual(pointers:)` to call with nothing in between (its library is kept open by the entry).
  @usableFromInline let inlineComparator: InlineComparator?

  /// Compiles the plan for `type` laid out as `layout` (or, when that failed, the plan for a type whose layout
  /// is unknown), with the registrations `entries` finds.
  init(
    type: TypeEncoding, abi: ABI, layout: Result<CLayout, LayoutError>, entries: EntryLookup,
    defaultTolerance: FloatTolerance, registryGeneration: Int, name: String? = nil
  ) {
    self.name = name
    self.type = type
    self.abi = abi
    self.entries = entries
    self.defaultTolerance = defaultTolerance
    self.registryGeneration = registryGeneration
    var compiled: [ComparisonStep]
    switch layout {
    case .success(let layout):
      let rules = RuleNode.build(layout.root, abi: abi, entries: entries)
      compiled = []
      ComparisonStep.compile(rules, into: &compiled)
      self.layout = layout
      self.layoutError = nil
      self.rules = rules
    case .failure(let error):
      self.layout = nil
      self.layoutError = error
      self.rules = nil
      compiled = []
    }
    strategy = Self.strategy(of: type, rules: rules, layoutError: layoutError, entries: entries)
    shortcut = ComparisonShortcut(steps: compiled, rules: rules)
    // Past the shortcut, which keeps a comparer for the whole value itself.
    keptComparers = ComparisonStep.keepingComparers(of: &compiled)
    steps = compiled
    if case .registered(let entry)? = rules?.rule {
      directComparator = entry.directComparator
    } else {
      directComparator = nil
    }
    valueSize = self.layout?.size ?? -1
    isAddressType = type.holdsAddress
    ownPlan = Self.ownPlan(type: type, name: name, strategy: strategy, rules: rules, tolerance: defaultTolerance)
    ownPlanDecides = ownPlan.map { !$0.valueIsRegistered } ?? false
    ownPlanChecks = defaultTolerance.problem == nil
    equalComparison = Self.equalComparison(of: ownPlan, checks: ownPlanChecks)
    var fieldSteps: [ComparisonStep] = []
    if let rules, valueSize <= InlineFields.maximumSize {
      ComparisonStep.compile(rules, into: &fieldSteps, merging: false)
    }
    let fields = InlineFields(fieldSteps, size: valueSize)
    inlineRun = InlineRun(shortcut, fields: fields, direct: directComparator, tolerance: defaultTolerance)
    inlineFields = inlineRun == .fields ? fields : nil
    comparingFields =
      fields?.hasComparers == true
        && InlineRun.fieldsDecide(fields, shortcut: shortcut, direct: directComparator, tolerance: defaultTolerance)
      ? fields : nil
    comparingFieldList = comparingFields?.list ?? .empty
    inlineFieldList = inlineFields?.list ?? .empty
    inlineComparator = directComparator.flatMap(InlineComparator.init)
  }

  /// The plan of a comparison of one value by the handle's own rules.
  private static func ownPlan(
    type: TypeEncoding, name: String?, strategy: Comparison.Strategy, rules: RuleNode?, tolerance: FloatTolerance
  ) -> ComparisonPlan? {
    rules.map { rules in
      ComparisonPlan(
        rules: rules, tolerance: tolerance, shortcut: .plan, valueIsRegistered: rules.isRegistered,
        comparesPadding: false
      ) { fieldCount in
        equalComparison(type, strategy: strategy, typeName: name, fieldCount: fieldCount, rules: rules)
      }
    }
  }

  /// The comparison of equal values by `plan`, when it is always the same one and `compareChecked` would give
  /// it: see ``equalComparison``.
  private static func equalComparison(of plan: ComparisonPlan?, checks: Bool) -> Comparison? {
    guard let plan, checks, !plan.valueIsRegistered else { return nil }
    return plan.equalOutcome?.comparison
  }

  /// The same plan under another name: what resolving a typedef name gives, sharing everything else.
  init(_ other: ValueType, name: String) {
    self.name = name
    type = other.type
    abi = other.abi
    layout = other.layout
    layoutError = other.layoutError
    defaultTolerance = other.defaultTolerance
    rules = other.rules
    steps = other.steps
    keptComparers = other.keptComparers
    shortcut = other.shortcut
    directComparator = other.directComparator
    valueSize = other.valueSize
    isAddressType = other.isAddressType
    entries = other.entries
    registryGeneration = other.registryGeneration
    strategy = other.strategy
    // The report of equal values names the type by the new name.
    ownPlan = Self.ownPlan(
      type: type, name: name, strategy: strategy, rules: rules, tolerance: defaultTolerance)
    ownPlanDecides = other.ownPlanDecides
    ownPlanChecks = other.ownPlanChecks
    equalComparison = Self.equalComparison(of: ownPlan, checks: ownPlanChecks)
    inlineRun = other.inlineRun
    inlineFields = other.inlineFields
    comparingFields = other.comparingFields
    comparingFieldList = other.comparingFieldList
    inlineFieldList = other.inlineFieldList
    inlineComparator = other.inlineComparator
  }

  /// The size in bytes, when the layout is known.
  public var size: Int? { layout?.size }

  /// How values of this type are compared when both are given with their size.
  public let strategy: Comparison.Strategy

  private static func strategy(
    of type: TypeEncoding, rules: RuleNode?, layoutError: LayoutError?, entries: EntryLookup
  ) -> Comparison.Strategy {
    guard let rules else {
      if let entry = entries.entry(for: type), entry.compare != nil { return entry.strategy }
      return .bytes(reason: layoutError?.description ?? "layout unknown")
    }
    switch rules.rule {
    case .registered(let entry): return entry.strategy
    case .leaf: return .builtIn
    case .record where entries.isBuiltinRecord(type): return .builtIn
    case .bytes: return .bytes(reason: "no entry compares \(type)")
    case .union, .record, .array, .text, .ignored: return .structural
    }
  }

  /// The type, e.g. `{CGRect={CGPoint=dd}{CGSize=dd}}`.
  public var description: String { type.description }

  // MARK: - Equality

  /// Whether two values are equal, as fast as the rules allow and without building a report.
  ///
  /// When the layout is unknown the values are compared by address.
  ///
  /// - Parameters:
  ///   - actual: The first byte of one value.
  ///   - expected: The first byte of the other.
  ///   - tolerance: The tolerance for floating-point leaves; `nil` for ``defaultTolerance``.
  @inlinable @inline(__always)
  public func isEqual(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, tolerance: FloatTolerance? = nil
  ) -> Bool {
    // Inlined into the caller: a short run of doubles or floats at the default tolerance, or a C comparator of
    // two pointers, runs there with no call in between; everything else is the plan, out of line.
    if tolerance == nil {
      if let comparator = inlineComparator, let equal = comparator.isEqual(actual, expected) { return equal }
      if let equal = inlineRun.isEqual(actual, expected, fields: inlineFieldList) { return equal }
    }
    return isEqualByPlan(pointers: actual, expected, tolerance: tolerance)
  }

  /// ``isEqual(pointers:_:tolerance:)`` by the handle's compiled plan.
  @usableFromInline
  func isEqualByPlan(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, tolerance: FloatTolerance?
  ) -> Bool {
    // First: a handle with such fields has no C comparator for the whole value.
    if comparingFieldList.count > 0, tolerance == nil {
      return InlineFields.isEqualCalling(actual, expected, list: comparingFieldList)
    }
    if let function = directComparator { return function.isEqual(pointers: actual, expected, size: valueSize) }
    switch shortcut {
    case .bytes(let offset, let count): return cvi_bytes_equal(actual + offset, expected + offset, count)
    case .doubles(let offset, let count):
      return FloatRun<Double>.isEqual(
        actual + offset, expected + offset, count: count, tolerance: tolerance ?? defaultTolerance)
    case .floats(let offset, let count):
      return FloatRun<Float>.isEqual(
        actual + offset, expected + offset, count: count, tolerance: tolerance ?? defaultTolerance)
    case .registered(let size, let compare):
      return compare(
        UnsafeRawBufferPointer(start: actual, count: size), UnsafeRawBufferPointer(start: expected, count: size))
    case .steps: return ComparisonStep.run(steps, actual, expected, tolerance: tolerance ?? defaultTolerance)
    case .alwaysEqual: return true
    case .address: return actual == expected
    }
  }

  /// Whether `count` consecutive values at two addresses are equal, as fast as the rules allow: values
  /// that are all integers are one `memcmp` of the whole run, values that are all `float` (or all
  /// `double`) one loop over them.
  ///
  /// A negative `count`, or one whose byte count overflows, is never equal; use
  /// ``compare(bytes:_:count:options:)`` to be told why. When the layout is unknown the addresses are compared.
  ///
  /// - Parameters:
  ///   - actual: The first byte of one run of values.
  ///   - expected: The first byte of the other.
  ///   - count: How many values each run holds, ``CLayout/stride`` bytes apart.
  ///   - tolerance: The tolerance for floating-point leaves; `nil` for ``defaultTolerance``.
  public func isEqual(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, count: Int, tolerance: FloatTolerance? = nil
  ) -> Bool {
    guard let layout else { return actual == expected }
    let stride = layout.stride
    guard count >= 0, !count.multipliedReportingOverflow(by: stride).overflow else { return false }
    let tolerance = tolerance ?? defaultTolerance
    if stride == layout.size, let run = ComparisonStep.wholeArray(of: steps, count: count, elementSize: stride, at: 0) {
      return run.run(actual, expected, tolerance: tolerance)
    }
    for index in 0..<count {
      guard isEqual(pointers: actual + index * stride, expected + index * stride, tolerance: tolerance) else {
        return false
      }
    }
    return true
  }

  /// Whether two buffers of Swift values with this C type's layout are equal, element by element.
  ///
  /// Buffers of different lengths are never equal, nor are elements whose stride is not the C type's;
  /// use ``compare(bytes:_:count:options:)`` to be told why.
  public func isEqual<Element>(
    elements actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>,
    tolerance: FloatTolerance? = nil
  ) -> Bool {
    guard _isPOD(Element.self), actual.count == expected.count else { return false }
    guard let layout else { return actual.baseAddress == expected.baseAddress }
    guard layout.stride == MemoryLayout<Element>.stride, layout.size <= MemoryLayout<Element>.stride else {
      return false
    }
    guard let a = actual.baseAddress, let b = expected.baseAddress else { return true }
    return isEqual(pointers: a, b, count: actual.count, tolerance: tolerance)
  }

  /// Whether two Swift values with this C type's layout are equal.
  ///
  /// A value whose size is not the type's is never equal, nor is a Swift pointer or buffer pointer
  /// (`UnsafeRawPointer`, `UnsafeMutableRawBufferPointer`, …) unless the C type is itself a pointer: use
  /// ``compare(_:_:options:)`` to be told why, and ``isEqual(pointers:_:tolerance:)`` for the memory a
  /// pointer points to.
  @inlinable
  public func isEqual<Value>(_ actual: Value, _ expected: Value, tolerance: FloatTolerance? = nil)
    -> Bool
  {
    // Inlined into the caller, where the size test folds away: a plain C struct goes straight to the
    // pointer comparison.
    guard _isPOD(Value.self), !Self.isPointerValue(Value.self), MemoryLayout<Value>.size == valueSize,
      valueSize > 0
    else {
      return isEqualConverting(actual, expected, tolerance: tolerance)
    }
    return withUnsafeBytes(of: actual) { a in
      withUnsafeBytes(of: expected) { b in
        isEqual(pointers: a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped, tolerance: tolerance)
      }
    }
  }

  /// `isEqual` for Swift values that are not a plain C value of the type's size: a Swift struct shorter than
  /// its C type (tail padding), or a type that cannot hold the value.
  @usableFromInline
  func isEqualConverting<Value>(_ actual: Value, _ expected: Value, tolerance: FloatTolerance?) -> Bool {
    guard _isPOD(Value.self), let layout, Self.fits(Value.self, layout) else { return false }
    if Self.isPointerValue(Value.self), !isAddressType { return false }
    if layout.size == 0 { return true }
    return Self.withCBytes(of: actual, size: layout.size) { a in
      Self.withCBytes(of: expected, size: layout.size) { b in
        isEqual(pointers: a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped, tolerance: tolerance)
      }
    }
  }

  /// Whether a Swift type can hold a value of the layout: the same size, or (for a struct declared in
  /// Swift, whose size leaves out the tail padding C counts) a smaller size with the same stride.
  package static func fits<Value>(_: Value.Type, _ layout: CLayout) -> Bool {
    MemoryLayout<Value>.size == layout.size
      || (MemoryLayout<Value>.size < layout.size && MemoryLayout<Value>.stride == layout.stride)
  }

  /// Calls `body` with `size` bytes holding `value`: its own bytes, plus zeroed tail padding when the Swift
  /// type is smaller than the C type.
  static func withCBytes<Value, Result, Failure: Error>(
    of value: Value, size: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeBytes(of: value) { (bytes) throws(Failure) -> Result in
      guard bytes.count < size else { return try body(bytes) }
      return try withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<Value>.alignment) {
        (buffer) throws(Failure) -> Result in
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        buffer.copyMemory(from: bytes)
        return try body(UnsafeRawBufferPointer(buffer))
      }
    }
  }

  /// Calls `body` with the bytes of a collection as one buffer: in place when the collection is contiguous
  /// (`[UInt8]`, `UnsafeRawBufferPointer`, `Data`), else a copy.
  ///
  /// This is the one bridge from the standard library's `rethrows` buffer APIs to typed throws: the error
  /// is carried out of the closure in a `Result`.
  @inlinable
  static func withRawBytes<Bytes: Collection<UInt8>, Result, Failure: Error>(
    of bytes: Bytes, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // Folded away where this is inlined: a raw buffer (what `cv_compare` hands over) is the bytes, with no
    // `Result` carried out of a closure.
    if Bytes.self == UnsafeRawBufferPointer.self {
      return try body(unsafeBitCast(bytes, to: UnsafeRawBufferPointer.self))
    }
    var outcome: Swift.Result<Result, Failure>?
    _ = bytes.withContiguousStorageIfAvailable { buffer in
      outcome = Swift.Result { () throws(Failure) -> Result in try body(UnsafeRawBufferPointer(buffer)) }
    }
    if outcome == nil {
      Array(bytes).withUnsafeBytes { buffer in
        outcome = Swift.Result { () throws(Failure) -> Result in try body(buffer) }
      }
    }
    return try outcome.unsafelyUnwrapped.get()
  }
}
