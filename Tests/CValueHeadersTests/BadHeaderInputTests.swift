import CValueKit
import Foundation
import TestSupport
import Testing

@testable import CValueHeaders

/// Each way an import can fail, as a typed error with its exact description; nothing is registered then.
@Suite struct BadHeaderInputTests {
  /// A header file with `text`, in a directory of its own.
  static func header(_ text: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-headers-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("bad.h").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static func importError(
    _ headers: [String], types: [String]? = nil, into catalog: TypeCatalog = TypeCatalog()
  ) -> HeaderImportError? {
    do {
      try catalog.importHeaders(headers, types: types)
      return nil
    } catch {
      return error
    }
  }

  @Test func headerNotFound() {
    let error = Self.importError(["netinet/no_such_header.h"])
    #expect(error == .headerNotFound("netinet/no_such_header.h"))
    #expect(
      error?.description
        == "the header \"netinet/no_such_header.h\" was not found; pass its directory with -I, or give its path")
  }

  @Test func clangErrorsNameFileLineAndColumn() throws {
    let path = try Self.header("struct s {\n  int a;\n  mystery_t b;\n};\n")
    let error = Self.importError([path])
    #expect(
      error?.description == """
        clang could not parse the headers:
          \(path):3:3: unknown type name 'mystery_t'
        """)
  }

  @Test func unknownTypeName() {
    let catalog = TypeCatalog()
    let error = Self.importError(["netinet/tcp.h"], types: ["tcp_header"], into: catalog)
    #expect(error?.description == "no struct, union or typedef named \"tcp_header\" in the headers")
    #expect(catalog.record(named: "tcphdr") == nil)
  }

  @Test func incompleteType() {
    let error = Self.importError(["struct opaque;\nstruct whole { int a; };\n"], types: ["opaque"])
    #expect(error == .incompleteType("struct opaque"))
    #expect(error?.description == "struct opaque is declared but not defined in the headers, so it has no layout")
  }

  @Test func cplusplusHeader() throws {
    let path = try Self.header("class Widget {\npublic:\n  int size;\n};\n")
    let error = Self.importError([path])
    #expect(
      error?.description
        == "the headers are C++, not C (as C: \(path):1:1: unknown type name 'class'); only C headers can be imported")
  }

  @Test func libclangMissingListsEveryPlaceTried() {
    let tried = ["/nonexistent/usr/lib/libclang.so", "libclang-does-not-exist.so"]
    #expect(throws: HeaderImportError.libclangNotFound(tried: tried)) { try LibClang.load(from: tried) }
    #expect(
      HeaderImportError.libclangNotFound(tried: tried).description == """
        libclang was not found; tried, in order:
          /nonexistent/usr/lib/libclang.so
          libclang-does-not-exist.so
        Set CVALUEKIT_LIBCLANG to the path of libclang (a Swift toolchain has it in usr/lib), or install \
        libclang-dev (apt-get install libclang-dev).
        """)
  }

  @Test func aTargetWithoutAnABIIsRefused() throws {
    let catalog = TypeCatalog()
    do {
      try catalog.importHeaders(["struct s { int a; };\n"], arguments: ["-target", "mips-linux-gnu"])
      Issue.record("mips imported")
    } catch {
      #expect(
        error.description == """
          CValueKit has no ABI for the target mips-unknown-linux-gnu; it describes x86_64-linux-gnu, \
          x86_64-apple-macos, aarch64-linux-gnu, arm64-apple-macos, i386-linux-gnu, armv7-linux-gnueabihf, \
          riscv64-linux-gnu, x86_64-pc-windows-msvc, s390x-linux-gnu, thumbv7m-none-eabi, thumbv7em-none-eabihf, \
          riscv32-unknown-elf
          """)
    }
    #expect(catalog.record(named: "s") == nil)
  }

  /// The override carries clang's layout for the target it parsed for, and for no other ABI.
  @Test func overridesAreRegisteredForTheTarget() throws {
    let catalog = TypeCatalog()
    let text = "struct bits { unsigned char a : 2; unsigned int : 3; unsigned char b : 4; int : 0; char c; };\n"
    let imported = try catalog.importHeaders([text], arguments: ["-target", "armv7-linux-gnueabihf"])
    #expect(imported.origin.details["target"] == "armv7-unknown-linux-gnueabihf")
    #expect(imported.abi == .armv7Linux)
    let record = try #require(imported.record(named: "struct bits"))
    #expect(catalog.override(of: record.encoding, abi: .armv7Linux) == record.override)
    #expect(record.override != nil)
    #expect(catalog.override(of: record.encoding, abi: .x86_64Linux) == nil)
    let layout = try catalog.layout(of: "{bits}", abi: .armv7Linux)
    #expect(layout.size == record.size && layout.alignment == record.alignment)
  }

  /// A record whose encoding differs between targets (`long` is `q` on x86_64, `l` on i386) is refused by a
  /// catalog that holds the other target's, and the catalog stays as it was.
  @Test func oneCatalogHoldsOneTargetsRecords() throws {
    let catalog = TypeCatalog()
    let text = "struct span { long start; long end; };\n"
    try catalog.importHeaders([text], arguments: ["-target", "x86_64-linux-gnu"])
    do {
      try catalog.importHeaders([text], arguments: ["-target", "i386-linux-gnu"])
      Issue.record("i386's struct span replaced x86_64's")
    } catch {
      guard case .registration(.recordTaken("struct span", _, _)) = error else {
        Issue.record("\(error)")
        return
      }
    }
    #expect(try catalog.layout(of: "{span}").size == 16)
    #expect(try TypeCatalog().importHeaders([text], arguments: ["-target", "i386-linux-gnu"]).records[0].size == 8)
  }

  @Test func searchOrder() {
    #expect(LibClang.candidates(environment: ["CVALUEKIT_LIBCLANG": "/my/libclang.so"]) == ["/my/libclang.so"])
    let candidates = LibClang.candidates(environment: ["PATH": "/opt/swift/usr/bin:/usr/bin"])
    #expect(candidates.prefix(3) == ["/opt/swift/usr/lib/libclang.so", "libclang.so", "libclang-22.so"])
    #expect(candidates.last == "/usr/lib/llvm-11/lib/libclang.so")
    #expect(candidates.contains("/usr/lib/llvm-14/lib/libclang.so"))
  }

  /// Debian's libclang 14 (libclang1-14) has every function needed, and its resource directory is found.
  @Test(.needs(.libclang14))
  func debianLibclang14Loads() throws {
    let path = "/usr/lib/llvm-14/lib/libclang.so.1"
    let clang = try LibClang.load(from: [path])
    #expect(clang.version.contains("14."))
    #expect(clang.resourceDirectory == "/usr/lib/llvm-14/lib/clang/14.0.6")
  }
}
