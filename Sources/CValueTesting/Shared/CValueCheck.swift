import CValueKit

/// The checks behind every assertion, in one place for both frameworks: resolve the type, compare with
/// the registry, and turn the outcome (or a thrown `ValueError`) into a `CheckResult`.
///
/// No comparison logic lives here; everything is decided by `ValueType`.
enum CValueCheck {
  /// The handle for a Swift type: from the encoding when one is given, else derived from the Swift type.
  static func valueType<Value>(
    of _: Value.Type, encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry
  ) throws(ValueError) -> ValueType {
    if let encoding { return try registry.resolve(encoding) }
    return try registry.resolve(swiftType: Value.self)
  }

  /// Whether two values are equal under the options.
  static func equal<Value>(
    _ actual: Value, _ expected: Value, options: ComparisonOptions, encoding: (any TypeEncodingConvertible)?,
    registry: ValueRegistry,
    message: String
  ) -> CheckResult {
    do throws(ValueError) {
      let type = try valueType(of: Value.self, encoding: encoding, registry: registry)
      let comparison = try type.compare(actual, expected, options: options)
      return comparison.isEqual
        ? .passed(comparison) : .failed(FailureText.differ(comparison, message: message), comparison)
    } catch {
      return .failed(FailureText.cannotCompare(error.description, message: message))
    }
  }

  /// Whether two values differ under the options.
  static func notEqual<Value>(
    _ actual: Value, _ expected: Value, options: ComparisonOptions, encoding: (any TypeEncodingConvertible)?,
    registry: ValueRegistry,
    message: String
  ) -> CheckResult {
    do throws(ValueError) {
      let type = try valueType(of: Value.self, encoding: encoding, registry: registry)
      let comparison = try type.compare(actual, expected, options: options)
      guard comparison.isEqual else { return .passed(comparison) }
      let value = try type.describe(actual, options: options.shownValues)
      return .failed(FailureText.equalButShouldDiffer(comparison, value: value, message: message), comparison)
    } catch {
      return .failed(FailureText.cannotCompare(error.description, message: message))
    }
  }

  /// Whether two buffers of Swift values are equal element by element.
  static func equalElements<Element>(
    _ actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>, options: ComparisonOptions,
    encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry, message: String
  ) -> CheckResult {
    do throws(ValueError) {
      guard _isPOD(Element.self) else { throw .notPlainData(swiftType: "\(Element.self)") }
      let element = try valueType(of: Element.self, encoding: encoding, registry: registry)
      if let layout = element.layout, layout.stride != MemoryLayout<Element>.stride {
        throw .swiftTypeSize(
          swiftType: "\(Element.self)", size: MemoryLayout<Element>.stride, type: element.type,
          typeSize: layout.stride)
      }
      return try equalElements(
        UnsafeRawBufferPointer(actual), UnsafeRawBufferPointer(expected), counts: (actual.count, expected.count),
        element: element, options: options, registry: registry, message: message)
    } catch {
      return .failed(FailureText.cannotCompare(error.description, message: message))
    }
  }

  /// Whether the values at two addresses are equal: one value each, or `count` consecutive values.
  static func equalPointees(
    _ actual: UnsafeRawPointer?, _ expected: UnsafeRawPointer?, count: Int?, encoding: any TypeEncodingConvertible,
    options: ComparisonOptions, registry: ValueRegistry, message: String
  ) -> CheckResult {
    do throws(ValueError) {
      let element = try registry.resolve(encoding)
      guard let actual, let expected else {
        let which =
          actual == nil ? (expected == nil ? "both pointers are" : "the actual pointer is") : "the expected pointer is"
        return .failed(FailureText.cannotCompare("\(which) NULL", message: message))
      }
      guard let count else {
        let comparison = try element.compare(pointers: actual, expected, options: options)
        return comparison.isEqual
          ? .passed(comparison) : .failed(FailureText.differ(comparison, message: message), comparison)
      }
      guard count >= 0 else { throw .invalidCount(count) }
      guard let layout = element.layout else {
        throw .layoutUnknown(element.type, element.layoutError ?? LayoutError(.unknownHasNoSize))
      }
      let (byteCount, overflow) = count.multipliedReportingOverflow(by: layout.stride)
      guard !overflow else { throw .invalidCount(count) }
      return try equalElements(
        UnsafeRawBufferPointer(start: actual, count: byteCount),
        UnsafeRawBufferPointer(start: expected, count: byteCount), counts: (count, count), element: element,
        options: options, registry: registry, message: message)
    } catch {
      return .failed(FailureText.cannotCompare(error.description, message: message))
    }
  }

  /// Compares two runs of values as one C array `[count T]`, so that every mismatch is reported by its
  /// index and field path (`[3].size.height`).
  private static func equalElements(
    _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, counts: (actual: Int, expected: Int),
    element: ValueType, options: ComparisonOptions, registry: ValueRegistry, message: String
  ) throws(ValueError) -> CheckResult {
    guard counts.actual == counts.expected else {
      return .failed(
        FailureText.countsDiffer(
          elementName: FailureText.name(of: element), actual: counts.actual, expected: counts.expected,
          message: message))
    }
    let comparison = try element.compare(bytes: actual, expected, count: counts.actual, options: options)
    guard !comparison.isEqual else { return .passed(comparison) }
    var first: (index: Int, actual: String, expected: String)?
    if let stride = element.layout?.stride, case .index(let index)? = comparison.mismatches.first?.path.components.first
    {
      let range = index * stride..<(index + 1) * stride
      first = (
        index,
        try element.describe(
          bytes: UnsafeRawBufferPointer(rebasing: actual[range]), options: options.shownValues),
        try element.describe(
          bytes: UnsafeRawBufferPointer(rebasing: expected[range]), options: options.shownValues)
      )
    }
    return .failed(FailureText.elementsDiffer(comparison, firstElement: first, message: message), comparison)
  }

  /// Whether a pointer is NULL.
  static func null(_ pointer: UnsafeRawPointer?, message: String) -> CheckResult {
    guard let pointer else { return .passed() }
    return .failed(FailureText.notNull(pointer, message: message))
  }

  /// Whether a pointer is not NULL.
  static func notNull(_ pointer: UnsafeRawPointer?, message: String) -> CheckResult {
    pointer == nil ? .failed(FailureText.null(message: message)) : .passed()
  }
}

extension ComparisonOptions {
  /// How a failure shows a value: by the description options, with the comparison's union members in place
  /// of theirs for the same unions, as the comparison's own report does.
  var shownValues: DescriptionOptions {
    var options = descriptionOptions
    options.unionMembers.merge(unionMembers) { $1 }
    return options
  }
}
