import CValueKit

/// What every family needs to reach and report the values a container holds in the running process: its
/// words, the element type as the registry resolves it when a value is compared, and an element's own
/// mismatches under the container's path.
extension StandardContainer {
  /// The pointer-sized word at `offset` of a value.
  static func word(_ value: UnsafeRawBufferPointer, at offset: Int) -> UInt {
    value.loadUnaligned(fromByteOffset: offset, as: UInt.self)
  }

  /// The mismatches between two values of `element` at `a` and `b` (each `size` bytes), their paths after
  /// `prefix` (a vector's `[3]`): what a report lists in a container's place. `nil` when they cannot be
  /// compared (the container is then listed as one field).
  static func mismatches(
    of element: ValueType, _ a: UnsafeRawPointer, _ b: UnsafeRawPointer, size: Int, prefix: [FieldPath.Component]
  ) -> [Mismatch]? {
    let comparison: Comparison
    do throws(ValueError) {
      comparison = try element.compare(
        bytes: UnsafeRawBufferPointer(start: a, count: size), UnsafeRawBufferPointer(start: b, count: size))
    } catch {
      return nil
    }
    return comparison.mismatches.map { mismatch in
      Mismatch(
        path: FieldPath(prefix + mismatch.path.components), offset: 0, actual: mismatch.actual,
        expected: mismatch.expected, difference: mismatch.difference, tolerance: mismatch.tolerance,
        firstDifference: mismatch.firstDifference, excerpt: mismatch.excerpt)
    }
  }

  /// At most this many of a container's elements are compared for the report's lines (the report lists
  /// fewer); past them, the container's line says how many differ no more precisely.
  static let reportedElements = 64

  /// The element type's handle as the registry resolves it when a value is compared: after every container
  /// of the same import is registered (a vector's elements holding strings compare them by text, whichever
  /// was registered first), and from the registry's cache after the first time. The registry is held weakly:
  /// its entries hold this closure.
  static func resolver(_ type: TypeEncoding, in registry: ValueRegistry) -> @Sendable () -> ValueType? {
    { [weak registry] in try? registry?.resolve(type) }
  }

  /// The description of one value of `element` at `bytes`, or the error as a comment where it has none, or
  /// the element type that no longer resolves.
  static func describe(_ element: ValueType?, _ type: TypeEncoding, bytes: UnsafeRawBufferPointer) -> String {
    guard let element else { return "/* \(type) no longer resolves */" }
    do throws(ValueError) {
      return try element.describe(bytes: bytes)
    } catch {
      return "/* \(error) */"
    }
  }
}
