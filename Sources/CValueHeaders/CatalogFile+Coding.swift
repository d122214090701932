import CValueKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The JSON of a catalog file. Format 3:
//
//   abi            the name of the ABI the sizes and overrides are for (`ABI.all`: "x86_64-linux", …)
//   arguments      the clang arguments of the import
//   clangVersion   clang's version string
//   enums          [{name?, constants: ["NAME = value"]}]: each enumeration once, its name as C code writes
//                  it (absent for an anonymous enum) and its constants in declaration order, values decimal
//   enumerations   ["record.member = enum"]: the enumeration of a member of a tagged record
//                  (`"struct link.state = 0"`), `enum` its index in `enums`, so that an enum many members use
//                  (Vulkan's `VkStructureType` in every `sType`) is written once
//   formatVersion  3
//   headers        the headers of the import
//   records        [{name, encoding, size, alignment, override?}], override = {size, alignment,
//                  placements?: [{"byte": N} | {"bit": N}], members?: [{member: N, ...override}]}: `members`
//                  carries the overrides of the anonymous records held by member N (declaration order)
//   target         clang's target triple
//   typedefs       ["name = encoding"]
//
// Encodings are written as encoding text, so that the file reads as the rest of CValueKit does. The long
// lists (constants, typedefs, members' enumerations: 5,400 entries for Vulkan) are one string an entry,
// still one line each: Foundation's JSONDecoder spends most of a load setting up a keyed container per
// object, and strings read at a fraction of that.
//
// Format 2 wrote those entries as objects: {name, value} constants, {name, encoding} typedefs and
// {record, member, enum} enumerations. Format 1 wrote each member's constants in its `enumerations` entry
// ({record, member, name?, constants}) and had no `enums`. Both are still read.

extension CatalogFile {
  enum CodingKeys: String, CodingKey {
    case formatVersion, abi, target, clangVersion, headers, arguments, records, typedefs, enums, enumerations
  }

  /// The formats this version reads: its own, format 2, which wrote constants, typedefs and members'
  /// enumerations as objects, and format 1, which wrote an enumeration's constants for every member that
  /// uses it.
  static let readableFormatVersions = [1, 2, currentFormatVersion]

  /// Decodes a catalog file, its format version first: a file of another format is refused before its
  /// other values are read as if they meant what they mean in this one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    formatVersion = try container.decode(Int.self, forKey: .formatVersion)
    guard Self.readableFormatVersions.contains(formatVersion) else {
      throw CatalogFileError.unsupportedFormatVersion(
        path: "<catalog>", version: formatVersion, supported: Self.readableFormatVersions)
    }
    let abiName = try container.decode(String.self, forKey: .abi)
    guard let abi = ABI.all.first(where: { $0.name == abiName }) else {
      throw CatalogFileError.unknownABI(path: "<catalog>", name: abiName, known: ABI.all.map(\.name))
    }
    self.abi = abi
    target = try container.decode(String.self, forKey: .target)
    clangVersion = try container.decode(String.self, forKey: .clangVersion)
    headers = try container.decode([String].self, forKey: .headers)
    arguments = try container.decode([String].self, forKey: .arguments)
    records = try container.decodeObjects(forKey: .records, as: HeaderImport.Record.init)
    let version = formatVersion
    // Written by this version, the file is of this format.
    formatVersion = Self.currentFormatVersion
    if version == 1 {
      typedefs = try container.decodeObjects(forKey: .typedefs, as: HeaderImport.Typedef.init)
      enumerations = try container.decodeObjects(forKey: .enumerations, as: HeaderImport.Enumeration.init)
      return
    }
    if version == 2 {
      typedefs = try container.decodeObjects(forKey: .typedefs, as: HeaderImport.Typedef.init)
      let enums = try container.decodeObjects(forKey: .enums) { try EnumJSON($0).enumeration }
      enumerations = try container.decodeObjects(forKey: .enumerations) {
        (entry: KeyedDecodingContainer<EnumerationKeys>) throws -> HeaderImport.Enumeration in
        let index = try entry.decode(Int.self, forKey: .enum)
        guard enums.indices.contains(index) else {
          throw DecodingError.dataCorruptedError(
            forKey: .enum, in: entry, debugDescription: "no enum at index \(index) of \(enums.count) in enums")
        }
        return HeaderImport.Enumeration(
          record: try entry.decode(String.self, forKey: .record),
          member: try entry.decode(String.self, forKey: .member), enumeration: enums[index])
      }
      return
    }
    typedefs = try container.decodeLines(forKey: .typedefs, as: "name = encoding") { line in
      let (name, text) = try line.split()
      return HeaderImport.Typedef(name: name, encoding: try line.encoding(text))
    }
    let enums = try container.decodeObjects(forKey: .enums) { try EnumLines($0).enumeration }
    enumerations = try container.decodeLines(forKey: .enumerations, as: "record.member = enum") { line in
      let (place, number) = try line.split(last: true)
      guard let dot = place.lastIndex(of: "."), let index = Int(number) else { throw line.malformed() }
      guard enums.indices.contains(index) else {
        throw line.malformed("no enum at index \(index) of \(enums.count) in enums")
      }
      return HeaderImport.Enumeration(
        record: String(place[..<dot]), member: String(place[place.index(after: dot)...]), enumeration: enums[index])
    }
  }

  enum EnumerationKeys: String, CodingKey {
    case record, member, `enum`
  }

  /// Encodes the file as format ``currentFormatVersion``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(formatVersion, forKey: .formatVersion)
    try container.encode(abi.name, forKey: .abi)
    try container.encode(target, forKey: .target)
    try container.encode(clangVersion, forKey: .clangVersion)
    try container.encode(headers, forKey: .headers)
    try container.encode(arguments, forKey: .arguments)
    try container.encode(records, forKey: .records)
    try container.encode(typedefs.map { "\($0.name) = \($0.encoding)" }, forKey: .typedefs)
    // Each enumeration once, in the order members first use it; members refer to it by index.
    // Found by name, then compared: members of one enum share its constants, so the comparison is of
    // one array with itself, where hashing would read every constant for every member.
    var enums: [CEnumeration] = []
    var indicesByName: [String: [Int]] = [:]
    var references: [String] = []
    references.reserveCapacity(enumerations.count)
    for item in enumerations {
      let key = item.enumeration.name ?? ""
      let index: Int
      if let known = indicesByName[key]?.first(where: { enums[$0] == item.enumeration }) {
        index = known
      } else {
        index = enums.count
        indicesByName[key, default: []].append(index)
        enums.append(item.enumeration)
      }
      references.append("\(item.record).\(item.member) = \(index)")
    }
    try container.encode(references, forKey: .enumerations)
    try container.encode(enums.map(EnumLines.init), forKey: .enums)
  }
}

extension HeaderImport.Record: Codable {
  enum CodingKeys: String, CodingKey {
    case name, encoding, override, size, alignment
  }

  /// Decodes a record of a catalog file; an encoding that does not parse is an error at its key.
  public init(from decoder: any Decoder) throws {
    try self.init(try decoder.container(keyedBy: CodingKeys.self))
  }

  /// Decodes a record from its object.
  fileprivate init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    name = try container.decode(String.self, forKey: .name)
    encoding = try container.decodeEncoding(forKey: .encoding)
    // Most records have none: asking first is cheaper than decodeIfPresent.
    if container.contains(.override) {
      override = try container.decodeIfPresent(OverrideJSON.self, forKey: .override)?.override
    } else {
      override = nil
    }
    size = try container.decode(Int.self, forKey: .size)
    alignment = try container.decode(Int.self, forKey: .alignment)
  }

  /// Encodes the record with its encoding as text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(encoding.description, forKey: .encoding)
    try container.encodeIfPresent(override.map(OverrideJSON.init), forKey: .override)
    try container.encode(size, forKey: .size)
    try container.encode(alignment, forKey: .alignment)
  }
}

extension HeaderImport.Typedef: Codable {
  enum CodingKeys: String, CodingKey {
    case name, encoding
  }

  /// Decodes a typedef of a catalog file; an encoding that does not parse is an error at its key.
  public init(from decoder: any Decoder) throws {
    try self.init(try decoder.container(keyedBy: CodingKeys.self))
  }

  /// Decodes a typedef from its object.
  fileprivate init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    name = try container.decode(String.self, forKey: .name)
    encoding = try container.decodeEncoding(forKey: .encoding)
  }

  /// Encodes the typedef with its encoding as text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(encoding.description, forKey: .encoding)
  }
}

extension HeaderImport.Enumeration: Codable {
  enum CodingKeys: String, CodingKey {
    case record, member, name, constants
  }

  enum ConstantKeys: String, CodingKey {
    case name, value
  }

  /// Decodes a member's enumeration of a catalog file; whether the catalog accepts it (identifiers, values
  /// that fit the member) is checked when it is loaded.
  public init(from decoder: any Decoder) throws {
    try self.init(try decoder.container(keyedBy: CodingKeys.self))
  }

  /// Decodes a member's enumeration from its object.
  fileprivate init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    record = try container.decode(String.self, forKey: .record)
    member = try container.decode(String.self, forKey: .member)
    let name = try container.decodeIfPresent(String.self, forKey: .name)
    var list = try container.nestedUnkeyedContainer(forKey: .constants)
    var constants: [(name: String, value: Int64)] = []
    while !list.isAtEnd {
      let constant = try list.nestedContainer(keyedBy: ConstantKeys.self)
      constants.append(
        (name: try constant.decode(String.self, forKey: .name), value: try constant.decode(Int64.self, forKey: .value)))
    }
    enumeration = CEnumeration(name: name, constants: constants)
  }

  /// Encodes the enumeration with its constants in declaration order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(record, forKey: .record)
    try container.encode(member, forKey: .member)
    try container.encodeIfPresent(enumeration.name, forKey: .name)
    var list = container.nestedUnkeyedContainer(forKey: .constants)
    for constant in enumeration.constants {
      var entry = list.nestedContainer(keyedBy: ConstantKeys.self)
      try entry.encode(constant.name, forKey: .name)
      try entry.encode(constant.value, forKey: .value)
    }
  }
}

extension KeyedDecodingContainer {
  /// The array of objects at `key`, each read from its object's container by `element`. Decoding
  /// `[Element]` instead would set up a decoder for each element: a tenth of a load's JSON time.
  fileprivate func decodeObjects<ElementKeys: CodingKey, Element>(
    forKey key: Key, as element: (KeyedDecodingContainer<ElementKeys>) throws -> Element
  ) throws -> [Element] {
    var list = try nestedUnkeyedContainer(forKey: key)
    var result: [Element] = []
    result.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd { result.append(try element(list.nestedContainer(keyedBy: ElementKeys.self))) }
    return result
  }

  /// The array of strings at `key`, each read by `element`, which gets the line with its JSON path for
  /// errors: `typedefs[3]: expected "name = encoding"`.
  fileprivate func decodeLines<Element>(
    forKey key: Key, as shape: String, _ element: (CatalogLine) throws -> Element
  ) throws -> [Element] {
    var list = try nestedUnkeyedContainer(forKey: key)
    var result: [Element] = []
    result.reserveCapacity(list.count ?? 0)
    let path = list.codingPath
    while !list.isAtEnd {
      let index = list.currentIndex
      let text = try list.decode(String.self)
      result.append(try element(CatalogLine(text: text, shape: shape, listPath: path, index: index)))
    }
    return result
  }

  fileprivate func decodeEncoding(forKey key: Key) throws -> TypeEncoding {
    let text = try decode(String.self, forKey: key)
    do throws(EncodingError) {
      return try TypeEncoding(text)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
    }
  }
}

/// A `CEnumeration` as format 3 writes it: `{"name": "enum link_state", "constants": ["LINK_UP = 3"]}`.
private struct EnumLines: Encodable {
  var enumeration: CEnumeration

  init(_ enumeration: CEnumeration) { self.enumeration = enumeration }

  typealias CodingKeys = EnumJSON.CodingKeys

  init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    let name = try container.decodeIfPresent(String.self, forKey: .name)
    let constants = try container.decodeLines(forKey: .constants, as: "NAME = value") { line in
      let (name, text) = try line.split()
      guard let value = Int64(text) else { throw line.malformed() }
      return (name: name, value: value)
    }
    enumeration = CEnumeration(name: name, constants: constants)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(enumeration.name, forKey: .name)
    try container.encode(enumeration.constants.map { "\($0.name) = \($0.value)" }, forKey: .constants)
  }
}

/// A `CEnumeration` as format 2 wrote it: `{"name": "enum link_state", "constants": [{"name": "LINK_UP",
/// "value": 3}]}`.
private struct EnumJSON {
  var enumeration: CEnumeration

  enum CodingKeys: String, CodingKey {
    case name, constants
  }

  init(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    let name = try container.decodeIfPresent(String.self, forKey: .name)
    var list = try container.nestedUnkeyedContainer(forKey: .constants)
    var constants: [(name: String, value: Int64)] = []
    constants.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd {
      let constant = try list.nestedContainer(keyedBy: HeaderImport.Enumeration.ConstantKeys.self)
      constants.append(
        (name: try constant.decode(String.self, forKey: .name), value: try constant.decode(Int64.self, forKey: .value)))
    }
    enumeration = CEnumeration(name: name, constants: constants)
  }
}

/// One string of a format 3 list, `"NAME = value"`, with where it is for errors.
private struct CatalogLine {
  let text: String
  /// What the line should look like: `name = encoding`.
  let shape: String
  /// The list's JSON path and the line's index in it, made into a coding path only for an error.
  let listPath: [any CodingKey]
  let index: Int

  /// The text before and after the first ` = ` (the last, with `last`), each non-empty.
  func split(last: Bool = false) throws -> (String, String) {
    // The decoder's strings are native and contiguous: read in place, not copied into an array per line.
    var text = text
    return try text.withUTF8 { (bytes) throws -> (String, String) in
      // Both sides non-empty: the separator starts after the first byte and ends before the last.
      let starts = 1..<max(1, bytes.count - 3)
      let isSeparator = { (at: Int) in bytes[at] == 0x20 && bytes[at + 1] == 0x3D && bytes[at + 2] == 0x20 }
      guard let at = last ? starts.last(where: isSeparator) : starts.first(where: isSeparator) else {
        throw malformed()
      }
      return (
        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<at]), as: UTF8.self),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 3)...]), as: UTF8.self)
      )
    }
  }

  func encoding(_ text: String) throws -> TypeEncoding {
    do throws(EncodingError) {
      return try TypeEncoding(text)
    } catch {
      throw malformed(error.description)
    }
  }

  func malformed(_ reason: String? = nil) -> DecodingError {
    .dataCorrupted(
      .init(
        codingPath: listPath + [IndexKey(intValue: index)],
        debugDescription: reason ?? "expected \"\(shape)\", not \(text.debugDescription)"))
  }
}

/// An array index in a coding path.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}

/// A `LayoutOverride` as JSON: `{"size": 12, "alignment": 1, "placements": [{"byte": 0}, {"bit": 36}]}`,
/// and the overrides of anonymous records members hold: `"members": [{"member": 2, "size": 2, …}]`.
private struct OverrideJSON: Codable {
  var override: LayoutOverride

  init(_ override: LayoutOverride) { self.override = override }

  enum CodingKeys: String, CodingKey {
    case size, alignment, placements, members, member
  }

  enum PlacementKeys: String, CodingKey {
    case byte, bit
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let size = try container.decode(Int.self, forKey: .size)
    let alignment = try container.decode(Int.self, forKey: .alignment)
    var placements: [LayoutOverride.Placement]?
    if container.contains(.placements), try !container.decodeNil(forKey: .placements) {
      var list = try container.nestedUnkeyedContainer(forKey: .placements)
      var result: [LayoutOverride.Placement] = []
      while !list.isAtEnd {
        let placement = try list.nestedContainer(keyedBy: PlacementKeys.self)
        switch (placement.contains(.byte), placement.contains(.bit), placement.allKeys.count) {
        case (true, false, 1): result.append(.byte(try placement.decode(Int.self, forKey: .byte)))
        case (false, true, 1): result.append(.bit(try placement.decode(Int.self, forKey: .bit)))
        default:
          throw DecodingError.dataCorrupted(
            .init(
              codingPath: placement.codingPath,
              debugDescription: #"a placement is {"byte": offset} or {"bit": offset}, nothing else"#))
        }
      }
      placements = result
    }
    var memberOverrides: [Int: LayoutOverride] = [:]
    if container.contains(.members) {
      var list = try container.nestedUnkeyedContainer(forKey: .members)
      while !list.isAtEnd {
        let entry = try list.decode(MemberOverrideJSON.self)
        memberOverrides[entry.member] = entry.override.override
      }
    }
    override = LayoutOverride(
      size: size, alignment: alignment, placements: placements, memberOverrides: memberOverrides)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(override.size, forKey: .size)
    try container.encode(override.alignment, forKey: .alignment)
    if let placements = override.placements {
      var list = container.nestedUnkeyedContainer(forKey: .placements)
      for placement in placements {
        var entry = list.nestedContainer(keyedBy: PlacementKeys.self)
        switch placement {
        case .byte(let offset): try entry.encode(offset, forKey: .byte)
        case .bit(let offset): try entry.encode(offset, forKey: .bit)
        }
      }
    }
    guard !override.memberOverrides.isEmpty else { return }
    var members = container.nestedUnkeyedContainer(forKey: .members)
    for (member, carried) in override.memberOverrides.sorted(by: { $0.key < $1.key }) {
      try members.encode(MemberOverrideJSON(member: member, override: OverrideJSON(carried)))
    }
  }
}

/// One entry of an override's `members`: the member's position and its anonymous record's override.
private struct MemberOverrideJSON: Codable {
  var member: Int
  var override: OverrideJSON

  init(member: Int, override: OverrideJSON) {
    self.member = member
    self.override = override
  }

  init(from decoder: any Decoder) throws {
    member = try decoder.container(keyedBy: OverrideJSON.CodingKeys.self).decode(Int.self, forKey: .member)
    override = try OverrideJSON(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: OverrideJSON.CodingKeys.self)
    try container.encode(member, forKey: .member)
    try override.encode(to: encoder)
  }
}

extension CatalogFileError {
  /// The error of a ``CatalogFile`` decoded on its own, about the file at `path`.
  func `in`(_ path: String) -> CatalogFileError {
    switch self {
    case .unsupportedFormatVersion(_, let version, let supported):
      return .unsupportedFormatVersion(path: path, version: version, supported: supported)
    case .unknownABI(_, let name, let known): return .unknownABI(path: path, name: name, known: known)
    default: return self
    }
  }

  /// What JSONDecoder found wrong, at the JSON path it names, or at the line and column of broken JSON.
  init(_ error: DecodingError, data: Data, path: String) {
    switch error {
    case .keyNotFound(let key, let context):
      self = .malformed(
        path: path, at: Self.jsonPath(context.codingPath + [key]),
        reason: "missing (every entry of the format is required)")
    case .valueNotFound(let type, let context):
      self = .malformed(
        path: path, at: Self.jsonPath(context.codingPath), reason: "null where \(Self.kind(type)) belongs")
    case .typeMismatch(let type, let context):
      self = .malformed(path: path, at: Self.jsonPath(context.codingPath), reason: "expected \(Self.kind(type))")
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      self = .malformed(path: path, at: Self.jsonPath(context.codingPath), reason: context.debugDescription)
    case .dataCorrupted(let context):
      let (line, column, reason) = Self.syntaxError(in: data) ?? (nil, nil, context.debugDescription)
      self = .invalidJSON(path: path, line: line, column: column, reason: reason)
    @unknown default:
      self = .malformed(path: path, at: "", reason: "\(error)")
    }
  }

  /// `records[12].override.size`.
  static func jsonPath(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += (result.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return result.isEmpty ? "the top level" : result
  }

  private static func kind(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type: return "an integer"
    case is String.Type: return "a string"
    case is [Any].Type: return "an array"
    default:
      let name = "\(type)"
      return name.hasPrefix("Array") ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
    }
  }

  /// Where broken JSON breaks: JSONDecoder does not say, so the bytes are scanned again (``JSONSyntax``)
  /// and the first bad byte's offset is turned into a line and column.
  private static func syntaxError(in data: Data) -> (line: Int?, column: Int?, reason: String)? {
    guard let (index, reason) = JSONSyntax.firstError(in: data) else { return nil }
    let before = data.prefix(index)
    let line = before.count { $0 == UInt8(ascii: "\n") } + 1
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
    return (line, index - lineStart + 1, reason)
  }

}
