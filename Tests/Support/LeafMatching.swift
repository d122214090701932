import CValueKit
import Foundation

/// A leaf as both the library (``CLayout/Field``) and `cvalue layout --json` report it.
public struct ReportedLeaf: Decodable, Sendable, Equatable {
  public var path: String
  public var offset: Int
  public var size: Int
  public var encoding: String
  public var bitOffset: Int?
  public var bitWidth: Int?

  public init(path: String, offset: Int, size: Int, encoding: String, bitOffset: Int?, bitWidth: Int?) {
    self.path = path
    self.offset = offset
    self.size = size
    self.encoding = encoding
    self.bitOffset = bitOffset
    self.bitWidth = bitWidth
  }

  public init(_ field: CLayout.Field) {
    path = field.path.description
    offset = field.offset
    size = field.size
    encoding = field.type.description
    bitOffset = field.bits?.lowerBound
    bitWidth = field.bits?.count
  }
}

extension LayoutVector {
  /// Compares reported leaves with the compiler's, returning one line per disagreement (none when equal).
  ///
  /// - Parameters:
  ///   - exactPaths: Compare paths as written (for encodings with member names). Otherwise only the array
  ///     indices in each path are compared, since positional paths (`.1[2]`) cannot carry C's names.
  ///   - skippingUnnamedBitfields: Allow extra bitfield leaves that the compiler does not list: an unnamed
  ///     bitfield is indistinguishable from a named one in an encoding without member names.
  public func mismatches(
    _ reported: [ReportedLeaf], exactPaths: Bool, skippingUnnamedBitfields: Bool
  ) -> [String] {
    var problems: [String] = []
    var index = 0
    for leaf in leaves {
      while index < reported.count, !matches(reported[index], leaf, exactPaths: exactPaths),
        skippingUnnamedBitfields, reported[index].bitWidth != nil
      {
        index += 1
      }
      guard index < reported.count else {
        problems.append("\(leaf.path): missing (no reported leaf left)")
        break
      }
      if !matches(reported[index], leaf, exactPaths: exactPaths) {
        problems.append(
          "\(leaf.path) @\(leaf.offset.map(String.init) ?? "bit \(leaf.bitfield?.bitOffset ?? -1)") \(leaf.encoding): reported \(reported[index])"
        )
      }
      index += 1
    }
    let extra = reported[min(index, reported.count)...].filter { !(skippingUnnamedBitfields && $0.bitWidth != nil) }
    problems += extra.map { "unexpected extra leaf \($0)" }
    return problems
  }

  private func matches(_ reported: ReportedLeaf, _ leaf: Leaf, exactPaths: Bool) -> Bool {
    if exactPaths {
      guard reported.path == leaf.path else { return false }
    } else {
      guard Self.indices(in: reported.path) == Self.indices(in: leaf.path) else { return false }
    }
    if let bitfield = leaf.bitfield {
      guard reported.bitOffset == bitfield.bitOffset, reported.bitWidth == bitfield.bitWidth,
        case .bitfield(let encoded)? = try? TypeEncoding(reported.encoding),
        encoded.declaredType?.rawValue == leaf.encoding.first, leaf.encoding.count == 1
      else { return false }
      let touched = (bitfield.bitOffset % 8 + bitfield.bitWidth + 7) / 8
      return reported.offset == bitfield.bitOffset / 8 && reported.size == touched
    }
    // A note marks a leaf whose C size the encoding cannot show (an enum wider than int).
    return reported.bitOffset == nil && reported.offset == leaf.offset && reported.encoding == leaf.encoding
      && (leaf.note != nil || reported.size == leaf.size)
  }

  /// The array indices in a path, in order: `.f6[0][1].x` → [0, 1].
  static func indices(in path: String) -> [Int] {
    var result: [Int] = []
    var scanner = path[...]
    while let open = scanner.firstIndex(of: "["), let close = scanner[open...].firstIndex(of: "]") {
      result.append(Int(scanner[scanner.index(after: open)..<close]) ?? -1)
      scanner = scanner[scanner.index(after: close)...]
    }
    return result
  }

  /// The padding the compiler's leaves imply: the bytes no leaf touches.
  public var impliedPadding: [Range<Int>] {
    var covered = [Bool](repeating: false, count: size)
    for leaf in leaves {
      let (start, count): (Int, Int)
      if let bitfield = leaf.bitfield {
        start = bitfield.bitOffset / 8
        count = (bitfield.bitOffset % 8 + bitfield.bitWidth + 7) / 8
      } else {
        start = leaf.offset ?? 0
        count = leaf.size ?? 0
      }
      for byte in start..<min(size, start + count) { covered[byte] = true }
    }
    var ranges: [Range<Int>] = []
    var begin: Int?
    for (offset, isCovered) in covered.enumerated() {
      if !isCovered, begin == nil { begin = offset }
      if isCovered, let start = begin {
        ranges.append(start..<offset)
        begin = nil
      }
    }
    if let start = begin { ranges.append(start..<size) }
    return ranges
  }

  /// The override that states the compiler's layout for a vector whose encoding cannot show it, built
  /// from the first leaf of each top-level member.
  public var override: LayoutOverride {
    var placements: [LayoutOverride.Placement] = []
    var seen: Set<String> = []
    for leaf in leaves {
      let member = String(leaf.path.dropFirst().prefix { $0 != "." && $0 != "[" })
      guard seen.insert(member).inserted else { continue }
      if let bitfield = leaf.bitfield {
        placements.append(.bit(bitfield.bitOffset))
      } else {
        placements.append(.byte(leaf.offset ?? 0))
      }
    }
    return LayoutOverride(size: size, alignment: alignment, placements: placements)
  }
}
