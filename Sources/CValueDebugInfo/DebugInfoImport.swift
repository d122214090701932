public import CValueKit

/// What `TypeCatalog.importDebugInfo(of:types:unit:)` read from a binary's DWARF: every record with the
/// encoding built from its debug info and the override that carries the compiler's layout where the
/// encoding cannot, every typedef name, the enumerations of members, and the ABI of the ELF header.
///
/// ```swift
/// let imported = try catalog.importDebugInfo(of: "build/app", types: ["struct shape"])
/// imported.records[0].name               // "struct shape"
/// imported.records[0].alignmentSource    // .natural
/// ```
public struct DebugInfoImport: Hashable, Sendable {
  /// How a record's alignment was known: DWARF writes `DW_AT_alignment` only for explicit alignment.
  public enum AlignmentSource: String, Hashable, Sendable {
    /// `DW_AT_alignment`: `_Alignas`, `aligned(n)`, clang's `#pragma pack`.
    case attribute
    /// Its members' alignments: every member sits at a multiple of its own and the size is what they make.
    /// (A packed record with no padding looks the same and is reported natural.)
    case natural
    /// From the offsets and size alone (packed, or padded past its members): the largest power of two that
    /// fits them, which a record with stricter alignment the DWARF does not state also fits.
    case inferred
  }

  /// One struct or union as imported.
  public struct Record: Hashable, Sendable {
    /// How C names it: `struct shape`, `union value`, or the typedef `point_t` of an anonymous struct.
    public var name: String
    /// The encoding with C's member names, nested records written out, bitfields in the GNU form.
    public var encoding: TypeEncoding
    /// The compiler's layout where CValueKit's layout of ``encoding`` alone differs, else `nil`.
    public var override: LayoutOverride?
    /// `sizeof`, from `DW_AT_byte_size`.
    public var size: Int
    /// `_Alignof`, as ``alignmentSource`` says it was known.
    public var alignment: Int
    /// How ``alignment`` was known.
    public var alignmentSource: AlignmentSource
    /// The compile unit it was read from (the first, where several define it alike).
    public var unit: String
  }

  /// A typedef name and the encoding it was registered for.
  public struct Typedef: Hashable, Sendable {
    /// The name, registered as a readable name of the catalog.
    public var name: String
    /// The encoding of the type it names.
    public var encoding: TypeEncoding
  }

  /// A member declared with an enum type (or an array of one), whose constants the catalog now knows.
  public struct Enumeration: Hashable, Sendable {
    /// The tagged record, as C names it (`struct shape`).
    public var record: String
    /// The member's name.
    public var member: String
    /// The enum's constants.
    public var enumeration: CEnumeration
  }

  /// The records, nested ones before the records that contain them.
  public var records: [Record]
  /// The typedefs registered as readable names.
  public var typedefs: [Typedef]
  /// The enumerations of tagged records' members, registered with them.
  public var enumerations: [Enumeration]
  /// What an import of every type left out, by name, with why (a member no encoding describes, a name that
  /// compile units define differently, a typedef of a function type). A type named in `types:` is never
  /// skipped: it is imported or the import throws.
  public var skipped: [String: String]
  /// The target triple of the ELF header's machine, e.g. `aarch64-linux-gnu`.
  public var target: String
  /// The ABI of ``target``: the records were checked, and their overrides registered, for it.
  public var abi: ABI
  /// The file read (an executable, shared library or object); its DWARF may have come from a separate
  /// debug file that libdwfl found by build-id or debuglink.
  public var file: String

  /// The record C calls `name` (`struct shape`, `point_t`), or `nil`.
  public func record(named name: String) -> Record? { records.first { $0.name == name } }
}
