/// The few handles a registry resolved last, most recent first, found by `==` before any key is hashed.
///
/// A test suite resolves the same few types over and over, usually by the same string literal, and `==`
/// on two copies of one string compares two words, where hashing an encoding's text reads all of it.
struct RecentHandles<Key: Equatable & Sendable>: Sendable {
  /// How many handles are kept.
  static var capacity: Int { 8 }

  private var entries: [(key: Key, handle: ValueType)] = []

  /// The handle for `key`, which moves one place toward the front (a hit at the front costs one `==`).
  mutating func find(_ key: Key) -> ValueType? {
    // By index, so that no entry is copied (and retained) to be looked at.
    for index in entries.indices where entries[index].key == key {
      if index > 0 { entries.swapAt(index, index - 1) }
      return entries[max(index - 1, 0)].handle
    }
    return nil
  }

  /// Keeps `handle` as the most recent, forgetting the least recent beyond the capacity.
  mutating func remember(_ key: Key, _ handle: ValueType) {
    if let index = entries.firstIndex(where: { $0.key == key }) { entries.remove(at: index) }
    if entries.count == Self.capacity { entries.removeLast() }
    entries.insert((key, handle), at: 0)
  }
}
