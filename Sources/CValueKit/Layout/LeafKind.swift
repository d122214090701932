/// How the bytes of one layout leaf are read: the single place that turns a leaf's type into the rules
/// comparing, describing and parsing share.
enum LeafKind: Hashable, Sendable {
  /// A two's-complement integer of `size` bytes (1, 2, 4, 8 or 16).
  case signedInteger(size: Int)
  /// An unsigned integer of `size` bytes (1, 2, 4, 8 or 16).
  case unsignedInteger(size: Int)
  /// `_Bool`: one byte, 0 or 1.
  case bool
  /// IEEE binary16 (`_Float16`, `__fp16`), compared and written as the binary32 it widens to exactly, with
  /// ULPs counted in binary16 steps.
  case float16
  /// bfloat16 (`__bf16`), the upper half of a binary32, compared and written as that binary32, with ULPs
  /// counted in bfloat16 steps.
  case bfloat16
  /// IEEE binary32.
  case float
  /// IEEE binary64.
  case double
  /// The x87 80-bit extended format in the first 10 bytes of its slot.
  case x87Extended
  /// IEEE binary128, kept as bytes: no Swift type holds it.
  case quadruple
  /// An address: a pointer, object, class, selector or block. `isCString` for `char *` (`*`, `r*`, `%`).
  case address(isCString: Bool)
  /// `_Complex`: a real and an imaginary part, each of the component's kind and size.
  indirect case complex(component: LeafKind, componentSize: Int)
  /// A GCC vector: `count` elements of one kind and size.
  indirect case vector(element: LeafKind, elementSize: Int, count: Int)
  /// A bitfield of `width` bits, sign-extended when `isSigned`.
  case bitfield(width: Int, isSigned: Bool)
  /// Bytes whose meaning is not known.
  case opaque

  /// The kind of a leaf node of a layout laid out for `abi`.
  init(_ node: CLayout.Node, abi: ABI) {
    if case .bitfield(let width, let isSigned) = node.content {
      self = .bitfield(width: width, isSigned: isSigned ?? false)
      return
    }
    self.init(type: node.type, size: node.size, abi: abi)
  }

  /// The kind of a non-bitfield leaf of `type`, which occupies `size` bytes.
  init(type: TypeEncoding, size: Int, abi: ABI) {
    var base = type
    while case .qualified(_, let inner) = base { base = inner }
    switch base {
    case .scalar(let scalar):
      self = LeafKind(scalar: scalar, size: size, abi: abi)
    case .object, .block, .pointer:
      self = .address(isCString: false)
    case .complex(let component):
      guard case .scalar(let scalar) = component.unqualified, let (componentSize, _) = abi.sizeAndAlignment(of: scalar)
      else {
        self = .opaque
        return
      }
      self = .complex(component: LeafKind(scalar: scalar, size: componentSize, abi: abi), componentSize: componentSize)
    case .vector(let size, _, let vectorElement):
      var element = vectorElement
      while case .qualified(_, let inner) = element { element = inner }
      guard case .scalar(let scalar) = element, let (elementSize, _) = abi.sizeAndAlignment(of: scalar), elementSize > 0
      else {
        self = .opaque
        return
      }
      self = .vector(
        element: LeafKind(scalar: scalar, size: elementSize, abi: abi), elementSize: elementSize,
        count: size / elementSize)
    case .array, .structure, .union, .bitfield, .qualified:
      self = .opaque
    }
  }

  private init(scalar: TypeEncoding.Scalar, size: Int, abi: ABI) {
    switch scalar {
    case .char, .short, .int, .long, .longLong, .int128: self = .signedInteger(size: size)
    case .unsignedChar, .unsignedShort, .unsignedInt, .unsignedLong, .unsignedLongLong, .unsignedInt128:
      self = .unsignedInteger(size: size)
    case .bool: self = .bool
    case .float: self = .float
    case .float16: self = .float16
    case .bfloat16: self = .bfloat16
    case .double: self = .double
    case .longDouble:
      switch abi.longDoubleFormat {
      case .x87Extended: self = .x87Extended
      case .ieeeQuadruple: self = .quadruple
      case .ieeeDouble: self = .double
      }
    case .cString, .atom: self = .address(isCString: true)
    case .objectClass, .selector: self = .address(isCString: false)
    case .void, .unknown: self = .opaque
    }
  }

  /// Whether the kind is compared as a floating-point number (tolerances apply).
  var isFloatingPoint: Bool {
    switch self {
    case .float, .double, .x87Extended, .float16, .bfloat16: return true
    case .complex(let component, _), .vector(let component, _, _): return component.isFloatingPoint
    default: return false
    }
  }
}

/// Reading and writing the bits of raw values, little-endian (every supported ABI is).
enum RawBits {
  /// The `size`-byte little-endian integer at `offset`, zero-extended.
  static func unsigned(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> UInt128 {
    var value: UInt128 = 0
    for index in stride(from: size - 1, through: 0, by: -1) {
      value = value << 8 | UInt128(bytes[offset + index])
    }
    return value
  }

  /// The `size`-byte little-endian integer at `offset`, sign-extended.
  static func signed(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> Int128 {
    signExtend(unsigned(bytes, at: offset, size: size), width: size * 8)
  }

  /// Writes the low `size` bytes of `value` at `offset`, little-endian.
  static func store(_ value: UInt128, into bytes: UnsafeMutableRawBufferPointer, at offset: Int, size: Int) {
    var remaining = value
    for index in 0..<size {
      bytes[offset + index] = UInt8(truncatingIfNeeded: remaining)
      remaining >>= 8
    }
  }

  /// The `width` bits starting at bit `bitOffset` (bit 0 is the low bit of byte 0), zero-extended.
  static func bits(_ bytes: UnsafeRawBufferPointer, bitOffset: Int, width: Int) -> UInt128 {
    var value: UInt128 = 0
    var bit = 0
    while bit < width {
      let position = bitOffset + bit
      let shift = position % 8
      let take = min(8 - shift, width - bit)
      let chunk = (UInt128(bytes[position / 8]) >> shift) & ((1 << take) - 1)
      value |= chunk << bit
      bit += take
    }
    return value
  }

  /// Writes the low `width` bits of `value` at bit `bitOffset`, leaving the other bits as they are.
  static func storeBits(_ value: UInt128, into bytes: UnsafeMutableRawBufferPointer, bitOffset: Int, width: Int) {
    var bit = 0
    while bit < width {
      let position = bitOffset + bit
      let shift = position % 8
      let take = min(8 - shift, width - bit)
      let mask = UInt8(truncatingIfNeeded: ((1 << take) - 1) << shift)
      let chunk = UInt8(truncatingIfNeeded: (value >> bit) << shift)
      bytes[position / 8] = (bytes[position / 8] & ~mask) | (chunk & mask)
      bit += take
    }
  }

  /// `value`'s low `width` bits read as a two's-complement number.
  static func signExtend(_ value: UInt128, width: Int) -> Int128 {
    guard width > 0, width < 128 else { return Int128(truncatingIfNeeded: value) }
    let shift = 128 - width
    return Int128(truncatingIfNeeded: value << shift) >> shift
  }
}
