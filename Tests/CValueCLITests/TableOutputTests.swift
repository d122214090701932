import Testing

/// The ABI `cvalue` lays out for when no `--abi` is given, as the table's header names it.
let hostABI: String = {
  #if arch(x86_64) && canImport(Darwin)
    return "x86_64-darwin"
  #elseif arch(x86_64)
    return "x86_64-linux"
  #elseif arch(arm64) && canImport(Darwin)
    return "arm64-darwin"
  #else
    return "arm64-linux"
  #endif
}()

/// `cvalue layout` without `--json`: the whole table, character for character. None of these types contains
/// `long double`, so only the ABI's name in the header depends on the host.
@Suite("cvalue layout prints a table")
struct TableOutputTests {
  struct Case: Sendable, CustomStringConvertible {
    var argument: String
    var table: String
    var description: String { argument }
  }

  static let cases: [Case] = [
    Case(
      argument: "rect",
      table: """
        rect = {CGRect={CGPoint=dd}{CGSize=dd}}
        size 32, alignment 8, stride 32 (\(hostABI))

        offset     size  field         type
             0        8  .origin.x     d  double
             8        8  .origin.y     d  double
            16        8  .size.width   d  double
            24        8  .size.height  d  double

        """),
    Case(
      argument: "{S=cdi}",
      table: """
        {S=cdi}
        size 24, alignment 8, stride 24 (\(hostABI))

        offset     size  field      type
             0        1  .0         c  char
             1        7  (padding)  hole of 7 bytes
             8        8  .1         d  double
            16        4  .2         i  int
            20        4  (padding)  hole of 4 bytes

        """),
    Case(
      argument: "(U=if)",
      table: """
        (U=if)
        size 4, alignment 4, stride 4 (\(hostABI))

        offset     size  field      type
             0        4  .0         i  int
             0        4  .1         f  float

        """),
    Case(
      argument: "{B=b0I3b3I5c}",
      table: """
        {B=b0I3b3I5c}
        size 4, alignment 4, stride 4 (\(hostABI))

        offset     size  field      type
           0:0   3 bits  .0         b0I3  unsigned int : 3
           0:3   5 bits  .1         b3I5  unsigned int : 5
             1        1  .2         c  char
             2        2  (padding)  hole of 2 bytes

        """),
    Case(
      argument: #"{S="n"i"name"[5c]"m"[2[3s]]"f"b176I3b179I3"d"[2d]}"#,
      table: #"""
        {S="n"i"name"[5c]"m"[2[3s]]"f"b176I3b179I3"d"[2d]}
        size 40, alignment 8, stride 40 (\#(hostABI))

        offset     size  field             type
             0        4  .n                i  int
             4        5  .name[0...4]      c  char × 5
             9        1  (padding)         hole of 1 byte
            10       12  .m[0...1][0...2]  s  short × 6
          22:0   3 bits  .f                b176I3  unsigned int : 3
            23        1  (padding)         hole of 1 byte
            24       16  .d[0...1]         d  double × 2

        """#),
    Case(
      argument: "[3[4i]]",
      table: """
        [3[4i]]
        size 48, alignment 4, stride 48 (\(hostABI))

        offset     size  field           type
             0       48  [0...2][0...3]  i  int × 12

        """),
    // Rows follow the tree, not the elements: a billion-element array is one row, printed at once.
    Case(
      argument: "{big=[1073741824c][1073741824c]d}",
      table: """
        {big=[1073741824c][1073741824c]d}
        size 2147483656, alignment 8, stride 2147483656 (\(hostABI))

        offset     size  field               type
             0  1073741824  .0[0...1073741823]  c  char × 1073741824
        1073741824  1073741824  .1[0...1073741823]  c  char × 1073741824
        2147483648        8  .2                  d  double

        """),
    Case(
      argument: "{?=[1099511627776{?=}]c[2[0c]]}",
      table: """
        {?=[1099511627776{?=}]c[2[0c]]}
        size 1, alignment 1, stride 1 (\(hostABI))

        offset     size  field      type
             0        1  .1         c  char

        """),
    Case(
      argument: "[2{?=ci}]",
      table: """
        [2{?=ci}]
        size 16, alignment 4, stride 16 (\(hostABI))

        offset     size  field      type
             0        1  [0...1].0  c  char  (× 2 every 8 bytes)
             1        3  (padding)  hole of 3 bytes  (× 2 every 8 bytes)
             4        4  [0...1].1  i  int  (× 2 every 8 bytes)

        """),
  ]

  @Test("the table is exactly as documented", arguments: cases)
  func table(_ expected: Case) async throws {
    let run = try await CValue.run("layout", expected.argument)
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(run.stdout == expected.table)
  }

  @Test("--abi names the ABI in the header and lays out for it")
  func tableForABI() async throws {
    let run = try await CValue.run("layout", "{S=cD}", "--abi", "arm64-darwin")
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "", "\(run)")
    #expect(
      run.stdout == """
        {S=cD}
        size 16, alignment 8, stride 16 (arm64-darwin)

        offset     size  field      type
             0        1  .0         c  char
             1        7  (padding)  hole of 7 bytes
             8        8  .1         D  long double

        """)
  }
}
