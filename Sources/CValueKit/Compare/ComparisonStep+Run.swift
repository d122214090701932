import CValueShim

extension ComparisonStep {
  /// Whether `a` and `b` are equal under every step, with one tolerance for every floating-point leaf.
  static func run(
    _ steps: [ComparisonStep], _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, tolerance: FloatTolerance
  ) -> Bool {
    for step in steps {
      switch step {
      case .bytes(let offset, let count):
        guard cv_bytes_equal(a + offset, b + offset, count) else { return false }
      case .masked(let offset, let mask):
        let equal = mask.withUnsafeBufferPointer {
          cv_bytes_equal_masked(a + offset, b + offset, $0.baseAddress, $0.count)
        }
        guard equal else { return false }
      case .float(let offset):
        let x = a.loadUnaligned(fromByteOffset: offset, as: Float.self)
        let y = b.loadUnaligned(fromByteOffset: offset, as: Float.self)
        guard FloatRule.isEqual(x, y, tolerance) else { return false }
      case .double(let offset):
        let x = a.loadUnaligned(fromByteOffset: offset, as: Double.self)
        let y = b.loadUnaligned(fromByteOffset: offset, as: Double.self)
        guard FloatRule.isEqual(x, y, tolerance) else { return false }
      case .leaf(let offset, let kind):
        let verdict = LeafComparison.compare(
          kind, a, b, offset: offset, bitOffset: offset * 8, size: 0, tolerance: tolerance)
        guard verdict.isEqual else { return false }
      case .registered(let offset, let size, let compare):
        let equal = compare(
          UnsafeRawBufferPointer(start: a + offset, count: size), UnsafeRawBufferPointer(start: b + offset, count: size)
        )
        guard equal else { return false }
      case .repeated(let offset, let count, let stride, let inner):
        for index in 0..<count {
          guard run(inner, a + offset + index * stride, b + offset + index * stride, tolerance: tolerance) else {
            return false
          }
        }
      }
    }
    return true
  }
}
