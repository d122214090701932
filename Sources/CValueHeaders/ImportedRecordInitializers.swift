package import CValueKit

// Factories for the other type sources (debug info), which build the same values header import makes and
// register them through the same path. (Not initializers: those would redeclare the memberwise ones.)

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

extension HeaderImport {
  package static func make(
    records: [Record], typedefs: [Typedef], skipped: [String: String], enumerations: [Enumeration],
    target: String, abi: ABI
  ) -> HeaderImport {
    var imported = HeaderImport(
      records: records, typedefs: typedefs, skipped: skipped, target: target, abi: abi, clangVersion: "",
      libclangPath: "")
    imported.enumerations = enumerations
    return imported
  }
}

extension HeaderImport.Record {
  package static func make(name: String, encoding: TypeEncoding, override: LayoutOverride?, size: Int, alignment: Int)
    -> HeaderImport.Record
  {
    HeaderImport.Record(name: name, encoding: encoding, override: override, size: size, alignment: alignment)
  }
}

extension HeaderImport.Typedef {
  package static func make(name: String, encoding: TypeEncoding) -> HeaderImport.Typedef {
    HeaderImport.Typedef(name: name, encoding: encoding)
  }
}

extension HeaderImport.Enumeration {
  package static func make(record: String, member: String, enumeration: CEnumeration) -> HeaderImport.Enumeration {
    HeaderImport.Enumeration(record: record, member: member, enumeration: enumeration)
  }
}
