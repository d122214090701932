@testable import CValueKit

/// Compares two values of one layout leaf by leaf, the way the round trip promises: every leaf bit equal,
/// except that two NaNs of the same sign are equal (payloads are not described), and an x87 `long double`
/// is its 10 bytes, not the 16 of its slot.
enum LeafBits {
  /// One line per leaf that differs, naming its path and both values' bytes; `skipping` holds leaf indices
  /// (in `layout.fields` order) to leave out.
  static func differences(_ layout: CLayout, _ a: [UInt8], _ b: [UInt8], skipping: Set<Int> = []) -> [String] {
    var problems: [String] = []
    a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in
        for (index, field) in layout.fields.enumerated() where !skipping.contains(index) {
          let kind = self.kind(of: field, abi: layout.abi)
          let bitOffset = field.bits?.lowerBound ?? field.offset * 8
          if !equal(kind, x, y, bitOffset: bitOffset, size: field.size) {
            let range = field.offset..<field.offset + field.size
            problems.append(
              "\(field.path): \(DescribeFixture.hex(Array(a[range]))) != \(DescribeFixture.hex(Array(b[range])))")
          }
        }
      }
    }
    return problems
  }

  /// The padding ranges of `layout` where `bytes` is not zero.
  static func dirtyPadding(_ layout: CLayout, _ bytes: [UInt8]) -> [Range<Int>] {
    layout.padding.filter { range in range.contains { bytes[$0] != 0 } }
  }

  static func kind(of field: CLayout.Field, abi: ABI) -> LeafKind {
    if let bits = field.bits { return .bitfield(width: bits.count, isSigned: field.bitfieldIsSigned ?? false) }
    return LeafKind(type: field.type, size: field.size, abi: abi)
  }

  private static func equal(
    _ kind: LeafKind, _ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer, bitOffset: Int, size: Int
  ) -> Bool {
    switch kind {
    case .bitfield(let width, _):
      return RawBits.bits(x, bitOffset: bitOffset, width: width) == RawBits.bits(y, bitOffset: bitOffset, width: width)
    case .complex(let component, let componentSize):
      return (0..<2).allSatisfy {
        equal(component, x, y, bitOffset: bitOffset + $0 * componentSize * 8, size: componentSize)
      }
    case .vector(let element, let elementSize, let count):
      return (0..<count).allSatisfy {
        equal(element, x, y, bitOffset: bitOffset + $0 * elementSize * 8, size: elementSize)
      }
    case .float: return sameFloat(x, y, at: bitOffset / 8, format: .binary32)
    case .double: return sameFloat(x, y, at: bitOffset / 8, format: .binary64)
    case .x87Extended: return sameFloat(x, y, at: bitOffset / 8, format: .x87Extended)
    case .quadruple: return sameFloat(x, y, at: bitOffset / 8, format: .binary128)
    default:
      let offset = bitOffset / 8
      return (offset..<offset + size).allSatisfy { x[$0] == y[$0] }
    }
  }

  private static func sameFloat(
    _ x: UnsafeRawBufferPointer, _ y: UnsafeRawBufferPointer, at offset: Int, format: BinaryFloatFormat
  ) -> Bool {
    let a = RawBits.unsigned(x, at: offset, size: format.byteCount)
    let b = RawBits.unsigned(y, at: offset, size: format.byteCount)
    if a == b { return true }
    if case .nan(let first) = format.decode(a), case .nan(let second) = format.decode(b) { return first == second }
    return false
  }
}
