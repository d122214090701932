/// When a snapshot is written: never by default, so that a deleted or renamed snapshot fails a test
/// instead of turning it green.
///
/// A test opts in per call (`record: .missing`) or for a run through the `CVALUE_SNAPSHOTS` environment
/// variable (`record-missing`, `record-all`, `off`). Whatever is asked, nothing is recorded while the `CI`
/// environment variable is set: the test fails and says so.
///
/// ```
/// CVALUE_SNAPSHOTS=record-missing swift test
/// ```
public enum SnapshotRecording: String, Hashable, Sendable, CaseIterable {
  /// Record nothing: a missing or different snapshot fails and its value is written beside it as `.snap.new`.
  case off
  /// Record snapshots that do not exist yet; compare the others.
  case missing = "record-missing"
  /// Record every snapshot that is missing or does not match (after a deliberate change).
  case all = "record-all"

  /// The name of the environment variable that sets the recording for a run.
  public static let environmentVariable = "CVALUE_SNAPSHOTS"

  /// The recording the environment asks for: `off` when `CVALUE_SNAPSHOTS` is unset or empty.
  ///
  /// ```swift
  /// try SnapshotRecording(environment: ["CVALUE_SNAPSHOTS": "record-missing"])   // .missing
  /// ```
  ///
  /// - Parameter environment: The process environment, or one a test makes up.
  /// - Throws: ``SnapshotSettingError`` naming the value when it is not one of `off`, `record-missing`,
  ///   `record-all`.
  public init(environment: [String: String]) throws(SnapshotSettingError) {
    let value = environment[Self.environmentVariable] ?? ""
    if value.isEmpty {
      self = .off
      return
    }
    guard let recording = SnapshotRecording(rawValue: value) else {
      throw SnapshotSettingError(
        variable: Self.environmentVariable, value: value,
        expected: Self.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = recording
  }

  /// Whether the environment is a CI run: `CI` is set to anything but the empty string.
  ///
  /// ```swift
  /// SnapshotRecording.isCI(["CI": "true"])   // true
  /// ```
  ///
  /// - Parameter environment: The process environment, or one a test makes up.
  public static func isCI(_ environment: [String: String]) -> Bool {
    !(environment["CI"] ?? "").isEmpty
  }
}

/// An environment variable whose value is not one the snapshots understand.
///
/// ```
/// CVALUE_SNAPSHOTS=record is not one of off, record-missing, record-all
/// ```
public struct SnapshotSettingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The variable's name.
  public var variable: String
  /// Its value.
  public var value: String
  /// The values it may take, listed.
  public var expected: String

  /// `NAME=value is not one of …`.
  public var description: String { "\(variable)=\(value) is not one of \(expected)" }
}
