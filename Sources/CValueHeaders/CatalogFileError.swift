public import CValueKit

/// Why a catalog file could not be written, read or loaded. Nothing is registered in the catalog when a
/// load throws.
///
/// Each case names where the problem is (the file, the JSON path such as `records[12].override`, the line
/// and column where the JSON itself is broken) and what is wrong:
///
/// ```swift
/// do {
///   try TypeCatalog().loadCatalogFile(at: URL(fileURLWithPath: "types.json"))
/// } catch {
///   print(error)   // types.json: records[12].encoding: expected a type at offset 9 in "{tcphdr=S"
/// }
/// ```
public enum CatalogFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read (missing, unreadable).
  case unreadable(path: String, reason: String)
  /// The file could not be written.
  case unwritable(path: String, reason: String)
  /// The file is not JSON; `line` and `column` (from 1) are where the parser stopped, when it says.
  case invalidJSON(path: String, line: Int?, column: Int?, reason: String)
  /// A value of the file is missing, of the wrong kind, or does not parse, at a JSON path such as
  /// `records[12].override.size`.
  case malformed(path: String, at: String, reason: String)
  /// The file's `formatVersion` is not one this version of CValueHeaders reads.
  case unsupportedFormatVersion(path: String, version: Int, supported: [Int])
  /// The file's `abi` names no ABI the library describes (`ABI.all`).
  case unknownABI(path: String, name: String, known: [String])
  /// The catalog refused an entry, at a JSON path such as `records[3]` or `typedefs[40]`: it conflicts with
  /// another entry of the file or with what the catalog already holds, or its override does not fit.
  case refused(path: String, at: String, CatalogError)
  /// A record's layout, with the file's definitions and overrides, is not the size and alignment the file
  /// states for it (its source's).
  case layoutMismatch(path: String, at: String, record: String, file: String, computed: String)
  /// The file was made for the ABI `file`, but the catalog already holds types made for the ABI `catalog`:
  /// one catalog holds one ABI's types.
  case otherABI(path: String, file: String, catalog: String)

  /// The file the error is about (`<catalog>` for a ``CatalogFile`` value loaded directly).
  public var path: String {
    switch self {
    case .unreadable(let path, _), .unwritable(let path, _), .invalidJSON(let path, _, _, _),
      .malformed(let path, _, _), .unsupportedFormatVersion(let path, _, _), .unknownABI(let path, _, _),
      .refused(let path, _, _), .layoutMismatch(let path, _, _, _, _), .otherABI(let path, _, _):
      return path
    }
  }

  /// A sentence naming the file, where in it, and what is wrong.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "\(path): cannot read the catalog file: \(reason)"
    case .unwritable(let path, let reason):
      return "\(path): cannot write the catalog file: \(reason)"
    case .invalidJSON(let path, let line?, let column?, let reason):
      return "\(path):\(line):\(column): not a catalog file: the JSON is malformed: \(reason)"
    case .invalidJSON(let path, _, _, let reason):
      return "\(path): not a catalog file: the JSON is malformed: \(reason)"
    case .malformed(let path, let place, let reason):
      return "\(path): \(place): \(reason)"
    case .unsupportedFormatVersion(let path, let version, let supported):
      let versions = supported.map(String.init).joined(separator: ", ")
      return """
        \(path): formatVersion: catalog file format \(version) is not one this version of CValueHeaders reads \
        (it reads \(versions)); write the file again with this version's cvalue import
        """
    case .unknownABI(let path, let name, let known):
      return "\(path): abi: \"\(name)\" is no ABI CValueKit describes; the ABIs are \(known.joined(separator: ", "))"
    case .refused(let path, let place, let error):
      return "\(path): \(place): the catalog refused it: \(error)"
    case .otherABI(let path, let file, let catalog):
      return """
        \(path): abi: the file is for \(file), but the catalog already holds types made for \(catalog); \
        load each ABI's catalog files into a catalog of their own
        """
    case .layoutMismatch(let path, let place, let record, let file, let computed):
      return "\(path): \(place): \(record) lays out as \(computed), but the file says \(file)"
    }
  }
}
