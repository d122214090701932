public import CValueKit

/// What `TypeCatalog.importHeaders(_:arguments:types:)` registered: every record with the
/// encoding built from its declaration and the override that carries clang's layout where the encoding
/// cannot, every typedef name, and what clang parsed with.
///
/// ```swift
/// let imported = try catalog.importHeaders(["sys/epoll.h"], types: ["epoll_event"])
/// imported.records[0].name       // "struct epoll_event"
/// imported.records[0].override   // size 12, alignment 1: the header packs it
/// ```
public struct HeaderImport: Hashable, Sendable {
  /// One struct or union as imported.
  public struct Record: Hashable, Sendable {
    /// How C names it: `struct tcphdr`, `union sigval`, or the typedef `siginfo_t` of an anonymous struct.
    /// An anonymous record inside another is no entry of its own: where it needs an override, the
    /// override of the record holding it carries it.
    public var name: String
    /// The encoding with C's member names, nested records written out, bitfields in the GNU form.
    public var encoding: TypeEncoding
    /// clang's layout where CValueKit's layout of ``encoding`` alone differs (packed, over-aligned), else `nil`.
    public var override: LayoutOverride?
    /// `sizeof`, as clang computed it.
    public var size: Int
    /// `_Alignof`, as clang computed it.
    public var alignment: Int
  }

  /// A typedef name and the encoding it was registered for.
  public struct Typedef: Hashable, Sendable {
    /// The name, registered as a readable name of the catalog (`z_stream`, `sigset_t`).
    public var name: String
    /// The encoding of the type it names.
    public var encoding: TypeEncoding
  }

  /// A member declared with an enum type (or an array of one), whose constants the catalog now knows, so
  /// that descriptions print `.state = TCP_LISTEN` and literals read the names back.
  public struct Enumeration: Hashable, Sendable {
    /// The tagged record, as C names it (`struct tcp_info`).
    public var record: String
    /// The member's name.
    public var member: String
    /// The enum's constants.
    public var enumeration: CEnumeration
  }

  /// The records, nested ones before the records that contain them.
  public var records: [Record]
  /// The typedefs registered as readable names, in declaration order.
  public var typedefs: [Typedef]
  /// What an import of every type left out, by name, with why: typedefs that cannot be readable names
  /// (the name is itself an encoding, or the type has no layout: a function, `void`, an incomplete struct),
  /// records CValueKit cannot represent (a member no encoding describes, `__float128`; a layout no
  /// override carries), and the records and typedefs that hold one of them (`holds struct bad, which cannot
  /// be imported`). A type named in `types:` is never skipped: it is imported or the import throws. Also enum constants a member's field cannot hold (7 in
  /// MSVC's signed 3-bit enum bitfield), left out of its enumeration, under `struct s.member`.
  public var skipped: [String: String]
  /// The entries of ``skipped`` that are records (and the records and typedefs holding them) CValueKit
  /// could not represent, as opposed to typedefs that are no readable name by design: what a tool warns about.
  public internal(set) var unimportable: [String: String] = [:]
  /// The enumerations of tagged records' members, registered with them.
  public var enumerations: [Enumeration] = []
  /// The target triple clang parsed for, e.g. `x86_64-unknown-linux-gnu`.
  public var target: String
  /// The ABI of ``target``: the records were laid out and checked for it, and their overrides are
  /// registered for it (`catalog.layout(of: "{tcphdr}", abi: imported.abi)`).
  public var abi: ABI
  /// clang's version, e.g. `clang version 21.0.0`.
  public var clangVersion: String
  /// The libclang that parsed the headers.
  public var libclangPath: String

  /// The record C calls `name` (`struct tcphdr`, `siginfo_t`), or `nil`.
  public func record(named name: String) -> Record? { records.first { $0.name == name } }
}
