/// A `LayoutOverride` as JSON (a catalog file's, and a debug-info read kept on disk): `{"size": 12, "alignment": 1, "placements": [{"byte": 0}, {"bit": 36}]}`,
/// and the overrides of anonymous records members hold: `"members": [{"member": 2, "size": 2, …}]`.
package struct OverrideJSON: Codable {
  package var override: LayoutOverride

  package init(_ override: LayoutOverride) { self.override = override }

  package enum CodingKeys: String, CodingKey {
    case size, alignment, placements, members, member
  }

  enum PlacementKeys: String, CodingKey {
    case byte, bit
  }

  package init(from decoder: any Decoder) throws {
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

  package func encode(to encoder: any Encoder) throws {
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
struct MemberOverrideJSON: Codable {
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
