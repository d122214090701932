import ArgumentParser
import CValueKit
import Foundation

@main
struct CValueCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cvalue",
    abstract: "Lay out raw C values by their Objective-C type encoding.",
    discussion: """
      Types are written as Objective-C type encodings, the strings clang's @encode produces, or as readable names.

      Scalars:   c C s S i I q Q (char … unsigned long long)  l L (32-bit long)  t T (__int128)
                 f d D (float, double, long double)  B (_Bool)  v (void)  * (char *)  ? (unknown)
                 @ (id)  @"Name" (typed object)  @? (block)  # (Class)  : (SEL)  % (atom)
      Compound:  ^T pointer   [N T] array   {Name=TU…} struct   {Name} struct by name   {?=…} anonymous
                 (Name=TU…) union   {P="x"d"y"d} named members   jT _Complex   ![size,align T] vector
      Bitfields: bN (Apple: width only)   b<offset><type><width> (GNU: bit offset, declared type, width)
      Qualifiers (ignored for identity): r const  n in  N inout  o out  O bycopy  R byref  V oneway
                 A _Atomic (changes size and alignment)
      Names:     int8 int16 int32 int64 uint8 uint16 uint32 uint64 float double bool pointer cstring
                 point = {CGPoint=dd}   size = {CGSize=dd}   rect = {CGRect={CGPoint=dd}{CGSize=dd}}

      Examples:
        cvalue layout rect
        cvalue layout '{S=cdi}' --json
        cvalue layout '(U=if)'
        cvalue layout '{flags=b0I3b3I5}'

      Quote encodings in the shell: {, }, [, ], (, ), ^, ?, *, ! and " are special to it.
      Bad input prints the problem and its byte offset with a caret, and exits with status 2.
      """,
    version: "0.1.0",
    subcommands: [LayoutCommand.self]
  )

  /// Runs the command; every kind of bad input, the tool's own and ArgumentParser's, exits with status 2.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let exit as ExitCode {
      Self.exit(withError: exit)
    } catch let failure as BadInput {
      StandardError.write(failure.message)
      Self.exit(withError: ExitCode(2))
    } catch {
      let code = exitCode(for: error)
      guard code != .success else { Self.exit(withError: error) }
      StandardError.write(fullMessage(for: error))
      Self.exit(withError: ExitCode(2))
    }
  }
}

/// Input the tool refuses: the message goes to stderr and the tool exits with status 2.
struct BadInput: Error {
  var message: String
}

enum StandardError {
  static func write(_ text: String) {
    let line = text.hasSuffix("\n") ? text : text + "\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
