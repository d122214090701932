import ArgumentParser
import CValueKit

struct EncodeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "encode",
    abstract: "Turn a C initializer into the value's bytes, printed in hex.",
    discussion: """
      The literal is a C initializer as 'cvalue describe' prints it, or as you would write it in C: members by designator ({.x = 1, .y = 2}, .origin.x = 1, [2] = 5) or by position ({1, 2}), nested braces for members that are structs, unions and arrays, "text" for a char array, 'A' for a char, NULL, true and false, and numbers in decimal, hex (0x1f) or floating point (1.5, 1e-3, 0x1p3, inf, nan); comments are skipped. Members left out, and padding, are zero.

      The bytes are printed as one line of lowercase hex digits without separators, first byte first: exactly what 'cvalue describe' and 'cvalue compare' accept, so 'cvalue describe T "$(cvalue encode T L)"' prints the literal back. A literal that does not fit the type prints the problem on stderr with a caret under it, and exits with status 2.

      Examples:
        cvalue encode int32 42
        cvalue encode point '{.x = 1, .y = 2}'
        cvalue encode rect '{{0, 0}, {10, 20}}'
        cvalue encode int32 -2
        cvalue encode '{F="name"[8c]"mode"b64I3}' '{.name = "eth0", .mode = 5}'
        cvalue encode --header netinet/in.h in_addr '{.s_addr = 0x0100007f}'
      """
  )

  @Argument(help: .typeArgument)
  var type: String

  // Every input that is not an option, so that a negative number (`-2`) is a literal and not an unknown flag.
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "The value as a C initializer, e.g. '{.x = 1, .y = 2}'; quote it in the shell. Words are joined with spaces.",
      valueName: "literal"))
  var words: [String] = []

  @OptionGroup var types: TypeOptions

  func run() throws {
    let value = try types.resolve(type)
    guard !words.isEmpty else { throw BadInput(message: "missing the literal, such as '{.x = 1, .y = 2}'") }
    let literal = words.joined(separator: " ")
    let bytes: [UInt8]
    do throws(ValueError) {
      bytes = try value.parse(literal)
    } catch {
      throw BadInput(error)
    }
    var output = StandardOutput()
    output.write(HexBytes.format(bytes) + "\n")
    output.flush()
  }
}
