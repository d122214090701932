import ArgumentParser
import CValueDebugInfo
import CValueHeaders
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options every command shares: what a `<type>` argument names (`--header`, `--catalog`, and clang's
/// arguments for the headers) and which machine lays it out (`--abi`, or clang's `--target`).
struct TypeOptions: ParsableArguments {
  @OptionGroup(title: "Types") var sources: TypeSourceOptions

  @OptionGroup(title: ClangOptions.title) var clang: ClangOptions

  /// The `--header`s.
  var headers: [String] { sources.headers }

  /// The `--binary` files.
  var binaries: [String] { sources.binaries }

  /// The `--catalog` files.
  var catalogs: [String] { sources.catalogs }

  /// The `--abi`.
  var abi: ABIChoice? { sources.abi }

  /// The ABI `--abi` or `--target` names, else the one the first `--binary`'s ELF header says (a firmware
  /// needs no `--abi`), else the host's; only called after ``validate()`` accepted them.
  var resolved: ABI {
    if let target = clang.target, let abi = ABI(targetTriple: target) { return abi }
    switch abi {
    case .known(let abi)?: return abi
    case .unknown?: preconditionFailure("--abi is validated before it is used")
    case nil:
      // A file that cannot be read is refused, with why, when its types are read.
      if headers.isEmpty, let binary = binaries.first, let abi = try? DebugInfoImport.abi(of: binary) { return abi }
      return .host
    }
  }

  func validate() throws(BadInput) {
    if case .unknown(let name)? = abi {
      throw BadInput(
        message: "unknown ABI \"\(name)\"; choose one of \(ABIChoice.allValueStrings.joined(separator: ", "))")
    }
    // ClangOptions.validate() refused a target with no ABI.
    if let target = clang.target, let targetABI = ABI(targetTriple: target), case .known(let named)? = abi,
      named != targetABI
    {
      throw BadInput(message: "--target \(target) is the ABI \(targetABI.name), but --abi says \(named.name)")
    }
    if headers.isEmpty,
      !clang.includeDirectories.isEmpty || !clang.macros.isEmpty || clang.sysroot != nil
        || !clang.extraArguments.isEmpty
    {
      throw BadInput(message: "-I, -D, --sysroot and --clang-arg apply to --header, which is missing")
    }
  }

  /// The text to resolve for a `<type>` argument: itself, or, with `--header`, the type the headers declare
  /// under that C name (`{tcphdr}`, `(sigval)`, `siginfo_t`), imported into the shared catalog for this ABI.
  func typeText(_ type: String) throws(BadInput) -> String {
    try loadCatalogs()
    if !headers.isEmpty {
      return try HeaderLookup(headers: headers, arguments: clang.arguments, abi: resolved).typeText(type)
    }
    if !binaries.isEmpty { return try BinaryLookup(binaries: binaries, abi: resolved).typeText(type) }
    guard !catalogs.isEmpty, TypeCatalog.shared.encoding(named: type) == nil, ToolText.isIdentifier(type) else {
      return type
    }
    // A bare tag, as C code names a struct or union the catalog file holds.
    if TypeCatalog.shared.record(named: type) != nil { return "struct \(type)" }
    if TypeCatalog.shared.record(named: "union \(type)") != nil { return "union \(type)" }
    return type
  }

  /// Loads each `--catalog` file into the shared catalog, refusing one made for another ABI than the one
  /// laid out for: its overrides describe that machine only.
  private func loadCatalogs() throws(BadInput) {
    for path in catalogs {
      let file: CatalogFile
      do throws(CatalogFileError) {
        file = try TypeCatalog.shared.loadCatalogFile(at: URL(fileURLWithPath: path))
      } catch {
        throw BadInput(message: error.description)
      }
      guard file.types.abi == resolved else {
        throw BadInput(
          message: "the catalog file \(path) describes \(file.types.abi.name), not \(resolved.name); pass --abi "
            + "\(file.types.abi.name) or the --target it was imported for")
      }
      ImportedRecords.remember(file.types)
    }
  }

  /// The handle for a `<type>` argument, an encoding or a readable name (or, with `--header`, a C type name),
  /// laid out for this ABI.
  func resolve(_ type: String) throws(BadInput) -> ValueType {
    try resolve(text: typeText(type), in: .shared)
  }

  /// The handle for what ``typeText(_:)`` returned, in a registry of the command's.
  func resolve(text: String, in registry: ValueRegistry) throws(BadInput) -> ValueType {
    do throws(ValueError) {
      return try registry.resolve(text, abi: resolved)
    } catch {
      throw BadInput(error)
    }
  }
}

/// Where a `<type>` argument's type comes from (`--header`, `--catalog`) and the ABI it is laid out for
/// without clang (`--abi`); ``TypeOptions`` checks them together with clang's arguments.
struct TypeSourceOptions: ParsableArguments {
  @Option(
    name: .customLong("header"),
    help: ArgumentHelp(
      "Read the type from this C header (repeatable): a name found as #include <...> finds it, or a path. The type is then named as C names it: tcphdr, struct tcphdr, union sigval, the typedef siginfo_t.",
      valueName: "header"))
  var headers: [String] = []

  @Option(
    name: .customLong("catalog"),
    help: ArgumentHelp(
      "Read types from a catalog file that 'cvalue import' wrote (repeatable), with no libclang: then name a type as C does (tcphdr, struct tcphdr, a typedef). The file's ABI must be the one laid out for (--abi or --target).",
      valueName: "file"))
  var catalogs: [String] = []

  @Option(
    name: .customLong("binary"),
    help: ArgumentHelp(
      "Read the type from the DWARF debug info of this ELF executable, shared library or object (repeatable; built with -g, or with its debug file installed; CVALUE_DEBUGINFOD=1 fetches a missing debug file by build id from the servers of DEBUGINFOD_URLS, which are otherwise never asked), with no libclang. The type is then named as C names it.",
      valueName: "file"))
  var binaries: [String] = []

  @Option(
    help: ArgumentHelp(
      "The ABI to lay out for, without clang (default: the one --target names, else the host's).",
      valueName: "abi"))
  var abi: ABIChoice?
}

extension ArgumentHelp {
  /// The help of every command's `<type>` argument, which ``TypeOptions/resolve(_:)`` resolves.
  static var typeArgument: ArgumentHelp {
    "A type encoding such as '{CGPoint=dd}', a readable name such as 'rect' or 'uint32', or with --header a C type name such as 'struct tcphdr'."
  }
}

/// An `--abi` argument: one of the ABIs CValueKit knows, or a name ``TypeOptions/validate()`` refuses.
///
/// A name is not refused while parsing, because ArgumentParser would word the message itself ("The value … is
/// invalid for …") and add usage lines; the tool's message names the ABI and the choices on one line.
enum ABIChoice: ExpressibleByArgument, CustomStringConvertible {
  case known(ABI)
  /// A name that is none of them; ``TypeOptions/validate()`` refuses it.
  case unknown(String)

  init(argument: String) {
    self = ABI.all.first { $0.name == argument }.map(Self.known) ?? .unknown(argument)
  }

  static var allValueStrings: [String] { ABI.all.map(\.name) }

  var description: String {
    switch self {
    case .known(let abi): return abi.name
    case .unknown(let name): return name
    }
  }
}
