public import CValueKit

/// Why headers could not be imported. Nothing is registered in the catalog when an import throws.
///
/// Each case names what went wrong and where, and its ``description`` says how to fix it:
///
/// ```swift
/// do {
///   try TypeCatalog().importHeaders(["netinet/tpc.h"])
/// } catch {
///   print(error)   // the header "netinet/tpc.h" was not found; pass its directory with -I, or give its path
/// }
/// ```
public enum HeaderImportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No libclang could be loaded from any of the places tried, in the order tried.
  case libclangNotFound(tried: [String])
  /// The libclang at `path` lacks a function CValueHeaders needs (it is older than libclang 11).
  case libclangTooOld(path: String, missingSymbol: String)
  /// A header given by name or path was not found.
  case headerNotFound(String)
  /// clang reported errors (severity error or fatal) while parsing the headers.
  case clangErrors([Diagnostic])
  /// The headers are C++: they fail to parse as C and parse as C++. `diagnostic` is clang's first C error.
  case cplusplus(Diagnostic)
  /// A name in `types:` that no struct, union or typedef of the headers has.
  case unknownType(String)
  /// A type named in `types:` is declared but never defined (`struct opaque;`), so it has no layout.
  case incompleteType(String)
  /// A typedef named in `types:` whose type has no layout or values (`typedef void lock_t`, a function
  /// type): `what` says which (`a typedef of void`).
  case typeWithoutLayout(String, what: String)
  /// A field's type that no encoding can describe (`__float128`, `_BitInt(24)`), in a record, at a field path.
  case unsupportedType(String, record: String, field: String)
  /// CValueKit's layout of a record differs from clang's in a way no `LayoutOverride` fixes.
  case layoutMismatch(record: String, field: String, clang: String, cvaluekit: String)
  /// The catalog refused a registration (a name already stands for another type).
  case registration(CatalogError)
  /// clang parsed for a target (its triple) whose ABI CValueKit does not describe; `supported` lists
  /// triples of the ones it does.
  case unsupportedTarget(String, supported: [String])
  /// clang read the headers for the ABI named `headers` (its target triple `target`), but the catalog
  /// already holds types made for the ABI named `catalog`: one catalog holds one ABI's types.
  case otherABI(target: String, headers: String, catalog: String)

  /// One diagnostic of clang: where and what.
  public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The file, as clang names it (the headers' own text is `<import>`).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// clang's message.
    public var message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int, message: String) {
      self.file = file
      self.line = line
      self.column = column
      self.message = message
    }

    /// `file:line:column: message`, as clang prints it.
    public var description: String { "\(file):\(line):\(column): \(message)" }
  }

  /// A sentence naming the problem, where it is, and what to do.
  public var description: String {
    switch self {
    case .libclangNotFound(let tried):
      return """
        libclang was not found; tried, in order:
        \(tried.map { "  \($0)" }.joined(separator: "\n"))
        Set CVALUEKIT_LIBCLANG to the path of libclang (a Swift toolchain has it in usr/lib), or install \
        libclang-dev (apt-get install libclang-dev).
        """
    case .libclangTooOld(let path, let symbol):
      return """
        the libclang at \(path) has no \(symbol): CValueHeaders needs libclang 11 or later; set \
        CVALUEKIT_LIBCLANG to a newer one (a Swift toolchain has it in usr/lib)
        """
    case .headerNotFound(let header):
      return "the header \"\(header)\" was not found; pass its directory with -I, or give its path"
    case .clangErrors(let diagnostics):
      return "clang could not parse the headers:\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
    case .cplusplus(let diagnostic):
      return "the headers are C++, not C (as C: \(diagnostic)); only C headers can be imported"
    case .unknownType(let name):
      return "no struct, union or typedef named \"\(name)\" in the headers"
    case .incompleteType(let name):
      return "\(name) is declared but not defined in the headers, so it has no layout"
    case .typeWithoutLayout(let name, let what):
      return "\(name) is \(what), which has no layout or values: there is nothing to lay out, describe or compare"
    case .unsupportedType(let type, let record, let field):
      return "\(record)\(field) has type \(type), which no type encoding describes"
    case .layoutMismatch(let record, let field, let clang, let cvaluekit):
      return "the layout of \(record)\(field) is \(cvaluekit) in CValueKit but \(clang) in clang, even with an override"
    case .registration(let error):
      return "the catalog refused the import: \(error)"
    case .unsupportedTarget(let triple, let supported):
      return "CValueKit has no ABI for the target \(triple); it describes \(supported.joined(separator: ", "))"
    case .otherABI(let target, let headers, let catalog):
      return
        "clang read the headers for \(headers) (\(target)), but the catalog already holds types made for "
        + "\(catalog); import each ABI's headers into a catalog of their own"
    }
  }
}
