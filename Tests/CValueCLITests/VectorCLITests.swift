import CValueKit
import Foundation
import TestSupport
import Testing

/// The object `cvalue layout --json` prints, in exactly the documented shape, its folded arrays listed
/// element by element (``unfolded(_:)``) as the compiler's vectors list them.
struct LayoutReport: Decodable, Sendable {
  struct Fold: Decodable, Sendable {
    var count: Int
    var stride: Int
  }

  struct Padding: Decodable, Sendable {
    var offset: Int
    var size: Int
    var folded: [Fold]?
  }

  /// A field as printed: a leaf, and the arrays folded to their first element that its path goes through.
  struct Field: Decodable, Sendable {
    var path: String
    var offset: Int
    var size: Int
    var encoding: String
    var bitOffset: Int?
    var bitWidth: Int?
    var folded: [Fold]?
  }

  var encoding: String
  var size: Int
  var alignment: Int
  var stride: Int
  var fields: [ReportedLeaf]
  var padding: [Padding]

  private enum CodingKeys: String, CodingKey { case encoding, size, alignment, stride, fields, padding }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    encoding = try container.decode(String.self, forKey: .encoding)
    size = try container.decode(Int.self, forKey: .size)
    alignment = try container.decode(Int.self, forKey: .alignment)
    stride = try container.decode(Int.self, forKey: .stride)
    fields = Self.unfolded(try container.decode([Field].self, forKey: .fields)).map { field in
      ReportedLeaf(
        path: field.path, offset: field.offset, size: field.size, encoding: field.encoding,
        bitOffset: field.bitOffset, bitWidth: field.bitWidth)
    }
    padding = try container.decode([Padding].self, forKey: .padding).flatMap { hole in
      Self.unfolded([
        Field(
          path: String(repeating: "[0]", count: hole.folded?.count ?? 0), offset: hole.offset, size: hole.size,
          encoding: "", folded: hole.folded)
      ]).map { Padding(offset: $0.offset, size: $0.size) }
    }
    .sorted { $0.offset < $1.offset }
    .reduce(into: []) { merged, hole in
      // Unfolded, the last element's tail and the hole after the array are one, as the library lists them.
      if let last = merged.last, last.offset + last.size == hole.offset {
        merged[merged.count - 1].size += hole.size
      } else {
        merged.append(hole)
      }
    }
  }

  /// `fields` with their outermost folded array listed element by element, in the order of the leaves:
  /// the run of fields in the same array (the same path before its first index, the same fold) once an
  /// element, `stride` bytes apart; then the inner arrays of each, the same way.
  static func unfolded(_ fields: [Field]) -> [Field] {
    var result: [Field] = []
    var start = 0
    while start < fields.count {
      let first = fields[start]
      guard let fold = first.folded?.first, let index = Self.foldedIndex(first) else {
        result.append(first)
        start += 1
        continue
      }
      let prefix = first.path[..<index.lowerBound]
      var end = start + 1
      while end < fields.count, let other = fields[end].folded?.first, other.count == fold.count,
        other.stride == fold.stride, let otherIndex = Self.foldedIndex(fields[end]),
        fields[end].path[..<otherIndex.lowerBound] == prefix
      {
        end += 1
      }
      for element in 0..<fold.count {
        let run = fields[start..<end].map { field in
          var copy = field
          // Every field of the run has the fold (the loop above checked): its index is there.
          if let index = Self.foldedIndex(field) { copy.path.replaceSubrange(index, with: "[\(element)]") }
          copy.offset += element * fold.stride
          copy.bitOffset = field.bitOffset.map { $0 + element * fold.stride * 8 }
          copy.folded = Array((field.folded ?? []).dropFirst())
          return copy
        }
        result += unfolded(run)
      }
      start = end
    }
    return result
  }

  /// The index of `field`'s path that its first remaining fold stands for: every index of a folded field's
  /// path is folded, so the one as many from the end as folds remain.
  private static func foldedIndex(_ field: Field) -> Range<String.Index>? {
    guard let folds = field.folded, !folds.isEmpty else { return nil }
    let indices = field.path.ranges(of: /\[[0-9]+\]/)
    guard indices.count >= folds.count else { return nil }
    return indices[indices.count - folds.count]
  }

  /// The fields with bytes, C's leaves: all but the flexible array members (`[0c]`, of size 0).
  var leaves: [ReportedLeaf] { fields.filter { !($0.size == 0 && $0.encoding.hasPrefix("[0")) } }

  /// The padding as byte ranges, the way ``LayoutVector/impliedPadding`` states it.
  var paddingRanges: [Range<Int>] { padding.map { $0.offset..<($0.offset + $0.size) } }

  static let topLevelKeys: Set<String> = [
    "encoding", "size", "alignment", "alignmentSource", "stride", "fields", "padding",
  ]
  static let fieldKeys: Set<String> = [
    "path", "offset", "size", "encoding", "bitOffset", "bitWidth", "flexibleArray", "folded",
  ]
  static let paddingKeys: Set<String> = ["offset", "size", "folded"]

  /// Decodes the JSON and checks that it has no keys beyond the documented ones.
  static func decode(_ text: String) throws -> LayoutReport {
    let data = Data(text.utf8)
    let report = try JSONDecoder().decode(LayoutReport.self, from: data)
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == topLevelKeys)
    for field in object["fields"] as? [[String: Any]] ?? [] {
      #expect(Set(field.keys).isSubset(of: fieldKeys), "field keys \(field.keys.sorted())")
    }
    for hole in object["padding"] as? [[String: Any]] ?? [] {
      #expect(Set(hole.keys).isSubset(of: paddingKeys), "padding keys \(hole.keys.sorted())")
    }
    return report
  }
}

/// The vectors were generated for x86_64 Linux, so every run names that ABI and the tests hold on any host.
private let vectorABI = ["--abi", "x86_64-linux"]

/// Runs `cvalue layout <text> --json` and decodes what it printed, failing the test on any error.
private func layoutJSON(_ text: String, override: LayoutOverride? = nil) async throws -> LayoutReport {
  let run = try await CValue.run(["layout", text, "--json"] + vectorABI + (override.map(overrideArguments) ?? []))
  try #require(run.exited(0), "\(run)")
  #expect(run.stderr == "", "\(run)")
  return try LayoutReport.decode(run.stdout)
}

/// `--size`, `--alignment` and `--offsets` for an override.
private func overrideArguments(_ override: LayoutOverride) -> [String] {
  let offsets = (override.placements ?? []).map { placement -> String in
    switch placement {
    case .byte(let offset): return String(offset)
    case .bit(let offset): return "b\(offset)"
    }
  }
  return [
    "--size", String(override.size), "--alignment", String(override.alignment), "--offsets",
    offsets.joined(separator: ","),
  ]
}

/// Every clang-generated vector in Tests/Fixtures, through the `cvalue` binary instead of the library: the same
/// rules as LayoutVectorTests, applied to `cvalue layout --json`.
@Suite("cvalue layout --json agrees with clang's vectors")
struct VectorCLITests {
  @Test("the fixture files all decode")
  func fixturesLoad() {
    #expect(LayoutVector.loadProblems == [])
    #expect(LayoutVector.all.count >= 365)
  }

  @Test("the GNU-form encoding lays out as the compiler did", arguments: LayoutVector.all)
  func layoutMatchesCompiler(_ vector: LayoutVector) async throws {
    // A packed or over-aligned type needs its real layout, given with --size, --alignment and --offsets.
    let report = try await layoutJSON(vector.encoding, override: vector.naiveLayoutOk == false ? vector.override : nil)
    #expect(report.encoding == vector.encoding)
    // Without member names an unnamed bitfield is laid out as a named one; the named-encoding test is exact.
    if !vector.hasUnnamedBitfield {
      #expect(report.size == vector.size)
      #expect(report.alignment == vector.alignment)
      #expect(report.stride == vector.size)
    }
    let problems = vector.mismatches(
      report.leaves, exactPaths: false, skippingUnnamedBitfields: vector.hasUnnamedBitfield)
    #expect(problems == [])
    if !vector.hasUnnamedBitfield && !vector.leaves.contains(where: { $0.note != nil }) {
      #expect(report.paddingRanges == vector.impliedPadding)
    }
  }

  @Test(
    "the encoding with member names gives C's own paths",
    arguments: LayoutVector.all.filter { $0.encodingNamed != nil })
  func namedPaths(_ vector: LayoutVector) async throws {
    let named = try #require(vector.encodingNamed)
    let report = try await layoutJSON(named, override: vector.naiveLayoutOk == false ? vector.override : nil)
    #expect(report.encoding == named)
    #expect(report.size == vector.size)
    #expect(report.alignment == vector.alignment)
    #expect(report.stride == vector.size)
    let problems = vector.mismatches(report.leaves, exactPaths: true, skippingUnnamedBitfields: false)
    #expect(problems == [])
    if !vector.leaves.contains(where: { $0.note != nil }) {
      #expect(report.paddingRanges == vector.impliedPadding)
    }
  }

  @Test("a bitfield leaf reports bitOffset and bitWidth, and JSON ends with one newline")
  func bitfieldJSON() async throws {
    let run = try await CValue.run("layout", "{B=b0I3b3I5c}", "--json", "--abi", "x86_64-linux")
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout.hasSuffix("}\n") && !run.stdout.hasSuffix("\n\n"))
    let report = try LayoutReport.decode(run.stdout)
    #expect(report.encoding == "{B=b0I3b3I5c}")
    #expect([report.size, report.alignment, report.stride] == [4, 4, 4] as [Int])
    #expect(report.fields.map(\.path) == [".0", ".1", ".2"])
    #expect(report.fields.map(\.encoding) == ["b0I3", "b3I5", "c"])
    #expect(report.fields.map(\.offset) == [0, 0, 1])
    #expect(report.fields.map(\.size) == [1, 1, 1])
    #expect(report.fields.map(\.bitOffset) == [0, 3, nil])
    #expect(report.fields.map(\.bitWidth) == [3, 5, nil])
    #expect(report.paddingRanges == [2..<4])
  }

  /// The JSON as `cvalue layout --help` documents it, keys in that order, one field per line: the same bytes
  /// on every run, so that the output can be compared with a saved copy.
  @Test(
    "the JSON text is exactly as documented, the same on every run",
    arguments: [
      (
        "{S=cdi}",
        """
        {"encoding":"{S=cdi}","size":24,"alignment":8,"alignmentSource":"natural","stride":24,"fields":[
        {"path":".0","offset":0,"size":1,"encoding":"c"},
        {"path":".1","offset":8,"size":8,"encoding":"d"},
        {"path":".2","offset":16,"size":4,"encoding":"i"}],"padding":[{"offset":1,"size":7},{"offset":20,"size":4}]}

        """
      ),
      (
        "{B=b0I3b3I5c}",
        """
        {"encoding":"{B=b0I3b3I5c}","size":4,"alignment":4,"alignmentSource":"natural","stride":4,"fields":[
        {"path":".0","offset":0,"size":1,"encoding":"b0I3","bitOffset":0,"bitWidth":3},
        {"path":".1","offset":0,"size":1,"encoding":"b3I5","bitOffset":3,"bitWidth":5},
        {"path":".2","offset":1,"size":1,"encoding":"c"}],"padding":[{"offset":2,"size":2}]}

        """
      ),
    ])
  func exactJSON(_ type: String, _ expected: String) async throws {
    for _ in 0..<3 {
      let run = try await CValue.run("layout", type, "--json", "--abi", "x86_64-linux")
      #expect(run.exited(0), "\(run)")
      #expect(run.stdout == expected)
    }
  }

  /// An alignment given on the command line is stated, as an attribute states it.
  @Test func givenAlignmentIsAnAttribute() async throws {
    let run = try await CValue.run(
      "layout", "{epoll_event=IQ}", "--size", "12", "--alignment", "1", "--offsets", "0,4", "--json", "--abi",
      "x86_64-linux")
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        {"encoding":"{epoll_event=IQ}","size":12,"alignment":1,"alignmentSource":"attribute","stride":12,"fields":[
        {"path":".0","offset":0,"size":4,"encoding":"I"},
        {"path":".1","offset":4,"size":8,"encoding":"Q"}],"padding":[]}

        """)
  }

  @Test("a readable name reports its encoding and the record's member names")
  func namedTypeJSON() async throws {
    let run = try await CValue.run("layout", "rect", "--json")
    #expect(run.exited(0), "\(run)")
    let report = try LayoutReport.decode(run.stdout)
    #expect(report.encoding == "{CGRect={CGPoint=dd}{CGSize=dd}}")
    #expect([report.size, report.alignment, report.stride] == [32, 8, 32] as [Int])
    #expect(report.fields.map(\.path) == [".origin.x", ".origin.y", ".size.width", ".size.height"])
    #expect(report.fields.map(\.offset) == [0, 8, 16, 24])
    #expect(report.padding.isEmpty)
  }
}
