import Synchronization

/// Compares, describes and parses C values by their type encoding, with comparers and describers you
/// register for your own types.
///
/// For a value of encoding E the registry uses, in order: a comparer registered for E (qualifiers and
/// member names do not change identity, and `{Name}` finds the entry registered for `{Name=…}`); the
/// built-in entries for scalars, pointers, `CGPoint`, `CGSize` and `CGRect`; a structural comparison
/// derived from E's layout, every leaf by its own entry and padding ignored; the raw bytes when only the
/// size is known; and the values' addresses when nothing is known. Every ``Comparison`` says which decided.
///
/// ```swift
/// let registry = ValueRegistry()
/// try registry.register("{Temperature=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 })
/// let result = try registry.resolve("rect").compare(actualRect, expectedRect)
/// ```
///
/// A registry is safe to use from any thread: registrations are never lost, and a ``ValueType`` handle
/// from ``resolve(_:abi:)`` compares without taking a lock. A handle is a snapshot: it keeps the entries
/// it was resolved with; resolve again after registering.
public final class ValueRegistry: Sendable {
  /// The registry used when none is given: the one process-wide registry, with ``TypeCatalog/shared`` as its
  /// catalog. What one test registers here every other test sees; make a registry of your own to keep a test
  /// apart.
  public static let shared = ValueRegistry(catalog: .shared)

  /// The catalog that resolves readable names, record definitions and layout overrides.
  public let catalog: TypeCatalog

  /// The encodings registered for Swift types and the ones derived from them (ValueRegistry+SwiftTypes).
  let swiftTypes = SwiftTypeEncodings()

  private struct State: Sendable {
    var entries: RegistryEntries
    /// Changes with every registration, so that a handle built during one is not cached.
    var generation = 0
    var catalogGeneration: Int
    var handles = HandleCache()

    mutating func invalidate() {
      generation += 1
      handles = HandleCache()
    }
  }

  private let state: LockedState<State>

  /// How many handles each of a registry's caches (by type, by text, by Swift type) keeps at most.
  static let handleCacheLimit = HandleCache.limit

  /// How many handles the caches hold (for tests).
  var cachedHandleCount: Int { state.withLock { $0.handles.count } }

  /// Creates a registry.
  ///
  /// ```swift
  /// let registry = ValueRegistry(defaultTolerance: .ulps(4))
  /// ```
  ///
  /// A registry made without a catalog gets a new one of its own, with the built-in names, so that nothing
  /// another test registers in ``TypeCatalog/shared`` changes what it finds; pass `.shared` (or a catalog
  /// you share on purpose) to see those registrations.
  ///
  /// - Parameters:
  ///   - catalog: Where readable names, record definitions and layout overrides come from; `nil` for a
  ///     new catalog with the built-in names.
  ///   - includingBuiltins: Whether the built-in entries apply. Without them every leaf is compared by
  ///     its bytes (so `-0.0 ≠ 0.0` and tolerances do not apply) unless you register an entry for it.
  ///   - defaultTolerance: The tolerance for floating-point leaves when a comparison gives none.
  public init(
    catalog: TypeCatalog? = nil, includingBuiltins: Bool = true, defaultTolerance: FloatTolerance = .exact
  ) {
    let catalog = catalog ?? TypeCatalog()
    self.catalog = catalog
    self.defaultTolerance = defaultTolerance
    state = LockedState(
      State(entries: RegistryEntries(includesBuiltins: includingBuiltins), catalogGeneration: catalog.generation))
  }

  /// The tolerance for floating-point leaves when a comparison gives none, fixed when the registry is made
  /// (``FloatTolerance/exact`` unless given), so that tests running in parallel cannot change each other's.
  public let defaultTolerance: FloatTolerance

  // MARK: - Registering

  /// Registers a comparer, a describer or both for a type.
  ///
  /// A second registration for the same type replaces the parts it gives and keeps the others.
  ///
  /// ```swift
  /// try registry.register("{Handle=^v}", comparer: { a, b in a.load(as: UInt.self) == b.load(as: UInt.self) })
  /// ```
  ///
  /// - Parameters:
  ///   - type: An encoding (`{Handle=^v}`), a readable name the catalog knows (`point`), or a
  ///     ``TypeEncoding``; its qualifiers and member names do not matter.
  ///   - compare: Whether two values are equal; it gets one value's bytes in each buffer.
  ///   - describe: The value as text, ideally a C initializer.
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse, or
  ///   ``ValueError/nothingToRegister(_:)`` when both closures are `nil`.
  public func register(
    _ type: some TypeEncodingConvertible, comparer compare: RawComparator? = nil,
    describer describe: RawDescriber? = nil
  ) throws(ValueError) {
    let type = try parse(type)
    guard compare != nil || describe != nil else { throw .nothingToRegister(type) }
    registerEntry(type, compare: compare, describe: describe, comparatorFunction: nil)
  }

  /// Adds the parts of an entry and drops every cached handle.
  func registerEntry(
    _ type: TypeEncoding, compare: RawComparator?, describe: RawDescriber?,
    comparatorFunction: (name: String, direct: DirectComparator)?,
    firstDifference: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int?)? = nil,
    inside: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> [Mismatch]?)? = nil
  ) {
    state.withLock {
      $0.entries.register(
        type, compare: compare, describe: describe, comparatorFunction: comparatorFunction,
        firstDifference: firstDifference, inside: inside)
      $0.invalidate()
    }
  }

  /// ``register(_:comparer:describer:)`` for a container (a C++ `std::string`, `std::vector` or
  /// `std::optional` read from debug info): `firstDifference` says where two values `compare` finds
  /// different first differ, for the report's `(first difference at [3])`, and `inside` gives the mismatches
  /// inside them with paths from the value (`[3].x`), listed in the container's place.
  package func register(
    _ type: TypeEncoding, comparer compare: @escaping RawComparator, describer describe: @escaping RawDescriber,
    firstDifference: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Int?)? = nil,
    inside: (@Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> [Mismatch]?)? = nil
  ) {
    registerEntry(
      type, compare: compare, describe: describe, comparatorFunction: nil, firstDifference: firstDifference,
      inside: inside)
  }

  /// Registers which member of a union in a record type is live, for every value of that type: alone
  /// or nested in another value, in an array. Only that member is compared, reported and described.
  ///
  /// ```swift
  /// // struct msg { enum kind kind; union { struct text text; struct number number; } u; };
  /// try registry.register(
  ///   "struct msg", unionMember: .tagged(by: ".kind", members: [1: "text", 2: "number"]), at: ".u")
  /// try registry.register("struct in6_addr", unionMember: "__u6_addr8", at: ".__in6_u")
  /// ```
  ///
  /// A second rule for the same union replaces the first; ``unregister(_:)`` removes the type's rules
  /// with its other registrations. A rule in ``ComparisonOptions/unionMembers`` or
  /// ``DescriptionOptions/unionMembers`` replaces this one for one call, and a rule registered for an
  /// enclosing record replaces one registered for a record inside it.
  ///
  /// - Parameters:
  ///   - member: The live member: one by name, or the one a tag field names.
  ///   - path: The union's path from the record (for an anonymous union, the path of the record holding
  ///     it, the empty path for the record itself); a tag's path is read from the record too.
  ///   - type: The record type: an encoding, a name the catalog knows (`struct msg`, a typedef), or a
  ///     ``TypeEncoding``.
  /// - Throws: ``ValueError/encoding(_:)`` when the type does not parse, ``ValueError/layoutUnknown(_:_:)``
  ///   when it cannot be laid out, and ``ValueError/unionMember(path:problem:in:)`` when the rule does not fit it
  ///   (no such union or member, a tag that is not an integer field outside the union, a path through an
  ///   array element).
  public func register(
    _ type: some TypeEncodingConvertible, unionMember member: UnionMember, at path: FieldPath
  ) throws(ValueError) {
    let type = try parse(type)
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    do throws(UnionMemberError) {
      _ = try LiveMemberRule.resolve(member, at: path, in: layout.root, abi: layout.abi)
    } catch {
      throw error.valueError(in: type)
    }
    state.withLock {
      $0.entries.register(member, forUnionAt: path, of: type)
      $0.invalidate()
    }
  }

  /// Registers a comparer and optionally a describer that work on a Swift type with the C type's layout,
  /// such as the imported C struct itself.
  ///
  /// ```swift
  /// try registry.register("{Temperature=d}", as: Double.self, comparer: { abs($0 - $1) < 0.5 }, ///                       describe: { "\($0) K" })
  /// ```
  ///
  /// - Parameters:
  ///   - type: An encoding or readable name, or a ``TypeEncoding``.
  ///   - swiftType: A Swift type whose size is the C type's size.
  ///   - compare: Whether two values are equal.
  ///   - describe: The value as text.
  /// - Throws: ``ValueError/swiftTypeSize(swiftType:size:type:typeSize:)`` when the sizes differ and
  ///   ``ValueError/layoutUnknown(_:_:)`` when the C type's size cannot be known.
  public func register<Value>(
    _ type: some TypeEncodingConvertible, as swiftType: Value.Type,
    comparer compare: @escaping @Sendable (Value, Value) -> Bool,
    describer describe: (@Sendable (Value) -> String)? = nil
  ) throws(ValueError) {
    try ValueType.checkPlainData(Value.self)
    let type = try parse(type)
    let layout: CLayout
    do throws(LayoutError) { layout = try catalog.layout(of: type) } catch { throw .layoutUnknown(type, error) }
    guard ValueType.fits(Value.self, layout) else {
      throw .swiftTypeSize(
        swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type, typeSize: layout.size)
    }
    let rawCompare: RawComparator = { a, b in compare(Self.load(Value.self, from: a), Self.load(Value.self, from: b)) }
    var rawDescribe: RawDescriber?
    if let describe { rawDescribe = { bytes in describe(Self.load(Value.self, from: bytes)) } }
    try register(type, comparer: rawCompare, describer: rawDescribe)
  }

  /// A plain-data Swift value from bytes that may not be aligned for it (the size was checked).
  private static func load<Value>(_: Value.Type, from bytes: UnsafeRawBufferPointer) -> Value {
    withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { slot in
      let raw = UnsafeMutableRawBufferPointer(slot)
      raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(raw.count)))
      return slot[0]
    }
  }

  /// Removes what was registered for a type.
  ///
  /// - Returns: Whether anything was registered.
  ///
  /// - Parameter type: An encoding or readable name, or a ``TypeEncoding``.
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse.
  @discardableResult
  public func unregister(_ type: some TypeEncodingConvertible) throws(ValueError) -> Bool {
    let type = try parse(type)
    return state.withLock { state in
      defer { state.invalidate() }
      return state.entries.unregister(type)
    }
  }

  /// Changes the entries under the lock, and drops the handles compiled from the old ones.
  func changeEntries(_ change: (inout RegistryEntries) -> Void) {
    state.withLock {
      change(&$0.entries)
      $0.invalidate()
    }
  }

  /// The lookup a plan compiled now would use.
  var entryLookup: EntryLookup { state.withLock { $0.entries.lookup } }

  /// The encodings that have registered entries, as registered.
  public var registeredTypes: [TypeEncoding] {
    state.withLock { $0.entries.byIdentity.values.map(\.type) }
  }

  /// The union member rules registered for a record type with ``register(_:unionMember:at:)``, by the
  /// union's path from the record.
  ///
  /// - Throws: ``ValueError/encoding(_:)`` when the type does not parse.
  package func unionMembers(of type: some TypeEncodingConvertible) throws(ValueError) -> [FieldPath: UnionMember] {
    let type = try parse(type)
    let rules = state.withLock { $0.entries.unionMembers(for: type) }
    return Dictionary(rules.map { ($0.path, $0.member) }, uniquingKeysWith: { first, _ in first })
  }

  // MARK: - Resolving

  /// The reusable handle for a type: its layout, comparison rules and describer, built once and cached.
  ///
  /// Text is found again by the text itself: among the last eight texts by `==`, else by hash. Each cache
  /// keeps at most 4,096 handles and starts afresh when full; keep the handle to compare many values.
  ///
  /// ```swift
  /// let rect = try ValueRegistry.shared.resolve("rect")
  /// let result = try rect.compare(actual, expected)
  /// ```
  ///
  /// - Parameters:
  ///   - type: An encoding or readable name, or a ``TypeEncoding``.
  ///   - abi: The ABI whose layout rules apply.
  /// - Throws: ``ValueError/encoding(_:)`` when the encoding does not parse;
  ///   ``ValueError/layoutUnknown(_:_:)`` when the catalog holds types made for another ABI than `abi` (a
  ///   catalog file for i386 resolved for this x86_64 process). A type whose layout is otherwise unknown
  ///   still resolves; it compares by bytes or by address.
  @inlinable
  public func resolve(_ type: some TypeEncodingConvertible, abi: ABI = .host) throws(ValueError) -> ValueType {
    // Specialized at the call site, so the cast costs nothing: text has a cache of its own, keyed by the
    // text, that skips parsing.
    if let text = type as? String { return try resolve(text: text, abi: abi) }
    return try resolve(encoding: try parse(type), abi: abi).refusingOtherABI()
  }

  @usableFromInline
  func resolve(text encoding: String, abi: ABI) throws(ValueError) -> ValueType {
    let key = HandleCache.TextKey(text: encoding, abi: abi)
    if let handle = cachedHandle({ $0.handles.handle(for: key) }) { return try handle.refusingOtherABI() }
    var handle = try resolve(encoding: try parse(encoding), abi: abi).refusingOtherABI()
    if let enumeration = catalog.enumeration(ofTypeNamed: encoding) { handle = handle.naming(enumeration) }
    if let name = typedefName(encoding) { handle = ValueType(handle, name: name) }
    state.withLock {
      guard $0.generation == handle.registryGeneration else { return }
      $0.handles.keep(handle, for: key)
    }
    return handle
  }

  @usableFromInline
  func resolve(encoding type: TypeEncoding, abi: ABI) -> ValueType {
    let key = HandleCache.TypeKey(type: type, abi: abi)
    if let handle = cachedHandle({ $0.handles.handle(for: key) }) { return handle }
    let (entries, generation, catalogGeneration) = state.withLock {
      ($0.entries, $0.generation, $0.catalogGeneration)
    }
    let handle = ValueType(
      type: type, abi: abi, layout: Self.layout(of: type, abi: abi, catalog: catalog, entries: entries),
      entries: entries.lookup, defaultTolerance: defaultTolerance, registryGeneration: generation)
    // A handle built while the registry or the catalog changed is returned but not kept.
    let catalogUnchanged = catalog.generation == catalogGeneration
    state.withLock { if catalogUnchanged, $0.generation == generation { $0.handles.keep(handle, for: key) } }
    return handle
  }

  /// The handle for a Swift type, cached by the type's identity (ValueRegistry+SwiftTypes).
  func resolveSwiftType<Value>(_: Value.Type, abi: ABI) throws(ValueError) -> ValueType {
    let key = HandleCache.SwiftTypeKey(type: ObjectIdentifier(Value.self), abi: abi)
    if let handle = cachedHandle({ $0.handles.handle(for: key) }) { return handle }
    // Read before the encoding: a Swift type registered meanwhile changes it, and this handle is not kept.
    let generation = state.withLock { $0.generation }
    var handle = resolve(encoding: try encoding(of: Value.self), abi: abi)
    if let name = Self.cName(of: Value.self).flatMap(typedefName), registered(Value.self) == nil {
      handle = ValueType(handle, name: name)
    }
    state.withLock {
      if $0.generation == generation, handle.registryGeneration == generation {
        $0.handles.keep(handle, for: key)
      }
    }
    return handle
  }

  /// Lays out `type`; a record named alone (`{Temp}`) that the catalog does not define takes its members
  /// from the entry registered for it in full (`{Temp=d}`).
  private static func layout(of type: TypeEncoding, abi: ABI, catalog: TypeCatalog, entries: RegistryEntries)
    -> Result<CLayout, LayoutError>
  {
    guard abi.isBigEndian == ABI.host.isBigEndian else { return .failure(LayoutError(.otherByteOrder(abi: abi.name))) }
    do throws(LayoutError) {
      return .success(try catalog.layout(of: type, abi: abi))
    } catch {
      guard type.record?.fields == nil, let registered = entries.entry(for: type)?.type,
        registered.record?.fields != nil, let layout = try? catalog.layout(of: registered, abi: abi)
      else { return .failure(error) }
      return .success(layout)
    }
  }

  /// `text` when it is a name the catalog knows for something other than the built-in readable name of that
  /// spelling: a typedef a header import or a program's debug info registered (`sigset_t`, a program's own
  /// `rect`), which reports then use for the type.
  func typedefName(_ text: String) -> String? {
    // A built-in readable name keeps its record's own tag in reports (`rect` reads as CGRect); the same word
    // defined by the catalog as something else (a program's `typedef struct {…} rect`) is that type's name.
    guard let encoding = catalog.encoding(named: text) else { return nil }
    return TypeCatalog.builtinNames[text] == encoding ? nil : text
  }

  /// Forgets every cached handle (a Swift type's encoding was registered).
  func invalidateHandles() { state.withLock { $0.invalidate() } }

  private func cachedHandle(_ lookup: (inout State) -> ValueType?) -> ValueType? {
    let catalogGeneration = catalog.generation
    return state.withLock { state in
      if state.catalogGeneration != catalogGeneration {
        state.catalogGeneration = catalogGeneration
        state.invalidate()
        return nil
      }
      return lookup(&state)
    }
  }

  @usableFromInline
  func parse(_ type: some TypeEncodingConvertible) throws(ValueError) -> TypeEncoding {
    do throws(EncodingError) { return try type.typeEncoding(in: catalog) } catch { throw .encoding(error) }
  }
}
