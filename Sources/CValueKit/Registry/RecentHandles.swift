/// The few handles a registry resolved last, most recent first, found by `==` before any key is hashed.
///
/// A test suite resolves the same few types over and over, usually by the same string literal, and `==`
/// on two copies of one string compares two words, where hashing an encoding's text reads all of it.
struct RecentHandles<Key: Equatable & Sendable>: Sendable {
  /// How many handles are kept.
  static var capacity: Int { 8 }

  // Two arrays rather than one of pairs, so that looking at a key copies nothing.
  private var keys: [Key] = []
  private var handles: [ValueType] = []

  /// The handle for `key`, which moves one place toward the front (a hit at the front costs one `==`).
  mutating func find(_ key: Key) -> ValueType? {
    for index in keys.indices where keys[index] == key {
      guard index > 0 else { return handles[0] }
      keys.swapAt(index, index - 1)
      handles.swapAt(index, index - 1)
      return handles[index - 1]
    }
    return nil
  }

  /// Keeps `handle` as the most recent, forgetting the least recent beyond the capacity.
  mutating func remember(_ key: Key, _ handle: ValueType) {
    if let index = keys.firstIndex(of: key) {
      keys.remove(at: index)
      handles.remove(at: index)
    }
    if keys.count == Self.capacity {
      keys.removeLast()
      handles.removeLast()
    }
    keys.insert(key, at: 0)
    handles.insert(handle, at: 0)
  }
}
