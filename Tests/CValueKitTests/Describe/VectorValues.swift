import Foundation
import TestSupport

@testable import CValueKit

/// The `values` of the clang vectors (which ``LayoutVector`` does not decode): for each type, three objects
/// with every leaf set, as bytes (`hex`, padding zero) and as C printed each leaf (`leaves`: integers in
/// decimal, floating point as `%.17g`, pointers in hex, `(re,im)` for complex, `skip…` for long double;
/// `leavesA`: the same as `%a`, where C printed one).
struct VectorValues: Decodable {
  struct Value: Decodable {
    var hex: String
    var leaves: [String]
    var leavesA: [String?]?
  }

  var corpus: String
  var name: String
  var values: [Value]?

  /// Every vector's values, by `corpus/name`, from the folders ``LayoutVector`` reads.
  static let all: [String: [Value]] = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var result: [String: [Value]] = [:]
    for folder in LayoutVector.folders {
      let directory = Fixtures.url(folder)
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      for file in files.filter({ $0.hasSuffix(".jsonl") }) {
        let text = (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
          guard let entry = try? decoder.decode(VectorValues.self, from: Data(line.utf8)) else { continue }
          result["\(entry.corpus)/\(entry.name)"] = entry.values ?? []
        }
      }
    }
    return result
  }()
}

extension LayoutVector {
  /// The three values clang set, or none for a type with a union.
  var values: [VectorValues.Value] { VectorValues.all[description] ?? [] }

  /// The layout of the encoding with C's member names when there is one (else the GNU encoding, with
  /// positional paths), with the compiler's real layout registered when the encoding cannot show it.
  func describeLayout(named: Bool = true) throws -> CLayout {
    let catalog = TypeCatalog(includingBuiltins: false)
    let type = try catalog.parse(named ? (encodingNamed ?? encoding) : encoding)
    if naiveLayoutOk == false { try catalog.register(type, override: override, abi: .x86_64Linux) }
    return try catalog.layout(of: type, abi: .x86_64Linux)
  }

  /// A literal that sets every leaf clang printed, by its C path: `{.f0 = 0, .f3.x[2] = 5}` (or the bare
  /// value for a top-level leaf), with `%a` text instead where `hexFloats` and C printed one. Leaves C did
  /// not print (`skip`, long double) are left out and their indices returned.
  ///
  /// A leaf with a note is one whose C type the encoding cannot show (an enum wider than `int`): C's text
  /// would not fit the encoded type, so its value is the encoded leaf read from C's bytes instead.
  func literal(for value: VectorValues.Value, in layout: CLayout, hexFloats: Bool) -> (text: String, skipped: Set<Int>)
  {
    var items: [String] = []
    var skipped: Set<Int> = []
    let bytes = DescribeFixture.bytes(hex: value.hex)
    for (index, (leaf, field)) in zip(leaves, layout.fields).enumerated() {
      var text = value.leaves[index]
      if hexFloats, let hex = value.leavesA?[index] { text = hex }
      if leaf.note != nil {
        text = bytes.withUnsafeBytes { ValueDescriber.describeLeaf(field, in: $0, abi: layout.abi) }
      }
      if text.hasPrefix("skip") {
        skipped.insert(index)
        continue
      }
      if text.hasPrefix("(") && text.hasSuffix(")") {
        text = "{" + text.dropFirst().dropLast().split(separator: ",").joined(separator: ", ") + "}"
      }
      if leaf.path.isEmpty { return (text, skipped) }
      items.append("\(leaf.path) = \(text)")
    }
    return ("{" + items.joined(separator: ", ") + "}", skipped)
  }
}
