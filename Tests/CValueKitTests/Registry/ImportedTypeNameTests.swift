import Glibc
import Testing

@testable import CValueKit

/// The C or C++ name by which a type Swift imported is looked up in the catalog, from the name Swift keeps
/// for it: C's as it is, C++'s qualified (the strings are those Swift 6.3's C++ interoperability gives
/// `String(reflecting:)` for a package's C++ target, read in a throwaway package).
@Suite("Imported type names")
struct ImportedTypeNameTests {
  @Test(
    "a C type by its name, a C++ type by its qualified name, a template's instance with C++'s arguments",
    arguments: [
      ("__C.tcphdr", "tcphdr"),
      ("__C.geo.geo::circle", "geo::circle"),
      ("__C.geo.geo::inner.geo::inner::tag", "geo::inner::tag"),
      ("__C.geo.box<CDouble>", "geo::box<double>"),
      ("__C.geo.geo::inner.pair<CInt, CUnsignedLong>", "geo::inner::pair<int, unsigned long>"),
      ("__C.geo.box<__C.geo.geo::point>", "geo::box<geo::point>"),
      ("__C.outer.inner", "outer::inner"),
    ])
  func importedNames(reflected: String, name: String) {
    #expect(ValueRegistry.cName(reflecting: reflected) == name)
  }

  @Test("a Swift type has no C name")
  func swiftTypes() {
    #expect(ValueRegistry.cName(reflecting: "Swift.Int") == nil)
    #expect(ValueRegistry.cName(reflecting: "CValueKitTests.ImportedTypeNameTests") == nil)
    #expect(ValueRegistry.cName(of: Int.self) == nil)
    #expect(ValueRegistry.cName(of: timespec.self) == "timespec")
  }
}
