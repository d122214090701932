import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueDebugInfo

/// The C++ standard library's node containers (`std::list`, the ordered `std::map`, `std::set` and
/// `std::multiset`, the unordered `std::unordered_map` and `std::unordered_set`) compared and described by
/// what they hold, in the running process, for libstdc++ (g++, clang++) and libc++ (clang++).
@Suite struct NodeContainerTests {
  static let source = """
    #include <list>
    #include <map>
    #include <set>
    #include <string>
    #include <unordered_map>
    #include <unordered_set>
    namespace geo {
    struct point {
      int x, y;
      bool operator<(const point &o) const { return x != o.x ? x < o.x : y < o.y; }
    };
    }
    struct cv_std_nodes {
      std::list<double> readings;
      std::map<int, std::string> names;
      std::set<geo::point> points;
      std::multiset<int> repeats;
      std::unordered_map<std::string, int> counts;
      std::unordered_set<int> ids;
    };
    template <class T> static T buckets(std::size_t count, std::initializer_list<typename T::value_type> values) {
      T table(count);
      for (auto value : values) table.insert(value);
      return table;
    }
    using counts = std::unordered_map<std::string, int>;
    using ids = std::unordered_set<int>;
    static cv_std_nodes nodes[] = {
      {{0.5, 1.5}, {{1, "one"}, {2, "two"}}, {{1, 2}, {3, 4}}, {1, 1, 2},
       buckets<counts>(1, {{"a", 1}, {"b", 2}, {"c", 3}}), buckets<ids>(1, {1, 2, 3})},
      // The same contents, inserted in another order, the tables with other bucket counts.
      {{0.5, 1.5}, {{2, "two"}, {1, "one"}}, {{3, 4}, {1, 2}}, {2, 1, 1},
       buckets<counts>(97, {{"c", 3}, {"b", 2}, {"a", 1}}), buckets<ids>(97, {3, 2, 1})},
      {{0.5, 2.5}, {{1, "one"}, {2, "tw0"}}, {{1, 2}, {3, 5}}, {1, 2, 2},
       buckets<counts>(1, {{"a", 1}, {"b", 2}, {"c", 4}}), buckets<ids>(1, {1, 2, 4})},
      {},
      {{0.5}, {{1, "one"}}, {{1, 2}}, {1}, buckets<counts>(1, {{"a", 1}}), buckets<ids>(1, {1})},
      {},
    };
    extern "C" const cv_std_nodes *cv_std_nodes_at(int index) { return &nodes[index]; }

    // 100,000 elements each: built in two orders, the tables with other bucket counts; then one element changed.
    #include <unordered_set>
    struct cv_std_large {
      std::unordered_set<int> ids;
      std::unordered_map<std::string, int> counts;
      std::map<int, int> ordered;
      std::list<int> items;
      std::unordered_set<double> reals;
    };
    static cv_std_large large[3];
    extern "C" const cv_std_large *cv_std_large_at(int index) {
      const int count = 100000;
      if (large[0].ids.empty()) {
        for (int k = 0; k < count; ++k) {
          large[0].ids.insert(k), large[0].counts[std::to_string(k)] = k, large[0].ordered[k] = k;
          large[0].items.push_back(k), large[0].reals.insert(k * 0.5);
        }
        large[1].ids.reserve(3 * count), large[1].counts.reserve(3 * count), large[1].reals.reserve(3 * count);
        for (int k = count; k-- > 0;) {
          large[1].ids.insert(k), large[1].counts[std::to_string(k)] = k, large[1].ordered[k] = k;
          large[1].items.push_front(k), large[1].reals.insert(k * 0.5);
        }
        large[2] = large[1];
        large[2].ids.erase(77777), large[2].ids.insert(count), large[2].counts["77777"] = -1;
        large[2].ordered[77777] = -1, *std::next(large[2].items.begin(), 77777) = -1;
        large[2].reals.erase(77777 * 0.5), large[2].reals.insert(-1);
      }
      return &large[index];
    }
    extern "C" unsigned long cv_std_large_size(void) { return sizeof(cv_std_large); }

    // A hasher with a seed of its own: equal sets keep other hashes (libstdc++ caches them, it not being
    // noexcept; libc++ always keeps them).
    struct seeded {
      std::size_t seed;
      std::size_t operator()(int value) const { return std::size_t(value) * 31 ^ seed; }
    };
    struct cv_std_seeded { std::unordered_set<int, seeded> ids; };
    static cv_std_seeded seededSets[] = {
      {std::unordered_set<int, seeded>({1, 2, 3, 40, 500}, 7, seeded{0})},
      {std::unordered_set<int, seeded>({500, 40, 3, 2, 1}, 11, seeded{12345})},
      {std::unordered_set<int, seeded>({500, 40, 3, 2, 6}, 11, seeded{12345})},
    };
    extern "C" const cv_std_seeded *cv_std_seeded_at(int index) { return &seededSets[index]; }
    extern "C" unsigned long cv_std_seeded_size(void) { return sizeof(cv_std_seeded); }
    extern "C" unsigned long cv_std_nodes_size(void) { return sizeof(cv_std_nodes); }
    """

  static let builds = [
    StandardContainerTests.Build(compiler: "g++", flags: ["-std=c++17", "-gdwarf-5"]),
    StandardContainerTests.Build(compiler: "g++", flags: ["-std=c++17", "-gdwarf-4", "-O2"]),
    StandardContainerTests.Build(compiler: "clang++", flags: ["-std=c++17", "-gdwarf-5", "-fstandalone-debug"]),
    StandardContainerTests.Build(
      compiler: "clang++", flags: ["-std=c++17", "-gdwarf-4", "-O2", "-fstandalone-debug", "-stdlib=libc++"]),
  ]

  /// The library built and opened, its values, and a registry with its types.
  struct Library {
    let values: [UnsafeRawPointer]
    let size: Int
    let registry: ValueRegistry
    let registered: [String]
    let path: String

    init(_ build: StandardContainerTests.Build) throws {
      let path = try build.library("nodes", source: NodeContainerTests.source)
      self.path = path
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "cv_std_nodes_at")), to: At.self)
      let size = unsafeBitCast(try #require(dlsym(handle, "cv_std_nodes_size")), to: Size.self)
      values = (0..<6).map { at(Int32($0)) }
      self.size = Int(size())
      registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
      let imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_std_nodes"])
      registered = registry.registerStandardContainers(of: [imported])
    }

    /// Values of another type of the library, reached through its `<type>_at` and `<type>_size` functions,
    /// the type imported and its containers registered.
    struct Values {
      /// Kept: a container's comparer holds its registry weakly, to find its element type.
      let registry: ValueRegistry
      let type: ValueType
      let registered: [String]
      let at: @convention(c) (Int32) -> UnsafeRawPointer
      let size: Int

      func compare(_ a: Int32, _ b: Int32) throws -> Comparison {
        try type.compare(
          bytes: UnsafeRawBufferPointer(start: at(a), count: size), UnsafeRawBufferPointer(start: at(b), count: size))
      }
    }

    func values(of name: String) throws -> Values {
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "\(name)_at")), to: At.self)
      let size = Int(unsafeBitCast(try #require(dlsym(handle, "\(name)_size")), to: Size.self)())
      let imported = try registry.catalog.importDebugInfo(of: path, types: [name])
      let registered = registry.registerStandardContainers(of: [imported])
      return Values(registry: registry, type: try registry.resolve(name), registered: registered, at: at, size: size)
    }

    func compare(_ a: Int, _ b: Int) throws -> Comparison {
      try registry.resolve("cv_std_nodes").compare(
        bytes: UnsafeRawBufferPointer(start: values[a], count: size),
        UnsafeRawBufferPointer(start: values[b], count: size))
    }

    func describe(_ index: Int) throws -> String {
      try registry.resolve("cv_std_nodes").describe(bytes: UnsafeRawBufferPointer(start: values[index], count: size))
    }
  }

  /// Equal contents are equal whatever order they were inserted in and however the tables are bucketed; two
  /// empty containers in two objects are equal (their sentinels are inside each object).
  @Test(arguments: builds) func equalContentsAreEqual(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    let containers = library.registered.filter { name in
      ["list<", "map<", "set<"].contains { name.contains($0) } && !name.hasPrefix("std::__cxx11::basic_string")
        && !name.hasPrefix("std::__1::basic_string")
    }
    #expect(containers.count == 6, "\(library.registered)")
    #expect(try library.compare(0, 1).isEqual)
    #expect(try library.compare(3, 5).isEqual)
    #expect(try library.compare(0, 0).isEqual)
  }

  /// A list and the ordered containers fail at the differing element, by its path; the unordered ones as a
  /// whole, since no element of one has a place in the other.
  @Test(arguments: builds) func differentContentsFailByName(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    let comparison = try library.compare(0, 2)
    #expect(
      comparison.mismatches.map(\.path.description) == [
        ".readings[1]", ".names[1].second", ".points[1].y", ".repeats[1]", ".counts", ".ids",
      ])
    let lines = comparison.report.split(separator: "\n").prefix(5)
    #expect(
      Array(lines) == [
        "cv_std_nodes values differ at 6 of 6 fields:", "  .readings[1]: 1.5 ≠ 2.5 (difference 1)",
        #"  .names[1].second: "two" ≠ "tw0" (first difference at [2])"#, "  .points[1].y: 4 ≠ 5",
        "  .repeats[1]: 1 ≠ 2",
      ])
    // Of other lengths: each container as a whole, the ordered ones saying where they first differ.
    #expect(
      try library.compare(0, 4).report.split(separator: "\n").prefix(5) == [
        "cv_std_nodes values differ at 6 of 6 fields:", "  .readings: {0.5, 1.5} ≠ {0.5} (first difference at [1])",
        #"  .names: {{.first = 1, .second = "one"}, {.first = 2, .second = "two"}} ≠ {{.first = 1, .second = "one"}} (first difference at [1])"#,
        "  .points: {{.x = 1, .y = 2}, {.x = 3, .y = 4}} ≠ {{.x = 1, .y = 2}} (first difference at [1])",
        "  .repeats: {1, 1, 2} ≠ {1} (first difference at [1])",
      ])
    #expect(
      try library.compare(0, 4).mismatches.map(\.path.description) == [
        ".readings", ".names", ".points", ".repeats", ".counts", ".ids",
      ])
    #expect(try library.compare(0, 3).mismatches.count == 6)
  }

  /// 100,000 elements in each container, inserted in two orders (and the tables bucketed otherwise): equal,
  /// and with one element changed, failing at it (the ordered ones by index) or as a whole (the unordered).
  /// The unordered ones are matched by the hash each node keeps, or an integer or exactly compared
  /// floating-point first member: never every element against every other.
  @Test(arguments: builds) func largeContainers(_ build: StandardContainerTests.Build) throws {
    let large = try Library(build).values(of: "cv_std_large")
    func compare(_ a: Int32, _ b: Int32) throws -> Comparison { try large.compare(a, b) }
    #expect(try compare(0, 1).isEqual)
    #expect(
      try compare(0, 2).mismatches.map(\.path.description) == [
        ".ids", ".counts", ".ordered[77777].second", ".items[77777]", ".reals",
      ])
    // A description shows the first 256 elements and says how many more there are.
    let description = try large.type.describe(bytes: UnsafeRawBufferPointer(start: large.at(0), count: large.size))
    #expect(description.contains(".items = {0, 1, 2, 3, "))
    #expect(description.contains(", 254, 255 /* … 99744 more elements */}"))
  }

  /// Unordered sets whose hasher has a seed of its own keep other hashes for equal elements: still equal, the
  /// hashes only ordering the search.
  @Test(arguments: builds) func aSeededHasher(_ build: StandardContainerTests.Build) throws {
    let seeded = try Library(build).values(of: "cv_std_seeded")
    #expect(seeded.registered.contains { $0.contains("unordered_set") })
    func compare(_ a: Int32, _ b: Int32) throws -> Comparison { try seeded.compare(a, b) }
    #expect(try compare(0, 1).isEqual)
    #expect(try compare(0, 2).mismatches.map(\.path.description) == [".ids"])
  }

  /// Described as C++ initializers, elements in the container's order.
  @Test(arguments: builds) func describedAsInitializers(_ build: StandardContainerTests.Build) throws {
    let library = try Library(build)
    #expect(
      try library.describe(4)
        == #"{.readings = {0.5}, .names = {{.first = 1, .second = "one"}}, .points = {{.x = 1, .y = 2}}, "#
        + #".repeats = {1}, .counts = {{.first = "a", .second = 1}}, .ids = {1}}"#)
    #expect(
      try library.describe(3) == "{.readings = {}, .names = {}, .points = {}, .repeats = {}, .counts = {}, .ids = {}}")
    #expect(
      try library.describe(0).hasPrefix(
        #"{.readings = {0.5, 1.5}, .names = {{.first = 1, .second = "one"}, {.first = 2, .second = "two"}}, "#
          + #".points = {{.x = 1, .y = 2}, {.x = 3, .y = 4}}, .repeats = {1, 1, 2}, .counts = {"#))
  }
}
