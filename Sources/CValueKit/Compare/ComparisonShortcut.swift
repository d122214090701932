import CValueShim

/// What comparing a whole value amounts to, decided once when a type is resolved, so that the common
/// shapes skip the step loop: a value that is all integers is one `memcmp`, one that is all `double` (or all
/// `float`) one run, a value a registered comparer owns is one call. The run may start past the first byte,
/// where an ignored path left the value's first fields out (`CGRect` ignoring `.origin.x`).
enum ComparisonShortcut: Sendable {
  /// The layout is unknown: only the addresses can be compared.
  case address
  /// Nothing to compare (no bytes, or only padding): always equal.
  case alwaysEqual
  /// One run of `count` bytes from byte `offset`: `memcmp`.
  case bytes(offset: Int, count: Int)
  /// One run of `count` `float` values from byte `offset` (`{float x, y, z}`).
  case floats(offset: Int, count: Int)
  /// One run of `count` `double` values from byte `offset` (`CGRect`).
  case doubles(offset: Int, count: Int)
  /// A registered comparer owns the whole value of `size` bytes.
  case registered(size: Int, compare: RawComparator)
  /// Anything else: the steps, in order.
  case steps

  init(steps: [ComparisonStep], rules: RuleNode?) {
    guard rules != nil else {
      self = .address
      return
    }
    switch steps.first {
    case nil: self = .alwaysEqual
    case .bytes(let offset, let count)? where steps.count == 1: self = .bytes(offset: offset, count: count)
    case .floats(let offset, let count)? where steps.count == 1: self = .floats(offset: offset, count: count)
    case .doubles(let offset, let count)? where steps.count == 1: self = .doubles(offset: offset, count: count)
    case .registered(0, let size, let compare)? where steps.count == 1: self = .registered(size: size, compare: compare)
    default: self = .steps
    }
  }
}
