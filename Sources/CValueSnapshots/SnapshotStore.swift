public import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A folder of snapshot files (`NAME.snap`), and the check of a value against one of them.
///
/// The assertions of CValueTesting and CValueNimble and the `cvalue snapshot` tool use it; a test never
/// needs it directly, but it is the whole behaviour, with the environment handed in as a value:
///
/// ```swift
/// let store = SnapshotStore(directory: "/tmp/snaps", environment: ["CI": "true"])
/// let outcome = store.verify(bytes: bytes, of: point, named: "origin")
/// print(outcome.failureText ?? "matched")
/// ```
public struct SnapshotStore: Sendable {
  /// The folder that holds the snapshot files.
  public var directory: String
  /// The file that lists, one path a line, the snapshot files this run read (for `cvalue snapshot orphans`);
  /// `nil` records nothing. Its first line names the run: `# run parent 6775 at 4242424` for the processes
  /// one `swift test` starts (XCTest's, Swift Testing's, parallel workers), `# run group 4242 at 4242000` for
  /// a test binary started from a shell and the workers it forks. A read in another run empties it first.
  public var readLog: String?
  /// The environment variable that names the read log of every store the assertions make, in place of
  /// `__Snapshots__/.cvalue-read` beside each test file.
  public static let readLogVariable = "CVALUE_SNAPSHOTS_READ_LOG"
  /// The environment: `CVALUE_SNAPSHOTS` and `CI` are read from it.
  public var environment: [String: String]

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - directory: The folder that holds the snapshot files; it is created when a file is first written.
  ///   - readLog: The file that lists the snapshot files the run read, or `nil`.
  ///   - environment: The environment to read `CVALUE_SNAPSHOTS` and `CI` from; `nil` for the process's.
  public init(directory: String, readLog: String? = nil, environment: [String: String]? = nil) {
    self.directory = directory
    self.readLog = readLog
    self.environment = environment ?? ProcessInfo.processInfo.environment
  }

  /// The path of the snapshot file named `name`: `directory/name.snap`.
  ///
  /// ```swift
  /// SnapshotStore(directory: "/tmp/snaps").path(of: "origin")   // "/tmp/snaps/origin.snap"
  /// ```
  ///
  /// - Parameter name: The snapshot's name.
  public func path(of name: String) -> String { SnapshotPath.join(directory, name + ".snap") }

  /// Checks a value against the snapshot `name`: compares it field by field under `options` when the
  /// snapshot exists, and records it or writes it beside as `NAME.snap.new` when it is missing or differs.
  ///
  /// ```swift
  /// let outcome = store.verify(bytes: sqeBytes, of: sqe, named: "readv", options: ComparisonOptions(ignoredPaths: [".user_data"]))
  /// let ring = store.verify(bytes: ringBytes, of: sqe, count: 8, named: "ring")
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: The actual value's bytes, or the bytes of `count` values one stride apart.
  ///   - type: Its type (an array's element type).
  ///   - count: How many values `bytes` holds, for a snapshot of an array of values compared element by
  ///     element (paths `[2].flags`); `nil` for one value.
  ///   - name: The snapshot's name, a file name without `.snap`.
  ///   - options: How the values are compared: tolerances, ignored paths, union members.
  ///   - record: When to record; `nil` reads `CVALUE_SNAPSHOTS` from the environment.
  /// - Returns: The outcome; every problem (a bad name, a file that does not read, an ABI or layout that
  ///   changed) is a failed outcome with its text, never a thrown error.
  public func verify(
    bytes: [UInt8], of type: ValueType, count: Int? = nil, named name: String,
    options: ComparisonOptions = .default, record: SnapshotRecording? = nil
  ) -> SnapshotOutcome {
    let path = path(of: name)
    var outcome = SnapshotOutcome(status: .failed, path: path, actualBytes: bytes)
    guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
      outcome.failure = .badName(name)
      return outcome
    }
    var recording = record ?? .off
    do throws(SnapshotSettingError) {
      if record == nil { recording = try SnapshotRecording(environment: environment) }
    } catch {
      outcome.failure = .badSetting(name: name, error)
      return outcome
    }
    let actual: SnapshotFile
    do throws(ValueError) {
      actual = try SnapshotFile(
        recording: type, bytes: bytes, count: count, unionMembers: options.unionMembers)
    } catch {
      outcome.failure = .notSnapshottable(subject: "a \(SnapshotFile.name(of: type)) value", error)
      return outcome
    }
    outcome.actualText = actual.text
    logRead(path)
    let isCI = SnapshotRecording.isCI(environment)
    guard let data = FileManager.default.contents(atPath: path) else {
      if recording != .off && !isCI { return write(actual, of: type, named: name, to: path, outcome) }
      let hint =
        isCI
        ? "CI is set, so snapshots are never recorded: record it locally and commit it"
        : "accept it with `cvalue snapshot accept \(directory)`, or record missing snapshots with "
          + "\(SnapshotRecording.environmentVariable)=record-missing"
      return failed(
        .missing(name: name, subject: Self.subject(of: actual), path: path), hint: hint, actual: actual, outcome)
    }
    outcome.recordedText = String(decoding: data, as: UTF8.self)
    var check = SnapshotCheck(name: name, path: path, type: type, actual: actual, outcome: outcome)
    let problem = check.compare(options: options)
    outcome = check.outcome
    guard let problem else {
      try? FileManager.default.removeItem(atPath: path + ".new")
      outcome.status = .matched
      return outcome
    }
    if recording == .all && !isCI { return write(actual, of: type, named: name, to: path, outcome) }
    let hint =
      isCI && recording == .all
      ? "CI is set, so snapshots are never recorded; the actual value is in \(name).snap.new"
      : "the actual value is in \(name).snap.new"
    return failed(problem, hint: hint, actual: actual, outcome)
  }

  /// What a snapshot file holds, for messages: `struct cv_point`, or `3 values of struct cv_point`.
  static func subject(of file: SnapshotFile) -> String {
    guard let count = file.count else { return file.typeName }
    return "\(count) \(count == 1 ? "value" : "values") of \(file.typeName)"
  }

  /// Writes `file` as the snapshot at `path`: a recorded outcome with its note, or a failed one saying why
  /// it could not.
  private func write(
    _ file: SnapshotFile, of type: ValueType, named name: String, to path: String, _ outcome: SnapshotOutcome
  ) -> SnapshotOutcome {
    var outcome = outcome
    // What is recorded must read back as the type, or every later run fails on the file: a member described
    // by a registered describer (a C++ std::string or std::vector compared by what it holds in this process)
    // has no bytes a snapshot can hold.
    do throws(ValueError) { _ = try type.parse(file.initializer, count: file.count) } catch {
      let (field, problem): (FieldPath, String) =
        if case .literal(let problem, let field, _, _) = error { (field, "\(problem)") } else {
          (FieldPath(), "\(error)")
        }
      outcome.failure = .notRecordable(name: name, typeName: file.typeName, field: field, problem: problem)
      outcome.hint =
        "a member described by what it holds in this process (a registered describer, a C++ std::string or "
        + "std::vector) has no bytes a snapshot can hold; nothing was written"
      return outcome
    }
    do {
      try Self.write(file.text, to: path)
      try? FileManager.default.removeItem(atPath: path + ".new")
      outcome.status = .recorded
      let verb = outcome.recordedText == nil ? "recorded" : "re-recorded"
      let why = outcome.recordedText == nil ? "" : " (the one recorded did not match)"
      outcome.note = "\(verb) snapshot “\(name)” of \(Self.subject(of: file)) in \(path)\(why)"
    } catch {
      outcome.failure = .notWritten(path: path, reason: String(describing: error))
    }
    return outcome
  }

  /// A failed outcome: the failure, the hint, and the actual value written as `.snap.new`.
  private func failed(_ failure: SnapshotFailure, hint: String, actual: SnapshotFile, _ outcome: SnapshotOutcome)
    -> SnapshotOutcome
  {
    var outcome = outcome
    outcome.status = .failed
    outcome.failure = failure
    do {
      try Self.write(actual.text, to: outcome.path + ".new")
      outcome.hint = hint
    } catch {
      outcome.hint = "cannot write \(outcome.path).new: \(String(describing: error))"
    }
    return outcome
  }

  static func write(_ text: String, to path: String) throws {
    let folder = SnapshotPath.parent(path)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(filePath: path), options: .atomic)
  }

  /// Adds `path` to the read log, relative to the log's folder when it lies inside it.
  private func logRead(_ path: String) {
    guard let readLog else { return }
    ReadLog.append(path, to: readLog)
  }
}
