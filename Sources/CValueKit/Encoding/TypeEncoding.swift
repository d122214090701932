/// A C type, described by its Objective-C type encoding, as a value.
///
/// `TypeEncoding` covers the whole grammar that clang's `@encode` and the Objective-C runtimes produce:
/// scalars, pointers, arrays, structs, unions, bitfields (both the Apple `b<width>` and the GNU
/// `b<offset><type><width>` forms), GCC vectors, `_Complex`, and the method qualifiers.
///
/// ```swift
/// let rect = try TypeEncoding("{CGRect={CGPoint=dd}{CGSize=dd}}")
/// let same = try TypeCatalog.shared.parse("rect")   // readable names are the catalog's
/// print(rect == same)                               // true
/// print(rect)                                       // {CGRect={CGPoint=dd}{CGSize=dd}}
/// ```
///
/// Equality is syntactic: it compares the grammar, so `r*` (a `const char *`) and `*` differ, and so do
/// `{P="x"d}` and `{P=d}`. Compare their ``identity`` to ask whether two encodings name the same
/// C type: qualifiers and field names do not change a type's identity (except `A`, `_Atomic`, which changes
/// its size and alignment).
public enum TypeEncoding: Hashable, Sendable {
  // The cases that hold a type or a record are indirect; the leaves are stored inline, so that the scalar
  // members most records are made of cost no allocation to parse, copy or free.
  /// A single-character scalar code such as `i`, `d`, `*` or `?`.
  case scalar(Scalar)
  /// An Objective-C object, `@`, optionally with its class or protocol: `@"NSString"`.
  case object(className: String?)
  /// An Objective-C block, `@?`.
  case block
  /// A pointer, `^T`.
  indirect case pointer(TypeEncoding)
  /// A fixed-size array, `[N T]`. A count of 0 is a flexible or zero-length array member.
  indirect case array(count: Int, element: TypeEncoding)
  /// A struct, `{name=fields}`, `{name}` or `{?=fields}`.
  indirect case structure(Record)
  /// A union, `(name=members)`.
  indirect case union(Record)
  /// A bitfield, `b<width>` or `b<offset><type><width>`.
  indirect case bitfield(Bitfield)
  /// A GCC vector, `![size,alignment type]`: its size and alignment in bytes, and its element type.
  indirect case vector(size: Int, alignment: Int, element: TypeEncoding)
  /// A `_Complex` number, `j` followed by its component type: `jd`, `jf`.
  indirect case complex(TypeEncoding)
  /// A type with a qualifier in front: `r*` (`const char *`), `Ai` (`_Atomic int`), `n^v` (`in void *`).
  indirect case qualified(Qualifier, TypeEncoding)
}

extension TypeEncoding {
  /// The scalar type codes: every encoding that is a single character.
  public enum Scalar: Character, CaseIterable, Hashable, Sendable {
    /// `char` (and `int8_t`, `BOOL` on some platforms).
    case char = "c"
    /// `unsigned char` (`uint8_t`).
    case unsignedChar = "C"
    /// `short`.
    case short = "s"
    /// `unsigned short`.
    case unsignedShort = "S"
    /// `int`; also every C `enum`, whatever its underlying type.
    case int = "i"
    /// `unsigned int`.
    case unsignedInt = "I"
    /// A 32-bit `long`. On LP64 targets clang encodes `long` as `q`, so `l` always means 32 bits.
    case long = "l"
    /// A 32-bit `unsigned long`.
    case unsignedLong = "L"
    /// `long long` (and `long` on LP64 targets).
    case longLong = "q"
    /// `unsigned long long` (and `unsigned long` on LP64 targets).
    case unsignedLongLong = "Q"
    /// `__int128`.
    case int128 = "t"
    /// `unsigned __int128`.
    case unsignedInt128 = "T"
    /// `float`.
    case float = "f"
    /// `double`.
    case double = "d"
    /// `long double`.
    case longDouble = "D"
    /// `_Float16` and `__fp16`: IEEE binary16. clang's `@encode` writes no code for it (a space), so
    /// CValueKit uses `e`, numpy's code for the format.
    case float16 = "e"
    /// `__bf16`: bfloat16, the upper half of a binary32. CValueKit's own code, as `@encode` has none.
    case bfloat16 = "E"
    /// C `_Bool` / C++ `bool`.
    case bool = "B"
    /// `void`.
    case void = "v"
    /// A C string, `char *`.
    case cString = "*"
    /// An Objective-C `Class`.
    case objectClass = "#"
    /// An Objective-C selector, `SEL`.
    case selector = ":"
    /// An unknown type, such as the pointee of a function pointer (`^?`).
    case unknown = "?"
    /// An `NXAtom` (a uniqued `const char *`).
    case atom = "%"

    /// Whether the scalar is an integer type (including `_Bool`).
    public var isInteger: Bool {
      switch self {
      case .char, .unsignedChar, .short, .unsignedShort, .int, .unsignedInt, .long, .unsignedLong,
        .longLong, .unsignedLongLong, .int128, .unsignedInt128, .bool:
        return true
      default:
        return false
      }
    }

    /// Whether the scalar is a signed integer type.
    public var isSignedInteger: Bool {
      switch self {
      case .char, .short, .int, .long, .longLong, .int128: return true
      default: return false
      }
    }

    /// Whether the scalar is a floating-point type.
    public var isFloatingPoint: Bool {
      self == .float || self == .double || self == .longDouble || self == .float16 || self == .bfloat16
    }

    /// Whether the scalar is pointer-sized and holds an address (`*`, `#`, `:`, `%`).
    public var isAddress: Bool {
      self == .cString || self == .objectClass || self == .selector || self == .atom
    }
  }

  /// The qualifiers that may stand in front of a type.
  public enum Qualifier: Character, CaseIterable, Hashable, Sendable {
    /// `const`.
    case const = "r"
    /// `in` (distributed objects).
    case `in` = "n"
    /// `inout`.
    case `inout` = "N"
    /// `out`.
    case out = "o"
    /// `bycopy`.
    case bycopy = "O"
    /// `byref`.
    case byref = "R"
    /// `oneway`.
    case oneway = "V"
    /// `_Atomic`. Unlike the others it can change the type's size and alignment.
    case atomic = "A"
  }

  /// The contents of a struct or union encoding.
  public struct Record: Hashable, Sendable {
    /// The tag name, or `nil` for an anonymous record (`?` in the encoding).
    public var name: String?
    /// The members in declaration order, or `nil` when the encoding omits them (`{Node}`).
    public var fields: [Field]?

    /// Creates a record.
    package init(name: String?, fields: [Field]?) {
      self.name = name
      self.fields = fields
    }
  }

  /// One member of a struct or union: its type and, when the encoding carries it, its name.
  public struct Field: Hashable, Sendable {
    /// The member's name from a quoted-name encoding (`{P="x"d}`), or `nil`.
    public var name: String?
    /// The member's type.
    public var type: TypeEncoding

    /// Creates a member.
    package init(name: String? = nil, type: TypeEncoding) {
      self.name = name
      self.type = type
    }
  }

  /// A bitfield member.
  ///
  /// Apple runtimes encode only the width (`b5`); GNU runtimes also encode the bit offset from the start
  /// of the innermost enclosing record and the declared type (`b13Q43`). Only the GNU form carries enough
  /// to place the bits without a layout override.
  public struct Bitfield: Hashable, Sendable {
    /// The number of bits.
    public let width: Int
    /// The bit offset from the start of the innermost enclosing record (GNU form only).
    public let bitOffset: Int?
    /// The declared type (GNU form only).
    public let declaredType: Scalar?

    /// An Apple-form bitfield, `b<width>`.
    package init(width: Int) {
      self.width = width
      self.bitOffset = nil
      self.declaredType = nil
    }

    /// A GNU-form bitfield, `b<offset><type><width>`.
    package init(bitOffset: Int, declaredType: Scalar, width: Int) {
      self.width = width
      self.bitOffset = bitOffset
      self.declaredType = declaredType
    }
  }
}

extension TypeEncoding {
  /// The type without its qualifiers at the top: `rn^v` gives `^v`. `_Atomic` is kept, since it is part of
  /// the type's layout.
  public var unqualified: TypeEncoding {
    var type = self
    while case .qualified(let qualifier, let base) = type, qualifier != .atomic { type = base }
    return type
  }

  /// The qualifiers at the top of the type, outermost first.
  public var qualifiers: [Qualifier] {
    var result: [Qualifier] = []
    var type = self
    while case .qualified(let qualifier, let base) = type {
      result.append(qualifier)
      type = base
    }
    return result
  }

  /// Whether `other` is the same type, or may be: the same identity, or the same record tag where one of
  /// the two gives no members (`{tm}` and `{tm=iiiiiiiii…}`).
  func matchesType(_ other: TypeEncoding) -> Bool {
    let candidate = identity
    let value = other.identity
    if candidate == value { return true }
    switch (candidate, value) {
    case (.structure(let a), .structure(let b)), (.union(let a), .union(let b)):
      guard let name = a.name, name == b.name else { return false }
      return a.fields == nil || b.fields == nil
    default: return false
    }
  }

  /// The type stripped of everything that does not change which C type it is: qualifiers other than
  /// `_Atomic` (at every depth) and member names.
  ///
  /// ```swift
  /// try TypeEncoding("{P=\"x\"r*}").identity == TypeEncoding("{P=*}")   // true
  /// ```
  public var identity: TypeEncoding {
    switch self {
    case .scalar, .object, .block, .bitfield:
      return self
    case .pointer(let pointee): return .pointer(pointee.identity)
    case .array(let count, let element): return .array(count: count, element: element.identity)
    case .structure(let record): return .structure(record.identity)
    case .union(let record): return .union(record.identity)
    case .vector(let size, let alignment, let element):
      return .vector(size: size, alignment: alignment, element: element.identity)
    case .complex(let base): return .complex(base.identity)
    case .qualified(.atomic, let base): return .qualified(.atomic, base.identity)
    case .qualified(_, let base): return base.identity
    }
  }

  /// Whether two encodings describe the same C type, ignoring qualifiers and member names.
  package func isSameType(as other: TypeEncoding) -> Bool { identity == other.identity }

  /// Whether any record laid out as part of this type (not behind a pointer) names a member.
  public var namesMembers: Bool {
    switch self {
    case .scalar, .object, .block, .pointer, .bitfield: return false
    case .array(_, let element): return element.namesMembers
    case .structure(let record), .union(let record):
      return record.fields?.contains { $0.name != nil || $0.type.namesMembers } ?? false
    case .vector(_, _, let element): return element.namesMembers
    case .complex(let base), .qualified(_, let base): return base.namesMembers
    }
  }

  /// The struct or union record, when the type (after its qualifiers) is one.
  public var record: Record? {
    switch unqualified {
    case .structure(let record), .union(let record): return record
    case .qualified(_, let base): return base.record
    default: return nil
    }
  }
}

extension TypeEncoding.Record {
  /// The record without member names or member qualifiers.
  public var identity: TypeEncoding.Record {
    TypeEncoding.Record(
      name: name, fields: fields?.map { TypeEncoding.Field(name: nil, type: $0.type.identity) })
  }

  /// Whether any member carries a name.
  public var hasFieldNames: Bool { fields?.contains { $0.name != nil } ?? false }
}
