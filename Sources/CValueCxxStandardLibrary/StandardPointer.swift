import CValueKit

/// The smart pointers: `std::unique_ptr<T>` and `std::shared_ptr<T>`, compared and described by what they point
/// to, compared as `T`.
extension StandardContainer {
  /// The smart pointer a record of this name and layout is, or `nil`. A smart pointer to an array
  /// (`std::unique_ptr<int []>`) owns more than the one element its pointer's type says: it keeps its
  /// representation, never a comparison of the first element alone.
  static func recognisePointer(name: StandardName, fields: RecordFields) -> StandardContainer? {
    let isUnique = name.bare.hasPrefix("std::unique_ptr<")
    guard isUnique || name.bare.hasPrefix("std::shared_ptr<") else { return nil }
    guard !Self.pointsToArray(name.bare) else { return nil }
    let field = isUnique ? (name.libcxx ? "__value_" : "_M_head_impl") : (name.libcxx ? "__ptr_" : "_M_ptr")
    guard let pointer = fields.pointer(field) else { return nil }
    return .pointer(at: pointer.offset, element: pointer.element)
  }

  /// Whether a smart pointer's first template argument is an array type (`int []`, `S[4]`).
  static func pointsToArray(_ name: String) -> Bool {
    var depth = 0
    var first = ""
    for character in name.drop(while: { $0 != "<" }).dropFirst() {
      if character == "<" { depth += 1 }
      if character == ">" { depth -= 1 }
      if depth < 0 || (depth == 0 && character == ",") { break }
      first.append(character)
    }
    return first.reversed().first { $0 != " " } == "]"
  }

  /// Registers the comparer and describer of a smart pointer of `type`, its pointer at `at` to an `element`;
  /// `false` when that cannot be laid out.
  static func registerPointer(
    at: Int, element elementType: TypeEncoding, for type: TypeEncoding, in registry: ValueRegistry
  ) -> Bool {
    guard let size = (try? registry.resolve(elementType))?.layout?.size, size > 0 else { return false }
    let resolve = Self.resolver(elementType, in: registry)
    let compare: RawComparator = { a, b in
      let (x, y) = (Self.word(a, at: at), Self.word(b, at: at))
      guard x != y else { return true }
      guard let p = UnsafeRawPointer(bitPattern: x), let q = UnsafeRawPointer(bitPattern: y) else { return false }
      return resolve()?.isEqual(pointers: p, q) ?? false
    }
    let describe: RawDescriber = { value in
      guard let pointee = UnsafeRawPointer(bitPattern: Self.word(value, at: at)) else { return "nullptr" }
      return Self.describe(resolve(), elementType, bytes: UnsafeRawBufferPointer(start: pointee, count: size))
    }
    registry.register(
      type, comparer: compare, describer: describe,
      inside: { a, b in
        // Both point somewhere: the pointees' own mismatches, `.owned.x`.
        guard let element = resolve(), let p = UnsafeRawPointer(bitPattern: Self.word(a, at: at)),
          let q = UnsafeRawPointer(bitPattern: Self.word(b, at: at))
        else { return nil }
        return Self.mismatches(of: element, p, q, size: size, prefix: [])
      })
    return true
  }
}
