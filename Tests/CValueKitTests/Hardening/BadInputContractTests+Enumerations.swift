import CValueKit

// The rows of the bad-input contract for enumerations: the CatalogError cases of
// TypeCatalog.register(_:enumeration:member:) and the ValueLiteralError of a name that is no constant.
extension BadInputContractTests {
  static let letter = CEnumeration(name: "enum letter", constants: [(name: "A", value: 1)])

  /// Registers `enumeration` for `member` of a `struct msg` in a fresh catalog; the error, if any.
  static func enumeration(
    _ enumeration: CEnumeration = letter, member: String = "kind",
    of record: String = "{msg=\"kind\"i\"ratio\"d\"small\"C}"
  ) -> (any Error)? {
    thrown { try TypeCatalog(includingBuiltins: false).register(record, enumeration: enumeration, member: member) }
  }

  /// A catalog in which `.kind` of `struct msg { int kind; }` is an `enum letter`.
  static func catalogWithLetter() throws -> TypeCatalog {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register("{msg=\"kind\"i}", enumeration: letter, member: "kind")
    return catalog
  }

  static let enumerationCatalogRows: [ContractRow] = [
    ContractRow(
      "invalidConstantName",
      "\"1st\" cannot be a constant of enum letter: use letters, digits and _, starting with a letter or _",
      "name 1st"
    ) { enumeration(CEnumeration(name: "enum letter", constants: [(name: "1st", value: 1)])) },
    ContractRow("duplicateConstant", "enum letter declares the constant A more than once", "name A") {
      enumeration(
        CEnumeration(name: "enum letter", constants: [(name: "A", value: 1), (name: "A", value: 2)]))
    },
    ContractRow(
      "notANamedRecordDefinition, for an enumeration", "i is not a named struct or union with its members", "name ?"
    ) { enumeration(of: "i") },
    ContractRow(
      "notANamedRecordDefinition, a record not registered", "{msg} is not a named struct or union with its members",
      "name msg"
    ) { enumeration(of: "{msg}") },
    ContractRow("noSuchMember", "struct msg has no member named \"knd\"", "name knd") { enumeration(member: "knd") },
    ContractRow(
      "notAnIntegerMember",
      ".ratio of struct msg is double (d), not an integer, an integer bitfield or an array of integers: an "
        + "enumeration cannot describe it", "name ratio"
    ) { enumeration(member: "ratio") },
    ContractRow(
      "constantDoesNotFit", "BIG = 300 does not fit in .small of struct msg, which is unsigned char (C)", "name BIG"
    ) { enumeration(CEnumeration(name: "enum size", constants: [(name: "BIG", value: 300)]), member: "small") },
    ContractRow(
      "enumerationTaken",
      ".kind of struct msg already has enum letter {A = 1}; refusing to replace it with enum letter {A = 2}",
      "name kind"
    ) {
      thrown {
        try catalogWithLetter().register(
          "{msg}", enumeration: CEnumeration(name: "enum letter", constants: [(name: "A", value: 2)]),
          member: "kind")
      }
    },
  ]

  static let enumerationLiteralRows: [ContractRow] = [
    ContractRow(
      "unknownConstant",
      "'B' is not a constant of enum letter: use A or a number at .kind (offset 9 in \"{.kind = B}\")",
      "offset 9 path .kind"
    ) {
      thrown {
        _ = try ValueRegistry(catalog: catalogWithLetter()).resolve("{msg}").parse("{.kind = B}")
      }
    }
  ]
}
