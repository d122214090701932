import ArgumentParser
import CValueCHeader
import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

@main
struct CValueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cvalue",
    abstract:
      "Lay out, describe, compare and encode raw C values, with types from C headers, debug info, catalog files, "
      + "names and type encodings.",
    discussion: """
      A <type> argument is a C type from a header (--header, read by clang), a program's debug info (--binary) or a catalog file (--catalog, written by 'cvalue import'), named as C names it (tcphdr, struct tcphdr, a typedef); a readable name (int32, rect); or a type encoding, the strings clang's @encode produces:

      Scalars     c C s S i I q Q   char ... unsigned long long (l L: 32-bit)
                  t T               __int128, unsigned __int128
                  f d D B v         float, double, long double, _Bool, void
                  * @ @"Name" @?    char *, id, Name *, block
                  # : % ?           Class, SEL, atom, unknown (a function)
      Compound    ^T  [N T]         pointer, array
                  {Name=TU}         struct; {Name} by name, {?=TU} anonymous
                  {P="x"d"y"d}      struct with member names
                  (Name=TU)         union
                  jT  ![16,16f]     _Complex T, GCC vector
      Bitfields   bN                Apple form: width only
                  b<offset><type><width>   GNU form: bit offset and type
      Qualifiers  r n N o O R V     const in inout out bycopy byref oneway
                  A                 _Atomic (changes size and alignment)
      Names       int8 ... int64, uint8 ... uint64, float, double, bool,
                  pointer (^v), cstring (*), point ({CGPoint=dd}),
                  size ({CGSize=dd}), rect ({CGRect={CGPoint=dd}{CGSize=dd}})

      With --header, types come from C headers, read by clang (libclang, loaded at run time) and named as C names them: 'cvalue layout --header netinet/tcp.h tcphdr'. With --target, clang reads them for another machine (\(Targets.list)) and bytes are read with that machine's layout; -I, -D, --sysroot and --clang-arg pass clang more arguments.

      With --binary, types come from the DWARF debug info of an ELF executable, shared library or object built with -g (read through elfutils' libdw, with no libclang) and named as C names them: 'cvalue layout --binary ./app shape'. A file built for another machine needs --abi naming its ABI.

      With log, a firmware's log of assertions and values, sent as bytes through cvalue_target.h, is decoded with the firmware's ELF: 'cvalue log fw.elf fw.log'.

      Values are given as their raw bytes in hex, first byte first, as they lie in memory ('2a000000' is the int 42; spaces, '_' or ':' may separate bytes), or as C initializers ('{.x = 1, .y = 2}'), which encode turns into those bytes.

      Examples:
        cvalue layout rect
        cvalue layout '{S=cdi}' --json
        cvalue layout '(U=if)'
        cvalue layout '{flags=b0I3b3I5}'
        cvalue layout --header netinet/tcp.h tcphdr
        cvalue layout --binary ./app 'struct shape'
        cvalue encode point '{.x = 1, .y = 2}'
        cvalue describe int32 '01000000 02000000 03000000' --count 3
        cvalue compare double 0000000000003440 0000000000803440 --absolute 0.6
        cvalue import netinet/tcp.h --output tcp.catalog.json
        cvalue layout --catalog tcp.catalog.json tcphdr
        cvalue log fw.elf fw.log --absolute 0.01

      Quote encodings and values in the shell: { } [ ] ( ) ^ ? * ! " and spaces are special to it. Bad input prints the problem and its byte offset with a caret on stderr, and exits with status 2; compare exits with status 1 when the values differ. An unknown option is bad input too, whatever its letters.

      layout, describe, compare, check-padding and log print their report as text, or with --format json (the same as --json) as one JSON object whose keys each command's help lists.

      'cvalue help <subcommand>' or 'cvalue <subcommand> --help' (-h) documents each command's options.
      """,
    // The C library's version, from cvalue_version.h: the one place it is written.
    version: CV_VERSION_STRING,
    subcommands: [
      LayoutCommand.self, DescribeCommand.self, CompareCommand.self, CheckPaddingCommand.self, EncodeCommand.self,
      ImportCommand.self, SnapshotCommand.self, LogCommand.self,
    ],
    // Long only: a short -h would be found inside any unknown cluster of letters (-fshort is -f -s -h -o -r -t
    // to ArgumentParser) and print help with status 0; a lone -h is read as --help before parsing instead.
    helpNames: .long
  )

  /// Runs the command; every kind of bad input, the tool's own and ArgumentParser's, exits with status 2.
  static func main() {
    do {
      var command = try parseAsRoot(preparing(Array(CommandLine.arguments.dropFirst())))
      try command.run()
    } catch let exit as ExitCode {
      Self.exit(withError: exit)
    } catch let failure as BadInput {
      fail(failure.message)
    } catch {
      switch exitCode(for: error) {
      case .success: Self.exit(withError: error)
      // Every validate() throws only BadInput, which ArgumentParser passes on as a plain failure whose message is
      // the error's description; its own usage errors exit with validationFailure.
      case .failure: fail(message(for: error))
      default:
        let arguments = Array(CommandLine.arguments.dropFirst())
        fail(Self.oneLineHeadline(fullMessage(for: error), message: message(for: error), arguments: arguments))
      }
    }
  }

  private static func fail(_ text: String) -> Never {
    StandardError.write(text)
    Self.exit(withError: ExitCode(2))
  }
}

extension CValueCommand {
  /// The arguments as ArgumentParser is to read them, before `--` and where they are not the value of an
  /// option that takes any text (`--clang-arg`, `--absolute`, …): a lone `-h` as `--help`, and `-DNAME=VALUE` and `-IDIR` as `-D NAME=VALUE` and `-I DIR`.
  /// ArgumentParser takes the `=` of a joined short option for the start of its value (`-DNAME` given `VALUE`),
  /// and reads the letters of a joined value as a cluster of flags. For `import`, each argument after `--` is
  /// a `--clang-arg`; other commands keep them as arguments.
  static func preparing(_ arguments: [String]) -> [String] {
    // Options parsed unconditionally: their value may start with '-' (-fshort-enums, -Inf).
    let valueOptions: Set = ["--clang-arg", "--absolute", "--relative", "--ulps"]
    var result: [String] = []
    for (index, argument) in arguments.enumerated() {
      if argument == "--" {
        guard arguments.first == "import" else { return result + arguments[index...] }
        return result + arguments[(index + 1)...].map { "--clang-arg=\($0)" }
      }
      if index > 0, valueOptions.contains(arguments[index - 1]) {
        result.append(argument)
      } else if argument == "-h" {
        result.append("--help")
      } else if argument.hasPrefix("-D") || argument.hasPrefix("-I"), argument.count > 2 {
        result += [String(argument.prefix(2)), String(argument.dropFirst(2))]
      } else {
        result.append(argument)
      }
    }
    return result
  }

  /// ArgumentParser's full message with its first part, which echoes arguments as given, escaped: an argument
  /// with a newline in it must not split the line that names the problem. An unknown option given to `import`
  /// is most likely clang's, so the line says how to pass one.
  static func oneLineHeadline(_ full: String, message: String, arguments: [String]) -> String {
    guard !message.isEmpty, let range = full.firstRange(of: message) else { return full }
    var headline = ToolText.escaped(message)
    if arguments.first == "import", message.hasPrefix("Unknown option") {
      headline += "; pass clang's own arguments with --clang-arg, or after --"
    }
    var result = full
    result.replaceSubrange(range, with: headline)
    return result
  }
}
