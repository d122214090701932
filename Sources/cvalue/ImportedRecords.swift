import CValueHeaders
import CValueKit
import Synchronization

/// The records this process imported from `--header`, `--binary` and `--catalog`, by the name C gives them
/// (`struct shape`, `point_t`): what an import knows that a layout does not, how the record's alignment was
/// known.
enum ImportedRecords {
  private static let records = Mutex<[String: ImportedTypes.Record]>([:])

  /// Keeps the records of an import, a later one of a name replacing an earlier one.
  static func remember(_ imported: ImportedTypes) {
    records.withLock { records in
      for record in imported.records { records[record.name] = record }
    }
  }

  /// The imported record that `encoding` (a struct or union) or the C name `type` stands for.
  static func record(_ type: String, encoding: TypeEncoding) -> ImportedTypes.Record? {
    var names = [type.split(whereSeparator: \.isWhitespace).joined(separator: " ")]
    switch encoding {
    case .structure(let record): if let tag = record.name { names.append("struct \(tag)") }
    case .union(let record): if let tag = record.name { names.append("union \(tag)") }
    default: break
    }
    return records.withLock { records in names.compactMap { records[$0] }.first }
  }

  /// How the alignment of `type`'s layout was known, in the words of catalog files: the import's word for
  /// an imported record (`compiler` for clang's, `attribute`, `natural` or `inferred` for debug info's),
  /// `attribute` for an alignment given on the command line, `natural` for a layout CValueKit made from the
  /// ABI's rules alone (an encoding, a built-in name).
  static func alignmentSource(_ type: String, encoding: TypeEncoding, isOverridden: Bool) -> String {
    if isOverridden { return "\(ImportedTypes.AlignmentSource.attribute)" }
    return "\(record(type, encoding: encoding)?.alignmentSource ?? .natural)"
  }
}
