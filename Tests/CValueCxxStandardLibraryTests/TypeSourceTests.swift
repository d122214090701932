import CValueCxxStandardLibrary
import CValueKit
import Testing

/// The C++ standard library's containers fed by a source of types that is no debug info: records written by
/// hand, as a C++ header import or a Mach-O reader would give them. The module knows the library's layouts,
/// not where types come from.
@Suite struct TypeSourceTests {
  /// A source's own error, for what it cannot import and for a container it cannot compare by content.
  struct HandMadeError: Error, Equatable {
    var message: String
  }

  /// A `probe` holding a `std::optional<int>` laid out as libstdc++ lays it out, its members at the outermost
  /// depth (`_M_value`, `_M_engaged`), or, with `engagedFlag` another name, as no library does.
  static func imported(engagedFlag: String = "_M_engaged") throws -> ImportedTypes {
    let optional = #"{std::optional<int>="_M_value"i""# + engagedFlag + #""B}"#
    return ImportedTypes(
      records: [
        .init(
          name: "struct std::optional<int>", encoding: try TypeEncoding(optional), override: nil, size: 8, alignment: 4),
        .init(
          name: "struct probe", encoding: try TypeEncoding(#"{probe="id"i"maybe""# + optional + "}"), override: nil,
          size: 12, alignment: 4),
      ], abi: .host, origin: .init(kind: "by hand"))
  }

  /// The records above as a source: registered in the catalog when the types are asked for, with nothing more
  /// to give.
  static func source(engagedFlag: String = "_M_engaged") throws -> TypeSource<HandMadeError> {
    let imported = try imported(engagedFlag: engagedFlag)
    return TypeSource(
      importing: { types, catalog throws(HandMadeError) in
        do throws(CatalogError) { try catalog.register(imported) } catch { throw HandMadeError(message: "\(error)") }
        return [imported]
      },
      importingMore: { _, _, _ in nil },
      refusing: { HandMadeError(message: "\($0)") })
  }

  /// A probe's bytes: its id, the optional's value and its engaged flag, and padding that no comparison reads.
  static func probe(id: Int32, value: Int32, engaged: Bool, padding: UInt8) -> [UInt8] {
    withUnsafeBytes(of: id, Array.init) + withUnsafeBytes(of: value, Array.init) + [engaged ? 1 : 0]
      + [padding, padding, padding]
  }

  @Test func anOptionalComparesByWhetherItHoldsAValueThenTheValue() throws {
    let registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
    try registry.importTypes(["probe"], from: try Self.source())
    let probe = try registry.resolve("probe")
    // Two empty optionals with other bytes where no value is: equal, as `operator==` says.
    let empty = Self.probe(id: 1, value: 5, engaged: false, padding: 0)
    let alsoEmpty = Self.probe(id: 1, value: 9, engaged: false, padding: 0xff)
    #expect(try probe.compare(bytes: empty, alsoEmpty).isEqual)
    let five = Self.probe(id: 1, value: 5, engaged: true, padding: 0)
    #expect(try probe.describe(bytes: empty) == "{.id = 1, .maybe = std::nullopt}")
    #expect(try probe.describe(bytes: five) == "{.id = 1, .maybe = 5}")
    #expect(try probe.compare(bytes: five, empty).mismatches.map(\.path.description) == [".maybe"])
  }

  /// Without the source's containers, the same two empty optionals differ by the bytes where no value is: the
  /// pass above is the library's, not the representation's.
  @Test func withoutTheContainersAnEmptyOptionalsBytesDiffer() throws {
    let registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
    try registry.catalog.register(try Self.imported())
    let comparison = try registry.resolve("probe").compare(
      bytes: Self.probe(id: 1, value: 5, engaged: false, padding: 0),
      Self.probe(id: 1, value: 9, engaged: false, padding: 0xff))
    #expect(comparison.mismatches.map(\.path.description) == [".maybe._M_value"])
  }

  /// A record named as a container CValueKit compares by content, laid out as none of the forms it knows, is
  /// refused in the source's own words, by the member's path.
  @Test func anUnknownLayoutIsRefusedInTheSourcesWords() throws {
    let registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
    let error = #expect(throws: HandMadeError.self) {
      try registry.importTypes(["probe"], from: try Self.source(engagedFlag: "present"))
    }
    #expect(
      error?.message
        == ".maybe of probe is std::optional<int>, laid out in the debug info as none of the libstdc++ layouts "
        + "CValueKit knows (libstdc++ of GCC 12, libc++ 14): it is not compared by its representation, whose "
        + "pointers two equal values do not share; compare the type through a catalog file with a field comparer "
        + "for this member")
  }
}
