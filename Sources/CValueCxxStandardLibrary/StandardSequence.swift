import CValueKit

/// The sequences: `std::vector<T>`, and `std::span<T>` of dynamic or static extent, each compared and described
/// by its elements, compared as `T`.
extension StandardContainer {
  /// The sequence a record of this name and layout is, or `nil`.
  static func recogniseSequence(name: StandardName, fields: RecordFields) -> StandardContainer? {
    if name.bare.hasPrefix("std::span<") {
      guard let data = fields.pointer(name.libcxx ? "__data" : "_M_ptr") else { return nil }
      // A static extent is the name's last template argument (std::dynamic_extent, size_t's largest value,
      // for the other kind), and then the record is the pointer alone.
      if let extent = Self.staticExtent(name.bare, pointerSize: fields.pointerSize) {
        guard fields.layout.size == fields.pointerSize, fields.layout.fields.count == 1 else { return nil }
        return .fixedSpan(data: data.offset, extent: extent, element: data.element)
      }
      guard let count = fields.count(name.libcxx ? "__size" : "_M_extent_value") else { return nil }
      return .span(data: data.offset, count: count, element: data.element)
    }
    let begin: CLayout.Field?
    let end: CLayout.Field?
    if name.spelled.hasPrefix("std::vector<") {
      begin = fields.field(">._M_impl._Vector_impl_data._M_start", through: "._Vector_base<")
      end = fields.field(">._M_impl._Vector_impl_data._M_finish", through: "._Vector_base<")
    } else if name.spelled.hasPrefix("std::__1::vector<") {
      begin = fields.field(".__begin_")
      end = fields.field(".__end_")
    } else {
      return nil
    }
    guard let begin, let end, let element = fields.pointee(begin), fields.pointee(end) == element
    else { return nil }
    return .vector(begin: begin.offset, end: end.offset, element: element)
  }

  /// The extent of a `std::span<T, N>` named so, `nil` for `std::dynamic_extent` (the largest `size_t`) or a
  /// last argument that is no number (`3`, `3UL`, `3ul`).
  static func staticExtent(_ name: String, pointerSize: Int) -> Int? {
    guard name.hasSuffix(">"), let comma = name.lastIndex(of: ",") else { return nil }
    let argument = name[name.index(after: comma)..<name.index(before: name.endIndex)].filter { $0 != " " }
      .lowercased()
    let digits = argument.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, argument.dropFirst(digits.count).allSatisfy({ $0 == "u" || $0 == "l" }),
      let value = UInt64(digits)
    else { return nil }
    let dynamic: UInt64 = pointerSize == 4 ? UInt64(UInt32.max) : UInt64.max
    guard value != dynamic, value <= UInt64(Int.max) else { return nil }
    return Int(value)
  }

  /// A vector's or span's elements, in the running process, or `nil` when a vector's two pointers do not
  /// span whole elements or a span's count does not fit in memory.
  fileprivate func elements(_ value: UnsafeRawBufferPointer, stride: Int) -> (start: UnsafeRawPointer?, count: Int)? {
    switch self {
    case .vector(let begin, let end, _):
      let first = Self.word(value, at: begin)
      let last = Self.word(value, at: end)
      guard last >= first, (last - first) % UInt(stride) == 0 else { return nil }
      return (UnsafeRawPointer(bitPattern: first), Int(last - first) / stride)
    case .span(let data, let count, _):
      let elements = Self.word(value, at: count)
      guard elements <= UInt(Int.max / stride) else { return nil }
      return (UnsafeRawPointer(bitPattern: Self.word(value, at: data)), Int(elements))
    case .fixedSpan(let data, let extent, _):
      guard extent <= Int.max / stride else { return nil }
      return (UnsafeRawPointer(bitPattern: Self.word(value, at: data)), extent)
    case .string, .shortOrLongString, .copyOnWriteString, .optional, .pointer, .nodes, .variant: return nil
    }
  }

  /// Registers the comparer and describer of a sequence of `type`, its elements of `elementType`; `false`
  /// when that cannot be laid out.
  func registerSequence(of elementType: TypeEncoding, for type: TypeEncoding, in registry: ValueRegistry) -> Bool {
    guard let stride = (try? registry.resolve(elementType))?.layout?.stride, stride > 0 else { return false }
    let resolve = Self.resolver(elementType, in: registry)
    let compare: RawComparator = { a, b in
      guard let element = resolve(), let x = self.elements(a, stride: stride),
        let y = self.elements(b, stride: stride),
        x.count == y.count
      else { return false }
      guard x.count > 0, let p = x.start, let q = y.start, p != q else { return x.count == 0 || x.start == y.start }
      return element.isEqual(pointers: p, q, count: x.count)
    }
    let describe: RawDescriber = { value in
      guard let span = self.elements(value, stride: stride) else {
        return "/* a sequence whose pointers or count do not give whole elements of \(stride) bytes */"
      }
      guard span.count > 0, let start = span.start else { return "{}" }
      guard let element = resolve() else { return "/* \(elementType) no longer resolves */" }
      let bytes = UnsafeRawBufferPointer(start: start, count: span.count * stride)
      do throws(ValueError) { return try element.describe(bytes: bytes, count: span.count) } catch {
        return "/* \(error) */"
      }
    }
    registry.register(
      type, comparer: compare, describer: describe,
      firstDifference: { a, b in
        guard let element = resolve(), let x = self.elements(a, stride: stride),
          let y = self.elements(b, stride: stride)
        else { return nil }
        let common = min(x.count, y.count)
        guard common > 0, let p = x.start, let q = y.start else { return 0 }
        return (0..<common).first { !element.isEqual(pointers: p + $0 * stride, q + $0 * stride) } ?? common
      },
      inside: { a, b in
        // As many elements on each side: each differing one by its own paths, `[3].x`.
        guard let element = resolve(), let size = element.layout?.size, let x = self.elements(a, stride: stride),
          let y = self.elements(b, stride: stride), x.count == y.count, let p = x.start, let q = y.start
        else { return nil }
        var found: [Mismatch] = []
        for index in 0..<x.count where found.count < Self.reportedElements {
          let (first, second) = (p + index * stride, q + index * stride)
          guard !element.isEqual(pointers: first, second) else { continue }
          guard let inside = Self.mismatches(of: element, first, second, size: size, prefix: [.index(index)])
          else { return nil }
          found += inside
        }
        return found
      })
    return true
  }
}
