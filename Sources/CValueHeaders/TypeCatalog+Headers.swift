internal import CClang
public import CValueKit

extension TypeCatalog {
  /// Reads C headers with libclang and registers their structs, unions and typedefs, with C's member names
  /// and the exact layout clang computes.
  ///
  /// Every complete struct and union becomes a record definition whose encoding carries C's member names
  /// (`.th_flags`, `.sin6_addr.__in6_u.__u6_addr8[15]`), anonymous members flattened as in C, unnamed
  /// bitfields as padding, bitfields in the GNU form `b<offset><type><width>`, enums as their integer type.
  /// Each record is laid out by CValueKit and compared member by member with clang's layout; where they
  /// differ (packed, `aligned`, `#pragma pack`), clang's layout is registered as a `LayoutOverride` and the
  /// comparison repeated. Typedef names become readable names (`z_stream`, `sigset_t`).
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.importHeaders(["netinet/tcp.h"])
  /// let layout = try catalog.layout(of: "{tcphdr}")   // .th_sport … .th_flags … .urg_ptr
  /// ```
  ///
  /// libclang is loaded at run time: `CVALUEKIT_LIBCLANG` when set, else the one beside the `clang` or
  /// `swift` on `PATH`, else the system's.
  ///
  /// The layouts are those of the target clang parses for: the host's, or the one `-target` names. clang
  /// does the layout and the override carries it: records are checked, and their overrides registered, for
  /// `ABI(targetTriple:)` of clang's triple (`ImportedTypes/abi`), so that
  /// `catalog.layout(of: "{tcphdr}", abi: imported.abi)` is clang's layout for that machine:
  ///
  /// ```swift
  /// let arm = try catalog.importHeaders(
  ///   ["netinet/tcp.h"], arguments: ["-target", "armv7-linux-gnueabihf", "--sysroot", "/usr/arm-linux-gnueabihf"])
  /// try catalog.layout(of: "{tcphdr}", abi: arm.abi)   // armv7-linux
  /// ```
  ///
  /// Encodings differ between targets (`long` is `q` on LP64, `l` on 32-bit targets): import each target
  /// into a catalog of its own. Types imported for another target than this process's mark the catalog as
  /// holding that ABI's types, as a catalog file for it does: they lay out for that ABI only, and resolving a
  /// value of this process through the catalog throws ``LayoutError`` naming both ABIs. Headers read for
  /// another ABI than the one the catalog holds types for are ``HeaderImportError/otherABI(target:headers:catalog:)``.
  ///
  /// - Parameters:
  ///   - headers: Each one is a header name found as `#include <…>` finds it (`netinet/tcp.h`), a path to
  ///     a file, or C text (anything starting with `#` or spanning lines, such as `#include "my.h"`).
  ///   - arguments: clang arguments: `-I`, `-D`, `-std`, `-target`. The headers are parsed as C.
  ///   - types: The types to import, as C code names them (`tcphdr`, `struct tcphdr`, `union sigval`, the
  ///     typedef `siginfo_t`), with the records they hold; `nil` imports every complete type.
  /// - Returns: What was registered, as ``TypeCatalog/register(_:)`` registers it: its origin is `headers`,
  ///   with the headers and arguments, and clang's version and target triple (`clangVersion`, `target`).
  /// - Throws: ``HeaderImportError`` naming what and where; nothing is registered then. A target whose ABI
  ///   CValueKit does not describe is ``HeaderImportError/unsupportedTarget(_:supported:)``. A record that
  ///   cannot be represented (a member type no encoding describes, a layout no override carries) does not
  ///   fail the import: it is left out, with the records and typedefs that hold it, and
  ///   `ImportedTypes/skipped` says why; only a type named in `types:` that cannot be imported throws.
  @discardableResult
  public func importHeaders(_ headers: [String], arguments: [String] = [], types: [String]? = nil)
    throws(HeaderImportError) -> ImportedTypes
  {
    let clang = try LibClang.shared()
    let unit = try TranslationUnit.parse(HeaderSource(headers), arguments: arguments, clang: clang)
    let triple = unit.triple
    guard let abi = ABI(targetTriple: triple) else {
      throw .unsupportedTarget(triple, supported: Self.supportedTargets)
    }
    var reader = RecordReader(unit: unit)
    let imported = try ImportedTypes(
      reading: &reader, types: types, abi: abi,
      origin: .init(
        kind: "headers", inputs: headers, arguments: arguments,
        details: ["clangVersion": clang.version, "target": triple]))
    // A catalog holds the types of one ABI, as with catalog files: another target's types are marked as
    // written for it, so that a value of this process is never laid out with them, and never mixed with
    // types the catalog holds for another ABI.
    if let held = definitionsABI, held != abi {
      throw .otherABI(target: triple, headers: abi.name, catalog: held.name)
    }
    do throws(ImportRefusal) {
      try register(checking: imported, definitionsOnlyForItsABI: abi != .host)
    } catch {
      throw .registration(error.error)
    }
    return imported
  }

  /// A target triple for each ABI CValueKit describes, as `-target` takes them.
  static var supportedTargets: [String] { ABI.all.map(\.targetTriple) }

}

extension RecordReader {
  mutating func encoding(of entry: TypeDeclarations<CXType>.Entry) throws(HeaderImportError) -> TypeEncoding {
    guard let type = entry.type else { return .scalar(.void) }
    return try encoding(of: type, name: entry.name, place: (entry.name, ""))
  }

  /// Why a typedef's type cannot be registered, or `nil` when it can.
  func typedefProblem(_ type: CXType?, named name: String) -> TypedefProblem? {
    switch type?.kind {
    case Int32(CVI_CXType_FunctionProto), Int32(CVI_CXType_FunctionNoProto): return .function
    case Int32(CVI_CXType_Void), nil: return .void
    case Int32(CVI_CXType_Record) where type.map { !isComplete($0) } ?? false:
      return .incompleteRecord(name)
    default: return nil
    }
  }

  func failure(_ problem: ImportProblem) -> HeaderImportError {
    switch problem {
    case .unknownType(let name): .unknownType(name)
    case .incompleteType(let name): .incompleteType(name)
    case .typeWithoutLayout(let name, let what): .typeWithoutLayout(name, what: what)
    case .unsupportedType(let type, let record, let field): .unsupportedType(type, record: record, field: field)
    case .layoutMismatch(let record, let field, let source, let cvaluekit):
      .layoutMismatch(record: record, field: field, clang: source, cvaluekit: cvaluekit)
    // One translation unit defines a tag once: parts of a source that differ are debug info's.
    case .conflictingDefinitions(let name, let places):
      .layoutMismatch(
        record: name, field: "", clang: "defined differently in \(places.joined(separator: ", "))", cvaluekit: "")
    }
  }

  func problem(in failure: HeaderImportError) -> ImportProblem? {
    switch failure {
    case .unsupportedType(let type, let record, let field): .unsupportedType(type, record: record, field: field)
    case .incompleteType(let name): .incompleteType(name)
    default: nil
    }
  }
}
