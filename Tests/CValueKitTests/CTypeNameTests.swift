import CValueKit
import Testing

/// C and C++ type names in one spelling, whoever wrote them: a user, `typeid`, gcc or clang.
@Suite("C and C++ type names")
struct CTypeNameTests {
  @Test(
    "canonical spellings",
    arguments: [
      ("shape", "shape"),
      ("struct  shape", "struct shape"),
      ("union value", "union value"),
      ("class account", "struct account"),
      ("geo::point", "geo::point"),
      ("struct geo :: point", "struct geo::point"),
      ("box< double >", "box<double>"),
      ("box<box<int> >", "box<box<int>>"),
      ("std::pair<int,long>", "std::pair<int, long>"),
      ("std::pair<int,  long int>", "std::pair<int, long>"),
      ("box<long unsigned int>", "box<unsigned long>"),
      ("box<short int, short unsigned int>", "box<short, unsigned short>"),
      ("box<long long int, long long unsigned int>", "box<long long, unsigned long long>"),
      ("box<unsigned, signed>", "box<unsigned int, int>"),
      ("box<char, signed char, unsigned char>", "box<char, signed char, unsigned char>"),
      ("box<long double, double>", "box<long double, double>"),
      ("std::numeric_limits<unsigned __int128>", "std::numeric_limits<unsigned __int128>"),
      ("std::pair<long int const, long int>", "std::pair<long const, long>"),
      ("box<short unsigned int const&>", "box<unsigned short const&>"),
      ("box<const char*, unsigned long*>", "box<const char*, unsigned long*>"),
      ("std::map<short int, box<long int> >", "std::map<short, box<long>>"),
      ("array<int, 4>", "array<int, 4>"),
      ("(anonymous namespace)::hidden", "(anonymous namespace)::hidden"),
      ("( anonymous  namespace )::hidden", "(anonymous namespace)::hidden"),
      ("outer::inner", "outer::inner"),
      ("enum e8", "enum e8"),
      ("ptr<char *>", "ptr<char*>"),
      // gcc's generic lambda, as libstdc++'s std::variant names one in its vtable's types.
      ("holder<make()::<lambda(auto:1&&)> >", "holder<make()::<lambda(auto:1&&)>>"),
      (
        "v::_Multi_array<void (*)(v::_Variant_storage<false, int>::_M_reset()::<lambda(auto:15&&)>&&)>",
        "v::_Multi_array<void(*)(v::_Variant_storage<false, int>::_M_reset()::<lambda(auto:15&&)>&&)>"
      ),
    ])
  func canonical(_ text: String, _ expected: String) {
    #expect(CTypeName.canonical(text) == expected)
  }

  @Test(
    "not type names",
    arguments: ["{CGPoint=dd}", "[4i]", "^i", "box<int", "box<int>>", "geo::", "::x", "a b", "", "1abc"])
  func notNames(_ text: String) {
    #expect(CTypeName.canonical(text) == nil)
  }

  @Test("a C++ name resolves to its record or alias in a catalog, however it is spelled")
  func cppNamesResolve() throws {
    let catalog = TypeCatalog(includingBuiltins: false)
    try catalog.register(record: #"{box<geo::point>="value"{geo::point="x"d"y"d}"tag"i}"#)
    try catalog.register("{geo::point}", name: "geo::vertex")
    let box = try #require(catalog.record(named: "struct box<geo::point>"))
    #expect(try catalog.parse("box< geo::point >") == box)
    #expect(try catalog.parse("class box<geo::point>") == box)
    #expect(try catalog.parse("geo::vertex") == catalog.parse("{geo::point}"))
    #expect(throws: EncodingError.self) { try catalog.parse("geo::line") }
  }
}
