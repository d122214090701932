import CValueKit

/// A C++ standard library container recognised in a program's types: what its record's fields say about where
/// its contents are, so that values of it in the running process are compared and described by what they
/// hold, not by the addresses their pointers happen to have.
///
/// Each form is recognised from the record's own layout, as the compiler wrote it, never assumed from a name:
/// a record named like a container whose fields are not one of these forms keeps its plain layout. Each family
/// of forms (strings, sequences, smart pointers, the optional, node containers, the variant) has a file of its
/// own, with its recognition and its comparer.
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

  /// The container a record of this name and layout is, or `nil` for any other record. The families claim
  /// names no other family claims, so the first that recognises the record is the one.
  static func recognise(name: String, layout: CLayout) -> StandardContainer? {
    let name = StandardName(Self.withoutKeyword(name))
    let fields = RecordFields(layout)
    if let string = recogniseString(name: name, fields: fields) { return string }
    if let sequence = recogniseSequence(name: name, fields: fields) { return sequence }
    if let optional = recogniseOptional(name: name, fields: fields) { return optional }
    if let pointer = recognisePointer(name: name, fields: fields) { return pointer }
    if let nodes = NodeContainer.recognise(name: name.spelled, layout: layout) { return .nodes(nodes) }
    if let variant = VariantLayout.recognise(name: name.spelled, layout: layout) { return .variant(variant) }
    return nil
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

  /// Registers the comparer and describer of this container for `type` in `registry`; `false` when its
  /// element type cannot be compared (it cannot be laid out).
  func register(for type: TypeEncoding, in registry: ValueRegistry) -> Bool {
    switch self {
    case .string, .shortOrLongString, .copyOnWriteString: return registerString(for: type, in: registry)
    case .vector(_, _, let element), .span(_, _, let element), .fixedSpan(_, _, let element):
      return registerSequence(of: element, for: type, in: registry)
    case .optional(let engaged, let value, let element):
      return Self.registerOptional(engaged: engaged, value: value, element: element, for: type, in: registry)
    case .pointer(let at, let element): return Self.registerPointer(at: at, element: element, for: type, in: registry)
    case .nodes, .variant:
      // Their element types are read from the source first: ``ValueRegistry/registerNodeContainer`` and
      // ``ValueRegistry/registerVariant``.
      return false
    }
  }
}

/// A record's name as the library's families read it: as written (`std::__1::vector<int, …>`), and with
/// libc++'s inline namespace left out (`std::vector<int, …>`), with which library it is.
struct StandardName {
  /// The name as the source wrote it, without `struct ` or `class `.
  let spelled: Substring
  /// The name without libc++'s `__1::`.
  let bare: String
  /// Whether the name is libc++'s (`std::__1::`).
  let libcxx: Bool

  init(_ spelled: Substring) {
    self.spelled = spelled
    libcxx = spelled.hasPrefix("std::__1::")
    bare = libcxx ? "std::" + spelled.dropFirst("std::__1::".count) : String(spelled)
  }
}
