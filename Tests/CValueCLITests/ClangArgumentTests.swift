import Foundation
import TestSupport
import Testing

/// Any clang argument reaches clang (`--clang-arg`, or after `--` for `import`), and changes the layout as it
/// changes clang's own `sizeof`: each size below is also checked by compiling `_Static_assert`s with clang.
@Suite("cvalue: clang arguments pass through")
struct ClangArgumentTests {
  static let header = """
    enum e { A, B };
    struct s { enum e k; char c; };
    struct t { char c; long l; };

    """

  struct Case: Sendable, CustomStringConvertible {
    /// The arguments after `cvalue import <header>`.
    var arguments: [String]
    /// What clang is given for the same layout.
    var clangArguments: [String]
    var abi: String
    var sizeOfS: Int
    var sizeOfT: Int
    var description: String { arguments.joined(separator: " ") }
  }

  // Every case names the target, so that the sizes do not depend on the machine the tests run on.
  static let cases: [Case] = [
    Case(arguments: [], clangArguments: [], abi: "x86_64-linux", sizeOfS: 8, sizeOfT: 16),
    Case(
      arguments: ["--clang-arg", "-fshort-enums"], clangArguments: ["-fshort-enums"], abi: "x86_64-linux",
      sizeOfS: 2, sizeOfT: 16),
    Case(arguments: ["--", "-m32"], clangArguments: ["-m32"], abi: "i386-linux", sizeOfS: 8, sizeOfT: 8),
    Case(
      arguments: ["--clang-arg=-fshort-enums", "--", "-m32"], clangArguments: ["-fshort-enums", "-m32"],
      abi: "i386-linux", sizeOfS: 2, sizeOfT: 8),
    Case(
      arguments: ["--clang-arg", "-fpack-struct=1"], clangArguments: ["-fpack-struct=1"], abi: "x86_64-linux",
      sizeOfS: 5, sizeOfT: 9),
  ]

  @Test("import: the catalog's sizes are clang's for the same arguments", arguments: cases)
  func importPassesArguments(_ expected: Case) async throws {
    let directory = try ImportCommandTests.headerDirectory(Self.header)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = directory.appendingPathComponent("mine.h").path
    let run = try await CValue.run(["import", header, "--target", "x86_64-linux-gnu"] + expected.arguments)
    let clangArguments = ["-target", "x86_64-linux-gnu"] + expected.clangArguments
    #expect(run.exited(0) && run.stderr == "", "\(run)")
    let catalog = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    #expect(catalog["abi"] as? String == expected.abi)
    let records = catalog["records"] as? [[String: Any]] ?? []
    let sizes = Dictionary(
      records.compactMap { record in (record["name"] as? String).map { ($0, record["size"] as? Int ?? -1) } },
      uniquingKeysWith: { a, _ in a })
    #expect(sizes == ["struct s": expected.sizeOfS, "struct t": expected.sizeOfT])
    #expect(catalog["arguments"] as? [String] == clangArguments)
    try Self.clangAgrees(
      header: header, arguments: clangArguments,
      sizes: ["struct s": expected.sizeOfS, "struct t": expected.sizeOfT])
  }

  @Test("--header: --clang-arg reaches clang, and a target it changes must be the ABI laid out for")
  func headerPassesArguments() async throws {
    let directory = try ImportCommandTests.headerDirectory(Self.header)
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = directory.appendingPathComponent("mine.h").path
    let short = try await CValue.run(
      "layout", "--header", header, "--target", "x86_64-linux-gnu", "--clang-arg", "-fshort-enums", "struct s")
    #expect(short.exited(0), "\(short)")
    #expect(short.stdout.contains("size 2, alignment 1, stride 2 (x86_64-linux)\n"), "\(short)")

    let mismatched = try await CValue.run(
      "layout", "--header", header, "--target", "x86_64-linux-gnu", "--clang-arg", "-m32", "struct t")
    #expect(mismatched.exited(2), "\(mismatched)")
    #expect(mismatched.stdout == "")
    #expect(
      mismatched.stderr == """
        clang read the headers for i386-linux (i386-unknown-linux-gnu), but the value is laid out for \
        x86_64-linux; pass --abi i386-linux, or name the machine with --target

        """)
  }

  @Test("-IDIR with an h in its path is a directory, not a cluster holding -h; --clang-arg -D is not split")
  func joinedIncludeAndMacro() async throws {
    let directory = try ImportCommandTests.headerDirectory("")
    defer { try? FileManager.default.removeItem(at: directory) }
    let headers = directory.appendingPathComponent("h")
    try FileManager.default.createDirectory(at: headers, withIntermediateDirectories: true)
    try "struct q { int a[N]; };\n".write(
      to: headers.appendingPathComponent("q.h"), atomically: true, encoding: .utf8)
    let joined = try await CValue.run("layout", "--header", "q.h", "-I\(headers.path)", "-DN=2", "struct q")
    #expect(joined.exited(0), "\(joined)")
    #expect(joined.stdout.hasPrefix("struct q = {q}\nsize 8, alignment 4, stride 8"), "\(joined)")
    let passed = try await CValue.run(
      "layout", "--header", "q.h", "--clang-arg", "-I\(headers.path)", "--clang-arg", "-DN=3", "struct q")
    #expect(passed.exited(0), "\(passed)")
    #expect(passed.stdout.hasPrefix("struct q = {q}\nsize 12, alignment 4, stride 12"), "\(passed)")
  }

  @Test("import refuses clang's own option given as its own, and writes nothing")
  func importRefusesAnUnknownOption() async throws {
    let directory = try ImportCommandTests.headerDirectory(Self.header)
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("x.json").path
    let run = try await CValue.run("import", "x.h", "-fshort-enums", "--output", output)
    #expect(run.exited(2), "\(run)")
    #expect(run.stdout == "")
    #expect(
      run.stderr == """
        Error: Unknown option '-fshort-enums'; pass clang's own arguments with --clang-arg, or after --
        Usage: cvalue import [<header> ...] [--binary <file>] [-I <dir> ...] [-D <name[=value]> ...] \
        [--target <triple>] [--sysroot <dir>] [--clang-arg <argument> ...] [--output <path>]
          See 'cvalue import --help' for more information.

        """)
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// clang compiles `_Static_assert`s of the sizes with the same arguments.
  static func clangAgrees(header: String, arguments: [String], sizes: [String: Int]) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-sizes-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let asserts = sizes.sorted { $0.key < $1.key }.map { name, size in
      "_Static_assert(sizeof(\(name)) == \(size), \"sizeof(\(name)) is not \(size)\");"
    }
    let file = directory.appendingPathComponent("sizes.c").path
    try (["#include \"\(header)\""] + asserts).joined(separator: "\n").appending("\n")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let clang = try #require(
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/clang" }
        .first { FileManager.default.isExecutableFile(atPath: $0) }, "clang is not on PATH")
    let errors = directory.appendingPathComponent("stderr").path
    let pid = try Subprocess.spawn(
      clang, arguments + ["-x", "c", "-fsyntax-only", file], environment: ProcessInfo.processInfo.environment,
      stdout: "/dev/null", stderr: errors)
    let status = Subprocess.waitForExit(pid)
    let messages = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(
      !Subprocess.exitedBySignal(status) && Subprocess.exitStatus(status) == 0,
      "clang \(arguments) disagrees: \(messages.prefix(2000))")
  }
}
