public import CValueKit
public import CValueSnapshots
public import Testing

/// Expects a C value to match its snapshot file, compared field by field, and records an issue naming
/// every field that differs.
///
/// The snapshot is `__Snapshots__/<TestFileName>/<name>.snap` beside the test file: the value as a C
/// initializer under a header with its type, size, ABI and layout (see `SnapshotFile`). Without a name,
/// it is the test function's name and a counter (`termiosAfterSetup-1`); name snapshots taken in a loop
/// or a parameterized test.
///
/// ```swift
/// @Test func termiosAfterSetup() {
///   var settings = termios()
///   cfmakeraw(&settings)
///   expectCSnapshot(settings, encoding: "struct termios", registry: registry)
/// }
/// ```
///
/// Nothing is recorded unless asked: a missing snapshot is an issue, and the value it would record is
/// written beside it as `<name>.snap.new` for `cvalue snapshot accept`. Record with `record: .missing`
/// or `CVALUE_SNAPSHOTS=record-missing swift test`; never while `CI` is set. Each snapshot recorded is a
/// warning naming the file written (Swift 6.3+; printed before), which fails nothing. A snapshot that differs is
/// an issue with the field report, the actual value goes to `<name>.snap.new`, and (Swift 6.2+) both
/// snapshots and both values' bytes are attached:
///
/// ```
/// snapshot “termiosAfterSetup-1” differs: termios values differ at .c_lflag: 0 ≠ 35387
///   .c_lflag: 0 ≠ 35387
///   actual:   {.c_iflag = 0, …}
///   expected: {.c_iflag = 1280, …}
///   the actual value is in termiosAfterSetup-1.snap.new
/// ```
///
/// - Parameters:
///   - value: The value the code under test produced.
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test function and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the value is compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - comment: Appended to the failure's first line.
///   - filePath: The test file, for the snapshot folder.
///   - function: The test function, for the snapshot's name.
///   - sourceLocation: Where the issue is recorded; the caller's location by default.
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func expectCSnapshot<Value>(
  _ value: Value, named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ comment: Comment? = nil, filePath: String = #filePath, function: String = #function,
  sourceLocation: SourceLocation = #_sourceLocation
) -> SnapshotOutcome? {
  let options = options.within(tolerance)
  let found = CValueSnapshotCheck.check(
    value, name: name, options: options, encoding: encoding, registry: registry, record: record,
    directory: directory, filePath: filePath, function: function)
  _ = CheckResult.snapshot(found, message: comment.text).record(sourceLocation: sourceLocation)
  return found.outcome
}
