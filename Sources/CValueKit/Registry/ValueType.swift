/// A resolved C type: its layout and the comparator and describer the registry chose, ready to use many
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

  let rules: RuleNode?
  let steps: [ComparisonStep]
  let entries: RegistryEntries
  let registryGeneration: Int

  init(
    type: TypeEncoding, abi: ABI, catalog: TypeCatalog, entries: RegistryEntries, defaultTolerance: FloatTolerance,
    registryGeneration: Int
  ) {
    self.type = type
    self.abi = abi
    self.entries = entries
    self.defaultTolerance = defaultTolerance
    self.registryGeneration = registryGeneration
    do throws(LayoutError) {
      let layout = try Self.layout(of: type, abi: abi, catalog: catalog, entries: entries)
      let rules = RuleNode.build(layout.root, abi: abi, entries: entries)
      var steps: [ComparisonStep] = []
      ComparisonStep.compile(rules, into: &steps)
      self.layout = layout
      self.layoutError = nil
      self.rules = rules
      self.steps = steps
    } catch {
      self.layout = nil
      self.layoutError = error
      self.rules = nil
      self.steps = []
    }
    strategy = Self.strategy(of: type, rules: rules, layoutError: layoutError, entries: entries)
  }

  /// Lays out `type`; a record named alone (`{Temp}`) that the catalog does not define takes its members
  /// from the entry registered for it in full (`{Temp=d}`).
  private static func layout(of type: TypeEncoding, abi: ABI, catalog: TypeCatalog, entries: RegistryEntries)
    throws(LayoutError) -> CLayout
  {
    do {
      return try catalog.layout(of: type, abi: abi)
    } catch {
      guard type.record?.fields == nil, let registered = entries.entry(for: type)?.type,
        registered.record?.fields != nil, let layout = try? catalog.layout(of: registered, abi: abi)
      else { throw error }
      return layout
    }
  }

  /// The size in bytes, when the layout is known.
  public var size: Int? { layout?.size }

  /// How values of this type are compared when both are given with their size.
  public let strategy: Comparison.Strategy

  private static func strategy(
    of type: TypeEncoding, rules: RuleNode?, layoutError: LayoutError?, entries: RegistryEntries
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
    case .union, .record, .array: return .structural
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
  public func isEqual(
    pointers actual: UnsafeRawPointer, _ expected: UnsafeRawPointer, tolerance: FloatTolerance? = nil
  ) -> Bool {
    guard rules != nil else { return actual == expected }
    return ComparisonStep.run(steps, actual, expected, tolerance: tolerance ?? defaultTolerance)
  }

  /// Whether two Swift values with this C type's layout are equal.
  ///
  /// A value whose size is not the type's is never equal; use ``compare(_:_:options:)-(Value,Value,_)``
  /// to be told why.
  public func isEqual<Value>(_ actual: Value, _ expected: Value, tolerance: FloatTolerance? = nil)
    -> Bool
  {
    guard _isPOD(Value.self), let layout, Self.fits(Value.self, layout) else { return false }
    var actual = actual
    var expected = expected
    if MemoryLayout<Value>.size == layout.size, layout.size > 0 {
      return withUnsafePointer(to: &actual) { a in
        withUnsafePointer(to: &expected) { b in
          ComparisonStep.run(steps, UnsafeRawPointer(a), UnsafeRawPointer(b), tolerance: tolerance ?? defaultTolerance)
        }
      }
    }
    return Self.withCBytes(of: actual, size: layout.size) { a in
      Self.withCBytes(of: expected, size: layout.size) { b in
        // Only an empty value has no address, and it has nothing to compare.
        guard let a = a.baseAddress, let b = b.baseAddress else { return true }
        return ComparisonStep.run(steps, a, b, tolerance: tolerance ?? defaultTolerance)
      }
    }
  }

  /// Whether a Swift type can hold a value of the layout: the same size, or (for a struct declared in
  /// Swift, whose size leaves out the tail padding C counts) a smaller size with the same stride.
  static func fits<Value>(_: Value.Type, _ layout: CLayout) -> Bool {
    MemoryLayout<Value>.size == layout.size
      || (MemoryLayout<Value>.size < layout.size && MemoryLayout<Value>.stride == layout.stride)
  }

  /// Calls `body` with `size` bytes holding `value`: its own bytes, plus zeroed tail padding when the Swift
  /// type is smaller than the C type.
  static func withCBytes<Value, Result>(
    of value: Value, size: Int, _ body: (UnsafeRawBufferPointer) -> Result
  ) -> Result {
    withUnsafeBytes(of: value) { bytes in
      guard bytes.count < size else { return body(bytes) }
      return withUnsafeTemporaryAllocation(byteCount: size, alignment: MemoryLayout<Value>.alignment) { buffer in
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        buffer.copyMemory(from: bytes)
        return body(UnsafeRawBufferPointer(buffer))
      }
    }
  }
}
