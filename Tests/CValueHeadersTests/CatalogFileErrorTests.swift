import CValueKit
import Foundation
import Testing

@testable import CValueHeaders

/// Each way a catalog file can be wrong, as a typed error with its exact description naming where; the
/// catalog is unchanged then.
@Suite struct CatalogFileErrorTests {
  /// A file of two records, one packed (an override of bytes) and one over-aligned with an unnamed bitfield
  /// (an override of bits), a typedef, and a record with an enum member.
  static let header = """
    struct __attribute__((packed)) ev { unsigned events; unsigned long long data; };
    typedef struct ev ev_t;
    struct bits { unsigned a : 3; unsigned : 0; unsigned b : 4; } __attribute__((aligned(16)));
    enum kind { KIND_A, KIND_B = 5 };
    struct tagged { enum kind kind; unsigned char small; };
    """

  static let text: String = {
    do {
      let imported = try TypeCatalog().importHeaders([header])
      return CatalogFile(imported).encoded()
    } catch {
      fatalError("importing the test header: \(error)")
    }
  }()

  /// The error of loading `text` with `replacing` replaced, into `catalog`.
  static func error(
    _ replacing: String, with replacement: String, into catalog: TypeCatalog = TypeCatalog()
  ) -> CatalogFileError? {
    #expect(text.contains(replacing), "the file has no \(replacing.debugDescription)")
    return error(loading: text.replacingOccurrences(of: replacing, with: replacement), into: catalog)
  }

  static func error(loading text: String, into catalog: TypeCatalog) -> CatalogFileError? {
    do {
      try catalog.load(CatalogFile.decode(Data(text.utf8), path: "types.json"), path: "types.json")
      return nil
    } catch {
      return error
    }
  }

  @Test func theUneditedFileLoads() throws {
    let catalog = TypeCatalog()
    try catalog.load(CatalogFile.decode(Data(Self.text.utf8), path: "types.json"))
    #expect(try catalog.layout(of: "ev_t").size == 12)
    #expect(try catalog.layout(of: "{bits}").alignment == 16)
  }

  @Test func unknownFormatVersion() {
    let error = Self.error(#""formatVersion" : 3"#, with: #""formatVersion" : 4"#)
    #expect(error == .unsupportedFormatVersion(path: "types.json", version: 4, supported: [1, 2, 3]))
    #expect(
      error?.description
        == "types.json: formatVersion: catalog file format 4 is not one this version of CValueHeaders reads (it reads 1, 2, 3); write the file again with this version's cvalue import"
    )
  }

  @Test func unknownABI() {
    let error = Self.error(#""abi" : "x86_64-linux""#, with: #""abi" : "pdp11-unix""#)
    #expect(
      error?.description
        == "types.json: abi: \"pdp11-unix\" is no ABI CValueKit describes; the ABIs are x86_64-linux, x86_64-darwin, arm64-linux, arm64-darwin, i386-linux, armv7-linux, riscv64-linux, x86_64-windows, s390x-linux, arm-eabi, arm-eabihf, riscv32-elf"
    )
  }

  @Test func anEncodingThatDoesNotParseIsNamedByItsPath() {
    let error = Self.error(
      #""encoding" : "{ev=\"events\"I\"data\"Q}","#, with: #""encoding" : "{ev=\"events\"I\"data\"Q","#)
    #expect(
      error?.description
        == #"types.json: records[0].encoding: unterminated struct at offset 20 in "{ev="events"I"data"Q""#)
  }

  @Test func aValueOfTheWrongKind() {
    let error = Self.error(#""size" : 16"#, with: #""size" : "16""#)
    #expect(error == .malformed(path: "types.json", at: "records[1].override.size", reason: "expected an integer"))
  }

  @Test func aMissingEntry() {
    let error = Self.error(#""typedefs" : ["#, with: #""typedef" : ["#)
    #expect(error?.description == "types.json: typedefs: missing (every entry of the format is required)")
  }

  @Test func aPlacementThatIsNeitherByteNorBit() {
    let error = Self.error(#""byte" : 4"#, with: #""byte" : 4, "bit" : 32"#)
    #expect(
      error?.description
        == #"types.json: records[0].override.placements[1]: a placement is {"byte": offset} or {"bit": offset}, nothing else"#
    )
  }

  @Test func brokenJSONNamesLineAndColumn() {
    let error = Self.error(#""target" : "#, with: #""target" ; "#)
    guard case .invalidJSON(_, let line?, let column?, _) = error else {
      Issue.record("expected invalid JSON with a line and column, got \(String(describing: error))")
      return
    }
    let lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false)
    let targetLine = lines.firstIndex { $0.contains(#""target" : "#) }.map { $0 + 1 }
    #expect(line == targetLine)
    #expect(column == 12)
    #expect(error?.description.hasPrefix("types.json:\(line):12: not a catalog file: the JSON is malformed: ") == true)
  }

  @Test func theEnumerationsAreWrittenOnceWithTheirConstantsInOrder() {
    #expect(
      Self.text.contains(
        #"""
          "enumerations" : [
            "struct tagged.kind = 0",
            "enum kind = 0"
          ],
          "enums" : [
            {
              "constants" : [
                "KIND_A = 0",
                "KIND_B = 5"
              ],
              "name" : "enum kind"
            }
          ],
          "formatVersion" : 3,
        """#))
    #expect(
      Self.text.contains(#"  "typedefs" : [\#n    "ev_t = {ev=\"events\"I\"data\"Q}",\#n    "enum kind = I"\#n  ]"#))
  }

  /// The file in format 2, which wrote constants, typedefs and members' enumerations as objects.
  static let format2 = text.replacingOccurrences(of: #""formatVersion" : 3"#, with: #""formatVersion" : 2"#)
    .replacingOccurrences(
      of: #""struct tagged.kind = 0""#, with: #"{"enum" : 0, "member" : "kind", "record" : "struct tagged"}"#
    )
    .replacingOccurrences(of: #""enum kind = 0""#, with: #"{"enum" : 0, "member" : "", "record" : "enum kind"}"#)
    .replacingOccurrences(of: #""enum kind = I""#, with: #"{"encoding" : "I", "name" : "enum kind"}"#)
    .replacingOccurrences(of: #""KIND_A = 0""#, with: #"{"name" : "KIND_A", "value" : 0}"#)
    .replacingOccurrences(of: #""KIND_B = 5""#, with: #"{"name" : "KIND_B", "value" : 5}"#)
    .replacingOccurrences(
      of: #""ev_t = {ev=\"events\"I\"data\"Q}""#,
      with: #"{"encoding" : "{ev=\"events\"I\"data\"Q}", "name" : "ev_t"}"#)

  /// Format 2 still loads, as format 3, to the same file.
  @Test func aFormat2FileLoads() throws {
    #expect(Self.format2 != Self.text)
    let file = try CatalogFile.decode(Data(Self.format2.utf8), path: "old.json")
    #expect(file.formatVersion == 3)
    #expect(file.encoded() == Self.text)
    let catalog = TypeCatalog()
    try catalog.load(file)
    #expect(catalog.enumeration(forMember: "kind", of: "tagged")?.name(for: 5) == "KIND_B")
    #expect(try catalog.layout(of: "ev_t").size == 12)
  }

  /// Format 1 wrote each member's constants in its entry; such a file still loads, as format 3.
  @Test func aFormat1FileLoads() throws {
    let format1 = Self.format2.replacingOccurrences(of: #""formatVersion" : 2"#, with: #""formatVersion" : 1"#)
      .replacingOccurrences(
        of: #""enum" : 0,"#,
        with:
          #""constants" : [{"name" : "KIND_A", "value" : 0}, {"name" : "KIND_B", "value" : 5}], "name" : "enum kind","#
      )
    #expect(format1 != Self.format2)
    let file = try CatalogFile.decode(Data(format1.utf8), path: "old.json")
    #expect(file.formatVersion == 3)
    #expect(
      file.types.enumerations.map(\.enumeration.description) == [
        "enum kind {KIND_A = 0, KIND_B = 5}", "enum kind {KIND_A = 0, KIND_B = 5}",
      ])
    let catalog = TypeCatalog()
    try catalog.load(file)
    #expect(catalog.enumeration(forMember: "kind", of: "tagged")?.name(for: 5) == "KIND_B")
  }

  @Test func aLineOfAnotherShapeIsNamedByItsPath() {
    #expect(
      Self.error(#""KIND_B = 5""#, with: #""KIND_B: 5""#)?.description
        == #"types.json: enums[0].constants[1]: expected "NAME = value", not "KIND_B: 5""#)
    #expect(
      Self.error(#""struct tagged.kind = 0""#, with: #""struct tagged.kind: 0""#)?.description
        == #"types.json: enumerations[0]: expected "record.member = enum", not "struct tagged.kind: 0""#)
    #expect(
      Self.error(#""ev_t = {ev=\"events\"I\"data\"Q}""#, with: #""ev_t = {ev=\"events\"I\"data\"Q""#)?.description
        == #"types.json: typedefs[0]: unterminated struct at offset 20 in "{ev="events"I"data"Q""#)
  }

  @Test func anEnumerationReferenceOutsideTheEnumsIsNamedByItsPath() {
    let error = Self.error(#""struct tagged.kind = 0""#, with: #""struct tagged.kind = 3""#)
    #expect(error?.description == "types.json: enumerations[0]: no enum at index 3 of 1 in enums")
  }

  @Test func aConstantTheMemberCannotHoldIsRefusedAndNothingIsRegistered() {
    let catalog = TypeCatalog()
    let error = Self.error(#""KIND_B = 5""#, with: #""KIND_B = 5000000000""#, into: catalog)
    #expect(
      error?.description
        == "types.json: enumerations[0]: the catalog refused it: KIND_B = 5000000000 does not fit in .kind of struct tagged, which is unsigned int (I)"
    )
    #expect(catalog.record(named: "tagged") == nil)
    #expect(catalog.encoding(named: "ev_t") == nil)
  }

  @Test func anEnumerationOfAMemberTheRecordDoesNotHaveIsRefused() {
    let error = Self.error(#""struct tagged.kind = 0""#, with: #""struct tagged.sort = 0""#)
    guard case .refused(_, let place, .noSuchMember("sort", _)) = error else {
      Issue.record("expected a refused enumeration, got \(String(describing: error))")
      return
    }
    #expect(place == "enumerations[0]")
  }

  @Test func anEnumerationOfARecordTheFileDoesNotHaveIsRefused() {
    let error = Self.error(#""struct tagged.kind = 0""#, with: #""struct other.kind = 0""#)
    #expect(
      error?.description
        == #"types.json: enumerations[0]: the catalog refused it: unknown type name "struct other" at offset 0 in "struct other""#
    )
  }

  @Test func anotherEnumerationForAMemberTheCatalogHasIsRefusedAndNothingIsRegistered() throws {
    let catalog = TypeCatalog()
    try catalog.register(
      "{tagged=\"kind\"I\"small\"C}",
      enumeration: CEnumeration(name: "enum kind", constants: [(name: "KIND_A", value: 1)]), member: "kind")
    let error = Self.error(loading: Self.text, into: catalog)
    guard case .refused(_, let place, .enumerationTaken(member: "kind", _, _, _)) = error else {
      Issue.record("expected a refused enumeration, got \(String(describing: error))")
      return
    }
    #expect(place == "enumerations[0]")
    #expect(catalog.record(named: "ev") == nil)
    #expect(catalog.encoding(named: "ev_t") == nil)
  }

  @Test func anOverrideThatDoesNotFitIsRefusedAndNothingIsRegistered() {
    let catalog = TypeCatalog()
    let error = Self.error(#""byte" : 4"#, with: #""byte" : 9"#, into: catalog)
    guard case .refused(_, let place, .invalidOverride) = error else {
      Issue.record("expected a refused override, got \(String(describing: error))")
      return
    }
    #expect(place == "records[0].override")
    #expect(catalog.record(named: "ev") == nil)
    #expect(catalog.encoding(named: "ev_t") == nil)
  }

  @Test func aSizeTheLayoutDoesNotHaveIsRefused() {
    let mismatch = Self.error(
      #"""
            "name" : "struct bits",
            "override" : {
      """#,
      with: #"""
              "name" : "struct bits",
              "override" : null,
              "unused" : {
        """#)
    #expect(
      mismatch?.description
        == "types.json: records[1]: struct bits lays out as size 8, alignment 4, but the file says size 16, alignment 16"
    )
  }

  @Test func aNameTheCatalogHasForAnotherTypeIsRefusedAndNothingIsRegistered() throws {
    let catalog = TypeCatalog()
    try catalog.register("i", name: "ev_t")
    let error = Self.error(loading: Self.text, into: catalog)
    #expect(
      error?.description
        == "types.json: typedefs[0]: the catalog refused it: the name \"ev_t\" already stands for i; refusing to make it {ev=\"events\"I\"data\"Q}"
    )
    #expect(catalog.record(named: "ev") == nil)
    #expect(catalog.record(named: "bits") == nil)
  }

  @Test func aRecordTheCatalogDefinesDifferentlyIsRefusedAndNothingIsRegistered() throws {
    let catalog = TypeCatalog()
    try catalog.register(record: "{bits=\"a\"i}")
    let error = Self.error(loading: Self.text, into: catalog)
    guard case .refused(_, let place, .recordTaken("struct bits", let existing, _)) = error else {
      Issue.record("expected a refused record, got \(String(describing: error))")
      return
    }
    #expect(place == "records[1]")
    #expect(existing == (try TypeEncoding("{bits=\"a\"i}")))
    #expect(catalog.record(named: "bits") == existing)
    #expect(catalog.record(named: "ev") == nil)
    #expect(catalog.encoding(named: "ev_t") == nil)
  }

  @Test func anotherOverrideForARecordTheCatalogHasIsRefusedAndNothingIsRegistered() throws {
    let catalog = TypeCatalog()
    let file = try CatalogFile.decode(Data(Self.text.utf8), path: "types.json")
    let other = LayoutOverride(size: 16, alignment: 8, placements: nil)
    try catalog.register("{ev=\"events\"I\"data\"Q}", override: other, abi: file.types.abi)
    let error = Self.error(loading: Self.text, into: catalog)
    guard case .refused(_, let place, .invalidOverride(let reason)) = error else {
      Issue.record("expected a refused override, got \(String(describing: error))")
      return
    }
    #expect(place == "records[0].override")
    #expect(
      reason.description
        == "invalid layout override: another override is already registered for struct ev on \(file.types.abi)")
    #expect(catalog.override(of: try TypeEncoding("{ev}"), abi: file.types.abi) == other)
    #expect(catalog.encoding(named: "ev_t") == nil)
    #expect(catalog.record(named: "bits") == nil)
  }

  @Test func ofSeveralConflictsTheOneTheFileRegistersFirstIsNamed() throws {
    // A typedef and an enumeration conflict too, but the file's records are registered before them.
    let catalog = TypeCatalog()
    try catalog.register("i", name: "ev_t")
    try catalog.register(
      "{tagged=\"kind\"I\"small\"C}",
      enumeration: CEnumeration(name: "enum kind", constants: [(name: "KIND_A", value: 1)]), member: "kind")
    try catalog.register(record: "{bits=\"a\"i}")
    let error = Self.error(loading: Self.text, into: catalog)
    guard case .refused(_, let place, .recordTaken("struct bits", _, _)) = error else {
      Issue.record("expected a refused record, got \(String(describing: error))")
      return
    }
    #expect(place == "records[1]")
    // Without the record, the typedef is first; without it too, the enumeration.
    let second = TypeCatalog()
    try second.register("i", name: "ev_t")
    try second.register(
      "{tagged=\"kind\"I\"small\"C}",
      enumeration: CEnumeration(name: "enum kind", constants: [(name: "KIND_A", value: 1)]), member: "kind")
    guard case .refused(_, "typedefs[0]", .nameTaken) = Self.error(loading: Self.text, into: second) else {
      Issue.record("expected the typedef to be named")
      return
    }
    #expect(catalog.encoding(named: "ev_t") == .scalar(.int))
    #expect(catalog.record(named: "ev") == nil)
  }

  @Test func aMissingFile() {
    let url = URL(fileURLWithPath: "/nonexistent/types.json")
    #expect {
      try TypeCatalog().loadCatalogFile(at: url)
    } throws: { error in
      guard case .unreadable(let path, _) = error as? CatalogFileError else { return false }
      return path == "/nonexistent/types.json"
    }
  }
}
