internal import CDwarf
import CValueKit

extension DieReader {
  /// The encoding of a type DIE, typedefs and qualifiers followed, reading every record it holds by value.
  ///
  /// - Parameters:
  ///   - name: What to call the record when the type is an anonymous one.
  ///   - place: The record and field path, for errors.
  ///   - depth: How deep in the type references this is, to stop malformed DWARF that loops.
  mutating func encoding(of die: Dwarf_Die, name: String, place: (record: String, field: String), depth: Int)
    throws(DebugInfoError) -> TypeEncoding
  {
    guard depth < 64 else { throw malformed(die, "type references nested more than 64 deep") }
    guard let type = try strip(die) else { return .scalar(.void) }
    switch tag(type) {
    case Tag.baseType: return try base(type, place: place)
    case Tag.pointerType: return try pointer(to: self.type(of: type), depth: depth)
    case Tag.arrayType:
      guard let elementDie = try self.type(of: type) else { throw malformed(type, "an array without an element type") }
      let element = try encoding(of: elementDie, name: name, place: place, depth: depth + 1)
      return try array(type, element: element, elementDie: elementDie, depth: depth, place: place)
    case Tag.enumerationType:
      if let underlying = try self.type(of: type) {
        return try encoding(of: underlying, name: name, place: place, depth: depth + 1)
      }
      let constants = children(type).filter { tag($0) == Tag.enumerator }
      let isSigned = constants.contains { (sdata($0, Attribute.constValue) ?? 0) < 0 }
      return try integer(signed: isSigned, size: try number(type, Attribute.byteSize) ?? 4, isLong: false, place: place)
    case Tag.atomicType:
      return .qualified(
        .atomic, try encoding(of: self.type(of: type) ?? type, name: name, place: place, depth: depth + 1))
    case Tag.structureType, Tag.classType, Tag.unionType:
      return try record(type, name: name, place: place, depth: depth)
    case Tag.ptrToMemberType: return try memberPointer(type, place: place)
    case Tag.referenceType, Tag.rvalueReferenceType:
      throw .unsupportedType(
        "the reference \(try referenceSpelling(type)) (the object it refers to is not part of the value; compare "
          + "that object)", record: place.record, field: place.field)
    default:
      throw .unsupportedType(
        self.name(type) ?? "DW_TAG 0x\(String(tag(type), radix: 16))", record: place.record, field: place.field)
    }
  }

  /// A C++ pointer to member as the Itanium C++ ABI lays it out (its bits compare exactly): to a data member,
  /// the member's offset (`ptrdiff_t`, -1 when null); to a member function, the pair `ptr` (the function's
  /// address, or its vtable offset plus 1) and `adj` (what is added to `this`), which libstdc++'s
  /// `std::function` holds in its `_Nocopy_types`.
  private func memberPointer(_ type: Dwarf_Die, place: (record: String, field: String)) throws(DebugInfoError)
    -> TypeEncoding
  {
    let word = header.abi.pointerSize
    let offset = try integer(signed: true, size: word, isLong: true, place: place)
    var isFunction = false
    if let pointee = try self.type(of: type), let stripped = try strip(pointee) {
      isFunction = tag(stripped) == Tag.subroutineType
    }
    let size = try number(type, Attribute.byteSize) ?? (isFunction ? 2 * word : word)
    switch (isFunction, size) {
    case (false, word): return offset
    case (true, 2 * word):
      return .structure(
        TypeEncoding.Record(
          name: nil, fields: [.init(name: "ptr", type: .pointer(.scalar(.unknown))), .init(name: "adj", type: offset)]))
    default:
      throw .unsupportedType(
        "a \(size)-byte pointer to member (the Itanium C++ ABI's are \(word) and \(2 * word) bytes)",
        record: place.record, field: place.field)
    }
  }

  /// A C++ reference type as code spells it: `int &`, `const geo::point &&`.
  private func referenceSpelling(_ reference: Dwarf_Die) throws(DebugInfoError) -> String {
    var qualifiers: [String] = []
    var current = try type(of: reference)
    while let die = current, tag(die) == Tag.constType || tag(die) == Tag.volatileType {
      qualifiers.append(tag(die) == Tag.constType ? "const" : "volatile")
      current = try type(of: die)
    }
    let referent = current.flatMap { qualifiedNames[identity($0)] ?? name($0) } ?? "…"
    return (qualifiers + [referent]).joined(separator: " ") + (tag(reference) == Tag.referenceType ? " &" : " &&")
  }

  private func base(_ die: Dwarf_Die, place: (record: String, field: String)) throws(DebugInfoError) -> TypeEncoding {
    let size = try number(die, Attribute.byteSize) ?? 0
    let spelling = name(die) ?? ""
    switch udata(die, Attribute.encoding) {
    case BaseEncoding.boolean: return .scalar(.bool)
    case BaseEncoding.signed, BaseEncoding.signedChar:
      return try integer(signed: true, size: size, isLong: isLong(spelling), place: place)
    case BaseEncoding.unsigned, BaseEncoding.unsignedChar, BaseEncoding.utf:
      return try integer(signed: false, size: size, isLong: isLong(spelling), place: place)
    case BaseEncoding.float:
      if let scalar = float(size: size, spelling: spelling) { return .scalar(scalar) }
    case BaseEncoding.complexFloat:
      if let scalar = float(size: size / 2, spelling: spelling) { return .complex(.scalar(scalar)) }
      // clang names `_Complex long double` (`std::complex<long double>`'s value) just `complex`: its half is
      // the target's long double, of its size (16 bytes on x86-64 and AArch64, 12 on i386).
      if spelling == "complex", size / 2 == header.abi.longDoubleSize { return .complex(.scalar(.longDouble)) }
    default: break
    }
    throw .unsupportedType(spelling, record: place.record, field: place.field)
  }

  /// `long` and `unsigned long` (gcc: `long int`, `long unsigned int`), which are `l` on 32-bit targets.
  private func isLong(_ spelling: String) -> Bool {
    spelling.contains("long") && !spelling.contains("long long")
  }

  private func float(size: Int, spelling: String) -> TypeEncoding.Scalar? {
    if spelling.contains("long double") { return .longDouble }
    switch size {
    case 2: return spelling.contains("bf16") ? .bfloat16 : .float16
    case 4: return .float
    case 8: return .double
    default: return nil
    }
  }

  func integer(signed: Bool, size: Int, isLong: Bool, place: (record: String, field: String))
    throws(DebugInfoError) -> TypeEncoding
  {
    guard let scalar = TypeEncoding.Scalar.integer(signed: signed, size: size, isLong: isLong) else {
      throw .unsupportedType("a \(size)-byte integer", record: place.record, field: place.field)
    }
    return .scalar(scalar)
  }

  /// A pointer as header import encodes it: to `char` the C string `*`, anything else `^` and its pointee.
  private mutating func pointer(to pointee: Dwarf_Die?, depth: Int) throws(DebugInfoError) -> TypeEncoding {
    guard let pointee, let type = try strip(pointee) else { return .pointer(.scalar(.void)) }
    if tag(type) == Tag.baseType, name(type) == "char" { return .scalar(.cString) }
    return .pointer(try self.pointee(type, depth: depth + 1))
  }

  /// What a pointer points to, as an encoding names it: records by tag only (never followed, so that
  /// self-referencing records end), functions as `?`. A C++ record by the name its declarations gave it
  /// (`geo::Point`, `std::__cxx11::basic_string<char, …>`), the name an import of it asks for, never its bare
  /// `DW_AT_name` (`Point`), which names no type of the file.
  private mutating func pointee(_ type: Dwarf_Die, depth: Int) throws(DebugInfoError) -> TypeEncoding {
    guard depth < 64 else { throw malformed(type, "pointer types nested more than 64 deep") }
    switch tag(type) {
    case Tag.subroutineType: return .scalar(.unknown)
    case Tag.structureType, Tag.classType, Tag.unionType:
      let type = signed(type) ?? type
      if qualifiedNames[identity(type)] == nil { nameTypeUnit(of: type) }
      let record = TypeEncoding.Record(name: qualifiedNames[identity(type)] ?? name(type), fields: nil)
      return tag(type) == Tag.unionType ? .union(record) : .structure(record)
    case Tag.pointerType: return try pointer(to: self.type(of: type), depth: depth)
    case Tag.arrayType:
      guard let elementDie = try self.type(of: type), let element = try strip(elementDie) else {
        return .scalar(.unknown)
      }
      return try array(type, element: pointee(element, depth: depth + 1), elementDie: elementDie, depth: depth)
    default:
      return (try? encoding(of: type, name: "", place: ("", ""), depth: depth)) ?? .scalar(.unknown)
    }
  }

  /// An array of `element`, one level per subrange, outermost first; a GNU vector is `DW_AT_GNU_vector` on
  /// the array.
  private mutating func array(
    _ die: Dwarf_Die, element: TypeEncoding, elementDie: Dwarf_Die, depth: Int,
    place: (record: String, field: String) = ("", "")
  ) throws(DebugInfoError) -> TypeEncoding {
    let counts = try self.counts(of: die, place: place)
    if flag(die, Attribute.gnuVector) {
      let size: Int
      if let written = try number(die, Attribute.byteSize) {
        size = written
      } else {
        size = try product(counts + [self.size(of: elementDie, depth: depth + 1)], die)
      }
      return .vector(size: size, alignment: size, element: element)
    }
    return counts.reversed().reduce(element) { inner, count in .array(count: count, element: inner) }
  }

  /// `sizeof` the type, from `DW_AT_byte_size` or, for arrays, pointers and `_Atomic`, computed.
  mutating func size(of die: Dwarf_Die, depth: Int) throws(DebugInfoError) -> Int {
    guard depth < 64 else { throw malformed(die, "type references nested more than 64 deep") }
    guard let type = try strip(die) else { return 0 }
    if let size = try number(type, Attribute.byteSize) { return size }
    switch tag(type) {
    case Tag.arrayType:
      guard let element = try self.type(of: type) else { return 0 }
      return try product(counts(of: type) + [size(of: element, depth: depth + 1)], type)
    case Tag.pointerType: return header.abi.pointerSize
    default: return try layout(of: encoding(of: type, name: "", place: ("", ""), depth: depth)).size
    }
  }

  /// `_Alignof` the type: `DW_AT_alignment` where written (on a typedef or record), a record's as read,
  /// else the ABI's for the encoding.
  mutating func alignment(of die: Dwarf_Die, depth: Int) throws(DebugInfoError) -> Int {
    guard depth < 64 else { throw malformed(die, "type references nested more than 64 deep") }
    if let explicit = try number(die, Attribute.alignment), explicit > 0 { return explicit }
    switch tag(die) {
    case Tag.arrayType where flag(die, Attribute.gnuVector): return try size(of: die, depth: depth + 1)
    case Tag.typedef, Tag.constType, Tag.volatileType, Tag.restrictType, Tag.arrayType:
      guard let next = try type(of: die) else { return 1 }
      return try alignment(of: next, depth: depth + 1)
    case Tag.structureType, Tag.classType, Tag.unionType:
      if let known = recordAlignment(of: die) { return known }
    default: break
    }
    return try layout(of: encoding(of: die, name: "", place: ("", ""), depth: depth)).alignment
  }

  /// CValueKit's size and alignment of a member type that holds no record, once per encoding.
  private mutating func layout(of encoding: TypeEncoding) throws(DebugInfoError) -> (size: Int, alignment: Int) {
    if let known = layoutCache[encoding] { return known }
    do throws(LayoutError) {
      let layout = try scratch.layout(of: encoding, abi: header.abi)
      layoutCache[encoding] = (layout.size, layout.alignment)
      return (layout.size, layout.alignment)
    } catch {
      throw .unsupportedType("\(encoding)", record: "", field: "")
    }
  }

  /// The enumeration of a member declared with an enum type (or an array of one): its constants in
  /// declaration order, named as the declaration names the type (`enum tcp_state`, a typedef), `nil` for
  /// an anonymous enum.
  mutating func enumeration(of declared: Dwarf_Die) throws(DebugInfoError) -> CEnumeration? {
    var type = declared
    for _ in 0..<64 where tag(type) == Tag.arrayType {
      guard let element = try self.type(of: type) else { return nil }
      type = element
    }
    let key = identity(type)
    if let known = enumerationCache[key] { return known }
    var result: CEnumeration? = nil
    if let canonical = try strip(type), tag(canonical) == Tag.enumerationType {
      let spelling = tag(type) == Tag.enumerationType ? name(type).map { "enum \($0)" } : name(type)
      var isSigned = false
      if let declared = try self.type(of: canonical), let underlying = try strip(declared) {
        let encoding = udata(underlying, Attribute.encoding)
        isSigned = encoding == BaseEncoding.signed || encoding == BaseEncoding.signedChar
      }
      var constants: [(name: String, value: Int64)] = []
      for constant in children(canonical) where tag(constant) == Tag.enumerator {
        guard let name = name(constant) else { continue }
        let value =
          isSigned
          ? sdata(constant, Attribute.constValue) : udata(constant, Attribute.constValue).map(Int64.init(bitPattern:))
        if let value { constants.append((name, value)) }
      }
      result = CEnumeration(name: spelling, constants: constants)
    }
    enumerationCache[key] = result
    return result
  }
}
