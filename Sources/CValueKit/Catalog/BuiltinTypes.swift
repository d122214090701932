extension TypeCatalog {
  /// The readable names every catalog starts with, and the encodings they stand for.
  ///
  /// | name | encoding | C type |
  /// |---|---|---|
  /// | `int8` … `int64` | `c s i q` | `int8_t` … `int64_t` |
  /// | `uint8` … `uint64` | `C S I Q` | `uint8_t` … `uint64_t` |
  /// | `float`, `double` | `f d` | `float`, `double` |
  /// | `bool` | `B` | `_Bool` |
  /// | `pointer` | `^v` | `void *` |
  /// | `cstring` | `*` | `char *` |
  /// | `point`, `size`, `rect` | `{CGPoint=dd}`, `{CGSize=dd}`, `{CGRect={CGPoint=dd}{CGSize=dd}}` | CoreGraphics |
  public static let builtinNames: [String: TypeEncoding] = [
    "int8": .scalar(.char), "int16": .scalar(.short), "int32": .scalar(.int), "int64": .scalar(.longLong),
    "uint8": .scalar(.unsignedChar), "uint16": .scalar(.unsignedShort), "uint32": .scalar(.unsignedInt),
    "uint64": .scalar(.unsignedLongLong), "float": .scalar(.float), "double": .scalar(.double),
    "bool": .scalar(.bool), "pointer": .pointer(.scalar(.void)), "cstring": .scalar(.cString),
    "point": cgPoint.identity, "size": cgSize.identity, "rect": cgRect.identity,
  ]

  /// The record definitions every catalog starts with: the CoreGraphics geometry types and `NSRange`, with
  /// their member names, so that `{CGRect}` lays out and `rect`'s fields are `.origin.x` … `.size.height`.
  public static let builtinRecords: [TypeEncoding] = [
    cgPoint, cgSize, cgRect, record("CGVector", ["dx": .scalar(.double), "dy": .scalar(.double)]),
    record("CGAffineTransform", ["a", "b", "c", "d", "tx", "ty"].map { ($0, .scalar(.double)) }),
    record("_NSRange", [("location", .scalar(.unsignedLongLong)), ("length", .scalar(.unsignedLongLong))]),
  ]

  private static let cgPoint = record("CGPoint", [("x", .scalar(.double)), ("y", .scalar(.double))])
  private static let cgSize = record("CGSize", [("width", .scalar(.double)), ("height", .scalar(.double))])
  private static let cgRect = record("CGRect", [("origin", cgPoint), ("size", cgSize)])

  private static func record(_ name: String, _ fields: KeyValuePairs<String, TypeEncoding>) -> TypeEncoding {
    record(name, fields.map { ($0.key, $0.value) })
  }

  private static func record(_ name: String, _ fields: [(String, TypeEncoding)]) -> TypeEncoding {
    .structure(TypeEncoding.Record(name: name, fields: fields.map { TypeEncoding.Field(name: $0.0, type: $0.1) }))
  }
}
