import CValueKit
import Foundation

/// One clang-generated layout vector (see Tests/Fixtures/shared-vectors/README.md): a C type, its encodings
/// and every leaf's path, offset and size as the compiler reported them.
public struct LayoutVector: Decodable, Sendable, CustomStringConvertible {
  public struct Leaf: Decodable, Sendable {
    public var path: String
    public var offset: Int?
    public var size: Int?
    public var encoding: String
    public var encodingStandalone: String?
    public var bitfield: Bitfield?
    public var note: String?
  }

  public struct Bitfield: Decodable, Sendable {
    public var bitOffset: Int
    public var bitWidth: Int
    public var signed: Bool
  }

  public var name: String
  public var corpus: String
  public var cDefinition: String
  public var encoding: String
  public var encodingMacosx: String
  public var encodingNamed: String?
  public var size: Int
  public var alignment: Int
  public var flags: [String]
  public var naiveLayoutOk: Bool?
  public var leaves: [Leaf]

  public var description: String { "\(corpus)/\(name)" }

  /// Whether the type has a bitfield without a name (`int : 3;`), which an encoding without member names
  /// cannot tell from a named one. Known exactly from the named encoding; without one, any bitfield counts.
  public var hasUnnamedBitfield: Bool {
    guard let named = encodingNamed, let type = try? TypeEncoding(named)
    else { return flags.contains("bitfield") }
    return type.hasUnnamedBitfield
  }

  /// Every vector in the fixture folders, and a line for every file or line that could not be read.
  public static func load(_ folders: [String]) -> (vectors: [LayoutVector], problems: [String]) {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var vectors: [LayoutVector] = []
    var problems: [String] = []
    for folder in folders {
      let directory = Fixtures.url(folder)
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
        problems.append("\(folder): folder missing")
        continue
      }
      for file in files.filter({ $0.hasSuffix(".jsonl") }).sorted() {
        guard let text = try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8) else {
          problems.append("\(folder)/\(file): unreadable")
          continue
        }
        for (number, line) in text.split(separator: "\n").enumerated() {
          do {
            vectors.append(try decoder.decode(LayoutVector.self, from: Data(line.utf8)))
          } catch {
            problems.append("\(folder)/\(file):\(number + 1): \(error)")
          }
        }
      }
    }
    return (withNamedEncodings(vectors, problems: &problems), problems)
  }

  private struct NamedEncoding: Decodable {
    var corpus: String
    var name: String
    var encoding: String
    var encodingNamed: String?
  }

  /// Adds the member-named encodings that Scripts/vectors/name_shared.py derived for vectors made elsewhere.
  private static func withNamedEncodings(_ vectors: [LayoutVector], problems: inout [String]) -> [LayoutVector] {
    let file = Fixtures.url("shared-vectors-named/named.jsonl")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      problems.append("shared-vectors-named/named.jsonl: unreadable")
      return vectors
    }
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    var named: [String: NamedEncoding] = [:]
    for line in text.split(separator: "\n") {
      guard let entry = try? decoder.decode(NamedEncoding.self, from: Data(line.utf8)) else {
        problems.append("shared-vectors-named/named.jsonl: undecodable line \(line.prefix(60))")
        continue
      }
      named["\(entry.corpus)/\(entry.name)"] = entry
    }
    return vectors.map { vector in
      var vector = vector
      if vector.encodingNamed == nil, let entry = named[vector.description] {
        if entry.encoding == vector.encoding {
          vector.encodingNamed = entry.encodingNamed
        } else {
          problems.append("\(vector): named.jsonl has encoding \(entry.encoding), the vector \(vector.encoding)")
        }
      }
      return vector
    }
  }

  /// The fixture folders: the layout vectors the project was given, and its own.
  public static let folders = ["shared-vectors", "generated-vectors"]

  private static let loaded = load(folders)

  /// Every vector that could be read; ``loadProblems`` lists what could not.
  public static var all: [LayoutVector] { loaded.vectors }

  /// Files or lines in the fixture folders that could not be read.
  public static var loadProblems: [String] { loaded.problems }
}

extension TypeEncoding {
  /// Whether a record in the type has a bitfield member without a name.
  var hasUnnamedBitfield: Bool {
    switch self {
    case .array(_, let element): return element.hasUnnamedBitfield
    case .qualified(_, let base): return base.hasUnnamedBitfield
    case .structure(let record), .union(let record):
      return record.fields?.contains { field in
        if case .bitfield = field.type { return field.name == nil }
        return field.type.hasUnnamedBitfield
      } ?? false
    default: return false
    }
  }
}

/// Files committed under Tests/Fixtures, found from this source file so that tests need no bundle.
public enum Fixtures {
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures")

  public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
}
