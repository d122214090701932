import Testing

/// `cvalue compare`: status 0 and one line when equal, status 1 and the report when not, status 2 for bad input.
@Suite("cvalue compare")
struct CompareCommandTests {
  struct Case: Sendable, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var output: String
    var description: String { arguments.map { "[\($0)]" }.joined(separator: " ") }

    init(_ arguments: [String], _ status: Int32, _ output: String) {
      self.arguments = ["compare"] + arguments
      self.status = status
      self.output = output
    }
  }

  /// {0, 0, 10, 20} and {0, 0, 10, 20.5}.
  static let rect = "0000000000000000 0000000000000000 0000000000002440 0000000000003440"
  static let wider = "0000000000000000 0000000000000000 0000000000002440 0000000000803440"
  /// 1.0 and the next double after it.
  static let one = "000000000000f03f"
  static let nextAfterOne = "010000000000f03f"

  static let rectReport = """
    CGRect values differ at 1 of 4 fields:
      .size.height: 20 ≠ 20.5 (difference 0.5)
      actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
      expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}

    """

  static let cases: [Case] = [
    Case(["rect", rect, rect], 0, "CGRect values are equal\n"),
    Case(["rect", rect, wider], 1, rectReport),
    Case(["rect", rect, wider, "--absolute", "0.6"], 0, "CGRect values are equal\n"),
    Case(
      ["rect", rect, wider, "--absolute", "0.25"], 1,
      """
      CGRect values differ at 1 of 4 fields:
        .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.25)
        actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
        expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}

      """),
    Case(["rect", rect, wider, "--relative", "0.03"], 0, "CGRect values are equal\n"),
    Case(["rect", rect, wider, "--field-tolerance", ".size.height=0.5"], 0, "CGRect values are equal\n"),
    Case(["rect", rect, wider, "--field-tolerance", ".size=1"], 0, "CGRect values are equal\n"),
    Case(["rect", rect, wider, "--field-tolerance", ".origin=1"], 1, rectReport),
    Case(
      ["rect", wider, rect, "--absolute", "1", "--field-tolerance", ".size.height=0.1"], 1,
      """
      CGRect values differ at 1 of 4 fields:
        .size.height: 20.5 ≠ 20 (difference 0.5, tolerance 0.1)
        actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}
        expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}

      """),
    Case(["double", one, nextAfterOne, "--ulps", "1"], 0, "double values are equal\n"),
    Case(
      ["double", one, nextAfterOne], 1,
      """
      double values differ at 1 of 1 field:
        value: 1 ≠ 1.0000000000000002 (difference 2.220446049250313e-16)
        actual:   1
        expected: 1.0000000000000002

      """),
    // -0.0 and 0.0 are equal as numbers, not bit for bit.
    Case(["double", "0000000000000000", "0000000000000080"], 0, "double values are equal\n"),
    Case(
      ["double", "0000000000000000", "0000000000000080", "--bitwise"], 1,
      """
      double values differ at 1 of 1 field:
        value: 0 ≠ -0.0 (difference 0, tolerance bitwise)
        actual:   0
        expected: -0.0

      """),
    // NaN (0x7ff8…) and NaN.
    Case(["double", "000000000000f87f", "000000000000f87f", "--nan-equals-nan"], 0, "double values are equal\n"),
    // Padding is not compared: the 7 bytes after the char differ.
    Case(
      ["{S=cd}", "41 00000000000000 000000000000f03f", "41 ffffffffffffff 000000000000f03f"], 0,
      "S values are equal\n"),
    // A char array is one field: both strings and where they part.
    Case(
      ["{K=\"release\"[8c]}", "362e312e30000000", "362e31382e300000"], 1,
      """
      K values differ at 1 of 1 field:
        .release: "6.1.0" ≠ "6.18.0" (first difference at [3])
        actual:   {.release = "6.1.0"}
        expected: {.release = "6.18.0"}

      """),
    // A union's bytes differ: every member view names its own differing fields.
    Case(
      ["(U=\"i\"i\"s\"s\"c\"c)", "01000100", "02000100"], 1,
      """
      U values differ at 3 of 3 fields:
        .i: 65537 ≠ 65538
        .s: 1 ≠ 2
        .c: 1 ≠ 2
        actual:   {.i = 65537, .s = 1, .c = 1}
        expected: {.i = 65538, .s = 2, .c = 2}

      """),
    Case(
      ["{X}", "0102", "0103"], 1,
      """
      X values differ at 1 of 2 fields (compared byte by byte: layout unknown for struct X: the encoding omits its members and no definition is registered):
        [1]: 0x02 ≠ 0x03
        actual:   <2 bytes: 01 02>
        expected: <2 bytes: 01 03>

      """),
    Case(["--ignore", ".rows[*].stamp", log, logA, logB], 1, logReport),
    Case(
      [log, logA, logB, "--ignore", ".rows[*].stamp", "--ignore", ".rows[*].value"], 0,
      """
      cv_log values are equal (ignoring .rows[*].value, .rows[*].stamp)

      """),
    Case([log, logA, logB, "--ignore", ".rows"], 0, "cv_log values are equal (ignoring .rows)\n"),
  ]

  /// `struct cv_log` (CTestTypes): a sequence number and three rows of a value and a time stamp.
  static let log = #"{cv_log="sequence"I"rows"[3{cv_row="value"i"stamp"I}]}"#
  /// {7, {{1, 100}, {2, 200}, {3, 300}}} and {7, {{1, 101}, {2, 202}, {4, 303}}}.
  static let logA = "07000000 01000000 64000000 02000000 c8000000 03000000 2c010000"
  static let logB = "07000000 01000000 65000000 02000000 ca000000 04000000 2f010000"
  static let logReport = """
    cv_log values differ at 1 of 4 fields:
      .rows[2].value: 3 ≠ 4
      ignored: .rows[*].stamp
      actual:   {.sequence = 7, .rows = {{.value = 1, .stamp = 100}, {.value = 2, .stamp = 200}, {.value = 3, .stamp = 300}}}
      expected: {.sequence = 7, .rows = {{.value = 1, .stamp = 101}, {.value = 2, .stamp = 202}, {.value = 4, .stamp = 303}}}

    """

  @Test("the status says equal or not, stdout says why", arguments: cases)
  func compare(_ expected: Case) async throws {
    let run = try await CValue.run(expected.arguments)
    #expect(run.exited(expected.status), "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(run.stdout == expected.output)
  }

  static let badInput: [BadInputCase] = [
    BadInputCase(
      ["compare", log, logA, logB, "--ignore", ".rows[1].stamp"],
      #"{cv_log="sequence"I"rows"[3{cv_row="value"i"stamp"I}]}: .rows[1].stamp names one array element; "#
        + "ignored paths and field comparers apply to every element, written [*]\n"),
    BadInputCase(
      ["compare", log, logA, logB, "--ignore", ".row"],
      #"{cv_log="sequence"I"rows"[3{cv_row="value"i"stamp"I}]} has no field .row"# + "\n"),
    BadInputCase(
      ["compare", log, logA, logB, "--ignore", ".rows[*"],
      "--ignore: malformed field path \".rows[*\" at offset 5\n"),
    BadInputCase(
      ["compare", "rect", rect, "00"],
      "the expected value has 1 byte, but {CGRect={CGPoint=dd}{CGSize=dd}} is 32 bytes\n"),
    BadInputCase(
      ["compare", "point", "000000000000f03f", "000000000000f03f"],
      "the actual value has 8 bytes, but {CGPoint=dd} is 16 bytes\n"),
    BadInputCase(
      ["compare", "int32", "2a000000", "2a0000"],
      "the expected value has 3 bytes, but i is 4 bytes\n"),
    BadInputCase(
      ["compare", "int32", "2a0000x0", "2a000000"],
      """
      invalid hex digit 'x' at offset 6 in <actual> "2a0000x0"
        2a0000x0
              ^

      """),
    BadInputCase(
      ["compare", "int32", "2a000000", "2a 000 000"],
      """
      odd number of hex digits (3) at offset 3 in <expected> "2a 000 000"
        2a 000 000
           ^

      """),
    BadInputCase(
      ["compare", "{S=dd", "00", "00"],
      """
      unterminated struct at offset 5 in "{S=dd"
        {S=dd
             ^

      """),
    BadInputCase(
      ["compare", "rect", rect, rect, "--absolute", "-1"],
      "absolute tolerance -1 is not a finite number ≥ 0\n"),
    // -Inf is the tolerance's value, not -I (clang's include directory) joined to "nf".
    BadInputCase(
      ["compare", "rect", rect, rect, "--absolute", "-Inf"],
      "absolute tolerance -inf is not a finite number ≥ 0\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--relative", "nan"],
      "relative tolerance nan is not a finite number ≥ 0\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size=-0.5"],
      "absolute tolerance -0.5 is not a finite number ≥ 0 (for .size)\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size.depth=1"],
      "{CGRect={CGPoint=dd}{CGSize=dd}} has no field .size.depth\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size..width=1"],
      "--field-tolerance: malformed field path \".size..width\" at offset 6\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size"],
      "--field-tolerance: \".size\" is not .path=x, e.g. .size.width=0.5\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size=wide"],
      "--field-tolerance: \"wide\" in \".size=wide\" is not a number\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--field-tolerance", ".size=1", "--field-tolerance", ".size=2"],
      "--field-tolerance: .size is given more than once\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--bitwise", "--ulps", "2"],
      "--bitwise compares bit patterns only; it does not combine with --absolute, --relative or --ulps\n"),
    BadInputCase(
      ["compare", "rect", rect, rect, "--ulps", "-1"],
      """
      Error: The value '-1' is invalid for '--ulps <n>'
      Help:  --ulps <n>  Floating-point fields are equal at most this many representable values apart (of the field's own type).
      Usage: cvalue compare [<options>] <type> <actual> <expected>
        See 'cvalue compare --help' for more information.

      """),
    BadInputCase(
      ["compare", "rect", rect],
      """
      Error: Missing expected argument '<expected>'
      Help:  <expected>  The expected value's bytes in hex, first byte first.
      Usage: cvalue compare [<options>] <type> <actual> <expected>
        See 'cvalue compare --help' for more information.

      """),
    BadInputCase(
      ["compare", "{X}", "0102", "010203"],
      "the actual value has 2 bytes and the expected value 3\n"),
  ]

  @Test("bad input: the exact message on stderr, nothing on stdout, status 2", arguments: badInput)
  func rejects(_ expected: BadInputCase) async throws {
    try await expected.check()
  }
}
