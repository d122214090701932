extension LayoutEngine {
  /// Checks that an override fits its record: a power-of-two alignment that divides the size, one placement
  /// of the right kind per member, every member inside the size, struct members in order without overlap,
  /// union members at offset 0.
  mutating func validate(_ override: LayoutOverride, for type: TypeEncoding) throws(LayoutError) {
    func invalid(_ why: String) -> LayoutError { LayoutError(.invalidOverride("\(why) for \(type.errorName)")) }
    guard let record = type.record, let fields = record.fields else {
      throw invalid("an override needs the record's members")
    }
    let isUnion = if case .union = type { true } else { false }
    guard override.alignment > 0, override.alignment & (override.alignment - 1) == 0 else {
      throw invalid("alignment \(override.alignment) is not a power of two")
    }
    guard override.size >= 0, override.size <= CLayout.maximumSize else {
      throw invalid("size \(override.size) is outside 0...\(CLayout.maximumSize)")
    }
    guard override.size % override.alignment == 0 else {
      throw invalid("size \(override.size) is not a multiple of the alignment \(override.alignment)")
    }
    if let placements = override.placements, placements.count != fields.count {
      throw invalid("\(placements.count) placements given for \(fields.count) members")
    }
    for (position, carried) in override.memberOverrides.sorted(by: { $0.key < $1.key }) {
      guard fields.indices.contains(position), let held = Self.anonymousRecord(in: fields[position].type) else {
        throw invalid("member \(position) holds no anonymous struct or union for the override it carries")
      }
      try validate(carried, for: held)
    }
    let (members, _, _) = try placeMembers(
      of: record, isUnion: isUnion, override: override, depth: 0)
    var previousEnd = 0
    for member in members {
      let bits: Int
      if case .bitfield(let width, _) = member.node.content { bits = width } else { bits = member.node.size * 8 }
      let name = member.component.map { "member \($0)" } ?? "an anonymous member"
      guard member.bitOffset >= 0, member.bitOffset + bits <= override.size * 8 else {
        throw invalid("\(name) at bit \(member.bitOffset) (\(bits) bits) does not fit in \(override.size) bytes")
      }
      if isUnion {
        guard member.bitOffset == 0 else { throw invalid("\(name) of a union must be at offset 0") }
      } else {
        guard member.bitOffset >= previousEnd else {
          throw invalid(
            "\(name) at bit \(member.bitOffset) overlaps the member before it, which ends at bit \(previousEnd)")
        }
        previousEnd = member.bitOffset + bits
      }
    }
  }

  /// The anonymous struct or union with members that a member of this type holds (itself, in an array, or
  /// `_Atomic`), or `nil`.
  static func anonymousRecord(in type: TypeEncoding) -> TypeEncoding? {
    switch type {
    case .array(_, let element): return anonymousRecord(in: element)
    case .qualified(_, let base): return anonymousRecord(in: base)
    case .structure(let record), .union(let record):
      return record.name == nil && record.fields != nil ? type : nil
    default: return nil
    }
  }
}
