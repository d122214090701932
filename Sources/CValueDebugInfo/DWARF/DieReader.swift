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
  var alignments: [UInt64: Int] = [:]
  /// The records whose alignment was inferred: a record holding one knows its own no better.
  var inferredRecords: Set<String> = []
  /// C++ classes with bases, by record name: where their data ends (the Itanium ABI's dsize), which a class
  /// deriving from them may place its own members after, in their tail padding.
  var dataSizes: [String: Int] = [:]
  /// Records being read, to refuse a type that holds itself (malformed DWARF) rather than recurse forever.
  var reading: Set<UInt64> = []
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
}
