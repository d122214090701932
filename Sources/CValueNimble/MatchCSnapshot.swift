public import CValueKit
public import CValueSnapshots
import CValueTesting
public import Nimble

/// A Nimble matcher that succeeds when a C value matches its snapshot file, compared field by field.
///
/// The Nimble form of `expectCSnapshot`: the same files (`__Snapshots__/<TestFileName>/<name>.snap`,
/// unnamed ones named from the test function and a counter), the same recording rules (only on request,
/// never under `CI`) and the same failure text, after Nimble's own first line.
///
/// ```swift
/// expect(settings).to(matchCSnapshot(named: "raw-mode", encoding: "struct termios", registry: registry))
/// ```
///
/// - Parameters:
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test function and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the value is compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type as an encoding or readable name; `nil` derives it from `Value`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - filePath: The test file, for the snapshot folder.
///   - function: The test function, for the snapshot's name.
public func matchCSnapshot<Value>(
  named name: String? = nil, within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  record: SnapshotRecording? = nil, directory: String? = nil, filePath: String = #filePath,
  function: String = #function
) -> Matcher<Value> {
  let options = options.within(tolerance)
  return Matcher.define { actualExpression in
    guard let value = try actualExpression.evaluate() else {
      return MatcherResult(status: .fail, message: .expectedCustomValueTo("match C snapshot", actual: "<nil>"))
    }
    let found = CValueSnapshotCheck.check(
      value, name: name, options: options, encoding: encoding, registry: registry, record: record,
      directory: directory, filePath: filePath, function: function)
    return snapshotResult(found, at: actualExpression.location)
  }
}

/// A Nimble matcher that succeeds when an array of C values matches its snapshot file, compared element by
/// element: a failure names every field that differs by its index and path (`[1].flags`), or both counts
/// when the count changed since recording. (A matcher of its own name: Nimble could not choose between
/// this and ``matchCSnapshot(named:within:options:encoding:registry:record:directory:filePath:function:)``.)
///
/// ```swift
/// expect(parsePackets(capture)).to(matchCArraySnapshot(named: "capture-headers", encoding: "struct pkt_header"))
/// ```
///
/// - Parameters:
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test function and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the values are compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - filePath: The test file, for the snapshot folder.
///   - function: The test function, for the snapshot's name.
public func matchCArraySnapshot<Element>(
  named name: String? = nil, within tolerance: FloatTolerance? = nil, options: ComparisonOptions = .default,
  encoding: (any TypeEncodingConvertible)? = nil, registry: ValueRegistry = .shared,
  record: SnapshotRecording? = nil, directory: String? = nil, filePath: String = #filePath,
  function: String = #function
) -> Matcher<[Element]> {
  let options = options.within(tolerance)
  return Matcher.define { actualExpression in
    guard let values = try actualExpression.evaluate() else {
      return MatcherResult(status: .fail, message: .expectedCustomValueTo("match C snapshot", actual: "<nil>"))
    }
    let found = values.withUnsafeBufferPointer { buffer in
      CValueSnapshotCheck.check(
        elements: buffer, name: name, options: options, encoding: encoding, registry: registry, record: record,
        directory: directory, filePath: filePath, function: function)
    }
    return snapshotResult(found, at: actualExpression.location)
  }
}

/// The matcher's result for what a snapshot check found; what a recording wrote is printed as
/// `FILE:LINE: note` (Nimble reports nothing of a match).
private func snapshotResult(
  _ found: (outcome: SnapshotOutcome?, failure: SnapshotFailure?, layout: CLayout?), at location: Nimble.SourceLocation
) -> MatcherResult {
  if let note = found.outcome?.note { print("\(location.filePath):\(location.line): \(note)") }
  let snapshot = found.outcome.map { "match C snapshot <\($0.path)>" } ?? "match C snapshot"
  guard let failure = found.failure else {
    return MatcherResult(status: .matches, message: .expectedTo(snapshot))
  }
  return MatcherResult(
    status: .fail, message: .expectedTo(snapshot).appended(details: failure.report(hint: found.outcome?.hint)))
}
