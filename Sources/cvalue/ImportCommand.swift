import ArgumentParser
import CValueHeaders
import CValueKit
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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

      A header is a name found as #include <...> finds it (netinet/tcp.h), or a path. Clang reads the headers as C with the arguments given: -I, -D, --target and --sysroot, and any other one with --clang-arg or after -- (each one after -- is a --clang-arg: -fshort-enums, -m32, -fpack-struct=1, -std=c11, -include config.h), so that the catalog matches the build that uses it; the file records the arguments, and its ABI is that of the target clang read for (-m32 on x86_64 is i386-linux). libclang is loaded at run time: CVALUEKIT_LIBCLANG when set, else the one beside the clang or swift on PATH, else the system's. Bad input (a header not found, clang's errors with file:line:column, an unknown target) prints the problem on stderr and exits with status 2. A record CValueKit cannot represent does not refuse the header: it is left out, with the records and typedefs that hold it, and a warning on stderr names it and says why.

      Examples:
        cvalue import netinet/tcp.h netinet/ip.h --output tcp-ip.catalog.json
        cvalue import zlib.h -I /opt/zlib/include -D Z_SOLO
        cvalue import my/types.h --target aarch64-linux-gnu --output types.json
        cvalue import legacy.h --target i386-linux-gnu --clang-arg -fshort-enums
        cvalue import legacy.h -I include -- -m32 -fpack-struct=1 -include config.h
      """
  )

  @Argument(
    help: ArgumentHelp(
      "The headers: names as #include <...> finds them, or paths; with --binary, the types to import (all when none).",
      valueName: "header"))
  var headers: [String] = []

  @Option(
    help: ArgumentHelp(
      "Read the types from the DWARF debug info of this ELF executable, shared library or object instead of headers.",
      valueName: "file"))
  var binary: String?

  @OptionGroup(title: ClangOptions.title) var clang: ClangOptions

  @Option(help: ArgumentHelp("Write the catalog file here instead of to stdout.", valueName: "path"))
  var output: String?

  func validate() throws(BadInput) {
    if headers.isEmpty, binary == nil {
      throw BadInput(message: "missing the headers to import, such as netinet/tcp.h")
    }
  }

  func run() throws {
    if let binary { return try write(BinaryLookup.catalogFile(of: binary, types: headers.isEmpty ? nil : headers)) }
    let imported: ImportedTypes
    do throws(HeaderImportError) {
      imported = try TypeCatalog(includingBuiltins: false).importHeaders(headers, arguments: clang.arguments)
    } catch {
      throw BadInput(diagnostic: error.description)
    }
    HeaderLookup.warn(about: imported)
    let file = CatalogFile(imported)
    try write(file)
  }

  private func write(_ file: CatalogFile) throws {
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
