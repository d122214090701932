public import CValueKit
public import Testing

/// Expects two arrays of C values to be equal element by element, and records an issue naming each
/// mismatching field by its index and path (`[3].size.height`).
///
/// The arrays are compared as one C array of their element type, so tolerances apply to every element
/// and field paths start with the index. The issue lists at most
/// `ComparisonOptions/maximumReportedMismatches` fields, then the first mismatching element of each
/// side; arrays of different lengths are an issue without element comparison.
///
/// ```swift
/// expectCValuesEqual(track, expectedTrack, within: .absolute(1e-9))
/// // cv_point [3] values differ at [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 1e-09)
/// //   [1].y: 2 ≠ 2.5 (difference 0.5, tolerance 1e-09)
/// //   actual[1]:   {.x = 1, .y = 2}
/// //   expected[1]: {.x = 1, .y = 2.5}
/// ```
///
/// - Parameters:
///   - actual: The values the code under test produced.
///   - expected: The values it should have produced.
///   - tolerance: How close floating-point fields must be; it wins over `options.tolerance`, and with
///     neither the registry's default tolerance applies.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The comparison of the arrays, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCValuesEqual<Element>(
  _ actual: [Element], _ expected: [Element], within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared, _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  actual.withUnsafeBufferPointer { actual in
    expected.withUnsafeBufferPointer { expected in
      CValueCheck.equalElements(
        actual, expected,
        options: options.within(tolerance),
        encoding: encoding, registry: registry, message: comment.text
      ).record(sourceLocation: sourceLocation)
    }
  }
}

/// Expects two buffers of C values to be equal element by element, and records an issue naming each
/// mismatching field by its index and path (`[3].size.height`).
///
/// ```swift
/// output.withUnsafeBufferPointer { expectCValuesEqual($0, reference, within: .ulps(4)) }
/// ```
///
/// - Parameters:
///   - actual: The values the code under test produced.
///   - expected: The values it should have produced.
///   - tolerance: How close floating-point fields must be; it wins over `options.tolerance`, and with
///     neither the registry's default tolerance applies.
///   - options: What counts as equal and what the failure shows: see `ComparisonOptions`.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - comment: Appended to the failure's first line.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The comparison of the buffers, or `nil` when none could be made (the issue says why).
@discardableResult
public func expectCValuesEqual<Element>(
  _ actual: UnsafeBufferPointer<Element>, _ expected: UnsafeBufferPointer<Element>,
  within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared,
  _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Comparison? {
  CValueCheck.equalElements(
    actual, expected,
    options: options.within(tolerance),
    encoding: encoding, registry: registry, message: comment.text
  ).record(sourceLocation: sourceLocation)
}
