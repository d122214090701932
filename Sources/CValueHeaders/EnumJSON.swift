import CValueKit

/// A `CEnumeration` as format 3 writes it: `{"name": "enum link_state", "constants": ["LINK_UP = 3"]}`.
struct EnumLines: Encodable {
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
struct EnumJSON {
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
      let constant = try list.nestedContainer(keyedBy: ConstantKeys.self)
      constants.append(
        (name: try constant.decode(String.self, forKey: .name), value: try constant.decode(Int64.self, forKey: .value)))
    }
    enumeration = CEnumeration(name: name, constants: constants)
  }
}
