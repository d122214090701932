import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueCxxStandardLibrary
@testable import CValueDebugInfo

/// The C++ standard library's `std::string` and `std::vector` compared and described by what they hold, in the
/// running process: a C++ library built with libstdc++ (g++, clang++; both string ABIs) and libc++ (clang++),
/// opened with `dlopen`, its values read where they live.
@Suite struct StandardContainerTests {
  static let source = """
    #include <string>
    #include <vector>
    struct cv_reading { int channel; double value; };
    struct cv_std_probe {
      int id;
      std::string name;
      std::vector<int> items;
      std::vector<cv_reading> readings;
    };
    static cv_std_probe probes[] = {
      {1, "probe", {1, 2, 3}, {{1, 0.5}}},
      {1, "probe", {1, 2, 3}, {{1, 0.5}}},
      {1, "a name longer than any short string", {1, 2, 4}, {{1, 0.5}, {2, 1.5}}},
      {1, "a name longer than any short string", {1, 2, 4}, {{1, 0.5}, {2, 1.5}}},
      {1, "", {}, {}},
      {1, "probe", {1, 2, 3}, {{1, 0.75}}},
      {1, "probf", {1, 2, 3}, {{1, 0.5}}},
      {1, std::string(3000, 'x'), {}, {}},
    };
    extern "C" const cv_std_probe *cv_std_probe_at(int index) { return &probes[index]; }
    extern "C" unsigned long cv_std_probe_size(void) { return sizeof(cv_std_probe); }

    #include <memory>
    #include <optional>
    #include <span>
    #include <string_view>
    struct cv_std_extras {
      std::optional<cv_reading> maybe;
      std::unique_ptr<cv_reading> owned;
      std::shared_ptr<cv_std_probe> shared;
      std::string_view view;
      std::span<const int> window;
      std::vector<cv_std_probe> family;
    };
    static const int numbers[] = {1, 2, 3, 1, 2, 4};
    static const char text[] = "view of a view";
    static cv_std_extras extras[] = {
      {cv_reading{1, 0.5}, std::make_unique<cv_reading>(cv_reading{2, 1.5}),
       std::make_shared<cv_std_probe>(cv_std_probe{1, "probe", {1, 2, 3}, {}}), std::string_view(text, 4),
       std::span<const int>(numbers, 3), {cv_std_probe{1, "probe", {1, 2, 3}, {}}}},
      {cv_reading{1, 0.5}, std::make_unique<cv_reading>(cv_reading{2, 1.5}),
       std::make_shared<cv_std_probe>(cv_std_probe{1, "probe", {1, 2, 3}, {}}), std::string_view(text + 10, 4),
       std::span<const int>(numbers + 3, 3), {cv_std_probe{1, std::string("pro") + "be", {1, 2, 3}, {}}}},
      {std::nullopt, nullptr, nullptr, {}, {}, {}},
      {std::nullopt, nullptr, nullptr, {}, {}, {}},
      {cv_reading{1, 0.75}, std::make_unique<cv_reading>(cv_reading{2, 2.5}),
       std::make_shared<cv_std_probe>(cv_std_probe{1, "probe", {1, 2, 3}, {}}), std::string_view(text, 4),
       std::span<const int>(numbers, 3), {cv_std_probe{1, "probe", {1, 2, 3}, {}}}},
    };
    extern "C" const cv_std_extras *cv_std_extras_at(int index) { return &extras[index]; }
    extern "C" unsigned long cv_std_extras_size(void) { return sizeof(cv_std_extras); }

    struct cv_std_fixed { std::span<const int, 3> three; };
    static const int again[] = {1, 2, 3};
    static cv_std_fixed fixed[] = {
      {std::span<const int, 3>(numbers, 3)}, {std::span<const int, 3>(numbers + 3, 3)},
      {std::span<const int, 3>(again, 3)},
    };
    extern "C" const cv_std_fixed *cv_std_fixed_at(int index) { return &fixed[index]; }
    """

  /// A way of building the library, with the C++ standard library it uses.
  struct Build: CustomTestStringConvertible, Sendable {
    var compiler: String
    var flags: [String]
    var testDescription: String { ([compiler] + flags).joined(separator: " ") }
    var name: String { "libstd-" + ([compiler] + flags).joined().filter { $0.isLetter || $0.isNumber } + ".so" }

    /// A shared library of `source` built this way (named `prefix` and the build), once per test process
    /// whichever test asks first: its path.
    func library(_ prefix: String, source: String) throws -> String {
      let name = prefix + "-" + self.name
      return try StandardContainerTests.cache.value(for: name) {
        let directory = DebugInfoFixture.directory
        do {
          try source.write(toFile: "\(directory)/\(name).cpp", atomically: true, encoding: .utf8)
        } catch { return .failure(DebugInfoFixture.BuildFailed(description: "\(error)")) }
        return DebugInfoFixture.run(
          DebugInfoFixture.tool(compiler),
          ["-g", "-shared", "-fPIC"] + flags + ["-o", "\(directory)/\(name)", "\(directory)/\(name).cpp"],
          output: "\(directory)/\(name)")
      }.get()
    }
  }

  static let builds = [
    Build(compiler: "g++", flags: ["-std=c++20", "-gdwarf-5"]),
    Build(compiler: "g++", flags: ["-std=c++20", "-gdwarf-4", "-O2"]),
    // libstdc++'s old string ABI: the copy-on-write string, one pointer to text after a header.
    Build(compiler: "g++", flags: ["-std=c++20", "-gdwarf-5", "-D_GLIBCXX_USE_CXX11_ABI=0"]),
    Build(compiler: "clang++", flags: ["-std=c++20", "-gdwarf-5", "-fstandalone-debug"]),
    Build(compiler: "clang++", flags: ["-std=c++20", "-gdwarf-4", "-O2", "-fstandalone-debug", "-stdlib=libc++"]),
  ]

  /// Each build once per test process, whichever test asks first (tests run in parallel).
  static let cache = BuildCache<Result<String, DebugInfoFixture.BuildFailed>>()

  static func compile(_ build: Build) -> Result<String, DebugInfoFixture.BuildFailed> {
    let directory = DebugInfoFixture.directory
    let source = "\(directory)/\(build.name).cpp"
    let path = "\(directory)/\(build.name)"
    do { try Self.source.write(toFile: source, atomically: true, encoding: .utf8) } catch {
      return .failure(DebugInfoFixture.BuildFailed(description: "\(error)"))
    }
    return DebugInfoFixture.run(
      DebugInfoFixture.tool(build.compiler), ["-g", "-shared", "-fPIC"] + build.flags + ["-o", path, source],
      output: path)
  }

  /// The library built and opened, its values by index, and a registry with its types.
  struct Library {
    let values: [UnsafeRawPointer]
    let size: Int
    let registry: ValueRegistry
    let imported: ImportedTypes

    init(_ build: Build, containers: Bool = true) throws {
      let path = try StandardContainerTests.cache.value(for: build.name) { StandardContainerTests.compile(build) }
        .get()
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "cv_std_probe_at")), to: At.self)
      let size = unsafeBitCast(try #require(dlsym(handle, "cv_std_probe_size")), to: Size.self)
      values = (0..<8).map { at(Int32($0)) }
      self.size = Int(size())
      let extrasAt = unsafeBitCast(try #require(dlsym(handle, "cv_std_extras_at")), to: At.self)
      let extrasSize = unsafeBitCast(try #require(dlsym(handle, "cv_std_extras_size")), to: Size.self)
      extras = (0..<5).map { extrasAt(Int32($0)) }
      self.extrasSize = Int(extrasSize())
      let fixedAt = unsafeBitCast(try #require(dlsym(handle, "cv_std_fixed_at")), to: At.self)
      fixed = (0..<3).map { fixedAt(Int32($0)) }
      registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
      imported = try registry.catalog.importDebugInfo(
        of: path, types: ["cv_std_probe", "cv_std_extras", "cv_std_fixed"])
      if containers { registry.registerStandardContainers(of: [imported]) }
    }

    let extras: [UnsafeRawPointer]
    let extrasSize: Int
    let fixed: [UnsafeRawPointer]

    func compareFixed(_ a: Int, _ b: Int) throws -> Comparison {
      try registry.resolve("cv_std_fixed").compare(
        bytes: UnsafeRawBufferPointer(start: fixed[a], count: 8), UnsafeRawBufferPointer(start: fixed[b], count: 8))
    }

    func compareExtras(_ a: Int, _ b: Int) throws -> Comparison {
      try registry.resolve("cv_std_extras").compare(
        bytes: UnsafeRawBufferPointer(start: extras[a], count: extrasSize),
        UnsafeRawBufferPointer(start: extras[b], count: extrasSize))
    }

    func compare(_ a: Int, _ b: Int) throws -> Comparison {
      let probe = try registry.resolve("cv_std_probe")
      return try probe.compare(
        bytes: UnsafeRawBufferPointer(start: values[a], count: size),
        UnsafeRawBufferPointer(start: values[b], count: size))
    }

    func describe(_ index: Int) throws -> String {
      try registry.resolve("cv_std_probe").describe(bytes: UnsafeRawBufferPointer(start: values[index], count: size))
    }
  }

  @Test(arguments: builds) func equalContentsAreEqualWhereverTheyLie(_ build: Build) throws {
    let library = try Library(build)
    #expect(library.size == (try library.registry.resolve("cv_std_probe").size))
    #expect(
      Set(library.registry.registerStandardContainers(of: [library.imported])).count == 10,
      "a string, three vectors, an optional, two smart pointers, a view and two spans")
    #expect(try library.compare(0, 1).isEqual)
    #expect(try library.compare(2, 3).isEqual, "long strings, on the heap")
    #expect(try library.compare(4, 4).isEqual)
  }

  @Test(arguments: builds) func differentContentsFailByName(_ build: Build) throws {
    let library = try Library(build)
    let comparison = try library.compare(0, 2)
    #expect(comparison.mismatches.map(\.path.description) == [".name", ".items[2]", ".readings"])
    #expect(
      comparison.report == """
        cv_std_probe values differ at 3 of 4 fields:
          .name: "probe" ≠ "a name longer than any short string" (first difference at [0])
          .items[2]: 3 ≠ 4
          .readings: {{.channel = 1, .value = 0.5}} ≠ {{.channel = 1, .value = 0.5}, {.channel = 2, .value = 1.5}} (first difference at [1])
          actual:   {.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {{.channel = 1, .value = 0.5}}}
          expected: {.id = 1, .name = "a name longer than any short string", .items = {1, 2, 4}, .readings = {{.channel = 1, .value = 0.5}, {.channel = 2, .value = 1.5}}}
        """)
    #expect(try library.compare(0, 4).mismatches.map(\.path.description) == [".name", ".items", ".readings"])
    // Only the text differs, by one char: the string alone fails, saying where.
    #expect(
      try library.compare(0, 6).report.split(separator: "\n").prefix(2) == [
        "cv_std_probe values differ at 1 of 4 fields:", #"  .name: "probe" ≠ "probf" (first difference at [4])"#,
      ])
    // As many elements on each side: the differing element's own field, by its path.
    #expect(
      try library.compare(0, 5).report.split(separator: "\n").prefix(2) == [
        "cv_std_probe values differ at 1 of 4 fields:", "  .readings[0].value: 0.5 ≠ 0.75 (difference 0.25)",
      ])
    #expect(try library.describe(4) == #"{.id = 1, .name = "", .items = {}, .readings = {}}"#)
    // A long text is shown up to 1,024 bytes, saying how many more there are.
    #expect(
      try library.describe(7) == #"{.id = 1, .name = ""# + String(repeating: "x", count: 1024)
        + #"" /* … 1976 more bytes */, .items = {}, .readings = {}}"#)
  }

  /// `std::optional` by whether it holds a value and then the value, smart pointers by what they point to,
  /// `std::string_view` by its text and `std::span` by its elements.
  @Test(arguments: builds) func optionalsPointersViewsAndSpans(_ build: Build) throws {
    let library = try Library(build)
    #expect(
      try library.registry.resolve("cv_std_extras").describe(
        bytes: UnsafeRawBufferPointer(start: library.extras[0], count: library.extrasSize))
        == #"{.maybe = {.channel = 1, .value = 0.5}, .owned = {.channel = 2, .value = 1.5}, "#
        + #".shared = {.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}, .view = "view", "#
        + #".window = {1, 2, 3}, .family = {{.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}}}"#)
    #expect(
      try library.registry.resolve("cv_std_extras").describe(
        bytes: UnsafeRawBufferPointer(start: library.extras[2], count: library.extrasSize))
        == #"{.maybe = std::nullopt, .owned = nullptr, .shared = nullptr, .view = "", .window = {}, .family = {}}"#)
    #expect(try library.compareExtras(2, 3).isEqual, "empty ones")
    let comparison = try library.compareExtras(0, 1)
    #expect(comparison.mismatches.map(\.path.description) == [".window[2]"])
    #expect(
      comparison.report == """
        cv_std_extras values differ at 1 of 6 fields:
          .window[2]: 3 ≠ 4
          actual:   {.maybe = {.channel = 1, .value = 0.5}, .owned = {.channel = 2, .value = 1.5}, .shared = {.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}, .view = "view", .window = {1, 2, 3}, .family = {{.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}}}
          expected: {.maybe = {.channel = 1, .value = 0.5}, .owned = {.channel = 2, .value = 1.5}, .shared = {.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}, .view = "view", .window = {1, 2, 4}, .family = {{.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {}}}}
        """, "the views are equal (one text at two places), and so are the vectors of records holding strings")
    // Both holding a value, both pointing somewhere: the values' own fields.
    #expect(
      try library.compareExtras(0, 4).report.split(separator: "\n").prefix(3) == [
        "cv_std_extras values differ at 2 of 6 fields:", "  .maybe.value: 0.5 ≠ 0.75 (difference 0.25)",
        "  .owned.value: 1.5 ≠ 2.5 (difference 1)",
      ])
    #expect(
      try library.compareExtras(0, 2).mismatches.map(\.path.description)
        == [".maybe", ".owned", ".shared", ".view", ".window", ".family"])
  }

  /// A `std::span<T, N>` of static extent holds only its pointer: its `N` elements are compared.
  @Test(arguments: builds) func aSpanOfStaticExtent(_ build: Build) throws {
    let library = try Library(build)
    #expect(try library.compareFixed(0, 2).isEqual, "equal elements at two places")
    #expect(try library.compareFixed(0, 1).mismatches.map(\.path.description) == [".three[2]"])
    #expect(
      try library.registry.resolve("cv_std_fixed").describe(
        bytes: UnsafeRawBufferPointer(start: library.fixed[1], count: 8)) == "{.three = {1, 2, 4}}")
    #expect(StandardContainer.staticExtent("std::span<int const, 3>", pointerSize: 8) == 3)
    #expect(StandardContainer.staticExtent("std::__1::span<const int, 3UL>", pointerSize: 8) == 3)
    #expect(StandardContainer.staticExtent("std::span<int const, 18446744073709551615>", pointerSize: 8) == nil)
    #expect(StandardContainer.staticExtent("std::span<int const, 4294967295>", pointerSize: 4) == nil)
    #expect(StandardContainer.staticExtent("std::span<int const, N>", pointerSize: 8) == nil)
  }

  /// Without the containers registered, two equal strings in two objects differ by their pointers: never a
  /// pass the contents do not earn.
  @Test func withoutTheContainersTheirPointersDiffer() throws {
    let library = try Library(Self.builds[0], containers: false)
    let comparison = try library.compare(0, 1)
    #expect(!comparison.isEqual)
    #expect(comparison.mismatches.map(\.path.description).contains(".name._M_dataplus._M_p"))
  }

  /// clang, by default, leaves libstdc++'s string classes out of the program's debug info: the error says
  /// which flag keeps them.
  @Test func clangWithoutStandaloneDebugNamesTheFlag() throws {
    let error = #expect(throws: DebugInfoError.self) {
      try Library(Build(compiler: "clang++", flags: ["-std=c++20", "-gdwarf-5"]))
    }
    #expect(
      error?.description.hasSuffix(
        "(clang leaves the standard library's classes out unless built with -fstandalone-debug)") == true,
      "\(String(describing: error))")
  }

  /// A smart pointer to an array owns more than the element its pointer's type names: it is never compared
  /// by that one element (a silent pass for arrays differing past it), but by its representation.
  @Test func aSmartPointerToAnArrayKeepsItsRepresentation() throws {
    let layout = try TypeCatalog().layout(of: #"{holder="_M_head_impl"^i}"#)
    #expect(
      StandardContainer.recognise(name: "std::unique_ptr<int, std::default_delete<int>>", layout: layout)
        == .pointer(at: 0, element: .scalar(.int)))
    for name in [
      "std::unique_ptr<int [], std::default_delete<int []>>", "std::shared_ptr<int []>", "std::shared_ptr<int [4]>",
      "struct std::unique_ptr<box<int> [], std::default_delete<box<int> []>>",
    ] {
      #expect(StandardContainer.recognise(name: name, layout: layout) == nil, "\(name)")
    }
    #expect(!StandardContainer.pointsToArray("std::unique_ptr<box<int[4]>, std::default_delete<box<int[4]>>>"))
  }

  /// A container CValueKit compares by content, laid out as none of the library layouts it knows (here a
  /// `std::optional` of another shape, as a later library version could have), is refused by its member's
  /// path, never compared by its representation.
  @Test func anUnknownLayoutIsRefusedByName() throws {
    let source = """
      namespace std {
      template <class T> struct optional { bool present; T payload; };
      }
      struct cv_unknown_layout { int id; struct { std::optional<int> maybe; } inner; };
      static cv_unknown_layout values[] = {{1, {{true, 2}}}};
      extern "C" const cv_unknown_layout *cv_unknown_layout_at(int index) { return &values[index]; }
      """
    let path = try Build(compiler: "g++", flags: ["-std=c++17"]).library("unknown", source: source)
    let registry = ValueRegistry()
    let imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_unknown_layout"])
    registry.registerStandardContainers(of: [imported])
    let error = #expect(throws: DebugInfoError.self) {
      try registry.checkStandardLayouts(of: "cv_unknown_layout", in: [imported])
    }
    #expect(
      error
        == .unknownStandardLayout(
          type: "cv_unknown_layout", field: ".inner.maybe", container: "std::optional<int>", library: "libstdc++"))
    #expect(
      error?.description
        == ".inner.maybe of cv_unknown_layout is std::optional<int>, laid out in the debug info as none of the "
        + "libstdc++ layouts CValueKit knows (libstdc++ of GCC 12, libc++ 14): it is not compared by its "
        + "representation, whose pointers two equal values do not share; compare the type through a catalog file "
        + "with a field comparer for this member")
    // The library's own layouts pass.
    let library = try Library(Self.builds[0])
    for type in ["cv_std_probe", "cv_std_extras", "cv_std_fixed"] {
      try library.registry.checkStandardLayouts(of: type, in: [library.imported])
    }
  }

  /// Which names claim a library layout: those CValueKit compares by content, with the standard allocator and
  /// deleter; not `std::vector<bool>`, a smart pointer to an array or one with a deleter of its own.
  @Test func theNamesThatClaimALibraryLayout() {
    let claims: [(String, String?)] = [
      ("struct std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>", "libstdc++"),
      ("std::__1::basic_string<char, std::__1::char_traits<char>, std::__1::allocator<char>>", "libc++"),
      ("std::basic_string_view<char, std::char_traits<char>>", "libstdc++"),
      ("std::vector<int, std::allocator<int>>", "libstdc++"), ("std::vector<bool, std::allocator<bool>>", nil),
      ("std::vector<int, arena<int>>", nil), ("std::unique_ptr<int, std::default_delete<int>>", "libstdc++"),
      ("std::unique_ptr<int, closer>", nil), ("std::unique_ptr<int [], std::default_delete<int []>>", nil),
      ("std::map<int, int, std::less<int>, std::allocator<std::pair<int const, int>>>", "libstdc++"),
      ("std::map<int, int, std::less<int>, arena<std::pair<int const, int>>>", nil),
      ("std::__1::variant<int, double>", "libc++"), ("std::deque<int, std::allocator<int>>", nil),
      ("geo::point", nil), ("std::basic_string_view<wchar_t, std::char_traits<wchar_t>>", nil),
      ("std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>::_Alloc_hider", nil),
      ("std::map<int, int, std::less<int>, std::allocator<std::pair<int const, int>>>::value_compare", nil),
      ("std::vector_like<int, std::allocator<int>>", nil),
    ]
    for (name, library) in claims { #expect(StandardContainer.library(claiming: name) == library, "\(name)") }
  }

  /// A record named like a container whose fields are none of the forms keeps its plain layout.
  @Test func aLookAlikeIsNotAContainer() throws {
    let library = try Library(Self.builds[0])
    let layout = try library.registry.catalog.layout(of: "{cv_std_probe}")
    #expect(StandardContainer.recognise(name: "std::vector<int, std::allocator<int>>", layout: layout) == nil)
    #expect(StandardContainer.recognise(name: "std::__cxx11::basic_string<char, x>", layout: layout) == nil)
    #expect(StandardContainer.recognise(name: "cv_std_probe", layout: layout) == nil)
  }
}
