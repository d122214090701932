import ArgumentParser
import CValueHeaders
import CValueKit
import Foundation

/// The options every command shares: what a `<type>` argument names (`--header`, `-I`, `-D`, `--sysroot`) and
/// which machine lays it out (`--abi`, `--target`).
struct TypeOptions: ParsableArguments {
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
      "Read the type from the DWARF debug info of this ELF executable, shared library or object (repeatable; built with -g, or with its debug file installed), with no libclang. The type is then named as C names it.",
      valueName: "file"))
  var binaries: [String] = []

  @Option(
    name: .customShort("I", allowingJoined: true),
    help: ArgumentHelp("Add a directory to clang's include path for --header (repeatable).", valueName: "dir"))
  var includeDirectories: [String] = []

  @Option(
    name: .customShort("D", allowingJoined: true),
    help: ArgumentHelp("Define a macro for --header, as clang's -D (repeatable).", valueName: "name[=value]"))
  var macros: [String] = []

  @Option(
    help: ArgumentHelp(
      "The machine to lay out for, as a clang target triple (aarch64-linux-gnu, armv7-linux-gnueabihf, i386-linux-gnu, riscv64-linux-gnu, x86_64-pc-windows-msvc, ...): clang reads --header for it, and the bytes are read with its layout.",
      valueName: "triple"))
  var target: String?

  @Option(
    help: ArgumentHelp(
      "The target's C library root for --header with --target (default: /usr/<triple>, where Debian's libc6-dev-*-cross packages install it, when present).",
      valueName: "dir"))
  var sysroot: String?

  @Option(
    help: ArgumentHelp("The ABI to lay out for (default: the one --target names, else the host's).", valueName: "abi"))
  var abi: ABIChoice?

  /// The ABI `--abi` or `--target` names, else the host's; only called after ``validate()`` accepted them.
  var resolved: ABI {
    if let target, let abi = ABI(targetTriple: target) { return abi }
    switch abi {
    case .known(let abi)?: return abi
    case .unknown?: preconditionFailure("--abi is validated before it is used")
    case nil: return .host
    }
  }

  func validate() throws(BadInput) {
    if case .unknown(let name)? = abi {
      throw BadInput(
        message: "unknown ABI \"\(name)\"; choose one of \(ABIChoice.allValueStrings.joined(separator: ", "))")
    }
    if let target {
      guard let targetABI = ABI(targetTriple: target) else {
        throw BadInput(
          message: "no ABI for the target \"\(target)\"; CValueKit describes "
            + HeaderLookup.supportedTargets.joined(separator: ", "))
      }
      if case .known(let named)? = abi, named != targetABI {
        throw BadInput(message: "--target \(target) is the ABI \(targetABI.name), but --abi says \(named.name)")
      }
    }
    if headers.isEmpty, !includeDirectories.isEmpty || !macros.isEmpty || sysroot != nil {
      throw BadInput(message: "-I, -D and --sysroot apply to --header, which is missing")
    }
  }

  /// The text to resolve for a `<type>` argument: itself, or, with `--header`, the type the headers declare
  /// under that C name (`{tcphdr}`, `(sigval)`, `siginfo_t`), imported into the shared catalog for this ABI.
  func typeText(_ type: String) throws(BadInput) -> String {
    try loadCatalogs()
    if !headers.isEmpty { return try HeaderLookup(headers: headers, arguments: clangArguments).typeText(type) }
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

  /// What clang is given besides the headers.
  var clangArguments: [String] {
    var result = includeDirectories.flatMap { ["-I", $0] } + macros.flatMap { ["-D", $0] }
    if let target {
      result += ["-target", target]
      if let root = sysroot ?? HeaderLookup.debianCrossRoot(for: target) { result += ["--sysroot", root] }
    } else if let sysroot {
      result += ["--sysroot", sysroot]
    }
    return result
  }
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
