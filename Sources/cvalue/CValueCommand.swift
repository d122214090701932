import ArgumentParser
import CValueKit
import Foundation

@main
struct CValueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cvalue",
    abstract: "Lay out, describe and compare raw C values by their Objective-C type encoding.",
    discussion: """
      Types are written as Objective-C type encodings, the strings clang's @encode produces, or as readable names.

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

      With --header, types come from C headers, read by clang (libclang, loaded at run time) and named as C names them: 'cvalue layout --header netinet/tcp.h tcphdr'. With --target, clang reads them for another machine (aarch64-linux-gnu, armv7-linux-gnueabihf, i386-linux-gnu, riscv64-linux-gnu, x86_64-pc-windows-msvc) and bytes are read with that machine's layout.

      Values are given as their raw bytes in hex, first byte first, as they lie in memory ('2a000000' is the int 42; spaces, '_' or ':' may separate bytes), or as C initializers ('{.x = 1, .y = 2}'), which encode turns into those bytes.

      Examples:
        cvalue layout rect
        cvalue layout '{S=cdi}' --json
        cvalue layout '(U=if)'
        cvalue layout '{flags=b0I3b3I5}'
        cvalue layout --header netinet/tcp.h tcphdr
        cvalue encode point '{.x = 1, .y = 2}'
        cvalue describe int32 '01000000 02000000 03000000' --count 3
        cvalue compare double 0000000000003440 0000000000803440 --absolute 0.6

      Quote encodings and values in the shell: { } [ ] ( ) ^ ? * ! " and spaces are special to it. Bad input prints the problem and its byte offset with a caret on stderr, and exits with status 2; compare exits with status 1 when the values differ.
      """,
    version: "0.1.0",
    subcommands: [
      LayoutCommand.self, DescribeCommand.self, CompareCommand.self, CheckPaddingCommand.self, EncodeCommand.self,
      ImportCommand.self, SnapshotCommand.self,
    ]
  )

  /// Runs the command; every kind of bad input, the tool's own and ArgumentParser's, exits with status 2.
  static func main() {
    do {
      var command = try parseAsRoot(splittingJoinedMacros(Array(CommandLine.arguments.dropFirst())))
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
      default: fail(Self.oneLineHeadline(fullMessage(for: error), message: message(for: error)))
      }
    }
  }

  private static func fail(_ text: String) -> Never {
    StandardError.write(text)
    Self.exit(withError: ExitCode(2))
  }
}

extension CValueCommand {
  /// `-DNAME=VALUE` as `-D NAME=VALUE`: ArgumentParser takes the `=` of a joined short option for the start of
  /// its value (`-DNAME` given `VALUE`), so clang's spelling is split before parsing. Arguments after `--` stay.
  static func splittingJoinedMacros(_ arguments: [String]) -> [String] {
    var result: [String] = []
    for (index, argument) in arguments.enumerated() {
      if argument == "--" { return result + arguments[index...] }
      if argument.hasPrefix("-D"), argument.count > 2 {
        result += ["-D", String(argument.dropFirst(2))]
      } else {
        result.append(argument)
      }
    }
    return result
  }

  /// ArgumentParser's full message with its first part, which echoes arguments as given, escaped: an argument
  /// with a newline in it must not split the line that names the problem.
  static func oneLineHeadline(_ full: String, message: String) -> String {
    guard !message.isEmpty, let range = full.range(of: message) else { return full }
    return full.replacingCharacters(in: range, with: ToolText.escaped(message))
  }
}
