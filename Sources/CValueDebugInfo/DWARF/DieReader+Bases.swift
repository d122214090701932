internal import CDwarf
import CValueKit

/// C++ base classes (`DW_TAG_inheritance`) as fields of the derived record, so that their members are
/// compared and reported: a base is the field named after its class, unqualified as C++ code in the derived
/// class names it (`.shape.id` for a base `geo::shape`; the qualified name where two would be alike), at the
/// offset the compiler gave it. An empty base holds no bytes and is left out; a virtual base is refused. A
/// polymorphic class's vtable pointer is the member `<vptr>`, which is never compared.
extension DieReader {
  /// The field name of a C++ base class subobject: the class's own name (`.base.a` is the path of its member
  /// `a`). A virtual base is refused: its offset is in the vtable, not in the debug info.
  mutating func baseName(_ inheritance: Dwarf_Die, type: Dwarf_Die, record: String) throws(DebugInfoError) -> String {
    let base = try strip(type) ?? type
    if qualifiedNames[identity(base)] == nil { nameTypeUnit(of: base) }
    let name = qualifiedNames[identity(base)] ?? self.name(base) ?? "base at 0x\(String(offset(base), radix: 16))"
    if let virtuality = udata(inheritance, Attribute.virtuality), virtuality != 0 {
      throw .unsupportedType(
        "the virtual base class \(name) (its offset is known only at run time, from the vtable)", record: record,
        field: "." + name)
    }
    return name
  }

  /// Whether a member is a polymorphic class's vtable pointer: artificial, and named `_vptr.poly` by gcc,
  /// `_vptr$poly` by clang. It is imported as the member `<vptr>` (``VtablePointer``), never compared.
  func isVtablePointer(_ member: Dwarf_Die, name: String?) -> Bool {
    flag(member, Attribute.artificial) && name?.hasPrefix("_vptr") == true
  }

  /// Whether `type` is a C++ class or union with no data in it (an empty base, a tag type, libstdc++'s
  /// `_Head_base<1, default_delete<T>, true>` holding a `[[no_unique_address]]` deleter, its node handle's
  /// union of an empty allocator), of `DW_AT_byte_size` 1 or 0: no member and no base that holds data.
  /// A class that holds itself (damaged DWARF) is malformed, found by `depth` (at most 64 levels).
  func isEmptyClass(_ type: Dwarf_Die, depth: Int = 0) throws(DebugInfoError) -> Bool {
    guard let record = try strip(type),
      tag(record) == Tag.structureType || tag(record) == Tag.classType || tag(record) == Tag.unionType,
      !flag(record, Attribute.declaration), (udata(record, Attribute.byteSize) ?? 2) <= 1
    else { return false }
    guard depth < 64 else { throw malformed(record, "a class of no data that holds itself") }
    for member in children(record) {
      switch tag(member) {
      case Tag.member where !flag(member, Attribute.declaration) && !flag(member, Attribute.external),
        Tag.inheritance:
        guard let held = try self.type(of: member), try isEmptyClass(held, depth: depth + 1) else { return false }
      default: continue
      }
    }
    return true
  }

  /// Bases with tail padding are laid out as their base subobject: the base's members in a record that ends
  /// with its data, carried by the derived record as an anonymous record's layout is, since the Itanium C++
  /// ABI places a derived class's members there when the base is not a POD (`struct poly { virtual ~poly();
  /// int p; }` is 16 bytes, and `poly_derived`'s `q` sits at 12).
  ///
  /// The members are then put in the order of their offsets: a polymorphic class whose bases have no vptr
  /// lists its own `<vptr>` (at 0) after them.
  mutating func placeBases(
    _ bases: [(index: Int, qualified: String)], fields: inout [TypeEncoding.Field],
    members: inout [SourceRecord.Member], alignments: inout [MemberAlignment], recordName: String, size: Int
  ) throws(DebugInfoError) {
    // A base named as another field is (two bases `a::x` and `b::x`, a member named as its base): qualified.
    for (index, qualified) in bases {
      let name = fields[index].name
      if fields.indices.contains(where: { $0 != index && fields[$0].name == name }) {
        fields[index].name = qualified
        members[index].name = qualified
      }
    }
    for (index, qualified) in bases {
      let start = members[index].bitOffset / 8
      let next = members.map { $0.bitOffset / 8 }.filter { $0 > start }.min() ?? size
      guard let name = fields[index].name,
        let base = records.last(where: { $0.name == "struct \(qualified)" }),
        case .structure(let body) = base.encoding
      else { continue }
      let dataSize = dataSizes[base.name] ?? Self.dataEnd(base.members)
      guard dataSize < members[index].size else { continue }
      guard start + dataSize <= next else {
        throw .layoutMismatch(
          record: recordName, field: ".\(name)", dwarf: "the next member at offset \(next)",
          cvaluekit: "the base class's data ending at \(start + dataSize)")
      }
      let subobject = "\(base.name) (as a base of \(recordName))"
      let encoding = TypeEncoding.structure(.init(name: nil, fields: body.fields))
      let record = SourceRecord(
        name: subobject, encoding: encoding, size: dataSize, alignment: 1, alignmentSource: .inferred, place: unit,
        members: base.members, isTagged: false, enumerations: base.enumerations, holds: base.holds)
      read.keep(record, key: nil, readFor: subobject, in: recordName)
      fields[index] = .init(name: name, type: encoding)
      members[index] = .init(name: name, bitOffset: start * 8, size: dataSize, anonymousRecord: subobject)
    }
    // Where this class's data ends: a base's own data end, where a class deriving from this one may start.
    var ends = members.map { Self.dataEnd([$0]) }
    for (index, qualified) in bases {
      if let end = dataSizes["struct \(qualified)"] { ends[index] = members[index].bitOffset / 8 + end }
    }
    dataSizes[recordName] = ends.max() ?? 0
    guard !bases.isEmpty else { return }
    let order = members.indices.sorted { (members[$0].bitOffset, $0) < (members[$1].bitOffset, $1) }
    fields = order.map { fields[$0] }
    members = order.map { members[$0] }
    alignments = order.map { alignments[$0] }
  }

  /// The last component of a qualified name, template arguments kept: `geo::shape` → `shape`,
  /// `ns::box<ns::item>` → `box<ns::item>`.
  static func unqualified(_ qualified: String) -> String {
    var depth = 0
    var start = qualified.startIndex
    var index = qualified.startIndex
    while index < qualified.endIndex {
      switch qualified[index] {
      case "<", "(": depth += 1
      case ">", ")": depth -= 1
      case ":" where depth == 0 && qualified[qualified.index(after: index)...].hasPrefix(":"):
        start = qualified.index(index, offsetBy: 2)
        index = start
        continue
      default: break
      }
      index = qualified.index(after: index)
    }
    return String(qualified[start...])
  }

  /// The first byte after the members.
  static func dataEnd(_ members: [SourceRecord.Member]) -> Int {
    members.map { member in
      member.bitWidth.map { (member.bitOffset + $0 + 7) / 8 } ?? member.bitOffset / 8 + member.size
    }.max() ?? 0
  }
}
