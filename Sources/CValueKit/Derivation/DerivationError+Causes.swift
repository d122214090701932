extension DerivationError {
  /// One run of bytes that no field `Mirror` can see covers, where the natural padding of the visible fields
  /// does not explain them.
  ///
  /// The run goes from the end of the visible field before it (or the start of the type) to the start of
  /// the visible field after it (or the end of the type): padding before a hidden member cannot be told from
  /// the member, so the run is every byte the visible fields do not account for.
  package struct HiddenRun: Hashable, Sendable, CustomStringConvertible {
    /// The bytes, from the start of the value.
    package var bytes: Range<Int>
    /// The visible field that ends where the run starts, if there is one.
    package var after: FieldPath?
    /// The visible field that starts where the run ends, if there is one.
    package var before: FieldPath?
    /// What the bytes can hold, most likely first, decided from where the run is (between fields or at the
    /// end), how long it is and how the type is aligned.
    package var candidates: [HiddenMember]

    /// Creates a run.
    package init(bytes: Range<Int>, after: FieldPath?, before: FieldPath?, candidates: [HiddenMember]) {
      self.bytes = bytes
      self.after = after
      self.before = before
      self.candidates = candidates
    }

    /// `4..<8 between .kind and .after (likely bitfields or an anonymous struct or union)`.
    package var description: String {
      let place: String
      switch (after, before) {
      case (let after?, let before?): place = " between \(after) and \(before)"
      case (let after?, nil): place = " after \(after)"
      case (nil, let before?): place = " before \(before)"
      case (nil, nil): place = ""
      }
      let range = "\(bytes.lowerBound)..<\(bytes.upperBound)\(place)"
      let names = candidates.map(\.description)
      guard let last = names.last else { return range }
      // A serial comma, because "an anonymous struct or union" has an "or" of its own.
      let likely =
        names.count < 3 ? names.joined(separator: " or ") : "\(names.dropLast().joined(separator: ", ")), or \(last)"
      return "\(range) (likely \(likely))"
    }
  }

  /// A kind of C member that Swift does not import as a stored property, so that `Mirror` cannot see it.
  package enum HiddenMember: Hashable, Sendable, CustomStringConvertible {
    /// Unnamed bitfields, such as the `int :32` reserved space at the end of glibc's `struct timex`.
    case unnamedBitfields
    /// Named bitfields, which Swift imports as computed properties.
    case namedBitfields
    /// Bitfields, named or not.
    case bitfields
    /// A C11 anonymous struct or union member.
    case anonymousRecord
    /// A `_Complex` member (8 bytes or more).
    case complex
    /// An `__int128` member (16 bytes at a multiple of 16).
    case int128
    /// No member at all: padding that an alignment attribute on the type adds, to the given alignment.
    case alignmentPadding(Int)

    /// The member as a person names it: `unnamed bitfields such as int :32`.
    package var description: String {
      switch self {
      case .unnamedBitfields: return "unnamed bitfields such as int :32"
      case .namedBitfields: return "named bitfields"
      case .bitfields: return "bitfields"
      case .anonymousRecord: return "an anonymous struct or union"
      case .complex: return "a _Complex member"
      case .int128: return "an __int128 member"
      case .alignmentPadding(let alignment):
        return "padding from an alignment attribute such as __attribute__((aligned(\(alignment))))"
      }
    }
  }

  /// What shows that a C type is packed: something no natural C layout of its visible fields does.
  package enum PackingEvidence: Hashable, Sendable, CustomStringConvertible {
    /// A member at an offset from the record's start that is not a multiple of its type's alignment.
    case misalignedField(FieldPath, swiftType: String, offset: Int, alignment: Int)
    /// The record is less aligned than one of its members.
    case underAligned(alignment: Int, field: FieldPath, swiftType: String, fieldAlignment: Int)
    /// A field nearer the start than the natural layout of the fields before it puts it.
    case closerField(FieldPath, offset: Int, naturalOffset: Int)
    /// The type is smaller than the natural layout of its fields.
    case smallerSize(size: Int, naturalSize: Int)

    /// The evidence as a clause: `.data is at offset 4, but epoll_data aligns to 8`.
    package var description: String {
      switch self {
      case .misalignedField(let path, let swiftType, let offset, let alignment):
        return "\(path) is at offset \(offset), but \(swiftType) aligns to \(alignment)"
      case .underAligned(let alignment, let field, let swiftType, let fieldAlignment):
        return "it aligns to \(alignment), but its field \(field) of type \(swiftType) aligns to \(fieldAlignment)"
      case .closerField(let path, let offset, let naturalOffset):
        return "\(path) is at offset \(offset), but the natural layout of the fields before it puts it at "
          + "\(naturalOffset)"
      case .smallerSize(let size, let naturalSize):
        return "it is \(size) bytes, but the natural layout of its fields is \(naturalSize)"
      }
    }
  }

  /// The real layout of a packed type, as the Swift side knows it, and the record to register it for.
  package struct PackedLayout: Hashable, Sendable {
    /// Where the packed record is in the value: empty for the value itself.
    package var path: FieldPath
    /// `MemoryLayout.size` of the Swift type.
    package var size: Int
    /// `MemoryLayout.alignment` of the Swift type.
    package var alignment: Int
    /// Where each member starts from the record's start, from the offsets of the visible fields; `nil` when
    /// that cannot be told.
    package var memberOffsets: [Int]?
    /// The record's tag: the Swift type's name.
    package var recordName: String
    /// The derived encoding, when `Mirror` saw every member and the override was checked to put every field
    /// at its real offset; `nil` otherwise.
    package var record: TypeEncoding?
    /// Fields of the record with no stored properties `Mirror` can see (C unions), whose members the
    /// encoding needs.
    package var unionFields: [FieldPath]

    /// Creates the layout of a packed type.
    package init(
      path: FieldPath, size: Int, alignment: Int, memberOffsets: [Int]?, recordName: String, record: TypeEncoding?,
      unionFields: [FieldPath]
    ) {
      self.path = path
      self.size = size
      self.alignment = alignment
      self.memberOffsets = memberOffsets
      self.recordName = recordName
      self.record = record
      self.unionFields = unionFields
    }

    /// The call that registers the layout: `registry.catalog.register(…, override: LayoutOverride(…))`, with `…`
    /// where the Swift side cannot tell.
    var registration: String {
      let offsets = memberOffsets.map { "[\($0.map(String.init).joined(separator: ", "))]" } ?? "[…]"
      let override = "LayoutOverride(size: \(size), alignment: \(alignment), memberOffsets: \(offsets))"
      let target = DerivationError.swiftLiteral(record?.description ?? "{\(recordName)=…}")
      return "registry.catalog.register(\(target), override: \(override))"
    }
  }
}
