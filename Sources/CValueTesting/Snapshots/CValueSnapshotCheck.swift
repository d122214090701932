package import CValueKit
package import CValueSnapshots
import Foundation
import Synchronization

/// The one snapshot core behind `expectCSnapshot`, `XCTAssertCSnapshot` and CValueNimble's `matchCSnapshot`:
/// where a test's snapshots live, how an unnamed snapshot is named, and the value's bytes handed to
/// ``SnapshotStore``. The doors only record what it finds.
package enum CValueSnapshotCheck {
  /// How many unnamed snapshots each test has taken in this process, by file and function.
  private static let counters = Mutex<[String: Int]>([:])

  /// The folder of a test file's snapshots: `__Snapshots__/<TestFileName>/` beside the file.
  package static func directory(forTestFile filePath: String) -> String {
    let file = filePath as NSString
    let name = (file.lastPathComponent as NSString).deletingPathExtension
    return file.deletingLastPathComponent + "/__Snapshots__/" + name
  }

  /// The read log: the file `CVALUE_SNAPSHOTS_READ_LOG` names, else `.cvalue-read` in the folder a test
  /// gave, else `__Snapshots__/.cvalue-read` beside the test file.
  package static func readLog(
    forTestFile filePath: String, directory: String? = nil, environment: [String: String]
  ) -> String {
    if let named = environment[SnapshotStore.readLogVariable], !named.isEmpty { return named }
    if let directory { return (directory as NSString).appendingPathComponent(".cvalue-read") }
    return (filePath as NSString).deletingLastPathComponent + "/__Snapshots__/.cvalue-read"
  }

  /// The name of a test's next unnamed snapshot: the function's name and a counter from 1
  /// (`termiosAfterSetup-1`, `termiosAfterSetup-2`).
  package static func nextName(function: String, filePath: String) -> String {
    let base = String(function.prefix { $0 != "(" }).map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }
    let count = counters.withLock { counters in
      let key = filePath + "\u{0}" + function
      counters[key, default: 0] += 1
      return counters[key, default: 1]
    }
    return "\(String(base))-\(count)"
  }

  /// Checks `value` against its snapshot: the outcome and its failure, or only a failure when the type
  /// cannot be resolved or the value is not one of it.
  package static func check<Value>(
    _ value: Value, name: String?, options: ComparisonOptions, encoding: (any TypeEncodingConvertible)?,
    registry: ValueRegistry, record: SnapshotRecording?, directory: String?, filePath: String, function: String
  ) -> (outcome: SnapshotOutcome?, failure: SnapshotFailure?, layout: CLayout?) {
    do throws(ValueError) {
      let type = try CValueCheck.valueType(of: Value.self, encoding: encoding, registry: registry)
      // The snapshot describes the value once; here it is only refused when it is not plain data or not of
      // the type's size.
      guard _isPOD(Value.self) else { throw .notPlainData(swiftType: "\(Value.self)") }
      if let layout = type.layout, !ValueType.fits(Value.self, layout) {
        throw .swiftTypeSize(
          swiftType: "\(Value.self)", size: MemoryLayout<Value>.size, type: type.type, typeSize: layout.size)
      }
      let size = type.size ?? 0
      var bytes = withUnsafeBytes(of: value) { Array($0.prefix(size)) }
      bytes += repeatElement(0, count: max(0, size - bytes.count))
      let outcome = verify(
        bytes, of: type, count: nil, name: name, options: options, record: record, directory: directory,
        filePath: filePath, function: function)
      return (outcome, outcome.failure, type.layout)
    } catch {
      return (nil, .notSnapshottable(subject: "C value", error), nil)
    }
  }

  /// Checks the values in `elements` against their snapshot, an array of values compared element by
  /// element (paths `[2].flags`): the outcome and its failure, or only a failure when the element type
  /// cannot be resolved or its stride is not the C type's.
  package static func check<Element>(
    elements: UnsafeBufferPointer<Element>, name: String?, options: ComparisonOptions,
    encoding: (any TypeEncodingConvertible)?, registry: ValueRegistry, record: SnapshotRecording?,
    directory: String?, filePath: String, function: String
  ) -> (outcome: SnapshotOutcome?, failure: SnapshotFailure?, layout: CLayout?) {
    do throws(ValueError) {
      guard _isPOD(Element.self) else { throw .notPlainData(swiftType: "\(Element.self)") }
      let type = try CValueCheck.valueType(of: Element.self, encoding: encoding, registry: registry)
      guard let layout = type.layout else {
        throw .layoutUnknown(type.type, type.layoutError ?? LayoutError(.unknownHasNoSize))
      }
      let stride = MemoryLayout<Element>.stride
      guard layout.stride == stride else {
        throw .swiftTypeSize(swiftType: "\(Element.self)", size: stride, type: type.type, typeSize: layout.stride)
      }
      let outcome = verify(
        Array(UnsafeRawBufferPointer(elements)), of: type, count: elements.count, name: name, options: options,
        record: record, directory: directory, filePath: filePath, function: function)
      return (outcome, outcome.failure, type.layout)
    } catch {
      return (nil, .notSnapshottable(subject: "C values", error), nil)
    }
  }

  /// The store of the test file's snapshots, asked about the bytes.
  private static func verify(
    _ bytes: [UInt8], of type: ValueType, count: Int?, name: String?, options: ComparisonOptions,
    record: SnapshotRecording?, directory: String?, filePath: String, function: String
  ) -> SnapshotOutcome {
    let environment = ProcessInfo.processInfo.environment
    let store = SnapshotStore(
      directory: directory ?? Self.directory(forTestFile: filePath),
      readLog: readLog(forTestFile: filePath, directory: directory, environment: environment),
      environment: environment)
    return store.verify(
      bytes: bytes, of: type, count: count, named: name ?? nextName(function: function, filePath: filePath),
      options: options, record: record)
  }
}

extension CheckResult {
  /// The result of a snapshot check: its failure with the caller's message on the first line, and the
  /// recorded and actual snapshots (text, and both values' bytes) as attachments.
  static func snapshot(
    _ found: (outcome: SnapshotOutcome?, failure: SnapshotFailure?, layout: CLayout?), message: String
  ) -> CheckResult {
    guard let failure = found.failure else {
      var result = CheckResult.passed(found.outcome?.comparison)
      result.note = found.outcome?.note
      return result
    }
    let text = failure.report(hint: found.outcome?.hint) { FailureText.headline($0, message: message) }
    var result = CheckResult.failed(text, found.outcome?.comparison)
    guard let outcome = found.outcome else { return result }
    let name = (outcome.path as NSString).lastPathComponent
    if let recorded = outcome.recordedText { result.attachments.append((name, recorded)) }
    if let actual = outcome.actualText { result.attachments.append((name + ".new", actual)) }
    if let recordedBytes = outcome.recordedBytes {
      let dump = outcome.actualBytes.withUnsafeBytes { actual in
        recordedBytes.withUnsafeBytes { recorded in
          ByteDump.text(actual, recorded, typeName: name, layout: found.layout)
        }
      }
      result.attachments.append((name + " bytes.txt", dump))
    }
    return result
  }
}
