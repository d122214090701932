import CValueKit

/// A C++ `std::variant<T0, T1, …>`: where its alternatives are held (one union, each alternative at its
/// start) and where its index is, and the alternatives' names, read from the record's own layout and name.
struct VariantLayout: Equatable, Sendable {
  /// The offset of the union holding the alternatives.
  var storage: Int
  /// The offset and size of the index of the alternative held.
  var index: Int
  var indexSize: Int
  /// The alternatives' type names, as the compiler spelled them.
  var alternatives: [String]

  /// The variant a record of this name and layout is, or `nil`.
  static func recognise(name: Substring, layout: CLayout) -> VariantLayout? {
    let name = String(name)
    let libcxx = name.hasPrefix("std::__1::")
    guard name.hasPrefix(libcxx ? "std::__1::variant<" : "std::variant<"),
      let alternatives = CTypeName.templateInstance(name)?.arguments
    else { return nil }
    guard !alternatives.isEmpty,
      let union = RecordFields.outermost(libcxx ? "__data" : "_M_u", in: layout),
      let index = RecordFields.outermost(libcxx ? "__index" : "_M_index", in: layout),
      [1, 2, 4].contains(index.size)
    else { return nil }
    // The union of the alternatives: its head holds the first at its start, its tail the others (a union
    // itself). An empty alternative (`std::monostate`) has no member in the layout.
    let (head, value, tail) = libcxx ? ("__head", "__value", "__tail") : ("_M_first", "_M_storage", "_M_rest")
    let members = union.node.members
    guard members.contains(where: { $0.component == .member(head) || $0.component == .member(tail) }),
      members.allSatisfy({ $0.bitOffset == 0 }),
      members.allSatisfy({ $0.component != .member(head) || $0.node.members.allSatisfy { $0.bitOffset == 0 } }),
      members.contains(where: { $0.component == .member(tail) })
        || members.contains(where: { $0.node.members.contains { $0.component == .member(value) } })
    else { return nil }
    return VariantLayout(storage: union.offset, index: index.offset, indexSize: index.size, alternatives: alternatives)
  }

  /// The index of the alternative `value` holds, `nil` when it holds none (valueless by exception: the index
  /// is all ones).
  func held(_ value: UnsafeRawBufferPointer) -> Int? {
    var raw: UInt32 = 0
    withUnsafeMutableBytes(of: &raw) {
      $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: value[index..<index + indexSize]))
    }
    let none: UInt32 = indexSize == 4 ? .max : (1 << (8 * UInt32(indexSize))) - 1
    return raw == none ? nil : Int(raw)
  }

  /// Registers the comparer and describer of a variant of `type`, its alternatives resolved as `types`.
  func register(
    for type: TypeEncoding, alternatives types: [(type: TypeEncoding, size: Int)], in registry: ValueRegistry
  ) {
    let resolvers = types.map { StandardContainer.resolver($0.type, in: registry) }
    let storage = self.storage
    // The alternative held by both, with its size, or `nil` when they hold different ones or none.
    let both: @Sendable (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> (ValueType, Int)? = { a, b in
      guard let x = self.held(a), x == self.held(b), x < types.count, let element = resolvers[x](),
        storage + types[x].size <= a.count
      else { return nil }
      return (element, types[x].size)
    }
    let compare: RawComparator = { a, b in
      let (x, y) = (self.held(a), self.held(b))
      guard x == y else { return false }
      guard x != nil else { return true }
      guard let (element, _) = both(a, b), let p = a.baseAddress, let q = b.baseAddress else { return false }
      return element.isEqual(pointers: p + storage, q + storage)
    }
    let describe: RawDescriber = { value in
      guard let held = self.held(value) else { return "/* valueless by exception */" }
      guard held < types.count, storage + types[held].size <= value.count else {
        return "/* a variant holding alternative \(held) of \(types.count) */"
      }
      return StandardContainer.describe(
        resolvers[held](), types[held].type,
        bytes: UnsafeRawBufferPointer(rebasing: value[storage..<storage + types[held].size]))
    }
    registry.register(
      type, comparer: compare, describer: describe,
      inside: { a, b in
        // Both hold the same alternative: its own mismatches, `.shape.radius`.
        guard let (element, size) = both(a, b), let p = a.baseAddress, let q = b.baseAddress else { return nil }
        return StandardContainer.mismatches(of: element, p + storage, q + storage, size: size, prefix: [])
      })
  }
}
