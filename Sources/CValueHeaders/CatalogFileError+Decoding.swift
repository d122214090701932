import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CatalogFileError {
  /// The error of a ``CatalogFile`` decoded on its own, about the file at `path`.
  func `in`(_ path: String) -> CatalogFileError {
    switch self {
    case .unsupportedFormatVersion(_, let version, let supported):
      return .unsupportedFormatVersion(path: path, version: version, supported: supported)
    case .unknownABI(_, let name, let known): return .unknownABI(path: path, name: name, known: known)
    default: return self
    }
  }

  /// What JSONDecoder found wrong, at the JSON path it names, or at the line and column of broken JSON.
  init(_ error: DecodingError, data: Data, path: String) {
    switch error {
    case .keyNotFound(let key, let context):
      self = .malformed(
        path: path, at: Self.jsonPath(context.codingPath + [key]),
        reason: "missing (every entry of the format is required)")
    case .valueNotFound(let type, let context):
      self = .malformed(
        path: path, at: Self.jsonPath(context.codingPath), reason: "null where \(Self.kind(type)) belongs")
    case .typeMismatch(let type, let context):
      self = .malformed(path: path, at: Self.jsonPath(context.codingPath), reason: "expected \(Self.kind(type))")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      self = .malformed(path: path, at: Self.jsonPath(context.codingPath), reason: context.debugDescription)
    case .dataCorrupted(let context):
      let (line, column, reason) = Self.syntaxError(in: data) ?? (nil, nil, context.debugDescription)
      self = .invalidJSON(path: path, line: line, column: column, reason: reason)
    @unknown default:
      self = .malformed(path: path, at: "", reason: "\(error)")
    }
  }

  /// `records[12].override.size`.
  static func jsonPath(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += (result.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return result.isEmpty ? "the top level" : result
  }

  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: return "an integer"
    case is String.Type: return "a string"
    case is [Any].Type: return "an array"
    default:
      let name = "\(type)"
      return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
    }
  }

  /// Where broken JSON breaks: JSONDecoder does not say, so the bytes are scanned again (``JSONSyntax``)
  /// and the first bad byte's offset is turned into a line and column.
  private static func syntaxError(in data: Data) -> (line: Int?, column: Int?, reason: String)? {
    guard let (index, reason) = JSONSyntax.firstError(in: data) else { return nil }
    let before = data.prefix(index)
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
    return (line, index - lineStart + 1, reason)
  }

}
