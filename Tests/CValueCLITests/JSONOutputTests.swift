import Foundation
import Testing

/// `cvalue compare --json` and `cvalue describe --json`: the documented schema 1, exact text (keys sorted),
/// and a round trip: the text parses back into the same values, and writing them again with sorted keys
/// gives the same text.
@Suite("--json")
struct JSONOutputTests {
  /// {0, 0, 10, 20} and {0, 0, 10, 20.5}.
  static let rect = CompareCommandTests.rect
  static let wider = CompareCommandTests.wider

  static let differ =
    #"{"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,"#
    + #""expected":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}","ignoredPaths":[],"#
    + #""isEqual":false,"mismatchCount":1,"mismatches":[{"actual":"20.0","actualNumber":20,"difference":0.5,"#
    + #""expected":"20.5","expectedNumber":20.5,"offset":24,"path":".size.height","tolerance":{"absolute":0.25,"#
    + #""bitwise":false,"nanEqualsNaN":false,"relative":0,"text":"0.25","ulps":0}}],"schema":1,"#
    + #""strategy":"built-in","type":"{CGRect={CGPoint=dd}{CGSize=dd}}","typeName":"CGRect"}"#

  /// Parses the text, checks it writes back to the same text with sorted keys, and returns the object.
  static func roundTrip(_ text: String) throws -> [String: Any] {
    let data = Data(text.utf8)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let again = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    #expect(String(decoding: again, as: UTF8.self) == text)
    return object
  }

  @Test("compare --json: every mismatch with both values as text and numbers, the difference and tolerance")
  func compare() async throws {
    let run = try await CValue.run(["compare", "rect", Self.rect, Self.wider, "--absolute", "0.25", "--json"])
    #expect(run.exited(1), "\(run)")
    #expect(run.stdout == Self.differ + "\n")
    let object = try Self.roundTrip(String(run.stdout.dropLast()))
    let mismatches = try #require(object["mismatches"] as? [[String: Any]])
    #expect(mismatches.first?["expectedNumber"] as? Double == 20.5)
    #expect(object["mismatchCount"] as? Int == 1)

    let equal = try await CValue.run(["compare", "rect", Self.rect, Self.rect, "--json"])
    #expect(equal.exited(0), "\(equal)")
    #expect(
      equal.stdout
        == #"{"comparedFieldCount":4,"ignoredPaths":[],"isEqual":true,"mismatchCount":0,"mismatches":[],"schema":1,"#
        + #""strategy":"built-in","type":"{CGRect={CGPoint=dd}{CGSize=dd}}","typeName":"CGRect"}"# + "\n")
    _ = try Self.roundTrip(String(equal.stdout.dropLast()))
  }

  @Test("compare --json lists ignored paths")
  func ignored() async throws {
    let log = CompareCommandTests.log
    let run = try await CValue.run([
      "compare", log, CompareCommandTests.logA, CompareCommandTests.logB, "--ignore", ".rows[*].stamp", "--json",
    ])
    #expect(run.exited(1), "\(run)")
    let object = try Self.roundTrip(String(run.stdout.dropLast()))
    #expect(object["ignoredPaths"] as? [String] == [".rows[*].stamp"])
    let mismatch = try #require((object["mismatches"] as? [[String: Any]])?.first)
    #expect(mismatch["path"] as? String == ".rows[2].value")
    #expect(mismatch["actualNumber"] as? Int == 3)
    #expect(mismatch["expectedNumber"] as? Int == 4)
  }

  @Test("describe --json: the description and the layout's fields")
  func describe() async throws {
    let run = try await CValue.run(["describe", #"{S="a"c"b"i}"#, "41000000 07000000", "--json"])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout
        == #"{"description":"{.a = 65, .b = 7}","fields":[{"encoding":"c","offset":0,"path":".a","size":1},"#
        + #"{"encoding":"i","offset":4,"path":".b","size":4}],"schema":1,"size":8,"type":"{S=\"a\"c\"b\"i}"}"#
        + "\n")
    _ = try Self.roundTrip(String(run.stdout.dropLast()))
  }
}
