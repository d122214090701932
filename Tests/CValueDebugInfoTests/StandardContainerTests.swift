import CValueKit
import Foundation
import Testing

@testable import CValueDebugInfo

/// The C++ standard library's `std::string` and `std::vector` compared and described by what they hold, in the
/// running process: a C++ library built with libstdc++ (g++, clang++) and libc++ (clang++), opened with
/// `dlopen`, its values read where they live.
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
    };
    extern "C" const cv_std_probe *cv_std_probe_at(int index) { return &probes[index]; }
    extern "C" unsigned long cv_std_probe_size(void) { return sizeof(cv_std_probe); }
    """

  /// A way of building the library, with the C++ standard library it uses.
  struct Build: CustomTestStringConvertible, Sendable {
    var compiler: String
    var flags: [String]
    var testDescription: String { ([compiler] + flags).joined(separator: " ") }
    var name: String { "libstd-" + ([compiler] + flags).joined().filter { $0.isLetter || $0.isNumber } + ".so" }
  }

  static let builds = [
    Build(compiler: "g++", flags: ["-gdwarf-5"]),
    Build(compiler: "g++", flags: ["-gdwarf-4", "-O2"]),
    Build(compiler: "clang++", flags: ["-gdwarf-5", "-fstandalone-debug"]),
    Build(compiler: "clang++", flags: ["-gdwarf-4", "-O2", "-fstandalone-debug", "-stdlib=libc++"]),
  ]

  /// The library built and opened, its values by index, and a registry with its types.
  struct Library {
    let values: [UnsafeRawPointer]
    let size: Int
    let registry: ValueRegistry
    let imported: ImportedTypes

    init(_ build: Build, containers: Bool = true) throws {
      let directory = DebugInfoFixture.directory
      let source = "\(directory)/std-containers.cpp"
      try StandardContainerTests.source.write(toFile: source, atomically: true, encoding: .utf8)
      let path = "\(directory)/\(build.name)"
      _ = try DebugInfoFixture.run(
        DebugInfoFixture.tool(build.compiler), ["-g", "-shared", "-fPIC"] + build.flags + ["-o", path, source],
        output: path
      ).get()
      let handle = try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL), "dlopen \(path)")
      typealias At = @convention(c) (Int32) -> UnsafeRawPointer
      typealias Size = @convention(c) () -> UInt
      let at = unsafeBitCast(try #require(dlsym(handle, "cv_std_probe_at")), to: At.self)
      let size = unsafeBitCast(try #require(dlsym(handle, "cv_std_probe_size")), to: Size.self)
      values = (0..<5).map { at(Int32($0)) }
      self.size = Int(size())
      registry = ValueRegistry(catalog: TypeCatalog(includingBuiltins: false))
      imported = try registry.catalog.importDebugInfo(of: path, types: ["cv_std_probe"])
      if containers { registry.registerStandardContainers(of: [imported]) }
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
      Set(library.registry.registerStandardContainers(of: [library.imported])).count == 3,
      "a string and two vectors")
    #expect(try library.compare(0, 1).isEqual)
    #expect(try library.compare(2, 3).isEqual, "long strings, on the heap")
    #expect(try library.compare(4, 4).isEqual)
  }

  @Test(arguments: builds) func differentContentsFailByName(_ build: Build) throws {
    let library = try Library(build)
    let comparison = try library.compare(0, 2)
    #expect(comparison.mismatches.map(\.path.description) == [".name", ".items", ".readings"])
    #expect(
      comparison.report == """
        cv_std_probe values differ at 3 of 4 fields:
          .name: "probe" ≠ "a name longer than any short string"
          .items: {1, 2, 3} ≠ {1, 2, 4}
          .readings: {{.channel = 1, .value = 0.5}} ≠ {{.channel = 1, .value = 0.5}, {.channel = 2, .value = 1.5}}
          actual:   {.id = 1, .name = "probe", .items = {1, 2, 3}, .readings = {{.channel = 1, .value = 0.5}}}
          expected: {.id = 1, .name = "a name longer than any short string", .items = {1, 2, 4}, .readings = {{.channel = 1, .value = 0.5}, {.channel = 2, .value = 1.5}}}
        """)
    #expect(try library.compare(0, 4).mismatches.map(\.path.description) == [".name", ".items", ".readings"])
    #expect(try library.describe(4) == #"{.id = 1, .name = "", .items = {}, .readings = {}}"#)
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
      try Library(Build(compiler: "clang++", flags: ["-gdwarf-5"]))
    }
    #expect(
      error?.description.hasSuffix(
        "(clang leaves the standard library's classes out unless built with -fstandalone-debug)") == true,
      "\(String(describing: error))")
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
