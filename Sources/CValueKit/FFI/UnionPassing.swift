import CFFI

/// Chooses how a union is passed by value. libffi has no union type, so a union becomes a struct of the
/// same size and alignment that the calling convention classifies the way it classifies the union:
///
/// - x86-64 System V: each eightbyte of the union is SSE when only `float`/`double` members cover it and
///   INTEGER otherwise (§3.2.3); the stand-in struct holds `double`s or `float`s for SSE eightbytes and
///   integers of the union's alignment for INTEGER ones.
/// - AArch64 (AAPCS64): a union whose members are all made of one floating-point type is a homogeneous
///   floating-point aggregate passed in vector registers; it becomes a struct of that type. Any other union
///   is passed as integer registers or memory by size alone; it becomes a struct of integers.
struct UnionPassing {
  /// The calling conventions whose union rules are implemented.
  enum Convention {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case systemVx86_64
    case aapcs64
    case unsupported

    /// The host's.
    static var host: Convention {
      #if arch(x86_64) && !os(Windows)
        return .systemVx86_64
      #elseif arch(arm64)
        return .aapcs64
      #else
        return .unsupported
      #endif
    }
  }

  /// How the calling convention sees one leaf inside a union.
  enum LeafClass: Equatable {
    case integer
    case float
    case double
  }

  /// What the stand-in struct holds, in order.
  enum Element: Equatable {
    case integer(size: Int)
    case float
    case double
  }

  let convention: Convention
  let valueType: TypeEncoding

  /// The stand-in struct's elements for a union laid out as `node`.
  func elements(for node: CLayout.Node, path: FieldPath) throws(CFunctionError) -> [UnsafeMutablePointer<ffi_type>] {
    try plan(for: node, path: path).map { element in
      switch element {
      case .float: return cvi_ffi_type_float()
      case .double: return cvi_ffi_type_double()
      case .integer(let size):
        switch size {
        case 1: return cvi_ffi_type_uint8()
        case 2: return cvi_ffi_type_uint16()
        case 4: return cvi_ffi_type_uint32()
        default: return cvi_ffi_type_uint64()
        }
      }
    }
  }

  /// The stand-in struct's elements, as a plan that can be tested without libffi.
  func plan(for node: CLayout.Node, path: FieldPath) throws(CFunctionError) -> [Element] {
    guard node.size > 0 else { throw .cannotPass(valueType, path: path, reason: "an empty union has no C ABI") }
    // Classification only looks at unions of up to four eightbytes (an HFA has at most four members).
    var leaves: [(offset: Int, size: Int, kind: LeafClass)] = []
    if node.size <= 32 { try collect(node, offset: 0, path: path, into: &leaves) }
    let integerWidth = min(node.alignment, 8)
    guard integerWidth > 0, node.size % integerWidth == 0 else {
      throw .cannotPass(valueType, path: path, reason: "the union's size is not a multiple of its alignment")
    }
    switch convention {
    case .unsupported:
      throw .cannotPass(valueType, path: path, reason: "passing unions by value is not supported on this platform")
    case .aapcs64:
      if node.size <= 32, let base = homogeneousFloatingPoint(leaves), node.size <= 4 * base.size,
        node.size % base.size == 0
      {
        return Array(repeating: base.element, count: node.size / base.size)
      }
      return Array(repeating: .integer(size: integerWidth), count: node.size / integerWidth)
    case .systemVx86_64:
      // Larger than two eightbytes: passed in memory whatever it holds.
      guard node.size <= 16 else {
        return Array(repeating: .integer(size: integerWidth), count: node.size / integerWidth)
      }
      var elements: [Element] = []
      var start = 0
      while start < node.size {
        let end = min(start + 8, node.size)
        let covering = leaves.filter { $0.offset < end && $0.offset + $0.size > start }
        let isSSE = !covering.isEmpty && covering.allSatisfy { $0.kind != .integer }
        if isSSE, end - start == 8, node.alignment >= 8 {
          elements.append(.double)
        } else if isSSE {
          elements.append(contentsOf: repeatElement(.float, count: (end - start) / 4))
        } else {
          elements.append(contentsOf: repeatElement(.integer(size: integerWidth), count: (end - start) / integerWidth))
        }
        start = end
      }
      return elements
    }
  }

  /// The one floating-point type every leaf has, if there is one.
  private func homogeneousFloatingPoint(_ leaves: [(offset: Int, size: Int, kind: LeafClass)]) -> (
    element: Element, size: Int
  )? {
    guard let first = leaves.first?.kind, first != .integer, leaves.allSatisfy({ $0.kind == first }) else {
      return nil
    }
    return first == .float ? (.float, 4) : (.double, 8)
  }

  private func collect(
    _ node: CLayout.Node, offset: Int, path: FieldPath, into leaves: inout [(offset: Int, size: Int, kind: LeafClass)]
  ) throws(CFunctionError) {
    switch node.content {
    case .leaf:
      switch LeafKind(node, abi: .host) {
      case .signedInteger(let size), .unsignedInteger(let size):
        guard size <= 8 else {
          throw .cannotPass(valueType, path: path, reason: "a union holding a \(size * 8)-bit integer")
        }
        leaves.append((offset, node.size, .integer))
      case .bool, .address: leaves.append((offset, node.size, .integer))
      case .float: leaves.append((offset, node.size, .float))
      case .double: leaves.append((offset, node.size, .double))
      case .x87Extended, .quadruple, .float16, .bfloat16, .complex, .vector, .opaque:
        throw .cannotPass(
          valueType, path: path,
          reason: "only unions of integers, pointers, float and double can be passed by value")
      case .bitfield: leaves.append((offset, node.size, .integer))
      }
    case .bitfield: leaves.append((offset, max(node.size, 1), .integer))
    case .structure(let members), .union(let members):
      for member in members {
        let memberPath = member.component.map { path.appending($0) } ?? path
        try collect(member.node, offset: offset + member.offset, path: memberPath, into: &leaves)
      }
    case .array(let count, let element):
      for index in 0..<count {
        try collect(element, offset: offset + index * element.size, path: path.appending(.index(index)), into: &leaves)
      }
    }
  }
}
