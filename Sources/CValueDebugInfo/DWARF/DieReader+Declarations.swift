internal import CDwarf
import CValueKit

extension DieReader {
  /// The tags seen declared and defined, for the incomplete ones.
  struct Tags {
    var declaredOnly: Set<String> = []
    var defined: Set<String> = []
  }

  /// The declarations of the units in order: complete tagged records as `struct tag` / `union tag`, and
  /// typedefs by name (in a type unit, its typedefs first), so that an anonymous record is first read under
  /// its typedef's name; those declared inside a function too (`void t(void) { struct local { … } x; }`),
  /// placed as `test.c (in shape_test())`.
  ///
  /// In a C++ unit, types in namespaces and classes are named as C++ names them, `geo::point`,
  /// `outer::inner`, `(anonymous namespace)::hidden`, template instances as the compiler writes them
  /// (`box<double>`), each spelled as ``CTypeName/canonical(_:)`` spells it; the reader then names their
  /// records so (``qualifiedNames``).
  ///
  /// A reader given ``prepared`` declarations (a ``TypeIndex``'s, for the types asked for) returns those.
  mutating func declarations() -> TypeDeclarations<Dwarf_Die> {
    if let prepared { return prepared }
    var result = TypeDeclarations<Dwarf_Die>()
    var tags = Tags()
    for unit in units {
      declarations(in: unit, into: &result, tags: &tags)
    }
    result.incomplete = tags.declaredOnly.subtracting(tags.defined)
    return result
  }

  /// The declarations of one unit, appended to `result` in the order ``declarations()`` lists them.
  mutating func declarations(
    in unit: DwarfFile.Unit, into result: inout TypeDeclarations<Dwarf_Die>, tags: inout Tags
  ) {
    var records: [TypeDeclarations<Dwarf_Die>.Entry] = []
    let scope = Scope(isCPlusPlus: isCPlusPlus(unit), prefix: "")
    collect(
      children(unit.die), unit: unit, place: unit.name, scope: scope, into: &result, tags: &tags,
      typeUnitRecords: &records)
    result.entries += records
  }

  /// Where a declaration is: in a C++ unit, the namespaces and classes around it (`geo::`).
  struct Scope {
    var isCPlusPlus: Bool
    var prefix: String
    /// Inside a record only declared: its records and enumerations are collected, not its typedefs (clang's
    /// type unit defines a nested class inside its outer class's declaration; gcc's repeats a class's
    /// typedefs in a declaration outside its namespaces, where they would be named wrongly).
    var recordsOnly = false

    func inner(_ name: String) -> Scope {
      Scope(isCPlusPlus: isCPlusPlus, prefix: prefix + name + "::", recordsOnly: recordsOnly)
    }
  }

  /// The names a template instance is also written by, its trailing arguments that the compiler marks as
  /// defaults (`DW_AT_default_value` on the template parameter, gcc's and clang's) left out one by one:
  /// `std::vector<int>` for `std::vector<int, std::allocator<int>>`. None when the arguments in the name do
  /// not match the parameters one to one (a parameter pack).
  func defaultedAliases(of die: Dwarf_Die, named name: String) -> [String] {
    guard name.hasSuffix(">") else { return [] }
    // DW_TAG_template_type_parameter 0x2f, DW_TAG_template_value_parameter 0x30.
    let parameters = children(die).filter { [0x2f, 0x30].contains(tag($0)) }
    let defaulted = parameters.reversed().prefix { flag($0, Attribute.defaultValue) }.count
    guard defaulted > 0, let instance = CTypeName.templateInstance(name) else { return [] }
    let arguments = instance.arguments
    guard arguments.count == parameters.count else { return [] }
    return (1...defaulted).map { dropped in
      instance.template + "<" + arguments.dropLast(dropped).joined(separator: ", ") + ">"
    }
  }

  /// The name of a C++ record's declaration that has none of its own but a type signature (clang's
  /// `class basic_string` around a nested class's definition in a type unit): its definition's.
  func signedName(_ die: Dwarf_Die, tag: Int32, scope: Scope) -> String? {
    guard scope.isCPlusPlus, Tag.isRecord(tag), let definition = signed(die) else { return nil }
    return name(definition)
  }

  /// Whether `die` itself has a `DW_AT_signature`.
  func hasSignature(_ die: Dwarf_Die) -> Bool {
    var die = die
    return cv_dwarf_form(api, &die, Attribute.signature) != 0
  }

  /// The declaration a definition names by `DW_AT_specification`, or `nil`.
  func specification(of die: Dwarf_Die) -> Dwarf_Die? {
    var die = die
    var result = Dwarf_Die()
    return cv_dwarf_ref(api, &die, Attribute.specification, &result) == 1 ? result : nil
  }

  /// Whether the unit is C++ (`DW_AT_language`), whose names have scopes.
  func isCPlusPlus(_ unit: DwarfFile.Unit) -> Bool {
    guard let language = udata(unit.die, Attribute.language) else { return false }
    return Language.cPlusPlus.contains(language)
  }

  /// The declarations among `dies`, and in the functions and blocks among them (and in a C++ unit, in the
  /// namespaces and classes among them).
  private mutating func collect(
    _ dies: [Dwarf_Die], unit: DwarfFile.Unit, place: String, scope: Scope,
    into result: inout TypeDeclarations<Dwarf_Die>, tags: inout Tags,
    typeUnitRecords: inout [TypeDeclarations<Dwarf_Die>.Entry]
  ) {
    for die in dies {
      // The tag first: most DIEs are variables and parameters, whose names are not needed.
      let tag = self.tag(die)
      if tag == Tag.subprogram || tag == Tag.lexicalBlock {
        // A function's own name places what it declares; a block is its function's.
        let inner =
          tag == Tag.subprogram
          ? "\(unit.name) (in \(name(die).map { "\($0)()" } ?? "the function at 0x\(String(offset(die), radix: 16))"))"
          : place
        collect(
          children(die), unit: unit, place: inner, scope: Scope(isCPlusPlus: scope.isCPlusPlus, prefix: ""),
          into: &result, tags: &tags, typeUnitRecords: &typeUnitRecords)
        continue
      }
      if tag == Tag.namespace, scope.isCPlusPlus {
        collect(
          children(die), unit: unit, place: place, scope: scope.inner(name(die) ?? "(anonymous namespace)"),
          into: &result, tags: &tags, typeUnitRecords: &typeUnitRecords)
        continue
      }
      guard Tag.isRecord(tag) || tag == Tag.enumerationType || (!scope.recordsOnly && tag == Tag.typedef) else {
        continue
      }
      let own = name(die)
      guard let spelled = own ?? signedName(die, tag: tag, scope: scope) else { continue }
      // A record that names its definition by type signature is a declaration, with DW_AT_declaration or not
      // (g++ writes a bare `DW_TAG_structure_type` with only DW_AT_signature in a type unit).
      let isDeclaration = Tag.isRecord(tag) && (flag(die, Attribute.declaration) || hasSignature(die))
      var name = spelled
      var scope = scope
      if scope.isCPlusPlus, Tag.isRecord(tag) || tag == Tag.enumerationType {
        if isDeclaration || flag(die, Attribute.declaration) {
          declarationScopes[identity(die)] = scope
        } else if let declared = specification(of: die).flatMap({ declarationScopes[identity($0)] }) {
          // A definition of a record or enumeration declared in a namespace or class: named in the
          // declaration's scope.
          scope = declared
          scope.recordsOnly = false
        }
      }
      if scope.isCPlusPlus {
        name = scope.prefix + (CTypeName.canonical(spelled) ?? spelled)
        if Tag.isRecord(tag), name != spelled { qualifiedNames[identity(die)] = name }
      }
      switch tag {
      case Tag.structureType, Tag.classType, Tag.unionType:
        if scope.isCPlusPlus {
          // Types declared in a class: `outer::inner`, `geo::box<int>::part` (`name` has the scope already);
          // in a class only declared, the declarations a definition elsewhere may name (a type unit's).
          collect(
            children(die), unit: unit, place: place,
            scope: Scope(isCPlusPlus: true, prefix: name + "::", recordsOnly: scope.recordsOnly || isDeclaration),
            into: &result, tags: &tags, typeUnitRecords: &typeUnitRecords)
        }
        let full = (tag == Tag.unionType ? "union " : "struct ") + name
        if isDeclaration {
          // A declaration known only by its definition's name says nothing of where that is declared.
          if own != nil { tags.declaredOnly.insert(full) }
        } else {
          tags.defined.insert(full)
          // A type unit's after its typedefs: it holds a record and the typedef of the anonymous record that
          // one holds (gcc's point_t in struct shape's), which names that record only when read first.
          let entry = TypeDeclarations<Dwarf_Die>.Entry(name: full, type: die, isTypedef: false, place: place)
          if unit.isTypeUnit { typeUnitRecords.append(entry) } else { result.entries.append(entry) }
          // `std::vector<int>` for `std::vector<int, std::allocator<int>>`: a name for it as C++ code writes it.
          for alias in scope.isCPlusPlus ? defaultedAliases(of: die, named: name) : [] {
            result.entries.append(.init(name: alias, type: die, isTypedef: true, place: place))
          }
        }
      case Tag.typedef:
        result.entries.append(.init(name: name, type: try? type(of: die), isTypedef: true, place: place))
      case Tag.enumerationType where !flag(die, Attribute.declaration):
        // An enumeration by its tag, `enum e8`: a name for its integer, as a typedef is, of the size the
        // compiler gave it (1 byte under -fshort-enums, arm-none-eabi-gcc's default).
        result.entries.append(.init(name: "enum " + name, type: die, isTypedef: true, place: place))
      default: continue
      }
    }
  }

  /// Why a typedef's type cannot be registered, or `nil` when it can.
  func typedefProblem(_ die: Dwarf_Die?, named name: String) throws(DebugInfoError) -> TypedefProblem? {
    guard let die, let type = try strip(die) else { return .void }
    switch tag(type) {
    case Tag.subroutineType: return .function
    case Tag.structureType where flag(type, Attribute.declaration),
      Tag.classType where flag(type, Attribute.declaration),
      Tag.unionType where flag(type, Attribute.declaration):
      return .incompleteRecord(name)
    default: return nil
    }
  }
}
