import ArgumentParser
import CValueKit

struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two values' raw bytes field by field, and report every field that differs.",
    discussion: """
      Each value is given in hex as 'cvalue describe' reads it (first byte first; spaces, '_' or ':' between bytes; an optional 0x) and must be exactly the type's size. The values are compared field by field from the type's layout: padding is ignored, floating-point fields are equal when they are equal as numbers (so -0.0 == 0.0 and NaN != NaN) unless a tolerance says otherwise, and a union is equal when the bytes its members cover are, its report naming the differing fields of every member, unless --union-member or --union-tag says which member it holds: then only that member is compared, reported and shown. A type whose layout is unknown, such as {Name} with no members, is compared byte by byte.

      Exit status:
        0  equal: prints one line, such as "CGRect values are equal"
        1  different: prints each differing field with both values, then
           both whole values described
        2  bad input: a wrong byte count, bad hex, a bad encoding, a negative
           or NaN tolerance, a field path the type does not have (or that
           names one array element for --ignore), or a union member the type
           does not have; the problem goes to stderr

      Tolerances apply to float, double and long double fields (and complex and vector ones). Two values are equal when their difference is at most --absolute, or at most --relative times the larger magnitude, or when they are at most --ulps representable values apart; an infinity equals only itself. --field-tolerance .path=X replaces --absolute for that field and everything in it (--relative, --ulps and --nan-equals-nan still apply there, --bitwise does not), so one field can be looser or stricter than the rest.

      Examples:
        cvalue compare double 0000000000003440 0000000000803440
        cvalue compare double 0000000000003440 0000000000803440 --absolute 0.6
        cvalue compare float 0000803f 0100803f --ulps 1
        a=$(cvalue encode rect '{{0, 0}, {10, 20}}')
        b=$(cvalue encode rect '{{0, 0}, {10, 20.5}}')
        cvalue compare rect "$a" "$b" --field-tolerance .size.height=0.5
        cvalue compare --header netinet/tcp.h tcphdr "$syn" "$synack"

      --ignore .path leaves a field out (repeatable): it is not compared nor counted, and the report lists it after the mismatches. [*] reaches a field of every element of an array, a record's path leaves out everything in it, and the members of an anonymous struct or union are reached as C reaches them. A path that names no field is bad input, never silently ignored:
        cvalue compare --header sys/stat.h 'struct stat' "$a" "$b" --ignore .st_atim
        cvalue compare "$log" "$a" "$b" --ignore '.rows[*].stamp'

      --json prints one object (schema 1; keys sorted; a key whose value is absent is left out):
        schema              1
        type, typeName      the encoding, and the name reports use
        isEqual             true or false
        strategy            structural, built-in, registered, C function NAME,
                            bytes or pointer identity
        comparedFieldCount, mismatchCount
        mismatches          [{path, offset, actual, expected (as text),
                            actualNumber, expectedNumber (when the text is a
                            number), difference, tolerance {absolute, relative,
                            ulps, nanEqualsNaN, bitwise, text} (floats),
                            firstDifference (char arrays), padding {offset,
                            size, after, before} (--compare-padding: path
                            is .field+padding, the field before it)}],
                            at most 20
        ignoredPaths        [path]
        actual, expected    both values described, when they differ
        cvalue compare rect "$a" "$b" --json

      A union's member is named by the union's path and the member's name: --union-member .body=number. An anonymous union, such as the one in glibc's tcphdr that holds its BSD and its Linux view, is named by the path of the record holding it ('.' or nothing for the value itself) and its member by a field the member holds: .=syn is the Linux view, .=th_flags the BSD one. A tag field can say instead, by its value: --union-tag .body=.kind:1=text,2=number compares .body as text where .kind is 1 and as number where it is 2 (values in decimal or 0x hex). Where the values' tags differ, the tag is reported first and the union as one field with each value's own member; a tag value that names no member compares every member, or with --unknown-tag bytes the union's bytes:
        cvalue compare --header netinet/tcp.h tcphdr "$syn" "$synack" \\
          --union-member .=syn
        cvalue compare "$message" "$a" "$b" --union-tag .body=.kind:1=text,2=number

      A C function can decide instead: --comparer names it, --library the shared library it is in (without it, the running process is searched), and --signature its type encoding, return type first, each argument the value or a pointer to it. It is called through libffi (or directly when both arguments are pointers), and the report names it:
        cvalue compare --library ./libgeom.so --comparer rect_equal \\
          --signature 'B{Rect=dddd}{Rect=dddd}' '{Rect=dddd}' "$a" "$b"
        cvalue compare --library ./libgeom.so --comparer rect_cmp \\
          --signature 'i^{Rect}^{Rect}' --equal-when zero '{Rect=dddd}' "$a" "$b"
      A function that cannot be found or whose signature does not fit the type is bad input (exit status 2).
      """
  )

  @Argument(help: .typeArgument)
  var type: String

  @Argument(help: ArgumentHelp("The actual value's bytes in hex, first byte first.", valueName: "actual"))
  var actual: String

  @Argument(help: ArgumentHelp("The expected value's bytes in hex, first byte first.", valueName: "expected"))
  var expected: String

  @OptionGroup var types: TypeOptions

  @OptionGroup(title: ToleranceOptions.title) var tolerances: ToleranceOptions

  @OptionGroup(title: "What is compared") var fields: ComparedFieldOptions

  @OptionGroup(title: "Unions") var unions: UnionMemberOptions

  @OptionGroup(title: "A C function that decides") var comparer: ComparerOptions

  @OptionGroup(title: OutputOptions.title) var report: OutputOptions

  func run() throws {
    let text = try types.typeText(type)
    let value = try types.resolve(text: text, in: comparer.registry(for: text))
    let actualBytes = try HexBytes.parse(actual, argument: "<actual>")
    let expectedBytes = try HexBytes.parse(expected, argument: "<expected>")
    let options = try options()
    let comparison: Comparison
    // withUnsafeBytes rethrows untyped errors, so the library's are picked out by type.
    do {
      comparison = try actualBytes.withUnsafeBytes { a in
        try expectedBytes.withUnsafeBytes { b in try value.compare(bytes: a, b, options: options) }
      }
    } catch let error as ValueError {
      throw BadInput(error)
    }
    var output = StandardOutput()
    output.write(comparison.report(as: report.format) + "\n")
    output.flush()
    if !comparison.isEqual { throw ExitCode(1) }
  }

  /// The comparison options the flags describe.
  private func options() throws(BadInput) -> ComparisonOptions {
    try Self.options(tolerances: tolerances, fields: fields, unions: unions)
  }

  /// The comparison options that the tolerance, field and union flags describe (`compare`'s and `log`'s).
  static func options(tolerances: ToleranceOptions, fields: ComparedFieldOptions, unions: UnionMemberOptions)
    throws(BadInput) -> ComparisonOptions
  {
    var options = ComparisonOptions(
      tolerance: tolerances.tolerance, fieldTolerances: try tolerances.fieldTolerances(),
      unionMembers: try unions.rules(), ignoredPaths: try fields.ignoredPaths())
    options.comparesPadding = fields.comparePadding
    return options
  }
}

/// `compare`'s options that say which bytes are compared: `--ignore` leaves fields out, `--compare-padding`
/// adds the padding.
struct ComparedFieldOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Leave a field out: not compared, not counted, and listed as ignored in the report, e.g. .checksum or .rows[*].stamp ([*] is every element of an array) (repeatable).",
      valueName: ".path"))
  var ignore: [String] = []

  @Flag(
    help:
      "Compare padding bytes too, for values copied byte for byte: each padding range that differs is one mismatch, named by offset and the fields around it."
  )
  var comparePadding = false

  /// The `--ignore` paths.
  func ignoredPaths() throws(BadInput) -> Set<FieldPath> {
    var result: Set<FieldPath> = []
    for text in ignore {
      do throws(ValueError) {
        result.insert(try FieldPath(parsing: text))
      } catch {
        throw BadInput(message: "--ignore: \(error)")
      }
    }
    return result
  }
}
