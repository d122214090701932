import Foundation
import Testing

/// `--help` documents the grammar, the JSON shape and examples, and exits with status 0.
@Suite("cvalue --help")
struct HelpTests {
  struct Case: Sendable, CustomStringConvertible {
    var arguments: [String]
    var mentions: [String]
    var description: String { arguments.joined(separator: " ") }
  }

  static let cases: [Case] = [
    Case(
      arguments: ["--help"],
      mentions: [
        "OVERVIEW: Lay out, describe, compare and encode raw C values, with types from C headers, debug info, catalog files, names and type encodings.",
        "a program's debug info (--binary)",
        "With --binary, types come from the DWARF debug info of an ELF executable, shared library or object built with -g",
        "cvalue layout --binary ./app 'struct shape'",
        "USAGE: cvalue <subcommand>",
        "Bitfields bN Apple form: width only",
        "b<offset><type><width> GNU form: bit offset and type",
        "{Name=TU} struct; {Name} by name, {?=TU} anonymous",
        "rect ({CGRect={CGPoint=dd}{CGSize=dd}})",
        "A _Atomic (changes size and alignment)",
        "Examples: cvalue layout rect cvalue layout '{S=cdi}' --json cvalue layout '(U=if)'",
        "exits with status 2",
        "layout Print the exact C memory layout of a type",
        "describe Print raw bytes as a C initializer of the type",
        "compare Compare two values' raw bytes field by field",
        "encode Turn a C initializer into the value's bytes",
        "import Read C headers with libclang and write what they define as a catalog file (JSON).",
        "cvalue describe int32 '01000000 02000000 03000000' --count 3",
        "compare exits with status 1 when the values differ",
        "With --header, types come from C headers, read by clang",
        "cvalue layout --header netinet/tcp.h tcphdr",
      ]),
    Case(
      arguments: ["layout", "--help"],
      mentions: [
        "USAGE: cvalue layout [<options>] <type>",
        "--json prints one object:",
        #""fields": [{"path": ".origin.x", "offset": 0, "size": 8, "encoding": "d"}, ...]"#,
        #""bitOffset" (bits from the start of the value) and "bitWidth""#,
        #""alignmentSource" says how the alignment was known: "compiler" (clang's, for --header)"#,
        "Examples: cvalue layout rect cvalue layout '{S=cdi}' --json",
        "--abi arm64-linux",
        "OUTPUT: --json Print the result as one JSON object (keys sorted; its keys are listed above) instead of text; the exit status is the same.",
        "x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin",
        "cvalue layout '{epoll_event=IQ}' --size 12 --alignment 1 --offsets 0,4",
        "b<N> for a bitfield's bit offset",
        "--header <header> Read the type from this C header (repeatable)",
        "CLANG ARGUMENTS (HOW THE HEADERS ARE READ): -I <dir> Add a directory to clang's include path, as clang's -I: -I DIR or -IDIR (repeatable).",
        "-D <name[=value]> Define a macro, as clang's -D: -D NAME, -DNAME or -D NAME=VALUE (repeatable).",
        "--target <triple> The machine to read the headers and lay out for, as clang's -target: x86_64-linux-gnu (x86_64-linux), x86_64-apple-macos (x86_64-darwin), aarch64-linux-gnu (arm64-linux), arm64-apple-macos (arm64-darwin), i386-linux-gnu (i386-linux), armv7-linux-gnueabihf (armv7-linux), riscv64-linux-gnu (riscv64-linux), x86_64-pc-windows-msvc (x86_64-windows), s390x-linux-gnu (s390x-linux), thumbv7m-none-eabi (arm-eabi), thumbv7em-none-eabihf (arm-eabihf), riscv32-unknown-elf (riscv32-elf); the value's bytes are read with its layout.",
        "--clang-arg <argument> Pass one more argument to clang as it is (repeatable), e.g. --clang-arg -fshort-enums, --clang-arg -m32",
        "--sysroot <dir> The target's C library root",
        "the paths are C's own (.th_flags, ._sifields._kill.si_pid, .sin6_addr.__in6_u.__u6_addr8[15])",
        "cvalue layout --header netinet/ip.h iphdr --target armv7-linux-gnueabihf",
      ]),
    Case(
      arguments: ["describe", "--help"],
      mentions: [
        "USAGE: cvalue describe [<options>] <type> [<bytes>]",
        "first byte first, little-endian as on every supported ABI: the int 1 is 01000000",
        "spaces, '_' or ':' may separate groups of whole bytes, and a group may start with 0x",
        "This is the form 'cvalue encode' prints",
        "Pointers are printed as addresses and never followed.",
        "--file <path> Read the value's raw bytes from this file instead of hex.",
        "--count <count> Describe this many consecutive values",
        "x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin",
        "cvalue describe rect --file rect.bin",
        "--all-elements Show every element of long arrays",
        "--header <header> Read the type from this C header (repeatable)",
        "--target <triple> The machine to read the headers and lay out for",
        "cvalue describe --header time.h 'struct tm' --file tm.bin --target i386-linux-gnu",
        "A union shows every member, unless --union-member or --union-tag says which one it holds",
        "--union-member <.path=name> The union at a path holds this member, e.g. .body=number (repeatable)",
        "--union-tag <.path=.tag:value=name,...> A tag field's value names the member the union at a path holds",
        "--unknown-tag <all-members|bytes> How a --union-tag union whose tag names no member is compared and shown",
      ]),
    Case(
      arguments: ["compare", "--help"],
      mentions: [
        "USAGE: cvalue compare [<options>] <type> <actual> <expected>",
        "TYPES: --header <header> Read the type from this C header (repeatable)",
        "CLANG ARGUMENTS (HOW THE HEADERS ARE READ): -I <dir>",
        "TOLERANCES (FLOAT, DOUBLE, LONG DOUBLE, COMPLEX AND VECTOR FIELDS): --absolute <x> Floating-point fields are equal within this difference.",
        "WHAT IS COMPARED: --ignore <.path> Leave a field out",
        "UNIONS: --union-member <.path=name>",
        "A C FUNCTION THAT DECIDES: --comparer <symbol>",
        "OUTPUT: --json Print the result as one JSON object",
        "OPTIONS: --version Show the version. --help Show help information.",
        "--comparer <symbol> A C function that compares the values, by its symbol name.",
        "--equal-when <zero|nonzero> Which result of --comparer means equal",
        "Exit status: 0 equal: prints one line",
        "1 different: prints each differing field with both values",
        "2 bad input: a wrong byte count, bad hex, a bad encoding, a negative or NaN tolerance",
        "--field-tolerance .path=X replaces --absolute for that field and everything in it",
        "--nan-equals-nan A NaN equals any other NaN",
        "--bitwise Compare floating-point fields by their bit patterns only",
        "cvalue compare double 0000000000003440 0000000000803440 --absolute 0.6",
        #"cvalue compare rect "$a" "$b" --field-tolerance .size.height=0.5"#,
        "--header <header> Read the type from this C header (repeatable)",
        "--target <triple> The machine to read the headers and lay out for",
        #"cvalue compare --header netinet/tcp.h tcphdr "$syn" "$synack""#,
        "unless --union-member or --union-tag says which member it holds: then only that member is compared, reported and shown",
        "or a union member the type does not have",
        "--union-member <.path=name> The union at a path holds this member, e.g. .body=number (repeatable); its other members are left out.",
        "An anonymous union is named by the record holding it ('.' or nothing for the value itself) and its member by a field the member holds: .=syn.",
        "--union-tag <.path=.tag:value=name,...> A tag field's value names the member the union at a path holds, e.g. .body=.kind:1=text,2=number: .kind 1 means .body holds text (repeatable).",
        "--unknown-tag <all-members|bytes> How a --union-tag union whose tag names no member is compared and shown: by every member, as with no rule (all-members, the default), or by its bytes, reported as one field (bytes).",
        ".=syn is the Linux view, .=th_flags the BSD one",
        #"cvalue compare --header netinet/tcp.h tcphdr "$syn" "$synack" \ --union-member .=syn"#,
        "cvalue compare \"$message\" \"$a\" \"$b\" --union-tag .body=.kind:1=text,2=number",
      ]),
    Case(
      arguments: ["encode", "--help"],
      mentions: [
        "USAGE: cvalue encode <type> [<literal> ...] [--header <header> ...] [--catalog <file> ...] [--binary <file> ...] [--abi <abi>] [-I <dir> ...] [-D <name[=value]> ...] [--target <triple>] [--sysroot <dir>] [--clang-arg <argument> ...]",
        "one line of lowercase hex digits without separators",
        "exactly what 'cvalue describe' and 'cvalue compare' accept",
        "Members left out, and padding, are zero.",
        "with a caret under it, and exits with status 2",
        "cvalue encode point '{.x = 1, .y = 2}'",
        "cvalue encode int32 -2",
        "--header <header> Read the type from this C header (repeatable)",
        "--target <triple> The machine to read the headers and lay out for",
        "cvalue encode --header netinet/in.h in_addr '{.s_addr = 0x0100007f}'",
      ]),
    Case(
      arguments: ["help", "layout"],
      mentions: [
        "USAGE: cvalue layout [<options>] <type>",
        "--json prints one object:",
      ]),
    // A lone -h is --help; inside a cluster of letters it is not (see GeneratedBadInvocationTests).
    Case(
      arguments: ["compare", "-h"],
      mentions: ["USAGE: cvalue compare [<options>] <type> <actual> <expected>", "TOLERANCES (FLOAT, DOUBLE"]),
    Case(arguments: ["-h"], mentions: ["USAGE: cvalue <subcommand>", "import Read C headers with libclang"]),
  ]

  @Test("help exits 0 and mentions the grammar and examples", arguments: cases)
  func help(_ expected: Case) async throws {
    let run = try await CValue.run(expected.arguments)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    // Help is wrapped to the terminal's width, so compare with every run of white space made one space.
    let text = Self.collapsingWhiteSpace(run.stdout)
    for phrase in expected.mentions {
      #expect(text.contains(phrase), "help does not mention \(phrase.debugDescription)")
    }
  }

  /// The tool's version is the C library's, written once in cvalue_version.h.
  @Test("--version prints the version of cvalue_version.h")
  func version() async throws {
    let run = try await CValue.run("--version")
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout == "1.0.0\n")
    let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("CShims/CValueC/include/cvalue_version.h")
    let text = try String(contentsOf: header, encoding: .utf8)
    #expect(text.contains("#define CV_VERSION_STRING \"\(run.stdout.dropLast())\"\n"))
  }

  private static func collapsingWhiteSpace(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
