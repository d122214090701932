/// A source of C types for the one import pass every source shares: what a new source (BTF, CTF, PDB, a
/// target's own tables) implements, in one file, to bring types into a ``TypeCatalog``.
///
/// The reader lists the source's declarations and builds each one's encoding on demand, filling
/// ``records`` with every record it reads as a ``SourceRecord``; the pass
/// (``ImportedTypes/init(reading:types:abi:origin:)``) selects the types asked for, leaves out what cannot
/// be represented with the reason, merges what several parts of the source define alike, refuses what they
/// define differently, and checks every record's layout against CValueKit's, turning a difference into a
/// ``LayoutOverride``. Header import (clang) and debug-info import (DWARF) are two such readers.
///
/// ```swift
/// var reader = MyTableReader(table)          // a TypeReader
/// let imported = try ImportedTypes(reading: &reader, types: nil, abi: .host, origin: .init(kind: "table"))
/// try catalog.register(imported)
/// ```
package protocol TypeReader {
  /// How the source refers to a type (a clang type, a DWARF DIE, a row).
  associatedtype TypeReference
  /// The source's own error, which the pass throws for the problems it finds too (``failure(_:)``).
  associatedtype Failure: Error

  /// The types the source declares, in order: tagged records as `struct tag` / `union tag` and typedefs
  /// by name, a typedef of an anonymous record before any record holding it. C++ names are qualified and
  /// spelled as ``CTypeName/canonical(_:)`` spells them (`struct geo::point`, `struct box<double>`).
  mutating func declarations() throws(Failure) -> TypeDeclarations<TypeReference>

  /// The encoding of a declared type, reading every record it holds by value into ``records``.
  ///
  /// Throw the source's form of ``ImportProblem/unsupportedType(_:record:field:)`` or
  /// ``ImportProblem/incompleteType(_:)`` (as ``problem(in:)`` recognises it) for a type that cannot be
  /// represented: the pass leaves it out, with the types holding it, unless the caller named it. Any other
  /// error ends the import.
  mutating func encoding(of entry: TypeDeclarations<TypeReference>.Entry) throws(Failure) -> TypeEncoding

  /// The name of the record a value of the type holds (itself, its arrays' or `_Atomic`'s element), once
  /// read, or `nil`.
  func heldRecord(_ type: TypeReference) throws(Failure) -> String?

  /// Why a typedef of the type cannot be a readable name (a function type, `void`, an incomplete record),
  /// or `nil` when it can.
  func typedefProblem(_ type: TypeReference?, named name: String) throws(Failure) -> TypedefProblem?

  /// The constants of a typedef's or `enum tag`'s type when it is an enum (or an array of one), named as
  /// the source names the enum (`nil` for an anonymous one); `nil` for any other type.
  mutating func enumeration(of type: TypeReference) throws(Failure) -> CEnumeration?

  /// Every record read so far, nested ones before the records that hold them.
  var records: [SourceRecord] { get }

  /// The source's error for a problem the pass found.
  func failure(_ problem: ImportProblem) -> Failure

  /// The problem an error of the reader is, when it leaves a type out rather than ending the import
  /// (``ImportProblem/unsupportedType(_:record:field:)``, ``ImportProblem/incompleteType(_:)``); `nil` for
  /// any other error.
  func problem(in failure: Failure) -> ImportProblem?
}

/// The types a source declares, in the order the import reads them.
package struct TypeDeclarations<TypeReference> {
  /// One declared type.
  package struct Entry {
    /// As C names it: `struct tag`, `union tag`, or a typedef's name.
    package var name: String
    /// The record, or the type a typedef names (`nil`: `void`).
    package var type: TypeReference?
    /// Whether it is a typedef.
    package var isTypedef: Bool
    /// Where the source declares it (a compile unit, a function in one), `nil` when the source has no
    /// parts; named in ``ImportProblem/conflictingDefinitions(_:places:)``.
    package var place: String?

    /// A declared type.
    package init(name: String, type: TypeReference?, isTypedef: Bool, place: String? = nil) {
      self.name = name
      self.type = type
      self.isTypedef = isTypedef
      self.place = place
    }
  }

  /// Every complete type, in order.
  package var entries: [Entry]
  /// Tags declared but defined nowhere in the source, for an error that says so.
  package var incomplete: Set<String>

  /// The declarations of a source.
  package init(entries: [Entry] = [], incomplete: Set<String> = []) {
    self.entries = entries
    self.incomplete = incomplete
  }
}

/// Why a typedef names no type with a layout, as ``TypeReader/typedefProblem(_:named:)`` says it.
package enum TypedefProblem: Hashable, Sendable, CustomStringConvertible {
  /// `typedef void name` (glibc's `_IO_lock_t`): void has no layout and no values.
  case void
  /// A typedef of a function type (`typedef int handler(int)`): a function is no value.
  case function
  /// A typedef of a struct or union that is declared and defined nowhere, named here.
  case incompleteRecord(String)

  /// What the typedef is, for the skipped types and the errors: `a typedef of void`.
  package var what: String {
    switch self {
    case .void: "a typedef of void"
    case .function: "a typedef of a function type"
    case .incompleteRecord(let name): "a typedef of \(name), which is declared but defined nowhere"
    }
  }

  /// Why the typedef has no layout, as the import's skipped types say it.
  package var description: String {
    switch self {
    case .void: "void has no layout"
    case .function: "a function type has no layout"
    case .incompleteRecord(let name): "\(name) names an incomplete struct or union"
    }
  }
}

/// What the import pass finds wrong with a source's types, in words any source can say; each
/// ``TypeReader`` turns it into its own error (``TypeReader/failure(_:)``).
package enum ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// A name asked for that no type of the source has.
  case unknownType(String)
  /// A type declared (`struct opaque;`) but defined nowhere, so it has no layout.
  case incompleteType(String)
  /// A typedef asked for by name that names no type with values (`typedef void _IO_lock_t`, a function
  /// type): what it is, in the words of ``TypedefProblem/what``.
  case typeWithoutLayout(String, what: String)
  /// A member whose type no encoding describes, in a record, at a field path.
  case unsupportedType(String, record: String, field: String)
  /// A name that parts of the source (`places`) define differently.
  case conflictingDefinitions(String, places: [String])
  /// CValueKit's layout of a record differs from the source's in a way no ``LayoutOverride`` carries:
  /// where (a field path, or empty for the record), what the source says, and what CValueKit makes of it.
  case layoutMismatch(record: String, field: String, source: String, cvaluekit: String)

  /// What went wrong, where, in the words of no particular source.
  package var description: String {
    switch self {
    case .unknownType(let name): "no type named \(name)"
    case .incompleteType(let name): "\(name) is declared but defined nowhere"
    case .typeWithoutLayout(let name, let what): "\(name) is \(what), which has no layout or values"
    case .unsupportedType(let type, let record, let field): "\(record)\(field): \(type) has no type encoding"
    case .conflictingDefinitions(let name, let places):
      "\(name) is defined differently in \(places.joined(separator: ", "))"
    case .layoutMismatch(let record, let field, let source, let cvaluekit):
      "\(record)\(field): the source says \(source), CValueKit lays it out as \(cvaluekit)"
    }
  }
}

extension TypeReader {
  /// No enumerations: a source that has none (or does not read them) says so.
  package func enumeration(of type: TypeReference) -> CEnumeration? { nil }
}
