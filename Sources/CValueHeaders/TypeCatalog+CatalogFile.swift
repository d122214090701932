public import CValueKit
#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension TypeCatalog {
  /// Reads a catalog file written by `cvalue import` or ``CatalogFile/write(to:)`` and registers what it
  /// holds, as the import that wrote it did. No libclang is needed.
  ///
  /// ```swift
  /// let catalog = TypeCatalog()
  /// try catalog.loadCatalogFile(at: URL(fileURLWithPath: "Tests/Fixtures/headers/tcp-ip.catalog.json"))
  /// let tcp = try ValueRegistry(catalog: catalog).resolve("{tcphdr}")
  /// ```
  ///
  /// - Parameter url: The file.
  /// - Returns: The file as read.
  /// - Throws: ``CatalogFileError`` naming the file, where in it, and what is wrong; nothing is registered
  ///   then.
  @discardableResult
  public func loadCatalogFile(at url: URL) throws(CatalogFileError) -> CatalogFile {
    let file = try CatalogFile.read(from: url)
    try load(file, path: url.path)
    return file
  }

  /// Registers what a catalog file holds: every tagged record's definition, every override for the file's
  /// ABI, every typedef name, every member's enumeration, through the catalog's own registrations and their checks.
  ///
  /// Everything is first registered into an empty catalog and each record laid out there, so that an
  /// entry the catalog refuses, or a record that does not lay out as the size and alignment the file
  /// states, is found before anything changes here; then that catalog is taken into this one in one step,
  /// refused as a whole when an entry conflicts with what this catalog holds. Of several such entries, the
  /// error names the one the file registers first: records' definitions, then their overrides, typedefs,
  /// enumerations, each in file order.
  ///
  /// ```swift
  /// let file = try CatalogFile.read(from: URL(fileURLWithPath: "types.json"))
  /// try TypeCatalog.shared.load(file)
  /// ```
  ///
  /// - Throws: ``CatalogFileError/refused(path:at:_:)`` or ``CatalogFileError/layoutMismatch(path:at:record:file:computed:)``,
  ///   naming the entry (`records[3].override`); nothing is registered then.
  public func load(_ file: CatalogFile) throws(CatalogFileError) {
    try load(file, path: "<catalog>")
  }

  /// Loads `file`, naming `path` in errors.
  func load(_ file: CatalogFile, path: String) throws(CatalogFileError) {
    // A catalog holds the types of one ABI: another ABI's encodings laid out with its rules would be wrong.
    if let held = definitionsABI, held != file.abi {
      throw .otherABI(path: path, file: file.abi.name, catalog: held.name)
    }
    let scratch = TypeCatalog(includingBuiltins: false)
    scratch.writeDefinitions(for: file.abi)
    // Tables sized once for the file's entries (a record's encoding may define nested ones too).
    scratch.reserveCapacity(
      names: file.typedefs.count, records: file.records.count, enumeratedRecords: file.enumerations.count)
    try scratch.register(file, path: path)
    for (index, record) in file.records.enumerated() {
      func mismatch(_ computed: String) -> CatalogFileError {
        .layoutMismatch(
          path: path, at: "records[\(index)]", record: record.name,
          file: "size \(record.size), alignment \(record.alignment)", computed: computed)
      }
      let layout: CLayout
      do throws(LayoutError) {
        layout = try scratch.layout(of: record.encoding, abi: file.abi)
      } catch {
        throw mismatch("no layout (\(error))")
      }
      guard layout.size == record.size, layout.alignment == record.alignment else {
        throw mismatch("size \(layout.size), alignment \(layout.alignment)")
      }
    }
    // The scratch catalog holds exactly the file, checked: taking it in one step is registering it here,
    // all of it or (a conflict with what is here) none.
    do throws(MergeConflict) {
      try merge(scratch)
    } catch {
      // Named as registering the file's entries here one by one would meet them: the first in file order.
      let refusals = error.refusals.map { (place: Self.place(of: $0.entry, in: file), error: $0.error) }
      guard let first = refusals.min(by: { $0.place.order < $1.place.order }) else {
        preconditionFailure("a merge conflict with no refusal")
      }
      throw .refused(path: path, at: first.place.text, first.error)
    }
  }

  /// An entry of a file: its JSON path (`typedefs[3]`), and where the file registers it (records'
  /// definitions, then their overrides, typedefs, enumerations, each in file order).
  private typealias Place = (text: String, order: (kind: Int, index: Int))

  /// The entry of the file that `entry` of its scratch catalog came from.
  private static func place(of entry: MergedEntry, in file: CatalogFile) -> Place {
    func at(_ kind: Int, _ list: String, _ index: Int?, _ suffix: String = "") -> Place {
      (index.map { "\(list)[\($0)]\(suffix)" } ?? list, (kind, index ?? Int.max))
    }
    switch entry {
    case .record(let name, let isUnion):
      let index = file.records.firstIndex { record in
        record.encoding.namedDefinitions.contains { $0.name == name && $0.isUnion == isUnion }
      }
      return at(0, "records", index)
    case .override(let record, _):
      let index = file.records.firstIndex { $0.override != nil && isSameRecord($0.encoding, record) }
      return at(1, "records", index, ".override")
    case .name(let name):
      return at(2, "typedefs", file.typedefs.firstIndex { $0.name == name })
    case .enumeration(let member, let record, let isUnion):
      let name = "\(isUnion ? "union" : "struct") \(record)"
      return at(3, "enumerations", file.enumerations.firstIndex { $0.member == member && $0.record == name })
    }
  }

  /// Registers the file's entries in the order an import does: definitions, overrides, names, enumerations.
  private func register(_ file: CatalogFile, path: String) throws(CatalogFileError) {
    // The entry being registered, spelled out only for a refusal.
    var list = "records"
    var index = 0
    var suffix = ""
    do throws(CatalogError) {
      for (at, record) in file.records.enumerated() where record.encoding.record?.name != nil {
        index = at
        try register(record: record.encoding)
      }
      suffix = ".override"
      for (at, record) in file.records.enumerated() {
        guard let override = record.override else { continue }
        index = at
        try register(record.encoding, override: override, abi: file.abi)
      }
      (list, suffix) = ("typedefs", "")
      for (at, typedef) in file.typedefs.enumerated() {
        index = at
        try register(typedef.encoding, name: typedef.name)
      }
      list = "enumerations"
      for (at, item) in file.enumerations.enumerated() {
        index = at
        // `struct link` as C names it, which the catalog reads once the file's records are registered.
        try register(item.enumeration, member: item.member, ofRecordNamed: item.record)
      }
    } catch {
      throw .refused(path: path, at: "\(list)[\(index)]\(suffix)", error)
    }
  }
}
