internal import CDwarf
import CValueKit

/// Records: a struct or union DIE read into its encoding, its members placed where the compiler put them.
extension DieReader {
  /// The encoding of a record type, reading it (and the records it holds by value) the first time.
  mutating func record(_ die: Dwarf_Die, name: String, place: (record: String, field: String), depth: Int)
    throws(DebugInfoError) -> TypeEncoding
  {
    // g++'s declaration of a record defined in a type unit (-fdebug-types-section) names it by signature.
    let die = signed(die) ?? die
    let key = identity(die)
    if let known = read.encoding(of: key) { return known }
    if qualifiedNames[key] == nil { nameTypeUnit(of: die) }
    let isUnion = tag(die) == Tag.unionType
    let tag = qualifiedNames[key] ?? self.name(die)
    let recordName = tag.map { (isUnion ? "union " : "struct ") + $0 } ?? name
    if flag(die, Attribute.declaration) { throw .incompleteType(recordName, file: file.path) }
    guard !reading.contains(key), depth < 64 else { throw malformed(die, "\(recordName) holds itself") }
    reading.insert(key)
    defer { reading.remove(key) }
    guard let byteSize = try number(die, Attribute.byteSize) else {
      throw malformed(die, "\(recordName) has no DW_AT_byte_size")
    }
    var fields: [TypeEncoding.Field] = []
    var members: [SourceRecord.Member] = []
    var memberAlignments: [MemberAlignment] = []
    var enumerations: [(member: String, enumeration: CEnumeration)] = []
    var holds: Set<String> = []
    var holdsInferred = false
    var bases: [(index: Int, qualified: String)] = []
    for (position, member) in children(die).enumerated() {
      let memberTag = self.tag(member)
      guard memberTag == Tag.member || memberTag == Tag.inheritance else { continue }
      // A static data member (DWARF 4 and before write it as a member declaration) has no bytes in the record.
      if memberTag == Tag.member, flag(member, Attribute.declaration) || flag(member, Attribute.external) { continue }
      guard let memberType = try type(of: member) else { throw malformed(member, "a member without a type") }
      // An empty class (a base, or a `[[no_unique_address]]` member) holds no bytes to compare.
      if try isEmptyClass(memberType) { continue }
      var memberName = self.name(member)
      if memberTag == Tag.member, isVtablePointer(member, name: memberName) { memberName = VtablePointer.name }
      if memberTag == Tag.inheritance {
        let qualified = try baseName(member, type: memberType, record: recordName)
        memberName = Self.unqualified(qualified)
        bases.append((fields.count, qualified))
      }
      let path = memberName.map { "." + $0 } ?? ""
      let fieldPlace = (record: recordName, field: path)
      if let memberName, let enumeration = try enumeration(of: memberType) {
        enumerations.append((memberName, enumeration))
      }
      if let width = try number(member, Attribute.bitSize) {
        let bitOffset = try bitfieldOffset(member, type: memberType, width: width)
        let encoding = try encoding(of: memberType, name: "", place: fieldPlace, depth: depth + 1)
        guard case .scalar(let declared) = encoding else {
          throw .unsupportedType("a bitfield of \(encoding)", record: recordName, field: path)
        }
        fields.append(
          .init(
            name: memberName, type: .bitfield(.init(bitOffset: bitOffset, declaredType: declared, width: Int(width)))))
        members.append(
          .init(name: memberName, bitOffset: bitOffset, bitWidth: Int(width), size: 0))
        // A bitfield that crosses a unit of its type's size exists only in a packed record.
        let unit = try size(of: memberType, depth: depth + 1) * 8
        let crosses = unit > 0 && bitOffset / unit != (bitOffset + Int(width) - 1) / unit
        memberAlignments.append((nil, try alignment(of: memberType, depth: depth + 1), crosses))
      } else {
        var nestedName = memberName.map { "\(recordName).\($0)" } ?? ""
        if memberName == nil { nestedName = "\(recordName) (\(try anonymousMemberName(memberType, position)))" }
        let encoding = try encoding(of: memberType, name: nestedName, place: fieldPlace, depth: depth + 1)
        let held = try heldRecord(memberType)
        if let held { holds.insert(held) }
        if let held, inferredRecords.contains(held) { holdsInferred = true }
        fields.append(.init(name: memberName, type: encoding))
        let byteOffset = try memberOffset(member)
        members.append(
          .init(
            name: memberName, bitOffset: byteOffset * 8, bitWidth: nil,
            size: try size(of: memberType, depth: depth + 1),
            anonymousRecord: held.flatMap { read.nested.contains($0) ? $0 : nil }))
        // `_Alignas` on the member itself: clang writes DW_AT_alignment on the member. It only raises the
        // type's alignment (`aligned(2)` on a `long long` leaves 8) outside a packed record, whose offsets
        // then fail the natural check anyway.
        let memberAlignment = max(
          try number(member, Attribute.alignment) ?? 0, try alignment(of: memberType, depth: depth + 1))
        memberAlignments.append((byteOffset, memberAlignment, false))
      }
    }
    try placeBases(
      bases, fields: &fields, members: &members, alignments: &memberAlignments, recordName: recordName, size: byteSize)
    let body = TypeEncoding.Record(name: tag, fields: fields)
    let encoding: TypeEncoding = isUnion ? .union(body) : .structure(body)
    var (alignment, source) = try recordAlignment(
      die, size: byteSize, isUnion: isUnion, members: members, alignments: memberAlignments)
    if source == .natural, holdsInferred { source = .inferred }
    if source == .inferred || source == .unknown { inferredRecords.insert(recordName) }
    alignments[key] = alignment
    let record = SourceRecord(
      name: recordName, encoding: encoding, size: byteSize, alignment: alignment, alignmentSource: source,
      place: unit, members: members, isTagged: tag != nil, enumerations: enumerations, holds: holds)
    return read.keep(record, key: key, readFor: name, in: place.record)
  }

  /// A member's byte offset: a constant, or gcc -gdwarf-2's location expression; none in a union.
  private func memberOffset(_ member: Dwarf_Die) throws(DebugInfoError) -> Int {
    if let bits = try number(member, Attribute.dataBitOffset) { return bits / 8 }
    var die = member
    var value: UInt64 = 0
    switch cv_dwarf_member_location(api, &die, &value) {
    case 1:
      guard value <= Self.largestNumber else {
        throw malformed(member, "a member offset of \(value), larger than any C type")
      }
      return Int(value)
    case 0: return 0
    default: throw malformed(member, "a member location that is not a constant offset")
    }
  }

  /// A bitfield's first bit from the start of the record: `DW_AT_data_bit_offset` (DWARF 4 and later), or
  /// DWARF 2–4's `DW_AT_bit_offset`, counted from the most significant bit of its storage unit (signed:
  /// gcc writes a negative one for a packed bitfield that crosses the unit's end).
  private mutating func bitfieldOffset(_ member: Dwarf_Die, type: Dwarf_Die, width: Int) throws(DebugInfoError) -> Int {
    if let bits = try number(member, Attribute.dataBitOffset) { return bits }
    let location = try memberOffset(member)
    guard let fromTop = try signedNumber(member, Attribute.bitOffset) else { return location * 8 }
    if header.isBigEndian { return location * 8 + fromTop }
    var storage = try number(member, Attribute.byteSize) ?? 0
    if storage == 0 { storage = try size(of: type, depth: 0) }
    return location * 8 + storage * 8 - fromTop - width
  }

  /// The name of the record a value of `die` holds (itself, or its arrays' or `_Atomic`'s element), once read.
  func heldRecord(_ die: Dwarf_Die) throws(DebugInfoError) -> String? {
    var current = die
    for _ in 0..<64 {
      guard let stripped = try strip(current) else { return nil }
      switch tag(stripped) {
      case Tag.arrayType, Tag.atomicType:
        guard let element = try type(of: stripped) else { return nil }
        current = element
      case Tag.structureType, Tag.classType, Tag.unionType: return read.name(of: identity(stripped))
      default: return nil
      }
    }
    throw malformed(die, "a chain of arrays that does not end")
  }

  /// What an anonymous struct or union member is called in its record's name: by its first named
  /// member (`anonymous union with .buf_index`), else by position, as header import names it.
  private func anonymousMemberName(_ die: Dwarf_Die, _ position: Int) throws(DebugInfoError) -> String {
    let stripped = try strip(die) ?? die
    let isUnion = tag(stripped) == Tag.unionType
    var first: String?
    var record = stripped
    for _ in 0..<64 {
      guard first == nil, let member = children(record).first(where: { tag($0) == Tag.member }) else { break }
      first = name(member)
      guard let next = try type(of: member).flatMap({ (die) throws(DebugInfoError) in try strip(die) }),
        Tag.isRecord(tag(next))
      else { break }
      record = next
    }
    return "anonymous \(isUnion ? "union" : "struct") " + (first.map { "with .\($0)" } ?? "at member \(position)")
  }

  /// The alignment of a record read before, by its DIE.
  func recordAlignment(of die: Dwarf_Die) -> Int? { alignments[identity(die)] }
}
