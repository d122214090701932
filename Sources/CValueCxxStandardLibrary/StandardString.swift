import CValueKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The strings: `std::string` in libstdc++'s two ABIs and libc++'s short and long forms, and
/// `std::string_view`, each compared and described by its text.
extension StandardContainer {
  /// The string a record of this name and layout is, or `nil`.
  static func recogniseString(name: StandardName, fields: RecordFields) -> StandardContainer? {
    let pointerSize = fields.pointerSize
    if name.spelled.hasPrefix("std::__cxx11::basic_string<char,") {
      guard let data = fields.field("._M_dataplus._M_p"), data.size == pointerSize,
        data.type.unqualified == .scalar(.cString),
        let length = fields.field("._M_string_length"), length.size == pointerSize,
        case .scalar(let scalar) = length.type.unqualified, scalar.isInteger, !scalar.isSignedInteger
      else { return nil }
      return .string(data: data.offset, length: length.offset)
    }
    // The old ABI's string is one pointer: what it points past is laid out by the library, not described by
    // the record, so the record must be exactly that pointer and nothing else.
    if name.spelled.hasPrefix("std::basic_string<char,") {
      guard fields.layout.size == pointerSize, fields.layout.fields.count == 1,
        let data = fields.field("._M_dataplus._M_p"), data.size == pointerSize,
        data.type.unqualified == .scalar(.cString)
      else { return nil }
      return .copyOnWriteString(data: data.offset)
    }
    if name.spelled.hasPrefix("std::__1::basic_string<char,"), !fields.layout.abi.isBigEndian {
      let pair = ".__r_.__compressed_pair_elem<"
      guard let shortSize = fields.field(">.__value_.__s.__size_", through: pair), shortSize.size == 1,
        let shortData = fields.field(">.__value_.__s.__data_[0]", through: pair),
        shortData.offset == shortSize.offset + 1,
        let longSize = fields.field(">.__value_.__l.__size_", through: pair), longSize.size == pointerSize,
        let longData = fields.field(">.__value_.__l.__data_", through: pair), longData.size == pointerSize,
        longData.type.unqualified == .scalar(.cString)
      else { return nil }
      return .shortOrLongString(
        shortSize: shortSize.offset, shortData: shortData.offset, longSize: longSize.offset,
        longData: longData.offset)
    }
    if name.bare.hasPrefix("std::basic_string_view<char,") {
      guard let data = fields.member(name.libcxx ? "__data" : "_M_str"), data.node.size == pointerSize,
        data.node.type.unqualified == .scalar(.cString), let length = fields.count(name.libcxx ? "__size" : "_M_len")
      else { return nil }
      return .string(data: data.offset, length: length)
    }
    return nil
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

  /// At most this many bytes of a string's text are shown in a description (a report says where two texts
  /// first differ, however long).
  static let describedBytes = 1024

  /// Registers the comparer and describer of a string of `type`: by its text.
  func registerString(for type: TypeEncoding, in registry: ValueRegistry) -> Bool {
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
  }
}
