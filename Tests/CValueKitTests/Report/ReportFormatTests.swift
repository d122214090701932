import CValueKit
import Testing

/// The library's two report formats: the text a person reads and the schema 1 JSON (the JSONOutput
/// article), the same for Swift, C (`cv_compare_json`) and the `cvalue` tool.
@Suite struct ReportFormatTests {
  private let rect: [UInt8] = hex("0000000000000000 0000000000000000 0000000000002440 0000000000003440")
  private let wider: [UInt8] = hex("0000000000000000 0000000000000000 0000000000002440 0000000000803440")

  @Test func aLayoutIsWrittenByTheLibraryAsTheToolPrintsIt() throws {
    let layout = try TypeCatalog().layout(of: "{S=cdi}", abi: .x86_64Linux)
    var json = ""
    layout.report(as: .json, alignmentSource: "natural", to: &json)
    #expect(
      json == """
        {"encoding":"{S=cdi}","size":24,"alignment":8,"alignmentSource":"natural","stride":24,"fields":[
        {"path":".0","offset":0,"size":1,"encoding":"c"},
        {"path":".1","offset":8,"size":8,"encoding":"d"},
        {"path":".2","offset":16,"size":4,"encoding":"i"}],"padding":[{"offset":1,"size":7},{"offset":20,"size":4}]}

        """)
    var text = ""
    layout.report(as: .text, name: "sample", alignmentSource: "natural", to: &text)
    #expect(
      text.components(separatedBy: "\n").prefix(2) == [
        "sample = {S=cdi}", "size 24, alignment 8, stride 24 (x86_64-linux)",
      ])
  }

  @Test func aComparisonIsItsReportAsTextAndTheSchema1ObjectAsJSON() throws {
    let type = try ValueRegistry.shared.resolve("rect")
    let result = try type.compare(bytes: rect, wider, options: ComparisonOptions(tolerance: .absolute(0.25)))
    #expect(
      result.report(as: .text) == """
        CGRect values differ at 1 of 4 fields:
          .size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.25)
          actual:   {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}
          expected: {.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}
        """)
    #expect(result.report(as: .text) == result.report)
    #expect(
      result.report(as: .json)
        == #"{"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,"#
        + #""expected":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}","ignoredPaths":[],"#
        + #""isEqual":false,"mismatchCount":1,"mismatches":[{"actual":"20","actualNumber":20,"difference":0.5,"#
        + #""expected":"20.5","expectedNumber":20.5,"offset":24,"path":".size.height","tolerance":{"absolute":0.25,"#
        + #""bitwise":false,"nanEqualsNaN":false,"relative":0,"text":"0.25","ulps":0}}],"schema":1,"#
        + #""strategy":"built-in","type":"{CGRect={CGPoint=dd}{CGSize=dd}}","typeName":"CGRect"}"#)
    #expect(result.mismatches.map(\.description) == [".size.height: 20 ≠ 20.5 (difference 0.5, tolerance 0.25)"])
  }

  @Test func anInfiniteDifferenceIsLeftOutOfTheJSONRatherThanFailingIt() throws {
    let type = try ValueRegistry.shared.resolve("double")
    let result = try type.compare(bytes: hex("000000000000f07f"), hex("0000000000000000"))
    #expect(
      result.report(as: .json)
        == #"{"actual":"inf","comparedFieldCount":1,"expected":"0","ignoredPaths":[],"isEqual":false,"#
        + #""mismatchCount":1,"mismatches":[{"actual":"inf","expected":"0","expectedNumber":0,"offset":0,"#
        + #""path":"","tolerance":{"absolute":0,"bitwise":false,"nanEqualsNaN":false,"relative":0,"#
        + #""text":"exact","ulps":0}}],"schema":1,"strategy":"built-in","type":"d","typeName":"double"}"#)
  }

  @Test func aDescriptionAsJSONListsEveryLeafWithItsValue() throws {
    let type = try ValueRegistry.shared.resolve(#"{cv_flags="mode"b0I3"ready"b3I1"level"s}"#)
    let bytes = hex("0d00 feff")
    #expect(try type.describe(bytes: bytes, as: .text) == "{.mode = 5, .ready = 1, .level = -2}")
    #expect(
      try type.describe(bytes: bytes, as: .json)
        == #"{"description":"{.mode = 5, .ready = 1, .level = -2}","fields":[{"bitOffset":0,"bitWidth":3,"#
        + #""cType":"unsigned int : 3","encoding":"b0I3","number":5,"offset":0,"path":".mode","size":1,"text":"5"},"#
        + #"{"bitOffset":3,"bitWidth":1,"cType":"unsigned int : 1","encoding":"b3I1","number":1,"offset":0,"#
        + #""path":".ready","size":1,"text":"1"},{"cType":"short","encoding":"s","number":-2,"offset":2,"#
        + #""path":".level","size":2,"text":"-2"}],"schema":1,"size":4,"#
        + #""type":"{cv_flags=\"mode\"b0I3\"ready\"b3I1\"level\"s}"}"#)
    let two = try ValueRegistry.shared.resolve("{pair=ss}")
    #expect(
      try two.describe(bytes: hex("0100 0200 0300 0400"), count: 2, as: .json)
        == #"{"description":"{{1, 2}, {3, 4}}","fields":[{"cType":"short","encoding":"s","number":1,"offset":0,"#
        + #""path":"[0].0","size":2,"text":"1"},{"cType":"short","encoding":"s","number":2,"offset":2,"#
        + #""path":"[0].1","size":2,"text":"2"},{"cType":"short","encoding":"s","number":3,"offset":4,"#
        + #""path":"[1].0","size":2,"text":"3"},{"cType":"short","encoding":"s","number":4,"offset":6,"#
        + #""path":"[1].1","size":2,"text":"4"}],"schema":1,"size":4,"type":"{pair=ss}"}"#)
  }

  @Test func foldedFieldsListAnArrayOfScalarsOnce() throws {
    let layout = try TypeCatalog().layout(
      of: #"{cv_name="tag"i"text"[16c]"m"[2[3d]]"rows"[2{row="x"s"n"[3c]}]"one"[1{o="y"c}]}"#)
    #expect(
      layout.foldedFields.map { "\($0.path) \($0.foldedCounts) \($0.recordFolds.map { [$0.count, $0.stride] })" } == [
        ".tag [] []", ".text[0] [16] []", ".m[0][0] [2, 3] []", ".rows[0].x [] [[2, 6]]", ".rows[0].n[0] [3] [[2, 6]]",
        ".one[0].y [] [[1, 1]]",
      ])
    // The hole of each `row` is listed once, in the first, with the array's count and stride.
    #expect(
      layout.foldedPadding.map { "\($0.range) \($0.folds.map { [$0.count, $0.stride] })" } == [
        "20..<24 []", "77..<78 [[2, 6]]", "85..<88 []",
      ])
    #expect(layout.fields.count == 1 + 16 + 6 + 2 * 4 + 1)
    #expect(layout.fields.allSatisfy { $0.foldedCounts.isEmpty })
  }
}

/// Bytes from hex digits, spaces ignored (the tests' literals are well formed: a bad digit reads as 0xff).
private func hex(_ text: String) -> [UInt8] {
  let digits = Array(text.filter { !$0.isWhitespace })
  return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0xff }
}
