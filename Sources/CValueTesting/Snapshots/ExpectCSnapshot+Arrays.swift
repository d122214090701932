public import CValueKit
public import CValueSnapshots
public import Testing

/// Expects an array of C values to match its snapshot file, compared element by element, and records an
/// issue naming every field that differs by its index and path (`[1].flags`).
///
/// The snapshot holds the values as one C array initializer, each element complete, under a header that
/// says their count (see `SnapshotFile`). A count that changed since recording is an issue saying both
/// counts, and the actual values go to `<name>.snap.new` as for any failure.
///
/// ```swift
/// @Test func parsedPackets() {
///   let headers = parsePackets(capture)   // [pkt_header]
///   expectCSnapshot(headers, named: "capture-headers", encoding: "struct pkt_header", registry: registry)
/// }
/// ```
///
/// - Parameters:
///   - values: The values the code under test produced.
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test function and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the values are compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - comment: Appended to the failure's first line.
///   - filePath: The test file, for the snapshot folder.
///   - function: The test function, for the snapshot's name.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func expectCSnapshot<Element>(
  _ values: [Element], named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ comment: Comment? = nil, filePath: String = #filePath, function: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) -> SnapshotOutcome? {
  values.withUnsafeBufferPointer { buffer in
    expectCSnapshot(
      buffer, named: name, within: tolerance, options: options, encoding: encoding, registry: registry,
      record: record, directory: directory, comment, filePath: filePath, function: function,
      sourceLocation: sourceLocation)
  }
}

/// Expects a buffer of C values to match its snapshot file, compared element by element, and records an
/// issue naming every field that differs by its index and path (`[1].flags`).
///
/// ```swift
/// ring.withUnsafeBufferPointer { expectCSnapshot($0, named: "sq-ring", encoding: "struct io_uring_sqe") }
/// ```
///
/// - Parameters:
///   - values: The values the code under test produced.
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test function and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the values are compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - comment: Appended to the failure's first line.
///   - filePath: The test file, for the snapshot folder.
///   - function: The test function, for the snapshot's name.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func expectCSnapshot<Element>(
  _ values: UnsafeBufferPointer<Element>, named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ comment: Comment? = nil, filePath: String = #filePath, function: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) -> SnapshotOutcome? {
  let found = CValueSnapshotCheck.check(
    elements: values, name: name, options: options.within(tolerance), encoding: encoding, registry: registry,
    record: record, directory: directory, filePath: filePath, function: function)
  _ = CheckResult.snapshot(found, message: comment.text).record(sourceLocation: sourceLocation)
  return found.outcome
}
