import CValueKit

// The entries of a catalog file's lists, as JSON: records (every format), and the objects formats 1 and 2
// wrote for typedefs and members' enumerations, which format 3 writes as one string each.

/// A record as a catalog file holds it: `{name, encoding, size, alignment, override?, alignmentSource?}`,
/// its encoding as text; `alignmentSource` is written only when it is not `compiler`.
struct RecordJSON: Encodable {
  var record: ImportedTypes.Record

  enum CodingKeys: String, CodingKey {
    case name, encoding, override, size, alignment, alignmentSource
  }

  init(_ record: ImportedTypes.Record) { self.record = record }

  /// Decodes a record from its object; an encoding that does not parse is an error at its key.
  static func decode(_ container: KeyedDecodingContainer<CodingKeys>) throws -> ImportedTypes.Record {
    // Most records have neither: asking first is cheaper than decodeIfPresent.
    let override =
      container.contains(.override)
      ? try container.decodeIfPresent(OverrideJSON.self, forKey: .override)?.override : nil
    var source = ImportedTypes.AlignmentSource.compiler
    if container.contains(.alignmentSource) {
      let text = try container.decode(String.self, forKey: .alignmentSource)
      guard let known = ImportedTypes.AlignmentSource.allCases.first(where: { "\($0)" == text }) else {
        throw DecodingError.dataCorruptedError(
          forKey: .alignmentSource, in: container,
          debugDescription: "\(text.debugDescription) is not compiler, attribute, natural, inferred or unknown")
      }
      source = known
    }
    return ImportedTypes.Record(
      name: try container.decode(String.self, forKey: .name), encoding: try container.decodeEncoding(forKey: .encoding),
      override: override, size: try container.decode(Int.self, forKey: .size),
      alignment: try container.decode(Int.self, forKey: .alignment), alignmentSource: source)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(record.name, forKey: .name)
    try container.encode(record.encoding.description, forKey: .encoding)
    try container.encodeIfPresent(record.override.map(OverrideJSON.init), forKey: .override)
    try container.encode(record.size, forKey: .size)
    try container.encode(record.alignment, forKey: .alignment)
    if record.alignmentSource != .compiler {
      try container.encode("\(record.alignmentSource)", forKey: .alignmentSource)
    }
  }
}

/// A typedef as formats 1 and 2 wrote it: `{name, encoding}`.
enum TypedefJSON {
  enum CodingKeys: String, CodingKey {
    case name, encoding
  }

  static func decode(_ container: KeyedDecodingContainer<CodingKeys>) throws -> ImportedTypes.Typedef {
    ImportedTypes.Typedef(
      name: try container.decode(String.self, forKey: .name), encoding: try container.decodeEncoding(forKey: .encoding))
  }
}

/// The keys of a constant as formats 1 and 2 wrote it: `{name, value}`.
enum ConstantKeys: String, CodingKey {
  case name, value
}

/// A member's enumeration as format 1 wrote it, its constants with it: `{record, member, name?, constants}`.
/// Whether the catalog accepts it (identifiers, values that fit the member) is checked when it is loaded.
enum EnumerationJSON {
  enum CodingKeys: String, CodingKey {
    case record, member, name, constants
  }

  static func decode(_ container: KeyedDecodingContainer<CodingKeys>) throws -> ImportedTypes.Enumeration {
    let name = try container.decodeIfPresent(String.self, forKey: .name)
    var list = try container.nestedUnkeyedContainer(forKey: .constants)
    var constants: [(name: String, value: Int64)] = []
    while !list.isAtEnd {
      let constant = try list.nestedContainer(keyedBy: ConstantKeys.self)
      constants.append(
        (name: try constant.decode(String.self, forKey: .name), value: try constant.decode(Int64.self, forKey: .value)))
    }
    return ImportedTypes.Enumeration(
      record: try container.decode(String.self, forKey: .record),
      member: try container.decode(String.self, forKey: .member),
      enumeration: CEnumeration(name: name, constants: constants))
  }
}
