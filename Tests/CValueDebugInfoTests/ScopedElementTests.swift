import CValueKit
import Foundation
import Testing

@testable import CValueDebugInfo

/// C++ containers whose element type has a scoped name (`geo::Point`, `Outer::Inner`), is a class template
/// instance (`std::string`, `std::pair<int, int>`, another container) or sits in a variant or a map, compared by
/// what they hold. The element was once looked up by its bare `DW_AT_name` (`Point`), which names no type of the
/// file: the container was left unregistered and two equal values differed by their pointers.
@Suite struct ScopedElementTests {
  static let source = """
    #include <map>
    #include <memory>
    #include <span>
    #include <string>
    #include <unordered_map>
    #include <utility>
    #include <variant>
    #include <vector>
    namespace geo { struct Point { int x; int y; }; }
    struct Outer { struct Inner { int a; }; };
    namespace app { struct item { int n; }; }
    struct cv_scoped {
      std::vector<geo::Point> pts;
      std::vector<std::string> names;
      std::vector<std::pair<int, int>> pairs;
      std::vector<std::vector<int>> nested;
      std::vector<Outer::Inner> inner;
      std::span<const std::string> view;
      std::unique_ptr<std::string> text;
      std::unique_ptr<geo::Point> point;
      std::shared_ptr<std::vector<int>> shared;
      std::variant<int, std::vector<geo::Point>> either;
      std::unordered_map<int, geo::Point> byId;
      std::map<std::string, std::vector<app::item>> groups;
    };
    static const std::string words[] = {"one", "two"};
    static const std::string others[] = {"one", "two"};
    static cv_scoped make(int change) {
      cv_scoped value{
        {{1, 2}, {3, 4}}, {"a", "a name longer than a short string"}, {{1, 2}}, {{1}, {2, 3}}, {{7}},
        std::span<const std::string>(change == 1 ? others : words, 2), std::make_unique<std::string>("text"),
        std::make_unique<geo::Point>(geo::Point{5, 6}), std::make_shared<std::vector<int>>(std::vector<int>{1, 2}),
        std::vector<geo::Point>{{1, 1}}, {{1, {2, 3}}, {2, {4, 5}}}, {{"k", {{1}, {2}}}}};
      if (change == 2) value.pts[1].x = 4;
      if (change == 3) value.names[0] = "b";
      if (change == 4) value.nested[1][1] = 4;
      if (change == 5) std::get<1>(value.either)[0].y = 2;
      if (change == 6) value.byId[2].y = 6;
      if (change == 7) value.groups["k"][1].n = 3;
      if (change == 8) value.point->y = 7;
      return value;
    }
    static cv_scoped values[] = {make(0), make(1), make(2), make(3), make(4), make(5), make(6), make(7), make(8)};
    extern "C" const cv_scoped *cv_scoped_at(int index) { return &values[index]; }
    extern "C" unsigned long cv_scoped_size(void) { return sizeof(cv_scoped); }
    """

  /// The ways of building it: libstdc++ with g++ (DWARF 5, and DWARF 4 optimized) and clang++, and libc++.
  static let builds = [
    StandardContainerTests.Build(compiler: "g++", flags: ["-std=c++20", "-gdwarf-5"]),
    StandardContainerTests.Build(compiler: "g++", flags: ["-std=c++20", "-gdwarf-4", "-O2"]),
    StandardContainerTests.Build(compiler: "clang++", flags: ["-std=c++20", "-gdwarf-5", "-fstandalone-debug"]),
    StandardContainerTests.Build(
      compiler: "clang++", flags: ["-std=c++20", "-gdwarf-4", "-O2", "-fstandalone-debug", "-stdlib=libc++"]),
  ]

  /// The library built and opened, its values, and a registry with its types as the running program's door
  /// registers them (its containers, then the check that none is left to its representation).
  struct Library {
    let values: [UnsafeRawPointer]
    let size: Int
    let registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))

    init(_ build: StandardContainerTests.Build) throws {
      let path = try build.library("scoped", source: ScopedElementTests.source)
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "cv_scoped_at")), to: At.self)
      values = (0..<9).map { at(Int32($0)) }
      size = Int(unsafeBitCast(try #require(dlsym(handle, "cv_scoped_size")), to: Size.self)())
      let imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_scoped"])
      registry.registerStandardContainers(of: [imported])
      try registry.checkStandardLayouts(of: "cv_scoped", in: [imported])
    }

    func compare(_ a: Int, _ b: Int) throws -> Comparison {
      try registry.resolve("cv_scoped").compare(
        bytes: UnsafeRawBufferPointer(start: values[a], count: size),
        UnsafeRawBufferPointer(start: values[b], count: size))
    }
  }

  @Test(arguments: builds) func equalValuesAreEqual(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    let comparison = try library.compare(0, 1)
    #expect(comparison.isEqual, "\(comparison.report)")
    #expect(try library.compare(0, 0).isEqual)
  }

  /// One element changed: the report's first line names it by its path inside the container.
  @Test(arguments: builds) func aChangedElementIsNamedByItsPath(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    let lines = try (2...8).map { try library.compare(0, $0).report.split(separator: "\n")[1] }
    #expect(
      lines == [
        "  .pts[1].x: 3 ≠ 4", #"  .names[0]: "a" ≠ "b" (first difference at [0])"#, "  .nested[1][1]: 3 ≠ 4",
        "  .either[0].y: 1 ≠ 2",
        "  .byId: {{.first = 2, .second = {.x = 4, .y = 5}}, {.first = 1, .second = {.x = 2, .y = 3}}} ≠ "
          + "{{.first = 2, .second = {.x = 4, .y = 6}}, {.first = 1, .second = {.x = 2, .y = 3}}}",
        "  .groups[0].second[1].n: 2 ≠ 3", "  .point.y: 6 ≠ 7",
      ])
  }

  /// The pimpl idiom: a `std::unique_ptr` to a class this unit only declares. What it points to cannot be
  /// compared, so the type is refused by the member's path, never compared by the pointer.
  @Test func aPointerToAClassOnlyDeclaredIsRefusedByName() throws {
    let source = """
      #include <memory>
      namespace app { struct engine; }
      struct cv_pimpl { int id; std::unique_ptr<app::engine> impl; ~cv_pimpl(); };
      extern "C" const void *cv_pimpl_engine(const cv_pimpl *value) { return value->impl.get(); }
      """
    let path = try StandardContainerTests.Build(compiler: "g++", flags: ["-std=c++17"]).library("pimpl", source: source)
    let registry = ValueRegistry()
    let imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_pimpl"])
    registry.registerStandardContainers(of: [imported])
    let error = #expect(throws: DebugInfoError.self) {
      try registry.checkStandardLayouts(of: "cv_pimpl", in: [imported])
    }
    #expect(
      error
        == .unreadableStandardElement(
          type: "cv_pimpl", field: ".impl", container: "std::unique_ptr<app::engine, std::default_delete<app::engine>>")
    )
  }
}
