import CValueKit
import Foundation
import TestSupport
import Testing

/// Every way a C function registration can be wrong gives its own error, at registration, with a message
/// that names the function, the argument or the field.
@Suite struct CFunctionErrorTests {
  static func comparatorError(
    _ encoding: String, _ function: String, _ signature: String, result: CComparerConvention = .nonZeroMeansEqual
  ) -> String? {
    do {
      try ValueRegistry().register(
        encoding, comparer: LinkedFixtures.function(function), signature: signature, convention: result)
      return nil
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    (
      "{s_dd=dd}", "s_dd_equal", "B{s_dd=dd}",
      "s_dd_equal takes 1 argument, but a comparator takes 2"
    ),
    (
      "{s_dd=dd}", "s_dd_equal", "B{s_dd=dd}{s_i=i}",
      "argument 2 of s_dd_equal is {s_i=i}, but the values are {s_dd=dd}: pass the value or a pointer to it"
    ),
    (
      "{s_dd=dd}", "s_dd_equal", "d{s_dd=dd}{s_dd=dd}",
      "s_dd_equal returns d, but a comparator returns bool or an integer"
    ),
    (
      "{s_dd=dd}", "s_dd_equal", "v^{s_dd}^{s_dd}",
      "s_dd_equal returns v, but a comparator returns bool or an integer"
    ),
    (
      "{s_dd=dd}", "s_dd_equal", "B{s_dd=dd",
      "bad signature: unterminated struct at offset 9 in \"B{s_dd=dd\""
    ),
    (
      "{s_dd=dd}", "s_dd_equal", "B16{s_dd=dd}0{s_dd=dd}8",
      "the signature \"B16{s_dd=dd}0{s_dd=dd}8\" has frame offsets: give the types only, return type first"
    ),
    (
      "{B=ib32i4}", "s_dd_equal", "B{B=ib32i4}{B=ib32i4}",
      "cannot pass {B=ib32i4} to a C function through libffi at .1: libffi cannot describe bitfields"
    ),
    (
      "{V=![16,16c]}", "s_dd_equal", "B{V=![16,16c]}{V=![16,16c]}",
      "cannot pass {V=![16,16c]} to a C function through libffi at .0: libffi cannot pass vector types"
    ),
    (
      "{F=i[0i]}", "s_dd_equal", "B{F=i[0i]}{F=i[0i]}",
      "cannot pass {F=i[0i]} to a C function through libffi at .1: a flexible or zero-length array has no size to pass"
    ),
    (
      "{W=t}", "s_dd_equal", "B{W=t}{W=t}",
      "cannot pass {W=t} to a C function through libffi at .0: libffi has no 128-bit integer type"
    ),
    (
      "(L=Di)", "s_dd_equal", "B(L=Di)(L=Di)",
      "cannot pass (L=Di) to a C function through libffi at .0: only unions of integers, pointers, float and double can be passed by value"
    ),
    (
      "[4f]", "s_dd_equal", "B[4f][4f]",
      "cannot pass [4f] to a C function through libffi: C passes an array as a pointer to its first element"
    ),
    (
      "{Opaque}", "s_dd_equal", "B{Opaque}{Opaque}",
      "cannot pass {Opaque} by value: layout unknown for struct Opaque: the encoding omits its members and no definition is registered"
    ),
  ])
  func comparatorRegistrationErrors(encoding: String, function: String, signature: String, message: String) {
    #expect(Self.comparatorError(encoding, function, signature) == message)
  }

  @Test func describerStylesCheckTheirSignatures() {
    func error(_ function: String, _ signature: String, _ style: CDescriberConvention) -> String? {
      do {
        try ValueRegistry().register(
          "{s_i=i}", describer: LinkedFixtures.function(function), signature: signature, convention: style)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(
      error("s_i_print", "i*Q^{s_i}", .returnsStaticString)
        == "s_i_print takes 3 arguments, but a describer returning a string takes 1")
    #expect(
      error("s_i_describe", "i{s_i=i}", .returnsStaticString)
        == "s_i_describe returns i, but a describer returning a string returns char *")
    #expect(
      error("s_i_print", "ir*Q^{s_i}", .writesIntoBuffer)
        == "argument 1 of s_i_print is r*, but it must be the buffer, char *")
    #expect(
      error("s_i_print", "i*d^{s_i}", .writesIntoBuffer)
        == "argument 2 of s_i_print is d, but it must be the buffer's size, size_t")
    #expect(
      error("s_i_print", "i*Q^{s_i}^{s_i}", .writesIntoBuffer)
        == "s_i_print takes 4 arguments, but a describer writing into a buffer takes 3")
    #expect(error("s_i_print", "i*Q^{s_i}", .writesIntoBuffer) == nil)
  }

  @Test func misbehavingDescribersAreNamedNotTrusted() throws {
    let registry = ValueRegistry()
    try registry.register(
      "{s_i=i}", describer: LinkedFixtures.function("s_i_describe_null"), signature: "r*{s_i=i}",
      convention: .returnsStaticString)
    #expect(try registry.resolve("{s_i=i}").describe(bytes: [7, 0, 0, 0]) == "<s_i_describe_null returned NULL>")
    try registry.register(
      "{s_i=i}", describer: LinkedFixtures.function("s_i_print_failing"), signature: "i*Q^{s_i}",
      convention: .writesIntoBuffer)
    #expect(try registry.resolve("{s_i=i}").describe(bytes: [7, 0, 0, 0]) == "<s_i_print_failing failed: returned -1>")
  }

  @Test func aLongDescriptionGetsTheRoomItAsksFor() throws {
    let registry = ValueRegistry()
    try registry.register(
      "{s_u17=[17I]}", describer: LinkedFixtures.function("s_u17_print"), signature: "i*Q^{s_u17}",
      convention: .writesIntoBuffer)
    let value = [UInt8](repeating: 0xFF, count: 68)
    let text = try registry.resolve("{s_u17=[17I]}").describe(bytes: value)
    #expect(text == "{{" + Array(repeating: "4294967295", count: 17).joined(separator: ", ") + "}}")
    #expect(text.utf8.count > 180)
  }

  @Test func missingLibrariesAndSymbols() throws {
    #expect(
      throws: CFunctionError.libraryNotFound(
        library: "/nonexistent/libgeom.so",
        message: "/nonexistent/libgeom.so: cannot open shared object file: No such file or directory")
    ) { try CFunction.lookup("rect_equal", in: "/nonexistent/libgeom.so") }
    let path = try FixtureLibrary.path()
    #expect(
      throws: CFunctionError.symbolNotFound(
        symbol: "rect_equal", library: path, message: "\(path): undefined symbol: rect_equal")
    ) { try CFunction.lookup("rect_equal", in: path) }
    let missing = CFunctionError.symbolNotFound(
      symbol: "rect_equal", library: path, message: "\(path): undefined symbol: rect_equal")
    #expect(missing.description == "no function rect_equal in \(path): \(path): undefined symbol: rect_equal")
  }

  @Test func aSwiftClosureIsNotACFunction() {
    let closure: (Int) -> Int = { $0 + 1 }
    #expect(throws: CFunctionError.notACFunction(swiftType: "(Int) -> Int")) {
      try CFunction(closure, name: "increment")
    }
    #expect(throws: CFunctionError.notACFunction(swiftType: "Int")) { try CFunction(42, name: "answer") }
  }

  @Test func theRunningProcessIsSearchedWithoutALibrary() throws {
    // strcmp takes the char * values themselves, so C strings compare by their text.
    let registry = ValueRegistry()
    try registry.register("*", comparer: CFunction.lookup("strcmp"), signature: "ir*r*", convention: .zeroMeansEqual)
    let result = try "hello".withCString { a in
      try String("hello").withCString { b in try registry.resolve("*").compare(a, b) }
    }
    #expect(result.isEqual)
    #expect(result.strategy == .cFunction(name: "strcmp", type: try TypeEncoding("*")))
    #expect(throws: CFunctionError.self) { try CFunction.lookup("cv_no_such_function_anywhere") }
  }

  @Test func aRegistrationKeepsItsLibraryOpenAndReleasesIt() throws {
    let path = try FixtureLibrary.buildCopy(named: "libcvfixtures-lifetime.so")
    // /proc files report size 0, so read them as a stream.
    func isLoaded() throws -> Bool {
      let maps = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data()
      return String(decoding: maps, as: UTF8.self).contains(path)
    }
    do {
      var function: CFunction? = try CFunction.lookup("s_i_compare", in: path)
      #expect(try isLoaded())
      function = nil
      _ = function
      #expect(try !isLoaded())
    }
    var registry: ValueRegistry? = ValueRegistry()
    try registry?.register(
      "{s_i=i}", comparer: CFunction.lookup("s_i_compare", in: path), signature: "i^{s_i}^{s_i}",
      convention: .zeroMeansEqual)
    #expect(try isLoaded())
    let equal = try registry?.resolve("{s_i=i}").compare(bytes: [1, 0, 0, 0], [1, 0, 0, 0]).isEqual
    #expect(equal == true)
    registry = nil
    #expect(try !isLoaded())
  }
}
