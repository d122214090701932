extension FieldComparer {
  /// A `char *` compared as the NUL-terminated string it points to: equal when both are null, or both
  /// point to the same text (however far apart they are). A field that is not a `char *` throws
  /// ``ValueError/comparerDoesNotFit(_:comparer:field:in:)``.
  ///
  /// Reads memory: every non-null pointer in both values must point to a NUL-terminated string.
  ///
  /// ```swift
  /// options.fieldComparers[".name"] = .cString
  /// // .name: 0x5581… /* "eth0" */ ≠ 0x5581… /* "eth1" */
  /// ```
  public static let cString = FieldComparer(
    description: "cString", fit: .cString,
    compare: { a, b in
      let x = a.loadUnaligned(as: UInt.self)
      let y = b.loadUnaligned(as: UInt.self)
      guard let p = UnsafePointer<CChar>(bitPattern: x), let q = UnsafePointer<CChar>(bitPattern: y) else {
        return x == y
      }
      var index = 0
      while true {
        guard p[index] == q[index] else { return false }
        if p[index] == 0 { return true }
        index += 1
      }
    },
    describe: { bytes in
      let address = bytes.loadUnaligned(as: UInt.self)
      guard address != 0 else { return "NULL" }
      return "0x\(String(address, radix: 16))" + LeafDescription.cStringComment(at: address)
    })

  /// A pointer compared by the value of `pointee`'s type it points to: equal when both are null, or when
  /// the values they point to are (by `pointee`'s rules, with its default tolerance). A field that is not a
  /// pointer throws ``ValueError/comparerDoesNotFit(_:comparer:field:in:)``.
  ///
  /// Reads memory: every non-null pointer in both values must point to a value of the type.
  ///
  /// ```swift
  /// options.fieldComparers[".bounds"] = .pointee(try registry.resolve("rect"))
  /// ```
  ///
  /// - Parameter pointee: The type of the values pointed to.
  public static func pointee(_ pointee: ValueType) -> FieldComparer {
    FieldComparer(description: "pointee(\(pointee.name ?? pointee.type.cTypeName))", fit: .pointer) { a, b in
      let x = a.loadUnaligned(as: UInt.self)
      let y = b.loadUnaligned(as: UInt.self)
      guard x != y, let p = UnsafeRawPointer(bitPattern: x), let q = UnsafeRawPointer(bitPattern: y) else {
        return x == y
      }
      return pointee.isEqual(pointers: p, q)
    }
  }
}
