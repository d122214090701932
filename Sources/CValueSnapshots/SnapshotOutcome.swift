public import CValueKit

/// What checking a value against its snapshot found: whether it matched, was recorded or failed, why it
/// failed (a value: ``SnapshotFailure``), and both values for a framework to attach.
public struct SnapshotOutcome: Sendable {
  /// How the check ended.
  public enum Status: Hashable, Sendable {
    /// The value matches the snapshot under the options.
    case matched
    /// The snapshot was written (recording was asked for and `CI` is not set).
    case recorded
    /// The snapshot is missing, does not read, was recorded for another ABI or layout, or differs.
    case failed
  }

  /// How the check ended.
  public var status: Status
  /// Why the check failed; `nil` unless ``status`` is ``Status/failed``.
  public var failure: SnapshotFailure?
  /// What to do about the failure, the line after its text: how to accept or record the snapshot, or where
  /// the actual value was written (`the actual value is in origin.snap.new`).
  public var hint: String?
  /// The failure's text with the hint (its first line stands alone); `nil` unless ``status`` is
  /// ``Status/failed``.
  public var failureText: String? { failure?.report(hint: hint) }
  /// What a recording wrote, for the test's door to report once (a Swift Testing warning, a line in
  /// XCTest's output): `recorded snapshot “origin” of struct cv_point in /src/Tests/__Snapshots__/…/origin.snap`,
  /// or `re-recorded …` for one that did not match. `nil` unless ``status`` is ``Status/recorded``.
  public var note: String?
  /// The comparison, when one was made.
  public var comparison: Comparison?
  /// The snapshot file's path.
  public var path: String
  /// The snapshot file's text as it was found; `nil` when there was none.
  public var recordedText: String?
  /// The snapshot file the actual value makes (what is recorded, or written as `.snap.new`).
  public var actualText: String?
  /// The recorded value's bytes, when its initializer read.
  public var recordedBytes: [UInt8]?
  /// The actual value's bytes.
  public var actualBytes: [UInt8]
}
