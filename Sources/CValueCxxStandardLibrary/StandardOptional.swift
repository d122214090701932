import CValueKit

/// The optional: `std::optional<T>`, compared and described by whether it holds a value, then by the value,
/// compared as `T`.
extension StandardContainer {
  /// The optional a record of this name and layout is, or `nil`.
  static func recogniseOptional(name: StandardName, fields: RecordFields) -> StandardContainer? {
    guard name.bare.hasPrefix("std::optional<") else { return nil }
    guard let engaged = fields.member(name.libcxx ? "__engaged_" : "_M_engaged"), engaged.node.size == 1,
      engaged.node.type.unqualified == .scalar(.bool), let value = fields.member(name.libcxx ? "__val_" : "_M_value")
    else { return nil }
    return .optional(engaged: engaged.offset, value: value.offset, element: value.node.type)
  }

  /// Registers the comparer and describer of an optional of `type`, its engaged flag at `engaged` and its
  /// value of `element` at `offset`; `false` when that cannot be laid out.
  static func registerOptional(
    engaged: Int, value offset: Int, element elementType: TypeEncoding, for type: TypeEncoding,
    in registry: ValueRegistry
  ) -> Bool {
    guard let size = (try? registry.resolve(elementType))?.layout?.size, size > 0 else { return false }
    let resolve = Self.resolver(elementType, in: registry)
    let compare: RawComparator = { a, b in
      let (x, y) = (a[engaged] != 0, b[engaged] != 0)
      guard x == y else { return false }
      guard x, let p = a.baseAddress, let q = b.baseAddress else { return true }
      return resolve()?.isEqual(pointers: p + offset, q + offset) ?? false
    }
    let describe: RawDescriber = { value in
      guard value[engaged] != 0 else { return "std::nullopt" }
      return Self.describe(
        resolve(), elementType, bytes: UnsafeRawBufferPointer(rebasing: value[offset..<offset + size]))
    }
    registry.register(
      type, comparer: compare, describer: describe,
      inside: { a, b in
        // Both hold a value: the value's own mismatches, `.maybe.x`.
        guard a[engaged] != 0, b[engaged] != 0, let element = resolve(), let p = a.baseAddress,
          let q = b.baseAddress
        else { return nil }
        return Self.mismatches(of: element, p + offset, q + offset, size: size, prefix: [])
      })
    return true
  }
}
