import ArgumentParser
import CValueHeaders
import CValueKit
import Foundation

struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Read C headers with libclang and write what they define as a catalog file (JSON).",
    discussion: """
      Every complete struct, union and typedef of the headers is read as clang sees it: the records with C's member names (their encodings), clang's layout where an encoding cannot carry it (packed, aligned: an override of size, alignment and member offsets), the typedef names, and the constants of members declared with an enum type. The catalog file holds them with the ABI they are for, clang's target triple and version, and the headers and arguments used; a TypeCatalog loads it with no libclang (TypeCatalog.loadCatalogFile(at:) in CValueHeaders), so that layouts can be pinned in a repository and read on machines without clang.

      The file is JSON with sorted keys, one value a line, so that a regenerated file diffs well:
        {"abi": "x86_64-linux", "arguments": [...],
         "clangVersion": "...", "enumerations": [], "enums": [],
         "formatVersion": 3, "headers": [...],
         "records": [{"name": "struct tcphdr", "size": 20,
                      "alignment": 4, "encoding": "{tcphdr=...}",
                      "override": {"size": N, "alignment": N,
                                   "placements": [{"byte": 0},
                                                  {"bit": 36}, ...]}},
                     ...],
         "target": "x86_64-unknown-linux-gnu",
         "typedefs": ["tcp_seq = I", ...]}
      "override" is there only for records whose layout an encoding cannot show; "enums" holds each enumeration once, {"name": "enum link_state", "constants": ["LINK_UP = 3", ...]}, and "enumerations" the members declared with an enum type, "struct link.state = 0" (0 its index in "enums"), so that descriptions print LINK_UP. When the import left something out, "skipped" says what and why ({"struct bad": "..."}) and "unimportable" lists the records a warning named. Files of formats 1 and 2, which wrote constants, typedefs and enumerations as objects, are still read.

      A header is a name found as #include <...> finds it (netinet/tcp.h), or a path. libclang is loaded at run time: CVALUEKIT_LIBCLANG when set, else the one beside the clang or swift on PATH, else the system's. Bad input (a header not found, clang's errors with file:line:column, an unknown target) prints the problem on stderr and exits with status 2. A record CValueKit cannot represent does not refuse the header: it is left out, with the records and typedefs that hold it, and a warning on stderr names it and says why.

      Examples:
        cvalue import netinet/tcp.h netinet/ip.h --output tcp-ip.catalog.json
        cvalue import zlib.h -I /opt/zlib/include -D Z_SOLO
        cvalue import my/types.h --target aarch64-linux-gnu --output types.json
      """
  )

  @Argument(help: ArgumentHelp("The headers: names as #include <...> finds them, or paths.", valueName: "header"))
  var headers: [String] = []

  @OptionGroup var clang: ClangArguments

  @Option(help: ArgumentHelp("Write the catalog file here instead of to stdout.", valueName: "path"))
  var output: String?

  func validate() throws(BadInput) {
    if headers.isEmpty { throw BadInput(message: "missing the headers to import, such as netinet/tcp.h") }
  }

  func run() throws {
    let imported: ImportedTypes
    do throws(HeaderImportError) {
      imported = try TypeCatalog(includingBuiltins: false).importHeaders(headers, arguments: clang.arguments)
    } catch {
      throw BadInput(diagnostic: error.description)
    }
    HeaderLookup.warn(about: imported)
    let file = CatalogFile(imported)
    guard let output else {
      var standardOutput = StandardOutput()
      standardOutput.write(file.encoded())
      standardOutput.flush()
      return
    }
    do throws(CatalogFileError) {
      try file.write(to: URL(fileURLWithPath: output))
    } catch {
      throw BadInput(message: error.description)
    }
  }
}

/// The clang arguments of a command that reads headers: `-I`, `-D` and `--target`, passed to clang as
/// `-I dir`, `-D name=value` and `-target T`, in that order.
struct ClangArguments: ParsableArguments {
  @Option(
    name: .customShort("I", allowingJoined: true),
    help: ArgumentHelp("A directory to search for headers, as clang's -I (repeat it for more).", valueName: "dir"))
  var includeDirectories: [String] = []

  @Option(
    name: .customShort("D", allowingJoined: true),
    help: ArgumentHelp(
      "A macro to define, as clang's -D: -D NAME, -DNAME or -D NAME=VALUE (repeat it for more).",
      valueName: "name[=value]"))
  var definitions: [String] = []

  @Option(
    help: ArgumentHelp(
      "The target triple to read the headers for, as clang's -target; its ABI must be one CValueKit describes.",
      valueName: "triple"))
  var target: String?

  /// Example triples of every ABI CValueKit describes, for the message that refuses another.
  static let knownTargets: [(triple: String, abi: ABI)] = [
    ("x86_64-linux-gnu", .x86_64Linux), ("aarch64-linux-gnu", .arm64Linux), ("i386-linux-gnu", .i386Linux),
    ("armv7-linux-gnueabihf", .armv7Linux), ("riscv64-linux-gnu", .riscv64Linux),
    ("x86_64-pc-windows-msvc", .x86_64Windows), ("x86_64-apple-macos", .x86_64Darwin),
    ("arm64-apple-macos", .arm64Darwin),
  ]

  func validate() throws(BadInput) {
    guard let target, ABI(targetTriple: target) == nil else { return }
    let known = Self.knownTargets.map { "\($0.triple) (\($0.abi.name))" }.joined(separator: ", ")
    throw BadInput(message: "unknown target \"\(target)\": CValueKit describes no ABI for it; use one of \(known)")
  }

  /// The arguments for clang.
  var arguments: [String] {
    includeDirectories.flatMap { ["-I", $0] } + definitions.flatMap { ["-D", $0] }
      + (target.map { ["-target", $0] } ?? [])
  }
}
