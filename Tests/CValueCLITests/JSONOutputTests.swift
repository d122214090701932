import Foundation
import Testing

/// `cvalue compare --json` and `cvalue describe --json`: the schema 1 the JSONOutput article documents, its
/// examples, exact text (keys sorted), and a round trip: the text parses back into the same values, and
/// writing them again with sorted keys gives the same text.
@Suite("--json")
struct JSONOutputTests {
  /// {0, 0, 10, 20} and {0, 0, 10, 20.5}.
  static let rect = CompareCommandTests.rect
  static let wider = CompareCommandTests.wider

  static let differ =
    #"{"actual":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20}}","comparedFieldCount":4,"#
    + #""expected":"{.origin = {.x = 0, .y = 0}, .size = {.width = 10, .height = 20.5}}","ignoredPaths":[],"#
    + #""isEqual":false,"mismatchCount":1,"mismatches":[{"actual":"20","actualNumber":20,"difference":0.5,"#
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

  @Test("describe --json: the description, and every leaf with its value")
  func describe() async throws {
    let run = try await CValue.run(["describe", #"{S="a"c"b"i}"#, "41000000 07000000", "--json"])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout
        == #"{"description":"{.a = 65, .b = 7}","fields":[{"cType":"char","encoding":"c","number":65,"offset":0,"#
        + #""path":".a","size":1,"text":"65"},{"cType":"int","encoding":"i","number":7,"offset":4,"path":".b","#
        + #""size":4,"text":"7"}],"schema":1,"size":8,"type":"{S=\"a\"c\"b\"i}"}"# + "\n")
    _ = try Self.roundTrip(String(run.stdout.dropLast()))
  }

  @Test("describe --json: with --count, each value's leaves by index, offsets from the first value")
  func describeCount() async throws {
    let run = try await CValue.run([
      "describe", #"{cv_point="x"d"y"d}"#, "000000000000f03f 0000000000000040 0000000000000840 000000000000f87f",
      "--count", "2", "--json",
    ])
    #expect(run.exited(0), "\(run)")
    let object = try Self.roundTrip(String(run.stdout.dropLast()))
    let fields = try #require(object["fields"] as? [[String: Any]])
    #expect(fields.map { $0["path"] as? String } == ["[0].x", "[0].y", "[1].x", "[1].y"])
    #expect(fields.map { $0["offset"] as? Int } == [0, 8, 16, 24])
    #expect(fields.map { $0["text"] as? String } == ["1", "2", "3", "nan"])
    // NaN has no JSON number: the key is left out.
    #expect(fields.map { $0["number"] as? Double } == [1, 2, 3, nil])
    // The round trip the other way: each leaf's text parses back into the bytes described.
    let encoded = try await CValue.run(["encode", "double", try #require(fields[2]["text"] as? String)])
    #expect(encoded.stdout == "0000000000000840\n")
  }

  @Test("compare --json: padding mismatches carry a path and where the bytes are")
  func padding() async throws {
    let reading = #"{cv_reading="tag"c"value"d"count"i"unit"[4c]}"#
    let run = try await CValue.run([
      "compare", reading, "41aaaaaaaaaaaaaa 0000000000003440 04000000 43000000",
      "4100000000000000 0000000000003440 04000000 43000000", "--compare-padding", "--json",
    ])
    #expect(run.exited(1), "\(run)")
    let object = try Self.roundTrip(String(run.stdout.dropLast()))
    let mismatch = try #require((object["mismatches"] as? [[String: Any]])?.first)
    #expect(mismatch["path"] as? String == ".tag+padding")
    #expect(
      try Self.text(try #require(mismatch["padding"]))
        == #"{"after":".tag","before":".value","offset":1,"size":7}"#)
    let text = try await CValue.run([
      "compare", reading, "41aaaaaaaaaaaaaa 0000000000003440 04000000 43000000",
      "4100000000000000 0000000000003440 04000000 43000000", "--compare-padding",
    ])
    #expect(
      text.stdout.split(separator: "\n")[1]
        == "  padding 1..<8 (after .tag, before .value): <7 bytes: aa aa aa aa aa aa aa> ≠ <7 bytes: 00 00 00 00 00 00 00>"
    )
  }

  /// The JSONOutput article of CValueKit's catalog: each `cvalue …` command in a `sh` block and the object
  /// in the `json` block after it.
  static func documentedExamples() throws -> [(arguments: [String], json: String)] {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/CValueKit/CValueKit.docc/JSONOutput.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    var examples: [(arguments: [String], json: String)] = []
    var command: [String]?
    for block in text.components(separatedBy: "```").enumerated() where block.offset % 2 == 1 {
      let body = block.element
      if body.hasPrefix("sh\ncvalue ") {
        command = Self.shellWords(
          String(body.dropFirst(3).dropFirst("cvalue ".count)).trimmingCharacters(in: .newlines))
      } else if body.hasPrefix("json\n"), let arguments = command {
        examples.append((arguments, String(body.dropFirst(5))))
        command = nil
      }
    }
    return examples
  }

  /// Words as a shell splits them, for the article's commands: spaces between words, single quotes.
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quoted = false
    for character in line {
      if character == "'" {
        quoted.toggle()
        word = word ?? ""
      } else if character == " " && !quoted {
        if let finished = word { words.append(finished) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let word { words.append(word) }
    return words
  }

  /// A JSON value as one line, keys sorted.
  static func text(_ object: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
  }

  @Test("the article's examples are what the tool prints")
  func documented() async throws {
    let examples = try Self.documentedExamples()
    #expect(examples.count == 4)
    for example in examples {
      let run = try await CValue.run(example.arguments)
      #expect(run.exited(example.arguments[0] == "compare" ? 1 : 0), "\(run)")
      // layout's JSON is shown as printed, its keys in their documented order; the others pretty-printed.
      guard example.arguments[0] != "layout" else {
        #expect(run.stdout == example.json, "\(example.arguments)")
        continue
      }
      let documented = try JSONSerialization.jsonObject(with: Data(example.json.utf8))
      #expect(run.stdout == (try Self.text(documented)) + "\n", "\(example.arguments)")
    }
  }
}
