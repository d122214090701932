// swift-format-ignore-file: AlwaysUseLowerCamelCase

// XCTest names its assertions XCTAssert…; this one stands beside them.
public import CValueKit
public import CValueSnapshots
import XCTest

/// Asserts that a C value matches its snapshot file, compared field by field, and fails naming every
/// field that differs.
///
/// The XCTest form of `expectCSnapshot`: the same arguments, the same files
/// (`__Snapshots__/<TestFileName>/<name>.snap`, unnamed ones named from the test method and a counter) and
/// the same failure text, recorded through `XCTFail` at the caller's file and line. A snapshot it records
/// is printed once, after the caller's file and line: `recorded snapshot “…” of struct termios in /…/….snap`.
///
/// ```swift
/// func testTermiosAfterSetup() {
///   var settings = termios()
///   cfmakeraw(&settings)
///   XCTAssertCSnapshot(settings, encoding: "struct termios", registry: registry)
/// }
/// ```
///
/// - Returns: The outcome (matched, recorded or failed), or `nil` when the type could not be resolved.
@discardableResult
public func XCTAssertCSnapshot<Value>(
  _ value: Value, named name: String? = nil, within tolerance: FloatTolerance? = nil,
  options: ComparisonOptions = .default, encoding: (any TypeEncodingConvertible)? = nil,
  registry: ValueRegistry = .shared, record: SnapshotRecording? = nil, directory: String? = nil,
  _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line,
  function: String = #function
) -> SnapshotOutcome? {
  let options = options.within(tolerance)
  let found = CValueSnapshotCheck.check(
    value, name: name, options: options, encoding: encoding, registry: registry, record: record,
    directory: directory, filePath: "\(file)", function: function)
  _ = CheckResult.snapshot(found, message: message()).fail(file: file, line: line)
  return found.outcome
}
