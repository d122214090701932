import CFFI

/// Builds the `ffi_type` that passes a value of a laid-out C type by value: scalars by their libffi type,
/// structs member by member, arrays expanded element by element (libffi has no array type), unions as a
/// struct the calling convention classifies the same way (libffi has no union type).
///
/// Everything libffi cannot pass is refused here, at registration, with the field path that holds it.
struct FFITypeBuilder {
  /// More elements than this in one struct (arrays expanded) are refused rather than built.
  static let maximumElements = 1 << 16

  /// libffi's pointer type.
  static var pointer: UnsafeMutablePointer<ffi_type> { cvi_ffi_type_pointer() }

  let arena: FFITypeArena
  /// The value's type, for errors.
  let valueType: TypeEncoding
  /// Every struct built, with the C layout it must match once libffi has laid it out.
  private(set) var structs: [(type: UnsafeMutablePointer<ffi_type>, node: CLayout.Node, path: FieldPath)] = []

  init(arena: FFITypeArena, valueType: TypeEncoding) {
    self.arena = arena
    self.valueType = valueType
  }

  /// The type of an argument or return value laid out as `node`.
  mutating func argumentType(_ node: CLayout.Node) throws(CFunctionError) -> UnsafeMutablePointer<ffi_type> {
    if case .array = node.content {
      throw .cannotPass(valueType, path: FieldPath(), reason: "C passes an array as a pointer to its first element")
    }
    return try type(of: node, path: FieldPath())
  }

  private mutating func type(of node: CLayout.Node, path: FieldPath) throws(CFunctionError)
    -> UnsafeMutablePointer<ffi_type>
  {
    switch node.content {
    case .leaf:
      return try Self.leafType(LeafKind(node, abi: .host), size: node.size, valueType: valueType, path: path)
    case .bitfield:
      throw .cannotPass(valueType, path: path, reason: "libffi cannot describe bitfields")
    case .structure(let members):
      guard node.size > 0 else { throw .cannotPass(valueType, path: path, reason: "an empty struct has no C ABI") }
      var elements: [UnsafeMutablePointer<ffi_type>] = []
      for member in members {
        let memberPath = member.component.map { path.appending($0) } ?? path
        guard member.node.size > 0 else {
          throw .cannotPass(valueType, path: memberPath, reason: "a flexible or zero-length array has no size to pass")
        }
        try append(member.node, path: memberPath, to: &elements)
      }
      return record(elements, node: node, path: path)
    case .array:
      var elements: [UnsafeMutablePointer<ffi_type>] = []
      try append(node, path: path, to: &elements)
      return record(elements, node: node, path: path)
    case .union:
      let elements = try UnionPassing(convention: .host, valueType: valueType).elements(for: node, path: path)
      return record(elements, node: node, path: path)
    }
  }

  /// Appends the elements `node` contributes to its parent struct: an array's elements one by one, any
  /// other node as one element.
  private mutating func append(
    _ node: CLayout.Node, path: FieldPath, to elements: inout [UnsafeMutablePointer<ffi_type>]
  ) throws(CFunctionError) {
    guard case .array(let count, let element) = node.content else {
      elements.append(try type(of: node, path: path))
      return
    }
    guard count > 0, element.size > 0 else {
      throw .cannotPass(valueType, path: path, reason: "a flexible or zero-length array has no size to pass")
    }
    guard elements.count + count <= Self.maximumElements else {
      throw .cannotPass(
        valueType, path: path, reason: "more than \(Self.maximumElements) elements is too large to pass by value")
    }
    if case .array = element.content {
      for index in 0..<count { try append(element, path: path.appending(.index(index)), to: &elements) }
    } else {
      let elementType = try type(of: element, path: path.appending(.index(0)))
      elements.append(contentsOf: repeatElement(elementType, count: count))
    }
  }

  private mutating func record(
    _ elements: [UnsafeMutablePointer<ffi_type>], node: CLayout.Node, path: FieldPath
  ) -> UnsafeMutablePointer<ffi_type> {
    let type = arena.structType(elements)
    structs.append((type, node, path))
    return type
  }

  /// After `ffi_prep_cif`: refuses any struct libffi laid out differently from C (packed or over-aligned
  /// ones), which would pass the wrong bytes.
  func checkLayouts() throws(CFunctionError) {
    for (type, node, path) in structs
    where type.pointee.size != node.size || Int(type.pointee.alignment) != node.alignment {
      throw .layoutDisagrees(
        valueType, path: path, cSize: node.size, cAlignment: node.alignment, ffiSize: type.pointee.size,
        ffiAlignment: Int(type.pointee.alignment))
    }
  }

  /// The libffi type of a leaf, or why it has none.
  static func leafType(_ kind: LeafKind, size: Int, valueType: TypeEncoding, path: FieldPath) throws(CFunctionError)
    -> UnsafeMutablePointer<ffi_type>
  {
    switch kind {
    case .signedInteger(let size), .unsignedInteger(let size):
      let isSigned: Bool
      if case .signedInteger = kind { isSigned = true } else { isSigned = false }
      switch size {
      case 1: return isSigned ? cvi_ffi_type_sint8() : cvi_ffi_type_uint8()
      case 2: return isSigned ? cvi_ffi_type_sint16() : cvi_ffi_type_uint16()
      case 4: return isSigned ? cvi_ffi_type_sint32() : cvi_ffi_type_uint32()
      case 8: return isSigned ? cvi_ffi_type_sint64() : cvi_ffi_type_uint64()
      default:
        throw .cannotPass(valueType, path: path, reason: "libffi has no \(size * 8)-bit integer type")
      }
    case .bool: return cvi_ffi_type_uint8()
    case .float: return cvi_ffi_type_float()
    case .double: return cvi_ffi_type_double()
    case .x87Extended, .quadruple:
      let type: UnsafeMutablePointer<ffi_type> = cvi_ffi_type_longdouble()
      guard type.pointee.size == size else {
        throw .cannotPass(valueType, path: path, reason: "this long double is not the host's")
      }
      return type
    case .address: return cvi_ffi_type_pointer()
    case .float16, .bfloat16:
      throw .cannotPass(valueType, path: path, reason: "libffi has no 16-bit floating-point type")
    case .complex(let component, _):
      let type: UnsafeMutablePointer<ffi_type>?
      switch component {
      case .float: type = cvi_ffi_type_complex_float_or_null()
      case .double: type = cvi_ffi_type_complex_double_or_null()
      case .x87Extended, .quadruple: type = cvi_ffi_type_complex_longdouble_or_null()
      default: type = nil
      }
      guard let type, type.pointee.size == size else {
        throw .cannotPass(valueType, path: path, reason: "libffi cannot pass this _Complex type here")
      }
      return type
    case .vector:
      throw .cannotPass(valueType, path: path, reason: "libffi cannot pass vector types")
    case .bitfield:
      throw .cannotPass(valueType, path: path, reason: "libffi cannot describe bitfields")
    case .opaque:
      throw .cannotPass(valueType, path: path, reason: "the type's representation is unknown")
    }
  }
}
