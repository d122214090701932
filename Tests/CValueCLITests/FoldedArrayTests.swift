import Foundation
import TestSupport
import Testing

/// `layout` folds an array of records the way it folds an array of scalars: its first element's rows stand
/// for all of them, marked with the count and the stride, in the table and in the JSON, so that a layout of
/// any size is a few lines (glibc's `dtv`: 134,217,727 `union dtv`, listed element by element before).
@Suite struct FoldedArrayTests {
  static let source = """
    struct big { union u { int a; float b; } items[100000000]; };
    struct holey { struct pair { char c; int i; } pairs[1000000]; short tail; };
    struct big *big_pointer;
    struct holey *holey_pointer;

    """

  static let object = BinaryCommandTests.build(source, file: "folded.c", compiler: "gcc", flags: ["-c"])

  static let bigTable = """
    offset     size  field                   type
         0        4  .items[0...99999999].a  i  int  (× 100000000 every 4 bytes)
         0        4  .items[0...99999999].b  f  float  (× 100000000 every 4 bytes)

    """

  @Test func anArrayOfRecordsFromDebugInfoIsItsFirstElement() async throws {
    let object = try Self.object.get()
    let big = try await CValue.run(["layout", "--binary", object, "struct big"])
    #expect(big.exited(0), "\(big)")
    #expect(
      big.stdout == """
        struct big = {big}
        size 400000000, alignment unknown (at most 4), stride 400000000 (x86_64-linux)

        \(Self.bigTable)
        alignment unknown, at most 4 (DWARF does not say packed, and the members lie alike packed or not)

        """)
    let holey = try await CValue.run(["layout", "--binary", object, "struct holey"])
    #expect(holey.exited(0), "\(holey)")
    #expect(
      holey.stdout == """
        struct holey = {holey}
        size 8000004, alignment 4, stride 8000004 (x86_64-linux)

        offset     size  field                 type
             0        1  .pairs[0...999999].c  c  char  (× 1000000 every 8 bytes)
             1        3  (padding)             hole of 3 bytes  (× 1000000 every 8 bytes)
             4        4  .pairs[0...999999].i  i  int  (× 1000000 every 8 bytes)
        8000000        2  .tail                 s  short
        8000002        2  (padding)             hole of 2 bytes

        alignment 4 (natural: every member at a multiple of its own alignment)

        """)
  }

  @Test func theJSONFoldsTheSameArrays() async throws {
    let object = try Self.object.get()
    var output = ""
    for type in ["struct big", "struct holey"] {
      let run = try await CValue.run(["layout", "--binary", object, type, "--json"])
      #expect(run.exited(0), "\(run)")
      output += run.stdout
    }
    #expect(
      output == """
        {"encoding":"{big}","size":400000000,"alignment":4,"alignmentSource":"unknown","stride":400000000,"fields":[
        {"path":".items[0].a","offset":0,"size":4,"encoding":"i","folded":[{"count":100000000,"stride":4}]},
        {"path":".items[0].b","offset":0,"size":4,"encoding":"f","folded":[{"count":100000000,"stride":4}]}],"padding":[]}
        {"encoding":"{holey}","size":8000004,"alignment":4,"alignmentSource":"natural","stride":8000004,"fields":[
        {"path":".pairs[0].c","offset":0,"size":1,"encoding":"c","folded":[{"count":1000000,"stride":8}]},
        {"path":".pairs[0].i","offset":4,"size":4,"encoding":"i","folded":[{"count":1000000,"stride":8}]},
        {"path":".tail","offset":8000000,"size":2,"encoding":"s"}],"padding":[{"offset":1,"size":3,"folded":[{"count":1000000,"stride":8}]},{"offset":8000002,"size":2}]}

        """)
  }

  /// The same type written as an encoding, and from a catalog file of the binary's debug info.
  @Test func anEncodingAndACatalogFoldAlike() async throws {
    let encoding = try await CValue.run(["layout", #"{big="items"[100000000(u="a"i"b"f)]}"#, "--abi", "x86_64-linux"])
    #expect(encoding.exited(0), "\(encoding)")
    #expect(
      encoding.stdout == """
        {big="items"[100000000(u="a"i"b"f)]}
        size 400000000, alignment 4, stride 400000000 (x86_64-linux)

        \(Self.bigTable)
        """)
    let object = try Self.object.get()
    let catalog = URL(fileURLWithPath: object).deletingLastPathComponent().appendingPathComponent("big.json").path
    let written = try await CValue.run(["import", "--binary", object, "struct big", "--output", catalog])
    #expect(written.exited(0), "\(written)")
    let fromCatalog = try await CValue.run(["layout", "--catalog", catalog, "struct big"])
    #expect(fromCatalog.exited(0), "\(fromCatalog)")
    #expect(
      fromCatalog.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3)
        .joined(separator: "\n") == Self.bigTable)
    // A matrix of records folds each dimension: two rows, whatever the element count.
    let matrix = try await CValue.run(["layout", #"{m="cells"[3000[2000{cell="x"s"y"c}]]}"#, "--json"])
    #expect(matrix.exited(0), "\(matrix)")
    #expect(
      matrix.stdout.split(separator: "\n").dropFirst() == [
        #"{"path":".cells[0][0].x","offset":0,"size":2,"encoding":"s","folded":[{"count":3000,"stride":8000},{"count":2000,"stride":4}]},"#,
        #"{"path":".cells[0][0].y","offset":2,"size":1,"encoding":"c","folded":[{"count":3000,"stride":8000},{"count":2000,"stride":4}]}],"padding":[{"offset":3,"size":1,"folded":[{"count":3000,"stride":8000},{"count":2000,"stride":4}]}]}"#,
      ])
  }
}
