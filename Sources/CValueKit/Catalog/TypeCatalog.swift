import Synchronization

/// What the library knows about C types beyond what an encoding says: readable names, the definitions of
/// structs and unions referenced by name only, and layout overrides for packed or over-aligned types.
///
/// ``shared`` is used by default everywhere; create your own catalog to keep tests isolated. A catalog is
/// safe to use from any thread, and a registration is never lost or silently replaced: registering a
/// different definition under a name that is taken throws.
///
/// ```swift
/// let catalog = TypeCatalog()
/// try catalog.register(TypeEncoding("{vec3=\"x\"f\"y\"f\"z\"f}"), name: "vec3")
/// let layout = try catalog.layout(of: "vec3")   // size 12, fields .x .y .z
/// ```
public final class TypeCatalog: Sendable {
  /// The catalog used when none is given.
  public static let shared = TypeCatalog()

  struct State: Sendable {
    var names: [String: TypeEncoding] = [:]
    /// The record definitions and overrides, the value a layout is computed with.
    var definitions = RecordDefinitions()
    /// Counts changes, so that caches built from the catalog (the value registry's) know when to rebuild.
    var generation = 0
  }

  let state: LockedState<State>

  /// Creates a catalog.
  ///
  /// - Parameter includingBuiltins: Whether to start with the built-in names (`int8`…`uint64`, `float`,
  ///   `double`, `bool`, `pointer`, `cstring`, `point`, `size`, `rect`) and the definitions of `CGPoint`,
  ///   `CGSize`, `CGRect`, `CGVector`, `CGAffineTransform` and `_NSRange` with their member names.
  public init(includingBuiltins: Bool = true) {
    var initial = State()
    if includingBuiltins {
      initial.names = Self.builtinNames
      for record in Self.builtinRecords {
        guard let key = RecordKey(record), case .structure(let body) = record else { continue }
        initial.definitions.records[key] = body
      }
    }
    state = LockedState(initial)
  }

  /// The record definitions and overrides as they are now, for a layout to use without the lock.
  var definitions: RecordDefinitions { state.withLock { $0.definitions } }

  /// The ABI the catalog's definitions were written for (a catalog file's), or `nil` when they hold on any
  /// ABI: only layouts for this ABI can use them.
  package var definitionsABI: ABI? { state.withLock { $0.definitions.abi } }

  /// Marks the definitions as written for `abi`: the scratch catalog a catalog file for it is loaded into.
  package func writeDefinitions(for abi: ABI) {
    state.withLock { state in
      guard state.definitions.abi != abi else { return }
      state.definitions.abi = abi
      state.generation += 1
      publishedGeneration.store(state.generation, ordering: .releasing)
    }
  }

  /// Changes the definitions under the lock. `change` checks first and throws before it changes
  /// anything, so that a refused registration leaves no trace; it returns whether it changed something,
  /// which counts a new generation.
  func updateDefinitions(
    _ change: (inout RecordDefinitions) throws(CatalogError) -> Bool
  ) throws(CatalogError) {
    try state.withLock { (state) throws(CatalogError) in
      guard try change(&state.definitions) else { return }
      state.generation += 1
      publishedGeneration.store(state.generation, ordering: .releasing)
    }
  }

  /// A number that changes whenever a registration changes what the catalog knows. Read without the
  /// lock: every resolve of a cached handle reads it.
  var generation: Int { publishedGeneration.load(ordering: .acquiring) }

  /// `State.generation`, stored again (under the lock) after each change.
  let publishedGeneration = Atomic<Int>(0)

  // MARK: - Names

  /// Every readable name and the encoding it stands for.
  public var names: [String: TypeEncoding] { state.withLock { $0.names } }

  /// The encoding a readable name stands for, or `nil`.
  public func encoding(named name: String) -> TypeEncoding? { state.withLock { $0.names[name] } }

  /// Parses an encoding, or looks up a whole readable name this catalog knows.
  ///
  /// A struct or union is also found as C code names it, `struct tcphdr` or `union sigval`, once its
  /// definition is registered (an imported header registers every record by its tag).
  ///
  /// ```swift
  /// try TypeCatalog.shared.parse("rect")           // {CGRect={CGPoint=dd}{CGSize=dd}}
  /// try TypeCatalog.shared.parse("{CGPoint=dd}")   // the encoding itself
  /// try TypeCatalog.shared.parse("struct CGPoint") // {CGPoint="x"d"y"d}
  /// ```
  ///
  /// - Throws: ``EncodingError`` naming the problem and its byte offset; a text that looks like a name
  ///   and is not one is reported as an unknown name.
  public func parse(_ text: String) throws(EncodingError) -> TypeEncoding {
    if let named = encoding(named: text) { return named }
    if let tagged = try taggedRecord(text) { return tagged }
    do throws(EncodingError) {
      return try TypeEncoding(text)
    } catch {
      // A record's tag alone, as C++ names a struct (`outer`), when it is no encoding and no name.
      guard case .unknownName = error.reason, ASCII.isIdentifier(text),
        let definition = record(named: text) ?? record(named: "union " + text)
      else { throw error }
      return definition
    }
  }

  /// A record as C code names it, `struct tm` or `union sigval`: its registered definition. `nil` for text
  /// that is not of that form; an error for a tag the catalog does not define.
  ///
  /// C++ names too (``TypeCatalog/canonicalName(_:)``): `geo::point`, `class account`, `box<double>`, spelled any way the
  /// canonical spelling matches, as a registered name (a typedef or `using` alias in a namespace) or record.
  private func taggedRecord(_ text: String) throws(EncodingError) -> TypeEncoding? {
    guard let name = CTypeName.canonical(text) else { return nil }
    let keyword = ["struct ", "union ", "enum "].first { name.hasPrefix($0) }
    guard keyword != nil || CTypeName.isQualified(name) else { return nil }
    if keyword == nil, let named = encoding(named: name) { return named }
    // An enumeration is registered by its tag as a name (`enum e8`), in the canonical spelling.
    if keyword == "enum ", let named = encoding(named: name) { return named }
    guard keyword != "enum ",
      let definition = record(named: name) ?? (keyword == nil ? record(named: "union " + name) : nil)
    else {
      throw EncodingError(.unknownName(text), at: 0, in: text)
    }
    return definition
  }

  /// The type `type` stands for, with an encoding that does not parse reported as a ``CatalogError``.
  func registering(_ type: some TypeEncodingConvertible) throws(CatalogError) -> TypeEncoding {
    do throws(EncodingError) { return try type.typeEncoding(in: self) } catch { throw .encoding(error) }
  }

  /// Registers a readable name for an encoding, usable wherever an encoding is accepted.
  ///
  /// ```swift
  /// try catalog.register("{vec3=\"x\"f\"y\"f\"z\"f}", name: "vec3")
  /// ```
  ///
  /// - Parameters:
  ///   - name: Letters, digits and `_`, starting with a letter or `_`, and not itself a valid encoding; or
  ///     an enumeration by its tag, `enum e8`, which names its integer (a debug-info import registers each
  ///     enumeration so, at the size the compiler gave it).
  ///   - type: The type the name stands for: an encoding, an existing name, or a ``TypeEncoding``.
  /// - Throws: ``CatalogError`` when the name is malformed or already stands for another encoding, or the
  ///   encoding does not parse. Registering the same name for the same encoding again is allowed.
  public func register(_ type: some TypeEncodingConvertible, name: String) throws(CatalogError) {
    let encoding = try registering(type)
    guard Self.isValidName(name) else {
      var parser = EncodingParser(name, maximumDepth: TypeEncoding.maximumNestingDepth)
      let isEncoding = (try? parser.parseSingle()) != nil
      throw CatalogError.invalidName(name, isEncoding: isEncoding)
    }
    try state.withLock { (state) throws(CatalogError) in
      if let existing = state.names[name] {
        guard existing == encoding else { throw CatalogError.nameTaken(name, existing: existing, new: encoding) }
        return
      }
      state.names[name] = encoding
      state.generation += 1
      publishedGeneration.store(state.generation, ordering: .releasing)
    }
  }

  /// Whether `text` may be a readable name: an identifier that does not parse as an encoding.
  package static func isValidName(_ text: String) -> Bool {
    // An enumeration by its tag, `enum e8` (`enum geo::color`), in its canonical spelling.
    if text.hasPrefix("enum ") {
      let tag = String(text.dropFirst(5))
      return CTypeName.canonical(text) == text && (ASCII.isIdentifier(tag) || CTypeName.isQualified(tag))
    }
    // A C++ name in its canonical spelling (`geo::alias`, `vec<float>`): no encoding has `::` or `<`.
    if CTypeName.isQualified(text) { return CTypeName.canonical(text) == text }
    guard ASCII.isIdentifier(text) else { return false }
    // Most names (`size_t`) have a letter no encoding uses: known without parsing.
    guard EncodingParser.identifierMayParse(text) else { return true }
    var parser = EncodingParser(text, maximumDepth: TypeEncoding.maximumNestingDepth)
    return (try? parser.parseSingle()) == nil
  }

  // MARK: - Record definitions

  /// Registers the definition of a named struct or union, and of every named record with members inside it,
  /// so that encodings that name them without their members (`{Node}`, `A{Node}`) can be laid out, and so that
  /// unnamed members of an encoding that matches one get the registered member names.
  ///
  /// - Parameter record: A named struct or union with its members, e.g. `{Node="value"i"next"^{Node}}`.
  /// - Throws: ``CatalogError`` when it is not a named record with members, or a different definition is
  ///   already registered under one of its names, or the encoding does not parse; then nothing is
  ///   registered.
  public func register(record: some TypeEncodingConvertible) throws(CatalogError) {
    let definition = try registering(record)
    guard let key = RecordKey(definition), case .named = key, let record = definition.record,
      record.fields != nil
    else { throw CatalogError.notANamedRecordDefinition(definition) }
    let definitions = definition.namedRecordDefinitions
    try state.withLock { (state) throws(CatalogError) in
      var changed = false
      if definitions.count == 1 {
        // One definition: an insertion throws before it changes anything.
        changed = try Self.insert(definitions[0].1, for: definitions[0].0, into: &state.definitions.records)
      } else {
        // Inserted first into the entries they touch, so that a refusal leaves no trace and no registration
        // copies every definition the catalog holds.
        var touched: [RecordKey: TypeEncoding.Record] = [:]
        for (key, record) in definitions {
          if touched[key] == nil { touched[key] = state.definitions.records[key] }
          try Self.insert(record, for: key, into: &touched)
        }
        for (key, record) in touched where state.definitions.records[key] != record {
          state.definitions.records[key] = record
          changed = true
        }
      }
      if changed {
        state.generation += 1
        publishedGeneration.store(state.generation, ordering: .releasing)
      }
    }
  }

  /// The registered definition of a struct or union by its C name, or `nil`.
  ///
  /// ```swift
  /// catalog.record(named: "union sigval")   // (sigval="sival_int"i"sival_ptr"^v)
  /// catalog.record(named: "struct tm")      // the same as record(named: "tm")
  /// ```
  ///
  /// - Parameter name: `union TAG`, `struct TAG`, or the tag alone for a struct.
  public func record(named name: String) -> TypeEncoding? {
    let key = RecordKey(cName: name)
    guard case .named(_, let isUnion) = key else { return nil }
    return state.withLock { $0.definitions.records[key] }.map { isUnion ? .union($0) : .structure($0) }
  }

  /// Adds a record definition to `records`, keeping a registered one with member names over an identical
  /// one without; a different definition under the same key is refused, and `records` is then unchanged.
  ///
  /// - Returns: Whether `records` changed.
  @discardableResult
  static func insert(
    _ record: TypeEncoding.Record, for key: RecordKey, into records: inout [RecordKey: TypeEncoding.Record]
  ) throws(CatalogError) -> Bool {
    guard let existing = records[key] else {
      records[key] = record
      return true
    }
    if existing == record { return false }
    if existing.identity != record.identity {
      throw CatalogError.recordTaken(key.description, existing: key.encoding(existing), new: key.encoding(record))
    }
    if existing.hasFieldNames, !record.hasFieldNames { return false }
    records[key] = record
    return true
  }

  // MARK: - Layout overrides

  /// Registers the real layout of a struct or union whose encoding cannot show it (packed, over-aligned,
  /// enums wider than `int`). It is checked for consistency now and used by every layout after, wherever
  /// the record appears.
  ///
  /// ```swift
  /// // struct epoll_event { uint32_t events; uint64_t data; } __attribute__((packed));
  /// try catalog.register(
  ///   LayoutOverride(size: 12, alignment: 1, memberOffsets: [0, 4]),
  ///   for: TypeEncoding("{epoll_event=IQ}"))
  /// ```
  ///
  /// - Parameters:
  ///   - override: The real size, alignment and member placements.
  ///   - record: The struct or union with its members; a named one also registers its definition.
  ///   - abi: The ABI the override describes (member sizes are computed with it for the checks).
  /// - Throws: ``CatalogError/invalidOverride(_:)`` when the override does not fit the members, or another
  ///   override is registered for the same record; ``CatalogError/encoding(_:)`` when the record's
  ///   encoding does not parse.
  public func register(
    _ record: some TypeEncodingConvertible, override: LayoutOverride, abi: ABI = .host
  ) throws(CatalogError) {
    let record = try registering(record)
    do throws(LayoutError) { try register(override, for: record, abi: abi) } catch { throw .invalidOverride(error) }
  }

  private func register(_ override: LayoutOverride, for record: TypeEncoding, abi: ABI) throws(LayoutError) {
    guard let key = RecordKey(record), let body = record.record, body.fields != nil else {
      throw LayoutError(.invalidOverride("an override needs a struct or union with its members, not \(record)"))
    }
    let unqualified = record.unqualified
    do {
      // In a scope of its own: the engine's copy of the definitions is gone before they change below, or
      // each registration would copy every override and record (an import of 12,000 records took 86 s).
      var engine = LayoutEngine(abi: abi, definitions: definitions)
      try engine.validate(override, for: unqualified)
    }
    let overrideKey = OverrideKey(record: key, abi: abi)
    try state.withLock { (state) throws(LayoutError) in
      if let existing = state.definitions.overrides[overrideKey],
        existing.override != override || existing.record != body.identity
      {
        throw LayoutError(.invalidOverride("another override is already registered for \(key) on \(abi)"))
      }
      if case .named = key {
        do throws(CatalogError) { try Self.insert(body, for: key, into: &state.definitions.records) } catch {
          throw LayoutError(.invalidOverride(error.description))
        }
      }
      if state.definitions.overrides[overrideKey] == nil {
        state.generation += 1
        publishedGeneration.store(state.generation, ordering: .releasing)
      }
      state.definitions.overrides[overrideKey] = RegisteredOverride(override: override, record: body.identity)
    }
  }

  /// The override registered for a struct or union on an ABI, or `nil`.
  package func override(of record: TypeEncoding, abi: ABI = .host) -> LayoutOverride? {
    guard let key = RecordKey(record) else { return nil }
    return state.withLock { $0.definitions.overrides[OverrideKey(record: key, abi: abi)]?.override }
  }

  // MARK: - Layout

  /// Lays out a type for an ABI, using this catalog's record definitions and overrides.
  ///
  /// ```swift
  /// let layout = try TypeCatalog.shared.layout(of: "rect")   // size 32, fields .origin.x … .size.height
  /// ```
  ///
  /// - Parameters:
  ///   - type: An encoding or readable name, or a ``TypeEncoding``.
  ///   - abi: The ABI whose rules apply.
  /// - Throws: ``LayoutError`` naming the problem and the field path where it was found; an encoding that
  ///   does not parse is reason `encoding`.
  public func layout(of type: some TypeEncodingConvertible, abi: ABI = .host) throws(LayoutError) -> CLayout {
    let parsed: TypeEncoding
    do throws(EncodingError) { parsed = try type.typeEncoding(in: self) } catch { throw LayoutError(.encoding(error)) }
    var engine = LayoutEngine(abi: abi, definitions: definitions)
    let layout = try engine.layout(parsed)
    // A name that is itself an enum (`level_t`, `enum color`) is laid out as its enum, as a value of it is
    // described.
    guard let name = type as? String, let enumeration = enumeration(ofTypeNamed: name) else { return layout }
    return layout.naming(enumeration) ?? layout
  }

  /// Lays out a struct or union with `override` as its layout, registering nothing: the header import
  /// checks an override this way before registering it, and an anonymous record's override, carried by
  /// the record that holds it (``LayoutOverride/memberOverrides``), is never registered.
  package func layout(of record: TypeEncoding, override: LayoutOverride, abi: ABI) throws(LayoutError)
    -> CLayout
  {
    var engine = LayoutEngine(abi: abi, definitions: definitions)
    try engine.validate(override, for: record.unqualified)
    return try engine.layout(record, override: override)
  }
}

extension TypeEncoding {
  /// Every named struct or union written with its members inside this type, itself included, outermost
  /// first, behind pointers too.
  var namedRecordDefinitions: [(RecordKey, TypeEncoding.Record)] {
    var result: [(RecordKey, TypeEncoding.Record)] = []
    func visit(_ type: TypeEncoding) {
      switch type {
      case .scalar, .object, .block, .bitfield: return
      case .pointer(let inner), .array(_, let inner), .complex(let inner), .qualified(_, let inner): visit(inner)
      case .vector(_, _, let element): visit(element)
      case .structure(let record), .union(let record):
        guard let fields = record.fields else { return }
        if let name = record.name {
          let isUnion = if case .union = type { true } else { false }
          result.append((.named(name, isUnion: isUnion), record))
        }
        for field in fields { visit(field.type) }
      }
    }
    visit(self)
    return result
  }

  /// ``namedRecordDefinitions`` as the catalog registers them, for the package's other modules (catalog
  /// files check them for conflicts before loading): each tag, whether it is a union's, and the definition.
  package var namedDefinitions: [(name: String, isUnion: Bool, definition: TypeEncoding)] {
    namedRecordDefinitions.compactMap { key, record in
      guard case .named(let name, let isUnion) = key else { return nil }
      return (name, isUnion, key.encoding(record))
    }
  }
}
