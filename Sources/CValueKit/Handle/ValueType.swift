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

  /// What the registry held when the type was resolved: the registrations, found through a lookup.
  let entries: EntryLookup
  let registryGeneration: Int
  /// The size of one value, or -1 when the layout is unknown: what the inlined `isEqual` checks a Swift
  /// type against.
  @usableFromInline let valueSize: Int
  /// Whether the C type is itself a pointer (or other address), so that a Swift pointer is its value.
  @usableFromInline let isAddressType: Bool
  /// The plan of a comparison of one value by the type's own rules at its default tolerance: the one plan
  /// whose verdict is inlined into the caller (``isEqual(pointers:_:tolerance:)``).
  @usableFromInline let ownPlan: ComparisonPlan
  /// The plans compiled for options and array lengths, kept for the next comparison with the same ones.
  let plans = LockedState(ComparisonPlans())
  /// This handle's number, unique in the process: what options that keep a plan for one handle know it by
  /// (``ComparisonOptions/Storage/plan(keptFor:count:)``), without a reference to it.
  let serial = ValueType.serials.add(1, ordering: .relaxed).newValue
  /// The last handle's ``serial``.
  private static let serials = Atomic<UInt64>(0)

  /// Lays out nothing more: compiles the own plan of `type` laid out as `layout` (or, when that failed, the
  /// plan of a type whose layout is unknown), with the registrations `entries` finds.
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
    let rules: RuleNode?
    switch layout {
    case .success(let layout):
      rules = RuleNode.build(layout.root, abi: abi, entries: entries)
      self.layout = layout
      self.layoutError = nil
    case .failure(let error):
      self.layout = nil
      self.layoutError = error
      rules = nil
    }
    strategy = Self.strategy(of: type, rules: rules, layoutError: layoutError, entries: entries)
    valueSize = self.layout?.size ?? -1
    isAddressType = type.holdsAddress
    ownPlan = Self.ownPlan(
      type: type, name: name, strategy: strategy, rules: rules, size: valueSize, tolerance: defaultTolerance)
  }

  /// The plan of a comparison of one value of `size` bytes by `rules`, the type's own.
  private static func ownPlan(
    type: TypeEncoding, name: String?, strategy: Comparison.Strategy, rules: RuleNode?, size: Int,
    tolerance: FloatTolerance
  ) -> ComparisonPlan {
    var direct: DirectComparator?
    if case .registered(let entry)? = rules?.rule { direct = entry.directComparator }
    return ComparisonPlan(
      rules: rules, byteCount: max(size, 0), count: nil, tolerance: tolerance, direct: direct, walks: false,
      valueIsRegistered: rules?.isRegistered ?? false, comparesPadding: false, named: (type, strategy, name))
  }

  /// The same type under another name: what resolving a typedef name gives, its own plan naming it so.
  init(_ other: ValueType, name: String) {
    self.name = name
    type = other.type
    abi = other.abi
    layout = other.layout
    layoutError = other.layoutError
    defaultTolerance = other.defaultTolerance
    valueSize = other.valueSize
    isAddressType = other.isAddressType
    entries = other.entries
    registryGeneration = other.registryGeneration
    strategy = other.strategy
    // The report of equal values names the type by the new name.
    ownPlan = Self.ownPlan(
      type: type, name: name, strategy: strategy, rules: other.rules, size: valueSize, tolerance: defaultTolerance)
  }

  /// The same type with `enumeration` on its value, when it is an integer or an array of them: what
  /// resolving a name of an enum type (`level_t`, `enum pwr_state`) gives, which then describes and reports
  /// its constants' names. Itself when the value is something else, or a registration decides it.
  func naming(_ enumeration: CEnumeration) -> ValueType {
    guard let layout, let named = layout.naming(enumeration) else { return self }
    return ValueType(
      type: type, abi: abi, layout: .success(named), entries: entries, defaultTolerance: defaultTolerance,
      registryGeneration: registryGeneration, name: name)
  }

  /// The type's rules: its layout with the registrations applied (`nil` when the layout is unknown).
  var rules: RuleNode? { ownPlan.laidOutRules }

  /// The size in bytes, when the layout is known.
  public var size: Int? { layout?.size }

  /// How values of this type are compared when both are given with their size.
  package let strategy: Comparison.Strategy

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
    // The own plan's verdict, inlined into the caller: a short run of doubles or floats, a small record or a C
    // comparator of two pointers runs there with no call in between; everything else is one call into the plan.
    guard let tolerance else { return ownPlan.isEqual(actual, expected) }
    return ownPlan.isEqual(actual, expected, tolerance: tolerance)
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
    // The own plan's, element by element; an element that is one run is one run of the whole array.
    let plan = ownPlan
    if stride == layout.size, plan.steps.count == 1,
      let run = ComparisonStep.wholeArray(of: plan.steps[0], count: count, elementSize: stride, at: 0)
    {
      return run.run(actual, expected, tolerance: tolerance ?? defaultTolerance)
    }
    for index in 0..<count {
      let (a, b) = (actual + index * stride, expected + index * stride)
      let equal = if let tolerance { plan.isEqual(a, b, tolerance: tolerance) } else { plan.isEqual(a, b) }
      guard equal else { return false }
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
