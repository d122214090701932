public import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C++ standard library container recognised in a program's debug info: what its record's fields say about
/// where its contents are, so that values of it in the running process are compared and described by what
/// they hold, not by the addresses their pointers happen to have.
///
/// Each form is recognised from the record's own layout, as the compiler wrote it, never assumed from a name:
/// a record named like a container whose fields are not one of these forms keeps its plain layout.
enum StandardContainer: Equatable {
  /// A `std::string` (`basic_string<char>`): the offsets of its `char *` to the text and of its length.
  case string(data: Int, length: Int)
  /// A libc++ `std::string` in the layout of libc++ 14 on a little-endian machine: a short string's size
  /// byte (its low bit clear, the size in the bits above) and text in the value, or a long string's size and
  /// `char *` (the size byte's low bit set).
  case shortOrLongString(shortSize: Int, shortData: Int, longSize: Int, longData: Int)
  /// libstdc++'s copy-on-write `std::string` of the old ABI (`-D_GLIBCXX_USE_CXX11_ABI=0`): one `char *`, at
  /// `data`, to text preceded by the string's header, whose first three words are its length, its capacity
  /// and its reference count.
  case copyOnWriteString(data: Int)
  /// A `std::vector<T>`: the offsets of its pointers to the first element and past the last, and `T`.
  case vector(begin: Int, end: Int, element: TypeEncoding)
  /// A `std::span<T>` of dynamic extent: the offsets of its pointer to the first element and of its count.
  case span(data: Int, count: Int, element: TypeEncoding)
  /// A `std::span<T, N>` of static extent: the offset of its pointer to the first element, `N` (the last
  /// template argument of its name, which is where the type holds it), and `T`.
  case fixedSpan(data: Int, extent: Int, element: TypeEncoding)
  /// A `std::optional<T>`: the offsets of its engaged flag and of the value, and `T` (read in the value).
  case optional(engaged: Int, value: Int, element: TypeEncoding)
  /// A `std::unique_ptr<T>` or `std::shared_ptr<T>`: the offset of its pointer, and `T`, compared by pointee.
  case pointer(at: Int, element: TypeEncoding)
  /// A container whose elements live in nodes of their own (`std::list`, `std::map`, `std::set`, the
  /// unordered containers): see ``NodeContainer``.
  case nodes(NodeContainer)
  /// A `std::variant`: see ``VariantLayout``.
  case variant(VariantLayout)

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

  /// The container a record of this name and layout is, or `nil` for any other record.
  static func recognise(name: String, layout: CLayout) -> StandardContainer? {
    let name = Self.withoutKeyword(name)
    let pointerSize = layout.abi.pointerSize
    // The one field whose path from the record is exactly `path`, or, with `through`, starts with `through`
    // (a base class, libc++'s compressed pair element, each named with its template arguments) and ends
    // with `path`.
    func field(_ path: String, through prefix: String? = nil) -> CLayout.Field? {
      let matches = layout.fields.filter { field in
        let text = field.path.description
        guard field.bits == nil else { return false }
        guard let prefix else { return text == path }
        return text.hasPrefix(prefix) && text.hasSuffix(path) && text.count > prefix.count + path.count
      }
      return matches.count == 1 ? matches[0] : nil
    }
    func pointee(_ field: CLayout.Field) -> TypeEncoding? {
      guard field.size == pointerSize, case .pointer(let element) = field.type.unqualified else { return nil }
      return element
    }
    if name.hasPrefix("std::__cxx11::basic_string<char,") {
      guard let data = field("._M_dataplus._M_p"), data.size == pointerSize, data.type.unqualified == .scalar(.cString),
        let length = field("._M_string_length"), length.size == pointerSize,
        case .scalar(let scalar) = length.type.unqualified, scalar.isInteger, !scalar.isSignedInteger
      else { return nil }
      return .string(data: data.offset, length: length.offset)
    }
    // The old ABI's string is one pointer: what it points past is laid out by the library, not described by
    // the record, so the record must be exactly that pointer and nothing else.
    if name.hasPrefix("std::basic_string<char,") {
      guard layout.size == pointerSize, layout.fields.count == 1, let data = field("._M_dataplus._M_p"),
        data.size == pointerSize, data.type.unqualified == .scalar(.cString)
      else { return nil }
      return .copyOnWriteString(data: data.offset)
    }
    if name.hasPrefix("std::__1::basic_string<char,"), !layout.abi.isBigEndian {
      let pair = ".__r_.__compressed_pair_elem<"
      guard let shortSize = field(">.__value_.__s.__size_", through: pair), shortSize.size == 1,
        let shortData = field(">.__value_.__s.__data_[0]", through: pair), shortData.offset == shortSize.offset + 1,
        let longSize = field(">.__value_.__l.__size_", through: pair), longSize.size == pointerSize,
        let longData = field(">.__value_.__l.__data_", through: pair), longData.size == pointerSize,
        longData.type.unqualified == .scalar(.cString)
      else { return nil }
      return .shortOrLongString(
        shortSize: shortSize.offset, shortData: shortData.offset, longSize: longSize.offset,
        longData: longData.offset)
    }
    // The one member of this name at the shallowest depth it is at (through bases and anonymous unions), with its
    // offset.
    func member(_ name: String) -> (offset: Int, node: CLayout.Node)? {
      // The outermost: an optional's engaged flag, not that of the optional it holds.
      NodeContainer.outermost(name, in: layout).map { ($0.offset, $0.node) }
    }
    func pointer(_ name: String) -> (offset: Int, element: TypeEncoding)? {
      guard let found = member(name), found.node.size == pointerSize,
        case .pointer(let element) = found.node.type.unqualified
      else { return nil }
      return (found.offset, element)
    }
    func count(_ name: String) -> Int? {
      guard let found = member(name), found.node.size == pointerSize,
        case .scalar(let scalar) = found.node.type.unqualified,
        scalar.isInteger
      else { return nil }
      return found.offset
    }
    let libcxx = name.hasPrefix("std::__1::")
    let bare = libcxx ? "std::" + name.dropFirst("std::__1::".count) : String(name)
    if bare.hasPrefix("std::basic_string_view<char,") {
      guard let data = member(libcxx ? "__data" : "_M_str"), data.node.size == pointerSize,
        data.node.type.unqualified == .scalar(.cString), let length = count(libcxx ? "__size" : "_M_len")
      else { return nil }
      return .string(data: data.offset, length: length)
    }
    if bare.hasPrefix("std::span<") {
      guard let data = pointer(libcxx ? "__data" : "_M_ptr") else { return nil }
      // A static extent is the name's last template argument (std::dynamic_extent, size_t's largest value,
      // for the other kind), and then the record is the pointer alone.
      if let extent = Self.staticExtent(bare, pointerSize: pointerSize) {
        guard layout.size == pointerSize, layout.fields.count == 1 else { return nil }
        return .fixedSpan(data: data.offset, extent: extent, element: data.element)
      }
      guard let count = count(libcxx ? "__size" : "_M_extent_value") else { return nil }
      return .span(data: data.offset, count: count, element: data.element)
    }
    if bare.hasPrefix("std::optional<") {
      guard let engaged = member(libcxx ? "__engaged_" : "_M_engaged"), engaged.node.size == 1,
        engaged.node.type.unqualified == .scalar(.bool), let value = member(libcxx ? "__val_" : "_M_value")
      else { return nil }
      return .optional(engaged: engaged.offset, value: value.offset, element: value.node.type)
    }
    // A smart pointer to an array (`std::unique_ptr<int []>`) owns more than the one element its pointer's type
    // says: it keeps its representation, never a comparison of the first element alone.
    if bare.hasPrefix("std::unique_ptr<") || bare.hasPrefix("std::shared_ptr<") {
      guard !Self.pointsToArray(bare) else { return nil }
      let field =
        bare.hasPrefix("std::unique_ptr<") ? (libcxx ? "__value_" : "_M_head_impl") : (libcxx ? "__ptr_" : "_M_ptr")
      guard let pointer = pointer(field) else { return nil }
      return .pointer(at: pointer.offset, element: pointer.element)
    }
    if let nodes = NodeContainer.recognise(name: name, layout: layout) { return .nodes(nodes) }
    if let variant = VariantLayout.recognise(name: name, layout: layout) { return .variant(variant) }
    let begin: CLayout.Field?
    let end: CLayout.Field?
    if name.hasPrefix("std::vector<") {
      begin = field(">._M_impl._Vector_impl_data._M_start", through: "._Vector_base<")
      end = field(">._M_impl._Vector_impl_data._M_finish", through: "._Vector_base<")
    } else if name.hasPrefix("std::__1::vector<") {
      begin = field(".__begin_")
      end = field(".__end_")
    } else {
      return nil
    }
    guard let begin, let end, let element = pointee(begin), pointee(end) == element
    else { return nil }
    return .vector(begin: begin.offset, end: end.offset, element: element)
  }
}

extension StandardContainer {
  /// The pointer-sized word at `offset` of a value.
  fileprivate static func word(_ value: UnsafeRawBufferPointer, at offset: Int) -> UInt {
    value.loadUnaligned(fromByteOffset: offset, as: UInt.self)
  }

  /// A string's text, in the running process: its bytes, or `nil` when the length is not 0 and the pointer is
  /// NULL, or a short string's size does not fit in the value. A pointer into the value's own bytes (the
  /// short-string buffer of libstdc++) is read there.
  fileprivate func text(_ value: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
    let count: Int
    let address: UInt
    switch self {
    case .string(let data, let length):
      count = Int(truncatingIfNeeded: Self.word(value, at: length))
      address = Self.word(value, at: data)
    case .shortOrLongString(let shortSize, let shortData, let longSize, let longData):
      let size = value[shortSize]
      guard size & 1 == 1 else {
        count = Int(size >> 1)
        guard shortData + count <= value.count else { return nil }
        return UnsafeRawBufferPointer(rebasing: value[shortData..<shortData + count])
      }
      count = Int(truncatingIfNeeded: Self.word(value, at: longSize))
      address = Self.word(value, at: longData)
    case .copyOnWriteString(let data):
      // The header before the text: length, capacity, reference count (an empty string's is the library's
      // shared empty header, of length 0).
      address = Self.word(value, at: data)
      let word = UInt(MemoryLayout<UInt>.size)
      guard address >= 3 * word, let header = UnsafeRawPointer(bitPattern: address - 3 * word) else { return nil }
      let length = header.loadUnaligned(as: UInt.self)
      let capacity = header.loadUnaligned(fromByteOffset: Int(word), as: UInt.self)
      guard length <= capacity, length <= UInt(Int.max) else { return nil }
      count = Int(length)
    case .vector, .span, .fixedSpan, .optional, .pointer, .nodes, .variant: return nil
    }
    guard count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    guard let start = UnsafeRawPointer(bitPattern: address) else { return nil }
    if let base = value.baseAddress, start >= base, start + count <= base + value.count {
      let offset = start - base
      return UnsafeRawBufferPointer(rebasing: value[offset..<offset + count])
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// The type reached through a pointer, which an import does not follow: a vector's, a span's and a smart
  /// pointer's element type.
  var pointee: TypeEncoding? {
    switch self {
    case .vector(_, _, let element), .span(_, _, let element), .fixedSpan(_, _, let element), .pointer(_, let element):
      return element
    case .string, .shortOrLongString, .copyOnWriteString, .optional, .nodes, .variant: return nil
    }
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

  /// The mismatches between two values of `element` at `a` and `b` (each `size` bytes), their paths after
  /// `prefix` (a vector's `[3]`): what a report lists in a container's place. `nil` when they cannot be
  /// compared (the container is then listed as one field).
  static func mismatches(
    of element: ValueType, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, size: Int, prefix: [FieldPath.Component]
  ) -> [Mismatch]? {
    let comparison: Comparison
    do throws(ValueError) {
      comparison = try element.compare(
        bytes: UnsafeRawBufferPointer(start: a, count: size), UnsafeRawBufferPointer(start: b, count: size))
    } catch {
      return nil
    }
    return comparison.mismatches.map { mismatch in
      Mismatch(
        path: FieldPath(prefix + mismatch.path.components), offset: 0, actual: mismatch.actual,
        expected: mismatch.expected, difference: mismatch.difference, tolerance: mismatch.tolerance,
        firstDifference: mismatch.firstDifference, excerpt: mismatch.excerpt)
    }
  }

  /// At most this many bytes of a string's text are shown in a description (a report says where two texts
  /// first differ, however long).
  static let describedBytes = 1024

  /// At most this many of a container's elements are compared for the report's lines (the report lists
  /// fewer); past them, the container's line says how many differ no more precisely.
  static let reportedElements = 64

  /// The element type's handle as the registry resolves it when a value is compared: after every container
  /// of the same import is registered (a vector's elements holding strings compare them by text, whichever
  /// was registered first), and from the registry's cache after the first time. The registry is held weakly:
  /// its entries hold this closure.
  static func resolver(_ type: TypeEncoding, in registry: ValueRegistry) -> @Sendable () -> ValueType? {
    { [weak registry] in try? registry?.resolve(type) }
  }

  /// Registers the comparer and describer of this container for `type` in `registry`; `false` when its
  /// element type cannot be compared (it cannot be laid out).
  func register(for type: TypeEncoding, in registry: ValueRegistry) -> Bool {
    switch self {
    case .string, .shortOrLongString, .copyOnWriteString:
      let compare: RawComparator = { a, b in
        guard let x = self.text(a), let y = self.text(b) else { return false }
        guard x.count == y.count else { return false }
        guard x.count > 0, let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
        return memcmp(p, q, x.count) == 0
      }
      let describe: RawDescriber = { value in
        guard let text = self.text(value) else {
          return "/* a string whose size does not fit its value, or whose text is at NULL: "
            + value.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + " */"
        }
        guard text.count > Self.describedBytes else { return LeafDescription.cStringLiteral(text) }
        return LeafDescription.cStringLiteral(text.prefix(Self.describedBytes))
          + " /* … \(text.count - Self.describedBytes) more bytes */"
      }
      registry.register(type, comparer: compare, describer: describe) { a, b in
        guard let x = self.text(a), let y = self.text(b) else { return nil }
        let common = min(x.count, y.count)
        return (0..<common).first { x[$0] != y[$0] } ?? common
      }
      return true
    case .vector(_, _, let elementType), .span(_, _, let elementType), .fixedSpan(_, _, let elementType):
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
    case .optional(let engaged, let offset, let elementType):
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
        guard let element = resolve() else { return "/* \(elementType) no longer resolves */" }
        do throws(ValueError) {
          return try element.describe(bytes: UnsafeRawBufferPointer(rebasing: value[offset..<offset + size]))
        } catch {
          return "/* \(error) */"
        }
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
    case .pointer(let at, let elementType):
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
        guard let element = resolve() else { return "/* \(elementType) no longer resolves */" }
        do throws(ValueError) {
          return try element.describe(bytes: UnsafeRawBufferPointer(start: pointee, count: size))
        } catch {
          return "/* \(error) */"
        }
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
    case .nodes, .variant:
      // Their element types are read from the file first: ``ValueRegistry/registerNodeContainer`` and
      // ``ValueRegistry/registerVariant``.
      return false
    }
  }
}

extension StandardContainer {
  /// A record's name without the keyword an import writes before it (`struct `, `class `).
  static func withoutKeyword(_ name: String) -> Substring {
    var name = Substring(name)
    for keyword in ["struct ", "class "] where name.hasPrefix(keyword) { name = name.dropFirst(keyword.count) }
    return name
  }

  /// The standard library whose container a record of this name is, when CValueKit compares that container
  /// by what it holds (and so must recognise its layout): `libstdc++` or `libc++`; `nil` for other names
  /// (`std::vector<bool>`, a smart pointer to an array, a container with an allocator of its own).
  static func library(claiming name: String) -> String? {
    let name = withoutKeyword(name)
    let libcxx = name.hasPrefix("std::__1::")
    let bare = libcxx ? "std::" + name.dropFirst("std::__1::".count) : String(name)
    let library = libcxx ? "libc++" : "libstdc++"
    // The template instance itself, not a record nested in it (`basic_string<…>::_Alloc_hider`).
    guard bare.hasSuffix(">"), let open = DieReader.argumentsStart(bare) else { return nil }
    let template = String(bare[..<open])
    let arguments = DieReader.arguments(String(bare[bare.index(after: open)..<bare.index(before: bare.endIndex)]))
    let std = libcxx ? "std::__1::" : "std::"
    // Only with the standard allocator and deleter: another may lay the container out as it likes.
    let standardAllocator = arguments.last?.hasPrefix(std + "allocator<") == true
    switch template {
    case "std::__cxx11::basic_string" where !libcxx, "std::basic_string":
      return arguments.first == "char" && standardAllocator ? library : nil
    case "std::basic_string_view": return arguments.first == "char" ? library : nil
    case "std::optional", "std::span", "std::variant": return library
    case "std::shared_ptr": return pointsToArray(bare) ? nil : library
    case "std::unique_ptr":
      let defaultDeleter = arguments.count == 2 && arguments[1].hasPrefix(std + "default_delete<")
      return pointsToArray(bare) || !defaultDeleter ? nil : library
    case "std::vector": return arguments.first == "bool" || !standardAllocator ? nil : library
    case "std::__cxx11::list" where !libcxx, "std::list" where libcxx, "std::forward_list", "std::map",
      "std::multimap", "std::set", "std::multiset", "std::unordered_map", "std::unordered_multimap",
      "std::unordered_set", "std::unordered_multiset":
      return standardAllocator ? library : nil
    default: return nil
    }
  }
}

extension ValueRegistry {
  /// Refuses `type` (read from the running program into `imported`) when a member of it, at any depth, is a
  /// standard container that CValueKit compares by what it holds but whose layout in the debug info is none
  /// it knows (another version of the library): such a member would be compared by its representation.
  ///
  /// ``importDebugInfoOfRunningProgram(types:)`` checks each type it imports; call this after
  /// ``registerStandardContainers(of:)`` for types imported otherwise.
  ///
  /// ```swift
  /// let imported = try registry.catalog.importDebugInfoOfRunningProgram(types: ["probe"])
  /// registry.registerStandardContainers(of: imported)
  /// try registry.checkStandardLayouts(of: "probe", in: imported)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type's name, as it was imported.
  ///   - imported: What the import registered in ``catalog``.
  /// - Throws: ``DebugInfoError/unknownStandardLayout(type:field:container:library:)``, naming the first such
  ///   member by its path, or ``DebugInfoError/unreadableStandardElement(type:field:container:)`` for a
  ///   container of a known layout that holds a type the debug info does not define (nothing compares it).
  public func checkStandardLayouts(of type: String, in imported: [ImportedTypes]) throws(DebugInfoError) {
    // The claimed records by name: why each is not compared by what it holds (its layout is none the library
    // has, or no comparer was registered for it), `nil` for one that is.
    enum Refusal {
      case unknownLayout(library: String)
      case unreadableElement
    }
    var claimed: [String: Refusal?] = [:]
    let registered = Set(registeredTypes)
    for types in imported {
      for record in types.records {
        guard let library = StandardContainer.library(claiming: record.name),
          let layout = try? catalog.layout(of: record.encoding)
        else { continue }
        let refusal: Refusal? =
          StandardContainer.recognise(name: record.name, layout: layout) == nil
          ? .unknownLayout(library: library) : registered.contains(record.encoding) ? nil : .unreadableElement
        claimed[String(StandardContainer.withoutKeyword(record.name))] = refusal
      }
    }
    let unknown = claimed.compactMapValues { $0 }
    guard !unknown.isEmpty, let root = (try? resolve(type))?.layout?.root else { return }
    // The first member, in declaration order and outermost first, whose record is one of them.
    var level: [(node: CLayout.Node, path: String)] = [(root, "")]
    while !level.isEmpty {
      var next: [(node: CLayout.Node, path: String)] = []
      for (node, path) in level {
        for member in node.members {
          let memberPath = path + (member.component.map { "\($0)" } ?? "")
          if case .structure(let record) = member.node.type.unqualified, let name = record.name,
            let refusal = claimed[name]
          {
            // A container compared by what it holds: its own members are the library's, not compared.
            switch refusal {
            case nil: continue
            case .unknownLayout(let library):
              throw .unknownStandardLayout(type: type, field: memberPath, container: name, library: library)
            case .unreadableElement:
              throw .unreadableStandardElement(type: type, field: memberPath, container: name)
            }
          }
          next.append((member.node, memberPath))
        }
      }
      level = next
    }
  }
}

extension TypeCatalog {
  /// The records among `imported` (registered in this catalog) that are C++ standard containers: those
  /// ``ValueRegistry/registerStandardContainers(of:)`` compares by what they hold in the running process.
  /// Outside it, as in the `cvalue` tool on bytes given as hex, they compare by their representation, and a
  /// tool says so.
  ///
  /// ```swift
  /// let imported = try catalog.importDebugInfo(of: "build/test", types: ["probe"])
  /// catalog.standardContainers(in: imported)   // ["struct std::__cxx11::basic_string<char, …>", …]
  /// ```
  ///
  /// - Parameter imported: What an import registered in this catalog.
  /// - Returns: The records' names, in the import's order.
  public func standardContainers(in imported: ImportedTypes) -> [String] {
    imported.records.filter { record in
      guard let layout = try? layout(of: record.encoding) else { return false }
      return StandardContainer.recognise(name: record.name, layout: layout) != nil
    }.map(\.name)
  }
}

extension ValueRegistry {
  /// Compares and describes the C++ standard library's containers among `imported` by what they hold, in the
  /// running process: a `std::string` or `std::string_view` by its text (`.name = "probe"`), a
  /// `std::vector<T>` or `std::span<T>` by its elements, each compared as `T` (`.items = {1, 2, 3}`), a
  /// `std::optional<T>` by whether it holds a value, then the value (`std::nullopt`), a
  /// `std::unique_ptr<T>` or `std::shared_ptr<T>` by what it points to (`nullptr`), a `std::list` or
  /// `std::forward_list` and the ordered `std::map`, `std::set`, `std::multimap` and `std::multiset` by their
  /// elements in order, the unordered maps and sets by their elements matched one to one, and a
  /// `std::variant` by the alternative it holds. Without this, their values are compared by their
  /// representation, so two equal strings held by two objects differ by their pointers.
  ///
  /// Each is recognised from its record's layout in the debug info, for libstdc++ (the C++11 string) and
  /// libc++ 14; a record of another layout keeps its plain one, field by field.
  ///
  /// ```swift
  /// let registry = ValueRegistry()
  /// let imported = try registry.catalog.importDebugInfoOfRunningProgram(types: ["probe"])
  /// registry.registerStandardContainers(of: imported)
  /// // .name: "probe" ≠ "probes"
  /// ```
  ///
  /// Call it only for values of the running process: the comparer and describer follow the containers'
  /// pointers, so bytes copied from elsewhere (another process, a file, hex) must not be compared through this
  /// registry. ``importDebugInfoOfRunningProgram(types:)`` imports and calls this in one step.
  ///
  /// - Parameter imported: What an import of the running program's debug info registered in ``catalog``.
  /// - Returns: The names of the records now compared by content.
  @discardableResult
  public func registerStandardContainers(of imported: [ImportedTypes]) -> [String] {
    var registered: [String] = []
    for types in imported where types.abi == .host {
      for record in types.records {
        guard let layout = try? catalog.layout(of: record.encoding),
          let container = StandardContainer.recognise(name: record.name, layout: layout)
        else { continue }
        switch container {
        case .nodes(let nodes):
          guard let file = types.origin.inputs.first,
            let more = registerNodeContainer(nodes, of: record.encoding, reading: file)
          else { continue }
          registered += more + [record.name]
          continue
        case .variant(let variant):
          guard let file = types.origin.inputs.first,
            let more = registerVariant(variant, of: record.encoding, size: layout.size, reading: file)
          else { continue }
          registered += more + [record.name]
          continue
        default: break
        }
        // A vector's, span's or smart pointer's element type is reached through a pointer, which an import does
        // not follow: it is read from the same file now, its own containers first, so that the element
        // compares by content too.
        if let element = container.pointee, (try? resolve(element))?.layout == nil,
          let name = Self.recordName(element), let file = types.origin.inputs.first,
          let more = try? catalog.importDebugInfo(of: file, types: [name])
        {
          registered += registerStandardContainers(of: [more])
        }
        guard container.register(for: record.encoding, in: self) else { continue }
        registered.append(record.name)
      }
    }
    return registered
  }

  /// `struct name` or `union name` for a named record type, as an import asks for it.
  private static func recordName(_ type: TypeEncoding) -> String? {
    switch type.unqualified {
    case .structure(let record): return record.name.map { "struct \($0)" }
    case .union(let record): return record.name.map { "union \($0)" }
    default: return nil
    }
  }

  /// Imports types of the running program from its own debug info into ``catalog``, as
  /// ``TypeCatalog/importDebugInfoOfRunningProgram(types:)`` does, and compares and describes the standard
  /// containers among them by what they hold (``registerStandardContainers(of:)``).
  ///
  /// ```swift
  /// let registry = ValueRegistry()
  /// try registry.importDebugInfoOfRunningProgram(types: ["probe"])
  /// let probe = try registry.resolve("probe")
  /// ```
  ///
  /// - Parameter types: The types to import, as C and C++ name them.
  /// - Returns: One import per file the types came from.
  /// - Throws: ``DebugInfoError``, as ``TypeCatalog/importDebugInfoOfRunningProgram(types:)`` does, and
  ///   ``DebugInfoError/unknownStandardLayout(type:field:container:library:)`` for a standard container
  ///   laid out as no library version CValueKit knows (``checkStandardLayouts(of:in:)``).
  @discardableResult
  public func importDebugInfoOfRunningProgram(types: [String]) throws(DebugInfoError) -> [ImportedTypes] {
    let imported = try catalog.importDebugInfoOfRunningProgram(types: types)
    registerStandardContainers(of: imported)
    for type in types { try checkStandardLayouts(of: type, in: imported) }
    return imported
  }
}
