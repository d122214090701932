import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueCxxStandardLibrary
@testable import CValueDebugInfo

/// `std::variant` compared and described by the alternative it holds, in the running process, for libstdc++
/// (g++, clang++) and libc++ (clang++); a node container of a type the program names `point`, a name
/// CValueKit also has built in, read as the program's; and a `std::forward_list`, which keeps no count.
@Suite struct VariantTests {
  static let source = """
    #include <forward_list>
    #include <list>
    #include <string>
    #include <variant>
    struct point { int x, y; };
    struct cv_std_variants {
      std::variant<int, std::string, point> v;
      std::variant<std::monostate, double> m;
      std::list<point> points;
      std::forward_list<int> chain;
    };
    static cv_std_variants variants[] = {
      {1, {}, {{1, 2}}, {1, 2}},
      {1, {}, {{1, 2}}, {1, 2}},
      {std::string("text"), 0.5, {{1, 2}}, {1, 2}},
      {std::string("te") + "xt", 0.5, {{1, 2}}, {1, 2}},
      {point{1, 2}, 0.5, {{1, 3}}, {3}},
      {point{1, 3}, 0.75, {}, {}},
      {2, {}, {}, {}},
    };
    extern "C" const cv_std_variants *cv_std_variants_at(int index) { return &variants[index]; }
    extern "C" unsigned long cv_std_variants_size(void) { return sizeof(cv_std_variants); }
    """

  /// g++ and clang++ with libstdc++, clang++ with libc++, as the node containers are built.
  static let builds = NodeContainerTests.builds

  /// The library built and opened, its values, and a registry with CValueKit's built-in names (`point`).
  struct Library {
    let values: [UnsafeRawPointer]
    let size: Int
    let registry = ValueRegistry()

    init(_ build: StandardContainerTests.Build) throws {
      let path = try build.library("variants", source: VariantTests.source)
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "cv_std_variants_at")), to: At.self)
      values = (0..<7).map { at(Int32($0)) }
      size = Int(unsafeBitCast(try #require(dlsym(handle, "cv_std_variants_size")), to: Size.self)())
      let imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_std_variants"])
      registry.registerStandardContainers(of: [imported])
    }

    func compare(_ a: Int, _ b: Int) throws -> Comparison {
      try registry.resolve("cv_std_variants").compare(
        bytes: UnsafeRawBufferPointer(start: values[a], count: size),
        UnsafeRawBufferPointer(start: values[b], count: size))
    }

    func describe(_ index: Int) throws -> String {
      try registry.resolve("cv_std_variants").describe(
        bytes: UnsafeRawBufferPointer(start: values[index], count: size))
    }
  }

  @Test(arguments: builds) func equalByTheAlternativeHeld(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    #expect(try library.compare(0, 1).isEqual)
    #expect(try library.compare(2, 3).isEqual, "one text in two strings")
  }

  /// Another alternative fails as a whole; the same one by its own paths.
  @Test(arguments: builds) func differentAlternativesAndValues(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    #expect(try library.compare(0, 2).mismatches.map(\.path.description) == [".v", ".m"])
    #expect(
      try library.compare(4, 5).report.split(separator: "\n").prefix(5) == [
        "cv_std_variants values differ at 4 of 4 fields:", "  .v.y: 2 ≠ 3", "  .m: 0.5 ≠ 0.75 (difference 0.25)",
        "  .points: {{.x = 1, .y = 3}} ≠ {} (first difference at [0])", "  .chain: {3} ≠ {} (first difference at [0])",
      ])
    #expect(try library.compare(0, 6).report.split(separator: "\n").dropFirst().first == "  .v: 1 ≠ 2")
    #expect(try library.describe(2) == #"{.v = "text", .m = 0.5, .points = {{.x = 1, .y = 2}}, .chain = {1, 2}}"#)
    #expect(try library.describe(0) == "{.v = 1, .m = {}, .points = {{.x = 1, .y = 2}}, .chain = {1, 2}}")
  }

  @Test func aLookAlikeIsNoVariant() throws {
    let layout = try TypeCatalog().layout(of: #"{holder="_M_u"i"_M_index"C}"#)
    #expect(VariantLayout.recognise(name: "std::variant<int>", layout: layout) == nil, "no first alternative's storage")
    #expect(VariantLayout.recognise(name: "variant<int>", layout: layout) == nil)
  }
}
