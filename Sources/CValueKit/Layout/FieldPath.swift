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

    /// The step as written: `.x`, `.1` or `[2]`.
    public var description: String {
      switch self {
      case .member(let name): return ".\(name)"
      case .position(let position): return ".\(position)"
      case .index(let index): return "[\(index)]"
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
  public func appending(_ component: Component) -> FieldPath { FieldPath(components + [component]) }

  /// The path as written, e.g. `.origin.x`; empty for the value itself.
  public var description: String { components.map(\.description).joined() }
}
