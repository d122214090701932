import Foundation
import TestSupport
import Testing

/// `--binary` with the names programs really use: a program's own `rect`, `point` and `size` win over
/// CValueKit's built-in names, a name the program lacks is never answered from the built-ins without saying
/// so, and C++ names (`geo::point`, `box<double>`, `class account`) are found as C++ spells them.
@Suite struct BinaryNameTests {
  static let cProgram = BinaryCommandTests.build(
    """
    typedef struct { int a; char b; } rect;
    typedef struct { short x, y; } point;
    rect r; point p;
    int main(void) { return r.a + p.x; }

    """, file: "shapes.c", compiler: "clang", flags: [])

  static let cppProgram = BinaryCommandTests.build(
    """
    namespace geo { struct point { double x, y; }; }
    template <typename T> struct box { T value; int tag; };
    class account {
     public:
      explicit account(int id) : id(id) {}
      int get() const { return id; }
     private:
      int id;
    };
    int main() { geo::point p{1, 2}; box<double> b{}; account a(3); return int(p.x) + b.tag + a.get(); }

    """, file: "names.cpp", compiler: "clang++", flags: [])

  @Test(arguments: [
    ("rect", "rect = {?=\"a\"i\"b\"c}", "size 8, alignment 4, stride 8 (x86_64-linux)"),
    // No padding: laid out alike packed or not, which DWARF does not say.
    ("point", "point = {?=\"x\"s\"y\"s}", "size 4, alignment unknown (at most 2), stride 4 (x86_64-linux)"),
  ])
  func theProgramsNamesWinOverBuiltInOnes(_ name: String, _ first: String, _ second: String) async throws {
    let run = try await CValue.run(["layout", "--binary", try Self.cProgram.get(), name])
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout.split(separator: "\n").prefix(2) == [Substring(first), Substring(second)])
  }

  @Test func aBuiltInNameTheProgramLacksIsAnErrorThatSaysSo() async throws {
    let program = try Self.cProgram.get()
    let run = try await CValue.run(["layout", "--binary", program, "size"])
    #expect(run.exited(2), "\(run)")
    #expect(
      run.stderr
        == "\(program) has debug info, but no type named size (size is also CValueKit's built-in name for {CGSize=dd}: "
        + "leave out --binary to use it)\n")
  }

  static let standardProgram = BinaryCommandTests.build(
    """
    #include <string>
    #include <vector>
    struct probe { int id; std::string name; std::vector<int> items; };
    probe p{1, "probe", {1, 2, 3}};
    int main() { return p.id; }

    """, file: "standard.cpp", compiler: "g++", flags: [])

  /// A type holding `std::string` and `std::vector`: outside the process that holds its values, they are
  /// compared by their representation, and the tool says so (on stderr, once), naming them.
  @Test func standardMembersOfBytesGivenHereAreComparedByTheirRepresentation() async throws {
    let program = try Self.standardProgram.get()
    let zero = String(repeating: "00", count: 64)
    let run = try await CValue.run(["compare", "--binary", program, "probe", zero, zero])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stderr
        == "note: std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>, "
        + "std::vector<int, std::allocator<int>> compare by what they hold only in the process that holds them "
        + "(EXPECT_CV_EQ, cv_program_type): here they are shown and compared by their representation\n")
  }

  @Test(arguments: [
    ("geo::point", "geo::point = {geo::point}"),
    ("struct geo::point", "struct geo::point = {geo::point}"),
    ("box< double >", "box< double > = {box<double>}"),
    ("class account", "class account = {account}"),
  ])
  func cppNamesAreFoundAsCPlusPlusSpellsThem(_ name: String, _ first: String) async throws {
    let run = try await CValue.run(["layout", "--binary", try Self.cppProgram.get(), name])
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout.split(separator: "\n").first.map(String.init) == first)
  }

  /// A type read once is read by the next process from the read kept on disk, without DWARF: with libdw
  /// made unloadable, the second run answers as the first.
  @Test func aTypeReadOnceIsReadByTheNextProcessWithoutItsDWARF() async throws {
    let program = try Self.cppProgram.get()
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-kept-reads-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let first = try await CValue.run(
      ["layout", "--binary", program, "geo::point"], environment: ["CVALUEKIT_CACHE_DIR": cache])
    #expect(first.exited(0), "\(first)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(kept.contains { $0.hasSuffix(".read") }, "\(kept)")
    let next = try await CValue.run(
      ["layout", "--binary", program, "geo::point"],
      environment: ["CVALUEKIT_CACHE_DIR": cache, "CVALUEKIT_LIBDW": "/nonexistent/libdw.so.1"])
    #expect(next.exited(0), "\(next)")
    #expect(next.stdout == first.stdout)
    // Another name is not kept: read from the DWARF, which libdw must load.
    let other = try await CValue.run(
      ["layout", "--binary", program, "class account"],
      environment: ["CVALUEKIT_CACHE_DIR": cache, "CVALUEKIT_LIBDW": "/nonexistent/libdw.so.1"])
    #expect(other.exited(2), "\(other)")
    #expect(other.stderr.contains("/nonexistent/libdw.so.1"), "\(other)")
  }
}
