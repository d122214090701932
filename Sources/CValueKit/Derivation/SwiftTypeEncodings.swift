import Synchronization

/// The encodings a registry uses for Swift types: the ones registered explicitly and the ones derived,
/// both keyed by the Swift type's identity.
final class SwiftTypeEncodings: Sendable {
  private struct State {
    var registered: [ObjectIdentifier: TypeEncoding] = [:]
    var derived: [ObjectIdentifier: TypeEncoding] = [:]
  }

  private let state = LockedState(State())

  /// The registered encoding for a type, else the derived one, if either is known.
  func encoding(for type: Any.Type) -> TypeEncoding? {
    let key = ObjectIdentifier(type)
    return state.withLock { $0.registered[key] ?? $0.derived[key] }
  }

  /// The encoding registered for a type, if any.
  func registered(for type: Any.Type) -> TypeEncoding? {
    state.withLock { $0.registered[ObjectIdentifier(type)] }
  }

  /// Registers an encoding for a type. Derived encodings may have used the old registration for a member,
  /// so they are derived again.
  func register(_ encoding: TypeEncoding, for type: Any.Type) {
    state.withLock {
      $0.registered[ObjectIdentifier(type)] = encoding
      $0.derived.removeAll()
    }
  }

  /// Keeps a derived encoding.
  func remember(_ encoding: TypeEncoding, for type: Any.Type) {
    state.withLock { $0.derived[ObjectIdentifier(type)] = encoding }
  }
}
