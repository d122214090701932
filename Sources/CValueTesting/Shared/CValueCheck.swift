package import CValueKit

/// The one assertion core behind every assertion of CValueTesting (XCTest and Swift Testing) and every
/// matcher of CValueNimble: resolve the type, compare with the registry, describe the values the way the
/// report shows them, and turn the outcome (or a thrown `ValueError`) into a `CheckResult`. The
/// integrations only format and record what it finds.
///
/// No comparison logic lives here; everything is decided by `ValueType`.
package enum CValueCheck {
  /// The handle for a Swift type: from the encoding when one is given, else derived from the Swift type.
  package static func valueType<Value>(
    of _: Value.Type, encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry
  ) throws(ValueError) -> ValueType {
    if let encoding { return try registry.resolve(encoding) }
    return try registry.resolve(swiftType: Value.self)
  }

  /// Two values compared under the options, with both described as the comparison's report shows them
  /// (by its live union members); the actual value may be missing, as a Nimble expression's can be.
  package static func compared<Value>(
    _ actual: Value?, _ expected: Value, options: ComparisonOptions, encoding: (any TypeEncodingConvertible)?,
    registry: ValueRegistry
  ) throws(ValueError) -> (comparison: Comparison?, actual: String?, expected: String) {
    let type = try valueType(of: Value.self, encoding: encoding, registry: registry)
    let expectedText = try type.describe(expected, options: options.descriptionOptions)
    guard let actual else { return (nil, nil, expectedText) }
    let comparison = try type.compare(actual, expected, options: options)
    return (comparison, try type.describe(actual, options: options.descriptionOptions), expectedText)
  }

  /// Whether two values are equal (or, with `shouldBeEqual` false, differ) under the options.
  static func values<Value>(
    _ actual: Value, _ expected: Value, shouldBeEqual: Bool, options: ComparisonOptions,
    encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry, message: String
  ) -> CheckResult {
    do throws(ValueError) {
      let type = try valueType(of: Value.self, encoding: encoding, registry: registry)
      let comparison = try type.compare(actual, expected, options: options)
      guard comparison.isEqual != shouldBeEqual else { return .passed(comparison) }
      guard shouldBeEqual else {
        let value = try type.describe(actual, options: options.descriptionOptions)
        return .failed(FailureText.equalButShouldDiffer(comparison, value: value, message: message), comparison)
      }
      return withUnsafeBytes(of: actual) { a in
        withUnsafeBytes(of: expected) { b in differ(comparison, a, b, layout: type.layout, message: message) }
      }
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
      guard actual.count == expected.count else {
        return .failed(
          FailureText.countsDiffer(
            elementName: FailureText.name(of: element), actual: actual.count, expected: expected.count,
            message: message))
      }
      let comparison = try element.compare(elements: actual, expected, options: options)
      return try elementsResult(
        comparison, UnsafeRawBufferPointer(actual), UnsafeRawBufferPointer(expected), element: element,
        options: options, message: message)
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
        guard !comparison.isEqual else { return .passed(comparison) }
        guard let size = element.size else {
          return .failed(FailureText.differ(comparison, message: message), comparison)
        }
        return differ(
          comparison, UnsafeRawBufferPointer(start: actual, count: size),
          UnsafeRawBufferPointer(start: expected, count: size), layout: element.layout, message: message)
      }
      let comparison = try element.compare(pointers: actual, expected, count: count, options: options)
      // The comparison checked the count and the layout: the runs are `count` strides long.
      let byteCount = count * (element.layout?.stride ?? 0)
      return try elementsResult(
        comparison, UnsafeRawBufferPointer(start: actual, count: byteCount),
        UnsafeRawBufferPointer(start: expected, count: byteCount), element: element, options: options,
        message: message)
    } catch {
      return .failed(FailureText.cannotCompare(error.description, message: message))
    }
  }

  /// The failure for two values that differ, with what a framework that keeps attachments attaches: the
  /// whole report (the failure lists at most 20 mismatches) and both values' bytes, padding marked.
  private static func differ(
    _ comparison: Comparison, _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer, layout: CLayout?,
    message: String
  ) -> CheckResult {
    var result = CheckResult.failed(FailureText.differ(comparison, message: message), comparison)
    result.attachments = [
      ("\(comparison.typeName) report.txt", comparison.report),
      (
        "\(comparison.typeName) bytes.txt",
        ByteDump.text(actual, expected, typeName: comparison.typeName, layout: layout)
      ),
    ]
    return result
  }

  /// The result of comparing two runs of values as one C array `[count T]`: every mismatch by its index and
  /// field path (`[3].size.height`), and the first mismatching element of each side.
  private static func elementsResult(
    _ comparison: Comparison, _ actual: UnsafeRawBufferPointer, _ expected: UnsafeRawBufferPointer,
    element: ValueType, options: ComparisonOptions, message: String
  ) throws(ValueError) -> CheckResult {
    guard !comparison.isEqual else { return .passed(comparison) }
    var first: (index: Int, actual: String, expected: String)?
    if let stride = element.layout?.stride, case .index(let index)? = comparison.mismatches.first?.path.components.first
    {
      let range = index * stride..<(index + 1) * stride
      first = (
        index,
        try element.describe(
          bytes: UnsafeRawBufferPointer(rebasing: actual[range]), options: options.descriptionOptions),
        try element.describe(
          bytes: UnsafeRawBufferPointer(rebasing: expected[range]), options: options.descriptionOptions)
      )
    }
    return .failed(FailureText.elementsDiffer(comparison, firstElement: first, message: message), comparison)
  }

  /// Whether every padding byte of the value in `bytes` (or, without bytes, at `pointer`) is zero: the
  /// failure text when not, and the check when one was made.
  package static func paddingZeroed(
    bytes: UnsafeRawBufferPointer?, pointer: UnsafeRawPointer? = nil, unionMembers: [FieldPath: UnionMember],
    encoding: any TypeEncodingConvertible, registry: ValueRegistry, message: String
  ) -> (failure: String?, check: Comparison?) {
    do throws(ValueError) {
      let type = try registry.resolve(encoding)
      let value: UnsafeRawBufferPointer
      if let bytes {
        value = bytes
      } else if let pointer {
        // A type with no known size is refused by the check before any byte is read.
        value = UnsafeRawBufferPointer(start: pointer, count: type.size ?? 0)
      } else {
        return (FailureText.cannotCheckPadding("the pointer is NULL", message: message), nil)
      }
      let check = try type.checkPadding(bytes: value, unionMembers: unionMembers)
      return (check.isEqual ? nil : FailureText.paddingNotZeroed(check, message: message), check)
    } catch {
      return (FailureText.cannotCheckPadding(error.description, message: message), nil)
    }
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
  /// The options with `tolerance` for every leaf without a field tolerance, when one is given: an
  /// assertion's `within:` wins over `options.tolerance`.
  package func within(_ tolerance: FloatTolerance?) -> ComparisonOptions {
    guard let tolerance else { return self }
    var options = self
    options.tolerance = tolerance
    return options
  }
}
