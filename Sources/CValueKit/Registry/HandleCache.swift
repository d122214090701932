/// A registry's handles, found again by the type, by the text it was resolved from, or by the Swift type
/// (three caches, since a text or a Swift type is found without parsing or deriving its encoding).
///
/// Each cache that reaches ``limit`` starts afresh, so that a process resolving ever new types (a tool fed
/// arbitrary encodings) does not grow without bound; handles already returned stay valid. The last few texts
/// and Swift types are found by `==` before any key is hashed (``RecentHandles``).
struct HandleCache: Sendable {
  struct TypeKey: Hashable {
    var type: TypeEncoding
    var abi: ABI
  }

  /// Hashes the text alone: the ABI (whose name is a string) only tells keys of one text apart.
  struct TextKey: Hashable {
    var text: String
    var abi: ABI
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
  }

  /// Hashes the Swift type's identity alone.
  struct SwiftTypeKey: Hashable {
    var type: ObjectIdentifier
    var abi: ABI
    func hash(into hasher: inout Hasher) { hasher.combine(type) }
  }

  /// How many handles each cache keeps at most.
  static let limit = 4096

  private var byType: [TypeKey: ValueType] = [:]
  private var byText: [TextKey: ValueType] = [:]
  private var bySwiftType: [SwiftTypeKey: ValueType] = [:]
  private var recentTexts = RecentHandles<TextKey>()
  private var recentSwiftTypes = RecentHandles<SwiftTypeKey>()

  /// How many handles the caches hold.
  var count: Int { byType.count + byText.count + bySwiftType.count }

  func handle(for key: TypeKey) -> ValueType? { byType[key] }

  mutating func handle(for key: TextKey) -> ValueType? {
    if let handle = recentTexts.find(key) { return handle }
    guard let handle = byText[key] else { return nil }
    recentTexts.remember(key, handle)
    return handle
  }

  mutating func handle(for key: SwiftTypeKey) -> ValueType? {
    if let handle = recentSwiftTypes.find(key) { return handle }
    guard let handle = bySwiftType[key] else { return nil }
    recentSwiftTypes.remember(key, handle)
    return handle
  }

  mutating func keep(_ handle: ValueType, for key: TypeKey) { Self.keep(handle, for: key, in: &byType) }

  mutating func keep(_ handle: ValueType, for key: TextKey) {
    Self.keep(handle, for: key, in: &byText)
    recentTexts.remember(key, handle)
  }

  mutating func keep(_ handle: ValueType, for key: SwiftTypeKey) { Self.keep(handle, for: key, in: &bySwiftType) }

  private static func keep<Key: Hashable>(_ handle: ValueType, for key: Key, in cache: inout [Key: ValueType]) {
    if cache.count >= limit { cache.removeAll(keepingCapacity: true) }
    cache[key] = handle
  }
}
