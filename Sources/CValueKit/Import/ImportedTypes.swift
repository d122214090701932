/// Types brought in from outside: what a source (C headers read by clang, a catalog file, debug info) found, in one shape whatever the source, ready for
/// `TypeCatalog.register(_:)`.
///
/// Records carry C's member names in their encodings and, where an encoding cannot say it (packed,
/// over-aligned), the layout as an override; typedef names become readable names; the constants of members
/// declared with an enum type describe those members. The records' sizes, alignments and overrides are for
/// ``abi``, and ``origin`` says where they came from.
///
/// ```swift
/// let imported = try catalog.importHeaders(["sys/epoll.h"], types: ["epoll_event"])   // CValueHeaders
/// imported.records[0].name       // "struct epoll_event"
/// imported.records[0].override   // size 12, alignment 1: the header packs it
/// imported.origin.kind           // "headers"
/// ```
public struct ImportedTypes: Hashable, Sendable {
  /// One struct or union as imported.
  public struct Record: Hashable, Sendable {
    /// How C names it: `struct tcphdr`, `union sigval`, or the typedef `siginfo_t` of an anonymous struct.
    /// An anonymous record inside another is no entry of its own: where it needs an override, the
    /// override of the record holding it carries it.
    public var name: String
    /// The encoding with C's member names, nested records written out, bitfields in the GNU form.
    public var encoding: TypeEncoding
    /// The layout where CValueKit's layout of ``encoding`` alone differs (packed, over-aligned), else `nil`.
    public var override: LayoutOverride?
    /// `sizeof`, as the source states it.
    public var size: Int
    /// `_Alignof`, as the source states it.
    public var alignment: Int
    /// How the source knew ``alignment``.
    public var alignmentSource: AlignmentSource
    /// Where in the source it was read, when the source has parts: the compile unit of debug info (the
    /// first, where several define it alike); `nil` for headers.
    public var place: String?

    /// A record as a source states it.
    package init(
      name: String, encoding: TypeEncoding, override: LayoutOverride?, size: Int, alignment: Int,
      alignmentSource: AlignmentSource = .compiler, place: String? = nil
    ) {
      self.name = name
      self.encoding = encoding
      self.override = override
      self.size = size
      self.alignment = alignment
      self.alignmentSource = alignmentSource
      self.place = place
    }
  }

  /// How a record's alignment was known. Sizes and offsets are always stated; alignment is not always:
  /// debug info says `packed` nowhere and an alignment only when one was asked for.
  public enum AlignmentSource: String, Hashable, Sendable, CaseIterable {
    /// The compiler that laid the record out said it (clang's `_Alignof` in a header import).
    case compiler
    /// An explicit alignment the source records (`aligned(n)`, `#pragma pack`: DWARF's `DW_AT_alignment`).
    case attribute
    /// The alignment of the members, as nothing says otherwise.
    case natural
    /// Worked out where the source does not state it: the one alignment that the packings which could
    /// have made the record's offsets and size give (a `packed` frame: 1; gcc's `#pragma pack(2)`: 2).
    case inferred
    /// Not known: the source does not state it, and more than one packing lays the record out as it is
    /// (debug info of a record with no padding, laid out alike packed or not, or a packed one whose
    /// offsets fit several). The record holds the largest of them; a layout shows it as unknown.
    case unknown
  }

  /// A typedef name and the encoding it stands for.
  public struct Typedef: Hashable, Sendable {
    /// The name, registered as a readable name of the catalog (`z_stream`, `sigset_t`).
    public var name: String
    /// The encoding of the type it names.
    public var encoding: TypeEncoding

    /// A typedef name for an encoding.
    package init(name: String, encoding: TypeEncoding) {
      self.name = name
      self.encoding = encoding
    }
  }

  /// A member declared with an enum type (or an array of one), whose constants describe it, so that
  /// descriptions print `.state = TCP_LISTEN` and literals read the names back; or, with no member, a type
  /// that is itself an enum (`level_t`, `enum pwr_state`), whose values print `LEVEL_HIGH`.
  package struct Enumeration: Hashable, Sendable {
    /// The record, as C names it (`struct tcp_info`, or the typedef `anon_t` of an anonymous one); or the
    /// type's name when ``member`` is empty.
    package var record: String
    /// The member's name; empty for the type ``record`` itself.
    package var member: String
    /// The enum's constants.
    package var enumeration: CEnumeration

    /// The enumeration of a member of a tagged record.
    package init(record: String, member: String, enumeration: CEnumeration) {
      self.record = record
      self.member = member
      self.enumeration = enumeration
    }
  }

  /// Where the types came from, in words that fit any source.
  public struct Origin: Hashable, Sendable {
    /// What read them: `headers` (clang), `debug info`, `catalog file`, or a source's own word.
    public var kind: String
    /// What was read, as given: the headers (names, paths or C text), the binaries.
    public var inputs: [String]
    /// How it was read: the clang arguments (`-I`, `-D`, `-target`), or nothing.
    public var arguments: [String]
    /// Facts about the reading, by name: `clangVersion` and `target` (clang's triple) for headers, `target`
    /// (the ELF header's machine) for debug info.
    public var details: [String: String]

    /// Where types came from.
    package init(kind: String, inputs: [String] = [], arguments: [String] = [], details: [String: String] = [:]) {
      self.kind = kind
      self.inputs = inputs
      self.arguments = arguments
      self.details = details
    }
  }

  /// The records, nested ones before the records that contain them.
  public var records: [Record]
  /// The typedefs, in declaration order.
  public var typedefs: [Typedef]
  /// The enumerations of tagged records' members, registered after the records.
  package var enumerations: [Enumeration]
  /// What the source left out, by name, with why: typedefs that cannot be readable names (the name is
  /// itself an encoding, or the type has no layout: a function, `void`, an incomplete struct), records
  /// CValueKit cannot represent (a member no encoding describes, `__float128`; a layout no override
  /// carries), and the records and typedefs that hold one of them (`holds struct bad, which cannot be
  /// imported`). Also enum constants a member's field cannot hold (7 in MSVC's signed 3-bit enum
  /// bitfield), left out of its enumeration, under `struct s.member`.
  public var skipped: [String: String]
  /// The names of ``skipped`` that are records (and the records and typedefs holding them) CValueKit could
  /// not represent, as opposed to typedefs that are no readable name by design: what a tool warns about.
  public var unimportable: Set<String>
  /// The ABI the sizes, alignments and overrides are for: they are registered for it
  /// (`catalog.layout(of: "{tcphdr}", abi: imported.abi)`).
  public var abi: ABI
  /// Where the types came from.
  public var origin: Origin

  /// Imported types as a source found them; ``init(reading:types:abi:origin:)`` makes them from a
  /// ``TypeReader`` through the pass every source shares.
  package init(
    records: [Record] = [], typedefs: [Typedef] = [], enumerations: [Enumeration] = [],
    skipped: [String: String] = [:], unimportable: Set<String> = [], abi: ABI, origin: Origin
  ) {
    self.records = records
    self.typedefs = typedefs
    self.enumerations = enumerations
    self.skipped = skipped
    self.unimportable = unimportable
    self.abi = abi
    self.origin = origin
  }

  /// The record C calls `name` (`struct tcphdr`, `siginfo_t`), or `nil`.
  public func record(named name: String) -> Record? { records.first { $0.name == name } }
}
