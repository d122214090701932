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
  /// A `std::vector<T>`: the offsets of its pointers to the first element and past the last, and `T`.
  case vector(begin: Int, end: Int, element: TypeEncoding)

  /// The library's names for the forms recognised.
  static let forms = [
    "libstdc++'s std::__cxx11::basic_string<char> (_M_dataplus._M_p, _M_string_length)",
    "libc++ 14's std::__1::basic_string<char> (__s.__size_, __s.__data_, __l.__size_, __l.__data_)",
    "libstdc++'s std::vector (_M_start, _M_finish)", "libc++'s std::__1::vector (__begin_, __end_)",
  ]

  /// The container a record of this name and layout is, or `nil` for any other record.
  static func recognise(name: String, layout: CLayout) -> StandardContainer? {
    var name = Substring(name)
    for keyword in ["struct ", "class "] where name.hasPrefix(keyword) { name = name.dropFirst(keyword.count) }
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
    case .vector: return nil
    }
    guard count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    guard let start = UnsafeRawPointer(bitPattern: address) else { return nil }
    if let base = value.baseAddress, start >= base, start + count <= base + value.count {
      let offset = start - base
      return UnsafeRawBufferPointer(rebasing: value[offset..<offset + count])
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// A vector's elements, in the running process, or `nil` when its two pointers do not span whole elements.
  fileprivate static func elements(_ value: UnsafeRawBufferPointer, begin: Int, end: Int, stride: Int)
    -> (start: UnsafeRawPointer?, count: Int)?
  {
    let first = word(value, at: begin)
    let last = word(value, at: end)
    guard last >= first, (last - first) % UInt(stride) == 0 else { return nil }
    return (UnsafeRawPointer(bitPattern: first), Int(last - first) / stride)
  }

  /// Registers the comparer and describer of this container for `type` in `registry`; `false` when the
  /// element type of a vector cannot be compared (it cannot be laid out).
  func register(for type: TypeEncoding, in registry: ValueRegistry) -> Bool {
    switch self {
    case .string, .shortOrLongString:
      let compare: RawComparator = { a, b in
        guard let x = self.text(a), let y = self.text(b) else { return false }
        guard x.count == y.count else { return false }
        guard x.count > 0, let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
        return memcmp(p, q, x.count) == 0
      }
      let describe: RawDescriber = { value in
        guard let text = self.text(value) else {
          return "/* a std::string whose size does not fit its value, or whose text is at NULL: "
            + value.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + " */"
        }
        return LeafDescription.cStringLiteral(text)
      }
      return (try? registry.register(type, comparer: compare, describer: describe)) != nil
    case .vector(let begin, let end, let elementType):
      guard let element = try? registry.resolve(elementType), let stride = element.layout?.stride, stride > 0 else {
        return false
      }
      let compare: RawComparator = { a, b in
        guard let x = Self.elements(a, begin: begin, end: end, stride: stride),
          let y = Self.elements(b, begin: begin, end: end, stride: stride), x.count == y.count
        else { return false }
        guard x.count > 0, let p = x.start, let q = y.start, p != q else { return x.count == 0 || x.start == y.start }
        return element.isEqual(pointers: p, q, count: x.count)
      }
      let describe: RawDescriber = { value in
        guard let span = Self.elements(value, begin: begin, end: end, stride: stride) else {
          return "/* a std::vector whose pointers \(Self.word(value, at: begin)) and \(Self.word(value, at: end)) "
            + "do not span whole elements of \(stride) bytes */"
        }
        guard span.count > 0, let start = span.start else { return "{}" }
        let bytes = UnsafeRawBufferPointer(start: start, count: span.count * stride)
        do throws(ValueError) { return try element.describe(bytes: bytes, count: span.count) } catch {
          return "/* \(error) */"
        }
      }
      return (try? registry.register(type, comparer: compare, describer: describe)) != nil
    }
  }
}

extension ValueRegistry {
  /// Compares and describes the C++ standard library's containers among `imported` by what they hold, in the
  /// running process: a `std::string` by its text (`.name = "probe"`), a `std::vector<T>` by its elements,
  /// each compared as `T` (`.items = {1, 2, 3}`). Without this, their values are compared by their pointers,
  /// so two equal strings held by two objects differ.
  ///
  /// Each container is recognised from its record's layout in the debug info: libstdc++'s `std::string`
  /// (the C++11 ABI) and `std::vector`, and libc++'s `std::vector`. Any other record keeps its plain layout.
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
        // A vector's element type is reached through a pointer, which an import does not follow: it is read
        // from the same file now, its own containers first, so that the element compares by content too.
        if case .vector(_, _, let element) = container, (try? resolve(element))?.layout == nil,
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
  /// - Throws: ``DebugInfoError``, as ``TypeCatalog/importDebugInfoOfRunningProgram(types:)`` does.
  @discardableResult
  public func importDebugInfoOfRunningProgram(types: [String]) throws(DebugInfoError) -> [ImportedTypes] {
    let imported = try catalog.importDebugInfoOfRunningProgram(types: types)
    registerStandardContainers(of: imported)
    return imported
  }
}
