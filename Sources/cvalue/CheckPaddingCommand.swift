import ArgumentParser
import CValueKit

struct CheckPaddingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-padding",
    abstract: "Check that a value's padding bytes are zero, and name every non-zero one and the fields around it.",
    discussion: """
      A struct copied out of a trust boundary (kernel to user, process to network) leaks whatever its padding holds (CERT DCL39-C). The value is given in hex as 'cvalue describe' reads it, or with --file, and must be exactly the type's size. Padding is every byte no field covers: holes between members, tail padding, and the bytes of a union no member covers; with --union-member or --union-tag, also the bytes only the union's other members cover, which are dead in a value whose live member is known.

      Exit status:
        0  every padding byte is zero: prints one line, such as
           "tm has its padding zeroed"
        1  some are not: prints each run of non-zero padding bytes by
           offset, the fields it lies between, and the bytes
        2  bad input: a wrong byte count, bad hex, a bad encoding, a type
           whose layout is unknown, or a union member the type does not
           have; the problem goes to stderr

      --json prints one object, cvalue compare's (schema 1, keys sorted) with strategy padding: each run of non-zero padding bytes is a mismatch whose path is the field before it with +padding, its padding object the offset, size and fields around it, its actual the bytes (expected is zeros).

      Examples:
        cvalue check-padding --header time.h 'struct tm' --file tm.bin
        # tm has 4 non-zero padding bytes:
        #   36..<40 (after .tm_isdst, before .tm_gmtoff): <4 bytes: aa aa aa aa>
        cvalue check-padding '{msg="kind"i"body"(?="text"[12c]"number"{?="value"i"scale"f})}' "$bytes" \\
          --union-tag .body=.kind:1=text,2=number
        cvalue check-padding --header time.h 'struct tm' --file tm.bin --format json
      """
  )

  @Argument(help: .typeArgument)
  var type: String

  @Argument(
    help: ArgumentHelp(
      "The value's bytes in hex, first byte first; omit it with --file.", valueName: "bytes"))
  var bytes: String?

  @Option(help: ArgumentHelp("Read the value's raw bytes from this file instead of hex.", valueName: "path"))
  var file: String?

  @OptionGroup(title: "Unions") var unions: UnionMemberOptions

  @OptionGroup var types: TypeOptions

  @OptionGroup(title: OutputOptions.title) var report: OutputOptions

  func validate() throws(BadInput) { try ByteFile.checkOneSource(hex: bytes, file: file) }

  func run() throws {
    let value = try types.resolve(type)
    let data = try ByteFile.bytes(hex: bytes, file: file)
    let rules = try unions.rules()
    let check: Comparison
    do throws(ValueError) {
      check = try value.checkPadding(bytes: data, unionMembers: rules)
    } catch {
      throw BadInput(error)
    }
    var output = StandardOutput()
    output.write(check.report(as: report.format) + "\n")
    output.flush()
    if !check.isEqual { throw ExitCode(1) }
  }
}
