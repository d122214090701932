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
/// try catalog.register(name: "vec3", for: TypeEncoding("{vec3=\"x\"f\"y\"f\"z\"f}"))
/// let layout = try catalog.layout(of: "vec3")   // size 12, fields .x .y .z
/// ```
public final class TypeCatalog: Sendable {
  /// The catalog used when none is given.
  public static let shared = TypeCatalog()

  struct State: Sendable {
    var names: [String: TypeEncoding] = [:]
    var records: [RecordKey: TypeEncoding.Record] = [:]
    var overrides: [OverrideKey: RegisteredOverride] = [:]
    /// Counts changes, so that caches built from the catalog (the value registry's) know when to rebuild.
    var generation = 0
  }

  private let state: LockedState<State>

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
        initial.records[key] = body
      }
    }
    state = LockedState(initial)
  }

  var snapshot: State { state.withLock { $0 } }

  /// A number that changes whenever a registration changes what the catalog knows. Read without the
  /// lock: every resolve of a cached handle reads it.
  var generation: Int { publishedGeneration.load(ordering: .acquiring) }

  /// `State.generation`, stored again (under the lock) after each change.
  private let publishedGeneration = Atomic<Int>(0)

  // MARK: - Names

  /// Every readable name and the encoding it stands for.
  public var names: [String: TypeEncoding] { state.withLock { $0.names } }

  /// The encoding a readable name stands for, or `nil`.
  public func encoding(named name: String) -> TypeEncoding? { state.withLock { $0.names[name] } }

  /// Registers a readable name for an encoding, usable wherever an encoding is accepted.
  ///
  /// - Parameters:
  ///   - name: Letters, digits and `_`, starting with a letter or `_`, and not itself a valid encoding.
  ///   - encoding: The type the name stands for.
  /// - Throws: ``CatalogError`` when the name is malformed or already stands for another encoding.
  ///   Registering the same name for the same encoding again is allowed.
  public func register(name: String, for encoding: TypeEncoding) throws(CatalogError) {
    guard Self.isValidName(name) else {
      var parser = EncodingParser(name, maximumDepth: TypeEncoding.maximumNestingDepth)
      let isEncoding = (try? parser.parseSingle()) != nil
      throw CatalogError.invalidName(name, isEncoding: isEncoding)
    }
    try state.withLock { (state) throws(CatalogError) in
      if let existing = state.names[name], existing != encoding {
        throw CatalogError.nameTaken(name, existing: existing, new: encoding)
      }
      if state.names[name] == nil {
        state.generation += 1
        publishedGeneration.store(state.generation, ordering: .releasing)
      }
      state.names[name] = encoding
    }
  }

  /// Whether `text` may be a readable name: an identifier that does not parse as an encoding.
  public static func isValidName(_ text: String) -> Bool {
    guard ASCII.isIdentifier(text) else { return false }
    var parser = EncodingParser(text, maximumDepth: TypeEncoding.maximumNestingDepth)
    return (try? parser.parseSingle()) == nil
  }

  /// Whether a text that failed to parse was meant as a name rather than an encoding: an identifier with at
  /// least three letters (`int`, `uint8`, `rect`), where `dd` or `b9` are more likely broken encodings.
  static func looksLikeName(_ text: String) -> Bool {
    ASCII.isIdentifier(text) && text.utf8.filter(ASCII.isLetter).count >= 3
  }

  // MARK: - Record definitions

  /// Registers the definition of a named struct or union, and of every named record with members inside it,
  /// so that encodings that name them without their members (`{Node}`, `A{Node}`) can be laid out, and so that
  /// unnamed members of an encoding that matches one get the registered member names.
  ///
  /// - Parameter definition: A named struct or union with its members, e.g. `{Node="value"i"next"^{Node}}`.
  /// - Throws: ``CatalogError`` when it is not a named record with members, or a different definition is
  ///   already registered under one of its names; then nothing is registered.
  public func register(record definition: TypeEncoding) throws(CatalogError) {
    guard let key = RecordKey(definition), case .named = key, let record = definition.record,
      record.fields != nil
    else { throw CatalogError.notANamedRecordDefinition(definition) }
    let definitions = definition.namedRecordDefinitions
    try state.withLock { (state) throws(CatalogError) in
      var records = state.records
      for (key, record) in definitions { try Self.insert(record, for: key, into: &records) }
      if records != state.records {
        state.generation += 1
        publishedGeneration.store(state.generation, ordering: .releasing)
      }
      state.records = records
    }
  }

  /// The registered definition of the struct (or union) called `name`, or `nil`.
  public func record(named name: String, isUnion: Bool = false) -> TypeEncoding? {
    let key = RecordKey.named(name, isUnion: isUnion)
    return state.withLock { $0.records[key] }.map { isUnion ? .union($0) : .structure($0) }
  }

  private static func insert(
    _ record: TypeEncoding.Record, for key: RecordKey, into records: inout [RecordKey: TypeEncoding.Record]
  ) throws(CatalogError) {
    if let existing = records[key], existing.identity != record.identity {
      throw CatalogError.recordTaken(key.description, existing: key.encoding(existing), new: key.encoding(record))
    }
    if let existing = records[key], existing.hasFieldNames, !record.hasFieldNames { return }
    records[key] = record
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
  /// - Throws: ``LayoutError`` with reason ``LayoutError/Reason/invalidOverride(_:)`` when the override
  ///   does not fit the members, or another override is registered for the same record.
  public func register(
    _ override: LayoutOverride, for record: TypeEncoding, abi: ABI = .host
  ) throws(LayoutError) {
    guard let key = RecordKey(record), let body = record.record, body.fields != nil else {
      throw LayoutError(.invalidOverride("an override needs a struct or union with its members, not \(record)"))
    }
    let unqualified = record.unqualified
    var engine = LayoutEngine(abi: abi, state: snapshot)
    try engine.validate(override, for: unqualified)
    let overrideKey = OverrideKey(record: key, abi: abi)
    try state.withLock { (state) throws(LayoutError) in
      if let existing = state.overrides[overrideKey],
        existing.override != override || existing.record != body.identity
      {
        throw LayoutError(.invalidOverride("another override is already registered for \(key) on \(abi)"))
      }
      if case .named = key {
        do throws(CatalogError) { try Self.insert(body, for: key, into: &state.records) } catch {
          throw LayoutError(.invalidOverride(error.description))
        }
      }
      if state.overrides[overrideKey] == nil {
        state.generation += 1
        publishedGeneration.store(state.generation, ordering: .releasing)
      }
      state.overrides[overrideKey] = RegisteredOverride(override: override, record: body.identity)
    }
  }

  /// The override registered for a struct or union on an ABI, or `nil`.
  public func override(for record: TypeEncoding, abi: ABI = .host) -> LayoutOverride? {
    guard let key = RecordKey(record) else { return nil }
    return state.withLock { $0.overrides[OverrideKey(record: key, abi: abi)]?.override }
  }

  // MARK: - Layout

  /// Lays out a type for an ABI, using this catalog's record definitions and overrides.
  ///
  /// - Throws: ``LayoutError`` naming the problem and the field path where it was found.
  public func layout(of type: TypeEncoding, abi: ABI = .host) throws(LayoutError) -> CLayout {
    var engine = LayoutEngine(abi: abi, state: snapshot)
    return try engine.layout(type)
  }

  /// Parses an encoding or readable name and lays it out.
  ///
  /// - Throws: ``EncodingError`` when the text does not parse, ``LayoutError`` when it cannot be laid out.
  public func layout(of text: String, abi: ABI = .host) throws -> CLayout {
    try layout(of: TypeEncoding(text, catalog: self), abi: abi)
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
      case .vector(let vector): visit(vector.element)
      case .structure(let record), .union(let record):
        guard let fields = record.fields else { return }
        if let key = RecordKey(type), case .named = key { result.append((key, record)) }
        for field in fields { visit(field.type) }
      }
    }
    visit(self)
    return result
  }
}

/// How the catalog keys records: named ones by kind and tag, anonymous ones (overrides only) by identity.
enum RecordKey: Hashable, Sendable, CustomStringConvertible {
  case named(String, isUnion: Bool)
  case anonymous(TypeEncoding)

  init?(_ type: TypeEncoding) {
    switch type.unqualified {
    case .structure(let record):
      self = record.name.map { .named($0, isUnion: false) } ?? .anonymous(.structure(record.identity))
    case .union(let record):
      self = record.name.map { .named($0, isUnion: true) } ?? .anonymous(.union(record.identity))
    default:
      return nil
    }
  }

  func encoding(_ record: TypeEncoding.Record) -> TypeEncoding {
    if case .named(_, true) = self { return .union(record) }
    if case .anonymous(.union) = self { return .union(record) }
    return .structure(record)
  }

  var description: String {
    switch self {
    case .named(let name, let isUnion): return "\(isUnion ? "union" : "struct") \(name)"
    case .anonymous(let type): return "\(type)"
    }
  }
}

/// Overrides describe one ABI's layout, so they are registered per ABI.
struct OverrideKey: Hashable, Sendable {
  var record: RecordKey
  var abi: ABI
}

struct RegisteredOverride: Sendable {
  var override: LayoutOverride
  var record: TypeEncoding.Record
}
