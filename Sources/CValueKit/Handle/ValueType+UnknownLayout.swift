/// Comparisons of a type whose layout is unknown: by a registered comparator, or byte by byte.
extension ValueType {
  /// A registered comparator for a type whose layout is unknown, given buffers of the same size.
  func compareRegistered(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, entry: RegisteredEntry,
    compare: RawComparator, options: ComparisonOptions
  ) -> Comparison {
    let isEqual = compare(actual, expected)
    let describe = entry.describe ?? { ValueDescriber.describeBytes($0) }
    let mismatches =
      isEqual ? [] : [Mismatch(path: FieldPath(), offset: 0, actual: describe(actual), expected: describe(expected))]
    return Comparison(
      type: type, isEqual: isEqual, strategy: entry.strategy, mismatches: mismatches,
      mismatchCount: mismatches.count, comparedFieldCount: 1, actualDescription: mismatches.first?.actual,
      expectedDescription: mismatches.first?.expected, typeName: name)
  }

  /// The byte-by-byte comparison for a type whose layout is unknown: each differing byte is a mismatch
  /// reached as `[i]`.
  func compareBytes(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, options: ComparisonOptions
  ) -> Comparison {
    var mismatches: [Mismatch] = []
    var count = 0
    for index in 0..<actual.count where actual[index] != expected[index] {
      count += 1
      if mismatches.count < max(0, options.maximumReportedMismatches) {
        mismatches.append(
          Mismatch(
            path: [.index(index)], offset: index, actual: Self.hexByte(actual[index]),
            expected: Self.hexByte(expected[index])))
      }
    }
    let isEqual = count == 0
    return Comparison(
      type: type, isEqual: isEqual, strategy: strategy, mismatches: mismatches, mismatchCount: count,
      comparedFieldCount: actual.count, actualDescription: isEqual ? nil : ValueDescriber.describeBytes(actual),
      expectedDescription: isEqual ? nil : ValueDescriber.describeBytes(expected), typeName: name)
  }

  static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }
}

extension ValueType {
  /// This handle, unless the catalog's types were made for another ABI than the handle's (never another
  /// ABI's encodings laid out with this one's rules), or its ABI keeps bytes in the other order.
  @usableFromInline
  func refusingOtherABI() throws(ValueError) -> ValueType {
    guard let error = layoutError else { return self }
    switch error.reason {
    case .otherABI, .otherByteOrder: throw .layoutUnknown(type, error)
    default: return self
    }
  }
}
