import CValueKit

/// Reading a recorded snapshot and comparing the actual value with it, in the order that keeps a
/// comparison meaningful: the file must read, be of the same type, ABI and layout, and its initializer
/// must parse, before any field is compared.
struct SnapshotCheck {
  let name: String
  let path: String
  let type: ValueType
  let actual: SnapshotFile
  var outcome: SnapshotOutcome

  /// Why the value does not match, or `nil` when it does; fills in the outcome's comparison and bytes.
  mutating func compare(options: ComparisonOptions) -> SnapshotFailure? {
    let recorded: SnapshotFile
    do throws(SnapshotError) {
      recorded = try SnapshotFile(parsing: outcome.recordedText ?? "", path: path)
    } catch {
      return .notASnapshot(error)
    }
    guard recorded.typeName == actual.typeName else {
      return .otherType(name: name, recorded: recorded.typeName, actual: actual.typeName)
    }
    guard recorded.count == actual.count else {
      return .otherCount(name: name, typeName: actual.typeName, recorded: recorded.count, actual: actual.count)
    }
    guard recorded.abi == actual.abi else {
      return .otherABI(name: name, typeName: actual.typeName, recorded: recorded.abi, current: actual.abi)
    }
    let changes = SnapshotLayout.differences(recorded: recorded.fields, current: actual.fields)
    guard changes.isEmpty, recorded.size == actual.size else {
      return .layoutChanged(
        name: name, typeName: actual.typeName, recordedSize: recorded.size, size: actual.size, changes: changes)
    }
    let expected: [UInt8]
    do throws(ValueError) {
      expected = try type.parse(recorded.initializer, count: recorded.count)
    } catch {
      guard case .literal(let problem, let field, let offset, _) = error else {
        return .notRead(name: name, error)
      }
      let (line, column) = recorded.position(ofInitializerOffset: offset)
      return .unreadable(path: path, line: line, column: column, problem: "\(problem)", field: field)
    }
    outcome.recordedBytes = expected
    do throws(ValueError) {
      let comparison =
        if let count = actual.count {
          try type.compare(bytes: outcome.actualBytes, expected, count: count, options: options)
        } else {
          try type.compare(bytes: outcome.actualBytes, expected, options: options)
        }
      outcome.comparison = comparison
      guard !comparison.isEqual else { return nil }
      return .differs(name: name, comparison: comparison)
    } catch {
      return .notCompared(name: name, error)
    }
  }
}
