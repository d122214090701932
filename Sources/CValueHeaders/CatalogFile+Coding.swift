import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The JSON of a catalog file. Format 3:
//
//   abi            the name of the ABI the sizes and overrides are for (`ABI.all`: "x86_64-linux", …)
//   arguments      the origin's arguments (the clang arguments of a header import)
//   clangVersion   the origin's `clangVersion` detail, or "" when it has none
//   enums          [{name?, constants: ["NAME = value"]}]: each enumeration once, its name as C code writes
//                  it (absent for an anonymous enum) and its constants in declaration order, values decimal
//   enumerations   ["record.member = enum"]: the enumeration of a member of a tagged record
//                  (`"struct link.state = 0"`), `enum` its index in `enums`, so that an enum many members use
//                  (Vulkan's `VkStructureType` in every `sType`) is written once; a record may be the typedef
//                  of an anonymous one (`"anon_t.mode = 0"`), and a type that is itself an enum has no member
//                  (`"level_t = 1"`, `"enum dir = 2"`)
//   formatVersion  3
//   headers        the origin's inputs (the headers of a header import)
//   origin?        {kind, details}: the origin's kind and its details other than clangVersion and target,
//                  written when the kind is not "headers" or there are such details; absent, the kind is
//                  "headers"
//   records        [{name, encoding, size, alignment, override?, alignmentSource?}], override = {size,
//                  alignment, placements?: [{"byte": N} | {"bit": N}], members?: [{member: N, ...override}]}:
//                  `members` carries the overrides of the anonymous records held by member N (declaration
//                  order); alignmentSource is written when it is not "compiler"
//   skipped?       {name: reason}: what the source left out, written when there is any
//   target         the origin's `target` detail (clang's target triple), or "" when it has none
//   typedefs       ["name = encoding"]
//   unimportable?  [name]: the names of `skipped` a tool warns about, written when there is any
//
// Encodings are written as encoding text, so that the file reads as the rest of CValueKit does. The long
// lists (constants, typedefs, members' enumerations: 5,400 entries for Vulkan) are one string an entry,
// still one line each: Foundation's JSONDecoder spends most of a load setting up a keyed container per
// object, and strings read at a fraction of that.
//
// Format 2 wrote those entries as objects: {name, value} constants, {name, encoding} typedefs and
// {record, member, enum} enumerations. Format 1 wrote each member's constants in its `enumerations` entry
// ({record, member, name?, constants}) and had no `enums`. Both are still read. The optional keys were
// added within format 3: a reader that does not know them ignores them.

extension CatalogFile {
  enum CodingKeys: String, CodingKey {
    case formatVersion, abi, target, clangVersion, headers, arguments, records, typedefs, enums, enumerations
    case skipped, unimportable, origin
  }

  /// The formats this version reads: its own, format 2, which wrote constants, typedefs and members'
  /// enumerations as objects, and format 1, which wrote an enumeration's constants for every member that
  /// uses it.
  static let readableFormatVersions = [1, 2, currentFormatVersion]

  /// The origin's details that format 3 writes at the top level, under their own keys.
  private static let topLevelDetails: Set<String> = ["clangVersion", "target"]

  /// Decodes a catalog file, its format version first: a file of another format is refused before its
  /// other values are read as if they meant what they mean in this one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .formatVersion)
    guard Self.readableFormatVersions.contains(version) else {
      throw CatalogFileError.unsupportedFormatVersion(
        path: "<catalog>", version: version, supported: Self.readableFormatVersions)
    }
    let abiName = try container.decode(String.self, forKey: .abi)
    guard let abi = ABI.all.first(where: { $0.name == abiName }) else {
      throw CatalogFileError.unknownABI(path: "<catalog>", name: abiName, known: ABI.all.map(\.name))
    }
    let target = try container.decode(String.self, forKey: .target)
    let clangVersion = try container.decode(String.self, forKey: .clangVersion)
    let headers = try container.decode([String].self, forKey: .headers)
    let arguments = try container.decode([String].self, forKey: .arguments)
    let records = try container.decodeObjects(forKey: .records, as: RecordJSON.decode)
    let (typedefs, enumerations) = try Self.decodeLists(container, version: version)
    let origin = try container.decodeIfPresent(OriginJSON.self, forKey: .origin)
    var details = origin?.details ?? [:]
    if !clangVersion.isEmpty { details["clangVersion"] = clangVersion }
    if !target.isEmpty { details["target"] = target }
    // Written by this version, the file is of this format.
    formatVersion = Self.currentFormatVersion
    types = ImportedTypes(
      records: records, typedefs: typedefs, enumerations: enumerations,
      skipped: try container.decodeIfPresent([String: String].self, forKey: .skipped) ?? [:],
      unimportable: Set(try container.decodeIfPresent([String].self, forKey: .unimportable) ?? []), abi: abi,
      origin: .init(kind: origin?.kind ?? "headers", inputs: headers, arguments: arguments, details: details))
  }

  /// The typedefs and members' enumerations, as the file's format writes them.
  private static func decodeLists(_ container: KeyedDecodingContainer<CodingKeys>, version: Int) throws -> (
    [ImportedTypes.Typedef], [ImportedTypes.Enumeration]
  ) {
    if version == 1 {
      return (
        try container.decodeObjects(forKey: .typedefs, as: TypedefJSON.decode),
        try container.decodeObjects(forKey: .enumerations, as: EnumerationJSON.decode)
      )
    }
    if version == 2 {
      let enums = try container.decodeObjects(forKey: .enums) { try EnumJSON($0).enumeration }
      let enumerations = try container.decodeObjects(forKey: .enumerations) {
        (entry: KeyedDecodingContainer<EnumerationKeys>) throws -> ImportedTypes.Enumeration in
        let index = try entry.decode(Int.self, forKey: .enum)
        guard enums.indices.contains(index) else {
          throw DecodingError.dataCorruptedError(
            forKey: .enum, in: entry, debugDescription: "no enum at index \(index) of \(enums.count) in enums")
        }
        return ImportedTypes.Enumeration(
          record: try entry.decode(String.self, forKey: .record),
          member: try entry.decode(String.self, forKey: .member), enumeration: enums[index])
      }
      return (try container.decodeObjects(forKey: .typedefs, as: TypedefJSON.decode), enumerations)
    }
    let typedefs = try container.decodeLines(forKey: .typedefs, as: "name = encoding") { line in
      let (name, text) = try line.split()
      return ImportedTypes.Typedef(name: name, encoding: try line.encoding(text))
    }
    let enums = try container.decodeObjects(forKey: .enums) { try EnumLines($0).enumeration }
    let enumerations = try container.decodeLines(forKey: .enumerations, as: "record.member = enum") { line in
      let (place, number) = try line.split(last: true)
      guard let index = Int(number), !place.isEmpty else { throw line.malformed() }
      guard enums.indices.contains(index) else {
        throw line.malformed("no enum at index \(index) of \(enums.count) in enums")
      }
      // A type that is itself an enum has no member: `level_t = 0`.
      guard let dot = place.lastIndex(of: ".") else {
        return ImportedTypes.Enumeration(record: place, member: "", enumeration: enums[index])
      }
      return ImportedTypes.Enumeration(
        record: String(place[..<dot]), member: String(place[place.index(after: dot)...]), enumeration: enums[index])
    }
    return (typedefs, enumerations)
  }

  enum EnumerationKeys: String, CodingKey {
    case record, member, `enum`
  }

  /// Encodes the file as format ``currentFormatVersion``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let origin = types.origin
    try container.encode(formatVersion, forKey: .formatVersion)
    try container.encode(types.abi.name, forKey: .abi)
    try container.encode(origin.details["target"] ?? "", forKey: .target)
    try container.encode(origin.details["clangVersion"] ?? "", forKey: .clangVersion)
    try container.encode(origin.inputs, forKey: .headers)
    try container.encode(origin.arguments, forKey: .arguments)
    let otherDetails = origin.details.filter { !Self.topLevelDetails.contains($0.key) }
    if origin.kind != "headers" || !otherDetails.isEmpty {
      try container.encode(OriginJSON(kind: origin.kind, details: otherDetails), forKey: .origin)
    }
    try container.encode(types.records.map(RecordJSON.init), forKey: .records)
    try container.encode(types.typedefs.map { "\($0.name) = \($0.encoding)" }, forKey: .typedefs)
    if !types.skipped.isEmpty { try container.encode(types.skipped, forKey: .skipped) }
    if !types.unimportable.isEmpty { try container.encode(types.unimportable.sorted(), forKey: .unimportable) }
    // Each enumeration once, in the order members first use it; members refer to it by index.
    // Found by name, then compared: members of one enum share its constants, so the comparison is of
    // one array with itself, where hashing would read every constant for every member.
    var enums: [CEnumeration] = []
    var indicesByName: [String: [Int]] = [:]
    var references: [String] = []
    references.reserveCapacity(types.enumerations.count)
    for item in types.enumerations {
      let key = item.enumeration.name ?? ""
      let index: Int
      if let known = indicesByName[key]?.first(where: { enums[$0] == item.enumeration }) {
        index = known
      } else {
        index = enums.count
        indicesByName[key, default: []].append(index)
        enums.append(item.enumeration)
      }
      references.append(item.member.isEmpty ? "\(item.record) = \(index)" : "\(item.record).\(item.member) = \(index)")
    }
    try container.encode(references, forKey: .enumerations)
    try container.encode(enums.map(EnumLines.init), forKey: .enums)
  }
}

/// The origin of the types as format 3 writes it when it is not only a header import's:
/// `{"kind": "debug info", "details": {"path": "build/app"}}`.
private struct OriginJSON: Codable {
  var kind: String
  var details: [String: String]
}
