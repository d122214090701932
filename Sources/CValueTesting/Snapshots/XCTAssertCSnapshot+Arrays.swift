// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; these stand beside them.
public import CValueKit
public import CValueSnapshots
import XCTest

/// Asserts that an array of C values matches its snapshot file, compared element by element, and fails
/// naming every field that differs by its index and path (`[1].flags`).
///
/// The XCTest form of `expectCSnapshot(_:named:…)` for arrays: the same files, the same count check and
/// the same failure text, recorded through `XCTFail` at the caller's file and line.
///
/// ```swift
/// func testParsedPackets() {
///   XCTAssertCSnapshot(parsePackets(capture), named: "capture-headers", encoding: "struct pkt_header")
/// }
/// ```
///
/// - Parameters:
///   - values: The values the code under test produced.
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test method and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the values are compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - message: Appended to the failure's first line.
///   - file: The test file, for the snapshot folder and the failure.
///   - line: The failure's line.
///   - function: The test method, for the snapshot's name.
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func XCTAssertCSnapshot<Element>(
  _ values: [Element], named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
  function: String = #function
) -> SnapshotOutcome? {
  values.withUnsafeBufferPointer { buffer in
    XCTAssertCSnapshot(
      buffer, named: name, within: tolerance, options: options, encoding: encoding, registry: registry,
      record: record, directory: directory, message(), file: file, line: line, function: function)
  }
}

/// Asserts that a buffer of C values matches its snapshot file, compared element by element, and fails
/// naming every field that differs by its index and path (`[1].flags`).
///
/// ```swift
/// ring.withUnsafeBufferPointer { XCTAssertCSnapshot($0, named: "sq-ring", encoding: "struct io_uring_sqe") }
/// ```
///
/// - Parameters:
///   - values: The values the code under test produced.
///   - name: The snapshot's file name without `.snap`; `nil` names it from the test method and a counter.
///   - tolerance: How close floating-point fields must be, in place of `options.tolerance` when given.
///   - options: How the values are compared with the snapshot: tolerances, ignored paths, union members.
///   - encoding: The C type of one element; `nil` derives it from `Element`.
///   - registry: The registry that resolves the type and holds your comparers.
///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` (`off` when unset).
///   - directory: The folder of the snapshot files, in place of `__Snapshots__/<TestFileName>/`.
///   - message: Appended to the failure's first line.
///   - file: The test file, for the snapshot folder and the failure.
///   - line: The failure's line.
///   - function: The test method, for the snapshot's name.
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func XCTAssertCSnapshot<Element>(
  _ values: UnsafeBufferPointer<Element>, named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
  function: String = #function
) -> SnapshotOutcome? {
  let found = CValueSnapshotCheck.check(
    elements: values, name: name, options: options.within(tolerance), encoding: encoding, registry: registry,
    record: record, directory: directory, filePath: "\(file)", function: function)
  _ = CheckResult.snapshot(found, message: message()).fail(file: file, line: line)
  return found.outcome
}
