package import CValueKit

// Factories for the other type sources (debug info), which check their records with header import's
// LayoutCheck. (Not initializers: those would redeclare the memberwise ones.)

extension ClangRecord {
  package static func make(
    name: String, encoding: TypeEncoding, size: Int, alignment: Int, members: [Member], isTagged: Bool,
    isNested: Bool, enumerations: [(member: String, enumeration: CEnumeration)], holds: Set<String>
  ) -> ClangRecord {
    ClangRecord(
      name: name, encoding: encoding, size: size, alignment: alignment, members: members, isTagged: isTagged,
      isNested: isNested, enumerations: enumerations, holds: holds)
  }
}

extension ClangRecord.Member {
  package static func make(name: String?, bitOffset: Int, bitWidth: Int?, size: Int, anonymousRecord: String?)
    -> ClangRecord.Member
  {
    ClangRecord.Member(
      name: name, bitOffset: bitOffset, bitWidth: bitWidth, size: size, anonymousRecord: anonymousRecord)
  }
}
