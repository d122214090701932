internal import CDwarf
import CValueKit

/// Reads records and typedefs from the DIEs of a file's compile units and builds their encodings, with
/// the size, alignment and member placements the compiler wrote, as header import does from clang's types.
struct DieReader {
  let file: DwarfFile
  let header: ELFHeader
  /// The units read, in order.
  let units: [DwarfFile.Unit]
  /// The `.dwo` files of split units that were not found: a type not found may be in one.
  var missingSplitFiles: [String] = []
  /// Why the `.dwp` package beside the file did not hold them, when there is one.
  var missingSplitPackage: String?
  /// The declarations to read instead of every unit's: a ``TypeIndex``'s, for the types asked for.
  var prepared: TypeDeclarations<Dwarf_Die>?
  var api: UnsafeMutablePointer<cv_dwarf_api> { file.api }

  /// Every record read, by DIE ``identity(_:)``, nested ones before the records that contain them, each with
  /// its unit as its place.
  var read = RecordsRead<UInt64>()
  var records: [SourceRecord] { read.records }
  /// The unit being read, recorded with each record.
  var unit = ""
  /// By DIE ``identity(_:)``: the C++ names of records declared in namespaces and classes (`geo::point`), and
  /// of template instances in their canonical spelling, as the declarations found them.
  var qualifiedNames: [UInt64: String] = [:]
  /// By DIE ``identity(_:)``: the scopes of records and enumerations declared (not defined) in a C++ unit's
  /// namespaces and classes, for a definition elsewhere that names its declaration by `DW_AT_specification`
  /// (g++ writes a type unit's `nb::sb` as a declaration in `namespace nb` and the definition beside the
  /// namespace).
  var declarationScopes: [UInt64: Scope] = [:]
  /// The type units whose records ``nameTypeUnit(of:)`` named.
  private var namedTypeUnits: Set<OpaquePointer> = []
  /// By DIE ``identity(_:)``: the alignments of records read.
  private var alignments: [UInt64: Int] = [:]
  /// The records whose alignment was inferred: a record holding one knows its own no better.
  private var inferredRecords: Set<String> = []
  /// C++ classes with bases, by record name: where their data ends (the Itanium ABI's dsize), which a class
  /// deriving from them may place its own members after, in their tail padding.
  var dataSizes: [String: Int] = [:]
  /// Records being read, to refuse a type that holds itself (malformed DWARF) rather than recurse forever.
  private var reading: Set<UInt64> = []
  var enumerationCache: [UInt64: CEnumeration?] = [:]
  var layoutCache: [TypeEncoding: (size: Int, alignment: Int)] = [:]
  let scratch = TypeCatalog(includingBuiltins: false)

  init(file: DwarfFile, header: ELFHeader, units: [DwarfFile.Unit]) {
    self.file = file
    self.header = header
    self.units = units
  }

  // MARK: DIEs

  func tag(_ die: Dwarf_Die) -> Int32 {
    var die = die
    return api.pointee.dwarf_tag(&die)
  }

  func name(_ die: Dwarf_Die) -> String? {
    var die = die
    return api.pointee.dwarf_diename(&die).map { String(cString: $0) }
  }

  func offset(_ die: Dwarf_Die) -> UInt64 {
    var die = die
    return api.pointee.dwarf_dieoffset(&die)
  }

  /// What tells a DIE from every other while the file is open: where its bytes are. Its offset does not: the
  /// `.dwo` files of a split build each number their DIEs from 0, so a record in one has the offset of
  /// another in the next (`nb::sb` was taken for `na::sa`, and refused as defined differently).
  func identity(_ die: Dwarf_Die) -> UInt64 {
    UInt64(UInt(bitPattern: die.addr))
  }

  func udata(_ die: Dwarf_Die, _ attribute: UInt32) -> UInt64? {
    var die = die
    var value: UInt64 = 0
    return cv_dwarf_udata(api, &die, attribute, &value) == 1 ? value : nil
  }

  func sdata(_ die: Dwarf_Die, _ attribute: UInt32) -> Int64? {
    var die = die
    var value: Int64 = 0
    return cv_dwarf_sdata(api, &die, attribute, &value) == 1 ? value : nil
  }

  /// The largest size, offset, count or alignment (in bytes or bits) a C type can have here: what
  /// `CLayout.maximumSize` allows, in bits. A larger one is malformed DWARF, never a number to compute with.
  static let largestNumber: UInt64 = 1 << 44

  /// A size, offset, count or alignment (`DW_AT_byte_size`, `DW_AT_data_bit_offset`, …): `nil` when the DIE
  /// has none, malformed when it is larger than any C type's (so that arithmetic on it cannot overflow).
  func number(_ die: Dwarf_Die, _ attribute: UInt32) throws(DebugInfoError) -> Int? {
    guard let value = udata(die, attribute) else { return nil }
    guard value <= Self.largestNumber else {
      throw malformed(die, "a size, offset or count of \(value), larger than any C type")
    }
    return Int(value)
  }

  /// A signed size, offset or bound (`DW_AT_bit_offset`, `DW_AT_upper_bound`), bounded as ``number(_:_:)``.
  func signedNumber(_ die: Dwarf_Die, _ attribute: UInt32) throws(DebugInfoError) -> Int? {
    guard let value = sdata(die, attribute) else { return nil }
    guard value.magnitude <= Self.largestNumber else {
      throw malformed(die, "a size, offset or bound of \(value), larger than any C type")
    }
    return Int(value)
  }

  /// The product of an array's counts (and its element's size), malformed when it overflows.
  func product(_ factors: [Int], _ die: Dwarf_Die) throws(DebugInfoError) -> Int {
    var result = 1
    for factor in factors {
      let (product, overflow) = result.multipliedReportingOverflow(by: factor)
      guard !overflow, product <= Int(Self.largestNumber) else {
        throw malformed(die, "an array larger than any C type")
      }
      result = product
    }
    return result
  }

  /// A flag of `die`: `DW_AT_declaration` its own (a definition's `DW_AT_specification` names a declaration,
  /// and is no declaration itself), any other integrated from the DIEs it names.
  func flag(_ die: Dwarf_Die, _ attribute: UInt32) -> Bool {
    var die = die
    if attribute == Attribute.declaration { return cv_dwarf_own_flag(api, &die, attribute) == 1 }
    return cv_dwarf_flag(api, &die, attribute) == 1
  }

  /// The DIE `DW_AT_type` refers to, `nil` for none (`void`).
  func type(of die: Dwarf_Die) throws(DebugInfoError) -> Dwarf_Die? {
    var die = die
    var result = Dwarf_Die()
    switch cv_dwarf_ref(api, &die, Attribute.type, &result) {
    // g++'s declaration of a record defined in a type unit (-fdebug-types-section) names it by signature.
    case 1: return Tag.isRecord(tag(result)) ? signed(result) ?? result : result
    case 0: return nil
    default:
      // A type signature to a type unit of the .dwp package, which libdw does not follow to.
      var signature: UInt64 = 0
      if cv_dwarf_signature(api, &die, Attribute.type, &signature) == 1,
        let packaged = file.packagedType(signature: signature)
      {
        return packaged
      }
      throw malformed(die, "DW_AT_type refers to no DIE")
    }
  }

  func children(_ die: Dwarf_Die) -> [Dwarf_Die] {
    var parent = die
    var child = Dwarf_Die()
    guard api.pointee.dwarf_child(&parent, &child) == 0 else { return [] }
    var result = [child]
    var next = Dwarf_Die()
    while api.pointee.dwarf_siblingof(&child, &next) == 0 {
      result.append(next)
      child = next
    }
    return result
  }

  func malformed(_ die: Dwarf_Die, _ reason: String) -> DebugInfoError {
    .malformed(file.path, die: offset(die), reason: reason)
  }

  /// The C++ names of the records of the type unit holding `die`, when it is one and its declarations were not
  /// read: a record defined in a type unit is reached by signature from a unit that was read (the types asked
  /// for), and is named by the namespaces around its declaration there (`std::__cxx11::basic_string<…>`).
  mutating func nameTypeUnit(of die: Dwarf_Die) {
    guard let cu = die.cu, !namedTypeUnits.contains(cu) else { return }
    namedTypeUnits.insert(cu)
    var unitType: UInt8 = 0
    var unitDie = Dwarf_Die()
    // DW_UT_type 2, DW_UT_split_type 6.
    guard api.pointee.dwarf_cu_info(cu, nil, &unitType, &unitDie, nil, nil, nil, nil) == 0,
      unitType == 2 || unitType == 6
    else { return }
    let unit = DwarfFile.Unit(
      die: unitDie, name: "", isTypeUnit: true, location: .init(section: .split, offset: offset(unitDie)))
    guard isCPlusPlus(unit) else { return }
    var ignored = TypeDeclarations<Dwarf_Die>()
    var tags = Tags()
    declarations(in: unit, into: &ignored, tags: &tags)
  }

  /// The definition a record's declaration names by its type signature (`DW_AT_signature`, g++ writes no
  /// `DW_AT_declaration` beside it in a type unit), in a type unit of the file or of its `.dwp` package; `nil`
  /// when it names none.
  func signed(_ die: Dwarf_Die) -> Dwarf_Die? {
    var die = die
    var result = Dwarf_Die()
    if cv_dwarf_ref(api, &die, Attribute.signature, &result) == 1 { return result }
    var signature: UInt64 = 0
    guard cv_dwarf_signature(api, &die, Attribute.signature, &signature) == 1 else { return nil }
    return file.packagedType(signature: signature)
  }

  /// The type a typedef or qualifier names, followed to the end (at most 64 steps: a loop is malformed).
  func strip(_ die: Dwarf_Die) throws(DebugInfoError) -> Dwarf_Die? {
    var current = die
    for _ in 0..<64 {
      switch tag(current) {
      case Tag.typedef, Tag.constType, Tag.volatileType, Tag.restrictType:
        guard let next = try type(of: current) else { return nil }
        current = next
      default: return current
      }
    }
    throw malformed(die, "a chain of typedefs and qualifiers that does not end")
  }

  // MARK: Records

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

  /// A member's byte offset (`nil` for a bitfield), its type's alignment, and whether it is a bitfield that
  /// crosses a unit of its type's size, which only a packed record holds.
  typealias MemberAlignment = (byteOffset: Int?, alignment: Int, crossesUnit: Bool)

  /// How the record's alignment is known. DWARF states it only as `DW_AT_alignment` (explicit alignment, a
  /// packed record given `aligned(n)`, clang's `#pragma pack`); it never says `packed`. Otherwise the layout is
  /// tried under each packing that could have made it — none (every member at a multiple of its own
  /// alignment), `packed` (every member right after the one before, no padding) and, when neither made it,
  /// gcc's `#pragma pack(n)` for each n below the members' alignment — and the alignment each packing gives is
  /// the answer when only one does: `natural` when that is no packing, else `inferred`. When more than one
  /// made it (a record with no padding at all is laid out alike packed or not), the alignment is `unknown`:
  /// the largest of them is held, never shown as known. A record padded past what any packing makes (an
  /// `aligned` record, or a trailing unnamed bitfield, which DWARF does not list) takes the smallest
  /// alignment that pads its members out to its size (`inferred`).
  private func recordAlignment(
    _ die: Dwarf_Die, size: Int, isUnion: Bool, members: [SourceRecord.Member], alignments: [MemberAlignment]
  ) throws(DebugInfoError) -> (Int, ImportedTypes.AlignmentSource) {
    if let explicit = try number(die, Attribute.alignment), explicit > 0 { return (explicit, .attribute) }
    let natural = alignments.map(\.alignment).max() ?? 1
    let isAligned = alignments.allSatisfy { ($0.byteOffset ?? 0) % max($0.alignment, 1) == 0 && !$0.crossesUnit }
    let end =
      members.map { member in
        member.bitWidth.map { (member.bitOffset + $0 + 7) / 8 } ?? member.bitOffset / 8 + member.size
      }.max() ?? 0
    let naturalSize = (end + natural - 1) / natural * natural
    let isPacked = Self.isLaidOutPacked(size: size, isUnion: isUnion, members: members)
    if isAligned, size == naturalSize {
      return isPacked && natural > 1 ? (natural, .unknown) : (natural, .natural)
    }
    if isPacked { return (1, .inferred) }
    // gcc's `#pragma pack(n)`: each member at a multiple of the smaller of n and its own alignment.
    if !alignments.contains(where: \.crossesUnit), !isUnion {
      var fits: [Int] = []
      var packing = 2
      while packing < natural {
        if Self.isLaidOut(packedTo: packing, size: size, members: members, alignments: alignments) {
          fits.append(packing)
        }
        packing *= 2
      }
      if fits.count == 1 { return (fits[0], .inferred) }
      if let largest = fits.last { return (largest, .unknown) }
    }
    if isAligned, size > naturalSize, size % natural == 0 {
      // The smallest alignment that pads the members out to the size.
      var alignment = natural
      while (end + alignment - 1) / alignment * alignment != size, alignment < size { alignment *= 2 }
      if (end + alignment - 1) / alignment * alignment == size { return (alignment, .inferred) }
      // No alignment pads them out to it: the padding is an unnamed bitfield's, which DWARF does not list.
      return (natural, .inferred)
    }
    // No packing makes it: the largest alignment its offsets and size allow, shown as unknown.
    var alignment = alignments.contains(where: \.crossesUnit) ? 1 : natural
    while alignment > 1,
      size % alignment != 0 || alignments.contains(where: { ($0.byteOffset ?? 0) % alignment != 0 })
    {
      alignment /= 2
    }
    return (alignment, alignment == 1 ? .inferred : .unknown)
  }

  /// Whether `packed` lays the members out so: each right after the one before (a bitfield at the next
  /// bit), the record no larger than its members; a union as large as its largest member.
  private static func isLaidOutPacked(size: Int, isUnion: Bool, members: [SourceRecord.Member]) -> Bool {
    guard !members.isEmpty else { return false }
    if isUnion {
      return size == members.map { $0.bitWidth.map { ($0 + 7) / 8 } ?? $0.size }.max()
    }
    var nextBit = 0
    for member in members {
      if let width = member.bitWidth {
        guard member.bitOffset == nextBit else { return false }
        nextBit += width
      } else {
        guard member.bitOffset == (nextBit + 7) / 8 * 8 else { return false }
        nextBit = member.bitOffset + member.size * 8
      }
    }
    return size == (nextBit + 7) / 8
  }

  /// Whether `#pragma pack(packing)` lays a struct's members out so: each member that is no bitfield at the
  /// next multiple of the smaller of `packing` and its alignment, the size rounded up to the smaller of
  /// `packing` and the largest alignment.
  private static func isLaidOut(
    packedTo packing: Int, size: Int, members: [SourceRecord.Member], alignments: [MemberAlignment]
  ) -> Bool {
    var end = 0
    var largest = 1
    for (member, alignment) in zip(members, alignments) {
      let step = max(min(packing, alignment.alignment), 1)
      largest = max(largest, step)
      if let width = member.bitWidth {
        end = max(end, (member.bitOffset + width + 7) / 8)
      } else {
        let offset = member.bitOffset / 8
        guard offset == (end + step - 1) / step * step else { return false }
        end = offset + member.size
      }
    }
    return size == (end + largest - 1) / largest * largest
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
