internal import CDwarf
import CValueKit

/// The DWARF walk as a source of CValueKit's import pass: each declaration's encoding, and its problems in
/// ``DebugInfoError``'s words.
extension DieReader: TypeReader {
  typealias Failure = DebugInfoError

  mutating func encoding(of entry: TypeDeclarations<Dwarf_Die>.Entry) throws(DebugInfoError) -> TypeEncoding {
    unit = entry.place ?? ""
    guard let die = entry.type else { return .scalar(.void) }
    return try encoding(of: die, name: entry.name, place: (entry.name, ""), depth: 0)
  }

  func failure(_ problem: ImportProblem) -> DebugInfoError {
    switch problem {
    // A type in a unit whose .dwo file is missing cannot be found: that is what to say.
    case .unknownType where !missingSplitFiles.isEmpty:
      .missingSplitDebugInfo(file.realPath, files: missingSplitFiles, package: missingSplitPackage)
    case .unknownType(let name): .unknownType(name, file: file.path)
    case .incompleteType(let name): .incompleteType(name, file: file.path)
    case .typeWithoutLayout(let name, let what): .typeWithoutLayout(name, file: file.path, what: what)
    case .unsupportedType(let type, let record, let field): .unsupportedType(type, record: record, field: field)
    case .conflictingDefinitions(let name, let places): .conflictingDefinitions(name, units: places)
    case .layoutMismatch(let record, let field, let source, let cvaluekit):
      .layoutMismatch(record: record, field: field, dwarf: source, cvaluekit: cvaluekit)
    }
  }

  func problem(in failure: DebugInfoError) -> ImportProblem? {
    switch failure {
    case .unsupportedType(let type, let record, let field): .unsupportedType(type, record: record, field: field)
    case .incompleteType(let name, _): .incompleteType(name)
    default: nil
    }
  }
}
