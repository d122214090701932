/// The exact memory layout of a C type on one ABI: size, alignment, stride, every leaf field's path and
/// offset, and the padding bytes that belong to no field.
///
/// ```swift
/// let layout = try TypeCatalog.shared.layout(of: "{S=cdi}")
/// layout.size                          // 24
/// layout.fields.map(\.path.description) // [".0", ".1", ".2"]
/// layout.fields.map(\.offset)           // [0, 8, 16]
/// Array(layout.padding)                 // [1..<8, 20..<24]
/// ```
///
/// The layout is a tree of nodes in which an array's element is stored once, so laying out a large
/// array costs no more than laying out its element; ``fields`` and ``padding`` walk the tree on demand.
public struct CLayout: Hashable, Sendable {
  /// No type may be larger than this (1 TiB); larger ones are refused rather than risk overflow.
  public static let maximumSize = 1 << 40

  /// The type that was laid out, as given.
  public let type: TypeEncoding
  /// The ABI whose rules were applied.
  public let abi: ABI
  /// The root of the layout tree.
  package let root: Node

  init(type: TypeEncoding, abi: ABI, root: Node) {
    self.type = type
    self.abi = abi
    self.root = root
  }

  /// `sizeof`, in bytes.
  public var size: Int { root.size }
  /// `_Alignof`, in bytes.
  public var alignment: Int { root.alignment }
  /// The distance between consecutive elements of an array of this type: the size rounded up to the
  /// alignment (for every C type the two are equal).
  public var stride: Int { (size + alignment - 1) / alignment * alignment }

  /// Every leaf (scalar, pointer, bitfield, complex, vector), depth first: in address order, with the
  /// members of a union one after another at the union's offset. A flexible array member (`char name[]`)
  /// is a field too: of size 0, at the offset of its first element (``Field/flexibleArrayElement``).
  public var fields: some RandomAccessCollection<Field> { Fields(root: root) }

  /// The fields as a table shows them (pahole, `cvalue layout`): like ``fields``, except that an array of
  /// scalars, or of arrays of them, is one field, its first element, with the counts of its dimensions in
  /// ``Field/foldedCounts``; an array of records (or of arrays of them) is listed by its first element's
  /// fields, whose paths go through index 0. Computed as it is read, in time proportional to what it
  /// lists, not to the elements it folds.
  ///
  /// ```swift
  /// let layout = try TypeCatalog().layout(of: #"{cv_name="tag"i"text"[16c]}"#)
  /// layout.foldedFields.map { "\($0.path) \($0.foldedCounts)" }   // [".tag []", ".text[0] [16]"]
  /// ```
  public var foldedFields: some Sequence<Field> { FoldedFields(root: root) }
}

extension CLayout {
  /// One node of the layout tree: a leaf, a record or an array, with its size and alignment.
  package struct Node: Hashable, Sendable {
    /// The node's type as it appears in its parent (qualifiers included).
    package let type: TypeEncoding
    /// Size in bytes. A bitfield's size is the number of bytes its bits touch.
    package let size: Int
    /// Alignment in bytes.
    package let alignment: Int
    /// What the node holds.
    package let content: Content
    /// The enumeration whose constants name this integer leaf's values, registered with
    /// ``TypeCatalog/register(_:enumeration:member:)``; `nil` for a plain number. For an array of enums, the
    /// element carries it.
    ///
    /// ```swift
    /// let layout = try catalog.layout(of: "{z_stream=\"state\"i}")
    /// layout.root.members[0].node.enumeration?.name(for: 1)   // "Z_STREAM_END"
    /// ```
    package let enumeration: CEnumeration?
    /// The members of a struct or union node; empty for leaves and arrays.
    package var members: [Member] {
      switch content {
      case .structure(let members), .union(let members): return members
      case .leaf, .bitfield, .array: return []
      }
    }

    /// How many leaves the node has: what a comparison counts.
    let leafCount: Int
    /// How many fields ``Fields`` lists for the node, so that it can index without walking: its leaves and
    /// the flexible array members of its records (a member that is an array of no elements).
    let fieldCount: Int
    /// Whether every byte of the node belongs to a field, so that padding need not look inside it. For a
    /// union this is only known when one member covers it all; otherwise it is `false`, which is safe.
    let isDense: Bool

    init(type: TypeEncoding, size: Int, alignment: Int, content: Content, enumeration: CEnumeration? = nil) {
      self.type = type
      self.size = size
      self.alignment = alignment
      self.content = content
      self.enumeration = enumeration
      switch content {
      case .leaf, .bitfield:
        leafCount = 1
        fieldCount = 1
        isDense = true
      case .structure(let members):
        leafCount = members.reduce(0) { $0 + $1.node.leafCount }
        fieldCount = members.reduce(0) { $0 + $1.fieldCount }
        var end = 0
        var dense = true
        for member in members {
          dense = dense && member.node.isDense && member.offset <= end
          end = Swift.max(end, member.offset + member.node.size)
        }
        isDense = dense && end >= size
      case .union(let members):
        leafCount = members.reduce(0) { $0 + $1.node.leafCount }
        fieldCount = members.reduce(0) { $0 + $1.fieldCount }
        isDense = members.contains { $0.node.isDense && $0.node.size >= size }
      case .array(let count, let element):
        leafCount = count * element.leafCount
        fieldCount = count * element.fieldCount
        isDense = element.isDense && count * element.size >= size
      }
    }
  }

  /// What a node holds.
  // Only `array` is indirect: when every case was, Swift stored the case in the spare bits of the box
  // pointers, which LeakSanitizer cannot see as pointers, and reported the layouts a process keeps for its
  // life (the C API's program types) as leaked. The members' arrays are plain pointers now.
  package enum Content: Hashable, Sendable {
    /// A scalar, pointer, complex or vector value of the node's size.
    case leaf
    /// A bitfield of `width` bits; the member holding it gives its bit offset.
    case bitfield(width: Int, isSigned: Bool?)
    /// A struct's members, in declaration order.
    case structure([Member])
    /// A union's members, in declaration order, all at offset 0.
    case union([Member])
    /// `count` elements of one layout, one after another at the element's size.
    indirect case array(count: Int, element: Node)
  }

  /// A member of a struct or union.
  package struct Member: Hashable, Sendable {
    /// How the member is reached, or `nil` for a C11 anonymous struct or union whose members are reached
    /// directly (`.ru_maxrss`).
    package let component: FieldPath.Component?
    /// The offset in bits from the start of the record (a multiple of 8 except for bitfields).
    package let bitOffset: Int
    /// The member's layout.
    package let node: Node

    /// The offset in bytes from the start of the record (the byte holding a bitfield's first bit).
    package var offset: Int { bitOffset / 8 }

    /// Whether the member is a flexible array member (`char name[]`, or GNU's `char name[0]`): an array of
    /// no elements, which takes no bytes and is listed as a field of its own.
    var isFlexibleArray: Bool {
      if node.size == 0, case .array(0, _) = node.content { true } else { false }
    }

    /// The fields ``Fields`` lists for the member: a flexible array member is one.
    var fieldCount: Int { isFlexibleArray ? 1 : node.fieldCount }
  }

  /// A leaf of the layout, with its place in the whole value.
  public struct Field: Hashable, Sendable, CustomStringConvertible {
    /// How C reaches it, e.g. `.origin.x`.
    public let path: FieldPath
    /// Byte offset from the start of the value (for a bitfield, the byte holding its first bit).
    public let offset: Int
    /// Size in bytes (for a bitfield, the number of bytes its bits touch).
    public let size: Int
    /// The leaf's type as it appears in its parent, e.g. `d`, `r*`, `b13Q43`.
    public let type: TypeEncoding
    /// For a bitfield: the bits it occupies, counted from the start of the whole value (bit 0 is the low
    /// bit of byte 0; on a big-endian ABI, its high bit), e.g. `13..<18` for a 5-bit field that starts at bit
    /// 5 of byte 1.
    public let bits: Range<Int>?
    /// For a bitfield whose encoding says (GNU form, `b13i5`): whether its declared type is signed.
    package let bitfieldIsSigned: Bool?
    /// In ``CLayout/foldedFields``, the element counts of the array dimensions folded into this field,
    /// outermost first: `[65]` for `char release[65]` listed once as `.release[0]`, `[2, 3]` for
    /// `double m[2][3]` as `.m[0][0]`; empty for a field that stands for itself (always, in
    /// ``CLayout/fields``). The folded elements follow the field, one element's ``size`` apart.
    public internal(set) var foldedCounts: [Int] = []
    /// In ``CLayout/foldedFields``, the arrays of records (or of arrays of them) whose first element holds
    /// this field, outermost first: the field repeats in each element, ``CLayout/ArrayFold/stride`` bytes
    /// apart. Empty in ``CLayout/fields``.
    package internal(set) var recordFolds: [ArrayFold] = []
    /// The enumeration whose constants name the leaf's values (registered for its member, as a debug-info
    /// import does for every member of an enum type, bitfields included), or `nil` for a plain number: a
    /// layout shows the field as of its enum type, `enum e8` or `enum e8 : 4`.
    public internal(set) var enumeration: CEnumeration?

    /// The element type of a flexible array member (`struct inotify_event`'s `char name[]` is `c`), which
    /// is listed as a field of size 0 at the offset where its elements start; `nil` for any other field.
    ///
    /// ```swift
    /// let layout = try catalog.layout(of: "{inotify_event}")
    /// layout.fields.last   // .name @16 +0 [0c]
    /// layout.fields.last?.flexibleArrayElement   // c
    /// ```
    public var flexibleArrayElement: TypeEncoding? {
      guard size == 0, case .array(0, let element) = type.unqualified else { return nil }
      return element
    }

    /// The field as one line: `.origin.x @0 +8 d`.
    public var description: String { "\(path) @\(bits.map { "bit \($0.lowerBound)" } ?? "\(offset)") +\(size) \(type)" }
  }

}
