/// One struct or union as a source read it, before the import checks it: the encoding built from the
/// source's declaration, and the size, alignment and member placements the source states, which the import
/// compares with CValueKit's own layout of the encoding (see ``TypeReader``).
///
/// Every source fills this one record format — clang's types, DWARF's DIEs, or a source of your own — and
/// the import pass does the rest the same way for all.
///
/// ```swift
/// let record = SourceRecord(
///   name: "struct pair", encoding: try TypeEncoding(#"{pair="a"i"b"c}"#), size: 8, alignment: 4,
///   members: [.init(name: "a", bitOffset: 0, size: 4), .init(name: "b", bitOffset: 32, size: 1)])
/// ```
package struct SourceRecord: Sendable {
  /// How C names it: `struct tcphdr`, `union sigval`, the typedef `siginfo_t` of an anonymous struct, or,
  /// for an anonymous record inside another, the outer record and the member
  /// (`struct sigaction (anonymous union with .sa_handler)`).
  package var name: String
  /// The encoding with C's member names, nested records written out.
  package var encoding: TypeEncoding
  /// `sizeof`, as the source states it.
  package var size: Int
  /// `_Alignof`, as the source states it (or infers it: ``alignmentSource``).
  package var alignment: Int
  /// How the source knew ``alignment``.
  package var alignmentSource: ImportedTypes.AlignmentSource
  /// Where in the source it was read (a compile unit), `nil` when the source has no parts.
  package var place: String?
  /// Every member in declaration order, unnamed bitfields included.
  package var members: [Member]
  /// Whether the record has a tag of its own, so that it is registered as a definition.
  package var isTagged: Bool
  /// Whether it is an anonymous record read as a member of another (not named by a typedef): its layout
  /// is only ever the one it has there, so its override goes with the record that holds it.
  package var isNested: Bool
  /// The enumerations of its named members declared with an enum type (or an array of one).
  package var enumerations: [(member: String, enumeration: CEnumeration)]
  /// The names of the records it holds by value (in members, arrays, `_Atomic`), so that a record that
  /// cannot be imported takes the ones holding it with it.
  package var holds: Set<String>

  /// One member as the source places it.
  package struct Member: Sendable {
    /// The member's name, or `nil` for an unnamed bitfield or an anonymous struct or union member.
    package var name: String?
    /// From the start of the record.
    package var bitOffset: Int
    /// The width of a bitfield, else `nil`.
    package var bitWidth: Int?
    /// `sizeof` the member's type (0 for a bitfield).
    package var size: Int
    /// The name of the anonymous (or nested) record the member holds (itself, in an array, `_Atomic`),
    /// whose override, if it needs one, the record carries in its own.
    package var anonymousRecord: String?

    /// A member at a bit offset from the start of the record.
    package init(name: String?, bitOffset: Int, bitWidth: Int? = nil, size: Int, anonymousRecord: String? = nil) {
      self.name = name
      self.bitOffset = bitOffset
      self.bitWidth = bitWidth
      self.size = size
      self.anonymousRecord = anonymousRecord
    }
  }

  /// A record as a source states it.
  package init(
    name: String, encoding: TypeEncoding, size: Int, alignment: Int,
    alignmentSource: ImportedTypes.AlignmentSource = .compiler, place: String? = nil, members: [Member],
    isTagged: Bool = true, isNested: Bool = false, enumerations: [(member: String, enumeration: CEnumeration)] = [],
    holds: Set<String> = []
  ) {
    self.name = name
    self.encoding = encoding
    self.size = size
    self.alignment = alignment
    self.alignmentSource = alignmentSource
    self.place = place
    self.members = members
    self.isTagged = isTagged
    self.isNested = isNested
    self.enumerations = enumerations
    self.holds = holds
  }
}
