import ArgumentParser
import CValueKit

struct DescribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe",
    abstract: "Print raw bytes as a C initializer of the type, such as {.x = 1, .y = 2}.",
    discussion: """
      The bytes are the value as it lies in memory, first byte first, little-endian as on every supported ABI: the int 1 is 01000000. Write them in hex, upper or lower case; spaces, '_' or ':' may separate groups of whole bytes, and a group may start with 0x. This is the form 'cvalue encode' prints, so its output can be described again. With --file the bytes are read from a file instead, as they are.

      The description is a C initializer with the members' names when the encoding has them or the type is a known record (CGPoint, CGSize, CGRect), and their positions otherwise: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}. Padding is left out. A union shows every member, unless --union-member or --union-tag says which one it holds (as for 'cvalue compare'): --union-member .body=number, --union-tag .body=.kind:1=text,2=number. Pointers are printed as addresses and never followed. Arrays longer than 256 elements show the first 256 and '… N more' unless --all-elements is given. A type whose layout is unknown, such as {Name} with no members, is printed as a hex dump.

      --json prints one object (schema 1, keys sorted): type (the encoding), size, description (the C initializer), and fields [{path, offset, size, encoding, cType, bitOffset, bitWidth, text, number}]: every leaf of the layout with its value (of each value with --count, paths [i].x).

      The byte count must be the type's size (times --count); a wrong count, bad hex, a bad encoding, an unreadable file or a union member the type does not have prints the problem on stderr and exits with status 2.

      Examples:
        cvalue describe int32 2a000000
        cvalue describe point '000000000000f03f 0000000000000040'
        cvalue describe int32 '01000000 02000000 03000000' --count 3
        cvalue describe rect --file rect.bin
        cvalue describe point "$(cvalue encode point '{.x = 1, .y = 2}')"
        cvalue describe --header time.h 'struct tm' --file tm.bin --target i386-linux-gnu
      """
  )

  @Argument(help: .typeArgument)
  var type: String

  @Argument(
    help: ArgumentHelp(
      "The value's bytes in hex, first byte first, e.g. '0000803f' or '00 00 80 3f'; omit it with --file.",
      valueName: "bytes"))
  var bytes: String?

  @Option(help: ArgumentHelp("Read the value's raw bytes from this file instead of hex.", valueName: "path"))
  var file: String?

  @Option(help: "Describe this many consecutive values, one after another at the type's stride: {v0, v1, ...}.")
  var count: Int?

  @Flag(help: "Show every element of long arrays (and every value of --count), not the first 256 and '… N more'.")
  var allElements = false

  @OptionGroup(title: "Unions") var unions: UnionMemberOptions

  @OptionGroup var types: TypeOptions

  @OptionGroup(title: OutputOptions.title) var report: OutputOptions

  func validate() throws(BadInput) {
    if let count, count < 1 { throw BadInput(message: "--count must be 1 or more, not \(count)") }
    try ByteFile.checkOneSource(hex: bytes, file: file)
  }

  func run() throws {
    let value = try types.resolve(type)
    let data = try ByteFile.bytes(hex: bytes, file: file)
    try check(byteCount: data.count, of: value)
    let options = DescriptionOptions(
      maximumElements: allElements ? nil : DescriptionOptions.default.maximumElements, unionMembers: try unions.rules())
    let text: String
    // withUnsafeBytes rethrows untyped errors, so the library's are picked out by type.
    do {
      text = try data.withUnsafeBytes { bytes in
        if let count { return try value.describe(bytes: bytes, count: count, options: options, as: report.format) }
        return try value.describe(bytes: bytes, options: options, as: report.format)
      }
    } catch let error as ValueError {
      throw BadInput(error)
    }
    var output = StandardOutput()
    output.write(text + "\n")
    output.flush()
  }

  /// Refuses bytes that are not exactly the value or values, saying how many bytes the type needs.
  private func check(byteCount: Int, of value: ValueType) throws(BadInput) {
    guard let layout = value.layout else { return }
    func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }
    guard let count else {
      guard byteCount != layout.size else { return }
      throw BadInput(message: "the value has \(bytes(byteCount)), but \(value.type) is \(bytes(layout.size))")
    }
    let (total, overflow) = count.multipliedReportingOverflow(by: layout.stride)
    guard overflow || byteCount != total else { return }
    throw BadInput(
      message: "the \(count) values have \(bytes(byteCount)), but \(count) × \(value.type) is "
        + (overflow ? "too many bytes" : bytes(total)) + " (stride \(layout.stride))")
  }
}
