/// Where a field sits inside a value, written the way C would reach it: `.origin.x`, `.a[2]`, `.u.f`.
///
/// Members are named when the encoding carries names (`{CGPoint="x"d"y"d}` → `.x`) or when the catalog
/// knows the record's definition; otherwise they are numbered by their position among the record's members
/// in the encoding, counting from 0: the second member of `{S=id}` is `.1`. Array elements are always
/// `[i]`. The value itself has the empty path.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// One step of a path.
  public enum Component: Hashable, Sendable, CustomStringConvertible {
    /// A member reached by name: `.x`.
    case member(String)
    /// A member reached by its position in the record: `.1`.
    case position(Int)
    /// An array element: `[2]`.
    case index(Int)
    /// Every element of an array: `[*]`, in the paths of ``ComparisonOptions/ignoredPaths`` and
    /// ``ComparisonOptions/fieldComparers``.
    case anyIndex

    /// The step as written: `.x`, `.1` or `[2]`.
    public var description: String {
      switch self {
      case .member(let name): return ".\(name)"
      case .position(let position): return ".\(position)"
      case .index(let index): return "[\(index)]"
      case .anyIndex: return "[*]"
      }
    }
  }

  /// The steps from the value to the field.
  public var components: [Component]

  /// Creates a path from its steps.
  public init(_ components: [Component] = []) { self.components = components }

  /// Creates a path from its steps.
  public init(arrayLiteral elements: Component...) { self.components = elements }

  /// The path extended by one step.
  package func appending(_ component: Component) -> FieldPath { FieldPath(components + [component]) }

  /// The path as written, e.g. `.origin.x`; empty for the value itself.
  public var description: String { components.map(\.description).joined() }
}

extension FieldPath: ExpressibleByStringLiteral {
  /// Parses a path written the way ``description`` prints it: `.origin.x`, `.a[2].1`, `[3]`, `.rows[*].stamp`; the
  /// leading dot may be left out (`size.width`). The public form is ``init(parsing:)``, which throws.
  ///
  /// - Returns: The path, or the byte offset of the first character that does not fit.
  package static func parse(_ text: String) -> Result<FieldPath, FieldPathSyntax> {
    var components: [Component] = []
    let bytes = Array(text.utf8)
    var index = 0
    func isNameByte(_ byte: UInt8) -> Bool { ASCII.isIdentifierCharacter(byte) || byte >= 0x80 }
    func number(_ digits: ArraySlice<UInt8>) -> Int? {
      guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy(ASCII.isDigit) else { return nil }
      return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    while index < bytes.count {
      let start = index
      if bytes[index] == UInt8(ascii: "[") {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "]") { end += 1 }
        if end < bytes.count, end == index + 2, bytes[index + 1] == UInt8(ascii: "*") {
          components.append(.anyIndex)
          index = end + 1
          continue
        }
        guard end < bytes.count, let value = number(bytes[(index + 1)..<end]) else {
          return .failure(FieldPathSyntax(offset: start))
        }
        components.append(.index(value))
        index = end + 1
        continue
      }
      if bytes[index] == UInt8(ascii: ".") {
        index += 1
      } else if !components.isEmpty || !isNameByte(bytes[index]) {
        return .failure(FieldPathSyntax(offset: start))
      }
      var end = index
      while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
      guard end > index else { return .failure(FieldPathSyntax(offset: index)) }
      let name = bytes[index..<end]
      if let position = number(name) {
        components.append(.position(position))
      } else if name.first.map(ASCII.isDigit) == true {
        return .failure(FieldPathSyntax(offset: index))
      } else {
        components.append(.member(String(decoding: name, as: UTF8.self)))
      }
      index = end
    }
    return .success(FieldPath(components))
  }

  /// A path written in code, e.g. `".size.width"`.
  ///
  /// A literal that does not parse becomes a path that names no field, so comparing with it throws
  /// ``ValueError/unknownFieldPath(_:in:)`` instead of stopping the program.
  public init(stringLiteral value: String) {
    switch Self.parse(value) {
    case .success(let path): self = path
    case .failure: self.init([.member(value)])
    }
  }
}

/// Where a field path's text stops parsing: the byte offset of the first character that does not fit.
package struct FieldPathSyntax: Error, Hashable, Sendable {
  package let offset: Int
}
