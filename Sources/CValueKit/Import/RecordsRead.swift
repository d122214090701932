/// The records a ``TypeReader`` has read, kept the way every reader keeps them: in the order read (nested
/// ones before the records holding them), by the source's own key for a type (a clang type, a DWARF DIE
/// offset), each read once, and which of them are nested anonymous records.
///
/// ```swift
/// var read = RecordsRead<String>()
/// if let known = read.encoding(of: "pair") { return known }
/// // … build the encoding and the SourceRecord …
/// return read.keep(record, key: "pair", readFor: name, in: place.record)
/// ```
package struct RecordsRead<Key: Hashable> {
  /// Every record kept, in order.
  package private(set) var records: [SourceRecord] = []
  /// The names of the records kept that are ``SourceRecord/isNested``.
  package private(set) var nested: Set<String> = []
  private var encodings: [Key: TypeEncoding] = [:]
  private var names: [Key: String] = [:]

  /// No records yet.
  package init() {}

  /// The encoding of the record of `key`, once kept.
  package func encoding(of key: Key) -> TypeEncoding? { encodings[key] }

  /// The name (``SourceRecord/name``) of the record of `key`, once kept.
  package func name(of key: Key) -> String? { names[key] }

  /// Keeps a record just read, marking it nested when it is an anonymous record read for a member of another
  /// record (`record` is the one holding it), not for a typedef of its own (`entry` is what it was read as).
  ///
  /// - Returns: The record's encoding.
  @discardableResult
  package mutating func keep(_ record: SourceRecord, key: Key?, readFor entry: String, in holder: String)
    -> TypeEncoding
  {
    var record = record
    record.isNested = !record.isTagged && holder != entry
    if record.isNested { nested.insert(record.name) }
    if let key {
      encodings[key] = record.encoding
      names[key] = record.name
    }
    records.append(record)
    return record.encoding
  }
}
