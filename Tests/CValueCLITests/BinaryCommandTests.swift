import Foundation
import TestSupport
import Testing

/// `--binary`: types read from the DWARF of an object clang builds during the test run, by their C names.
@Suite struct BinaryCommandTests {
  static let source = """
    enum color { RED, GREEN = 5, BLUE };
    struct __attribute__((packed)) sample {
      char tag;
      unsigned flags : 12;
      enum color color;
      union { int i; float f; };
    };
    struct sample global;
    struct __attribute__((aligned(16))) wide { int x; } wide_global;
    struct plain { int a; char b; } plain_global;

    """

  /// The object built once per process: `sample.o` with DWARF 5.
  static let object = build(source, file: "sample.c", compiler: "clang", flags: ["-gdwarf-5", "-c"])

  /// `source` written to `file` in a directory of its own and compiled with `-g` and `flags`: the output's path.
  static func build(_ source: String, file: String, compiler: String, flags: [String])
    -> Result<String, BinaryBuildFailed>
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-binary-\(UUID())").path
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try source.write(toFile: "\(directory)/\(file)", atomically: true, encoding: .utf8)
    } catch {
      return .failure(BinaryBuildFailed(description: "\(error)"))
    }
    let tool =
      (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(compiler)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) } ?? compiler
    let output = "\(directory)/" + file.split(separator: ".")[0] + (flags.contains("-c") ? ".o" : "")
    do {
      let pid = try Subprocess.spawn(
        tool, ["-g"] + flags + ["-o", output, "\(directory)/\(file)"],
        environment: ProcessInfo.processInfo.environment, stdout: "/dev/null", stderr: "/dev/null")
      guard Subprocess.exitStatus(Subprocess.waitForExit(pid)) == 0 else {
        return .failure(BinaryBuildFailed(description: "\(compiler) failed on \(file)"))
      }
    } catch {
      return .failure(BinaryBuildFailed(description: "\(error)"))
    }
    return .success(output)
  }

  @Test func layoutOfAPackedRecordFromDebugInfo() async throws {
    let object = try Self.object.get()
    let run = try await CValue.run(["layout", "--binary", object, "struct sample"])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        struct sample = {sample}
        size 11, alignment 1, stride 11 (x86_64-linux)

        offset     size  field      type
             0        1  .tag       c  char
           1:0  12 bits  .flags     b8I12  unsigned int : 12
             3        4  .color     I  enum color
             7        4  .i         i  int
             7        4  .f         f  float

        alignment 1 (inferred from the offsets and size: DWARF does not say packed)

        """)
  }

  /// An enumeration is named by its tag, as C names it, for its integer at the compiler's size, and its
  /// layout row says the enum.
  @Test func layoutOfAnEnumerationByItsTag() async throws {
    let object = try Self.object.get()
    let run = try await CValue.run(["layout", "--binary", object, "enum color"])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        enum color = I
        size 4, alignment 4, stride 4 (x86_64-linux)

        offset     size  field      type
             0        4  (value)    I  enum color

        """)
    let missing = try await CValue.run(["layout", "--binary", object, "enum colour"])
    #expect(missing.exited(2))
    #expect(
      missing.stderr
        == "\(object) has debug info, but no type named enum colour (the nearest names it has: enum color)\n")
  }

  /// The last line of the table says how the alignment was known; the packed `sample` above: inferred.
  @Test func layoutSaysHowTheAlignmentWasKnown() async throws {
    let object = try Self.object.get()
    var lines: [String] = []
    for type in ["struct wide", "plain"] {
      let run = try await CValue.run(["layout", "--binary", object, type])
      #expect(run.exited(0), "\(run)")
      lines.append(run.stdout.split(separator: "\n").last.map(String.init) ?? "")
    }
    #expect(
      lines == [
        "alignment 16 (DW_AT_alignment)", "alignment 4 (natural: every member at a multiple of its own alignment)",
      ])
  }

  /// The JSON carries the same: `alignmentSource` in the words of catalog files.
  @Test func layoutJSONSaysHowTheAlignmentWasKnown() async throws {
    let object = try Self.object.get()
    var output = ""
    for type in ["struct sample", "struct wide", "plain"] {
      let run = try await CValue.run(["layout", "--binary", object, type, "--json"])
      #expect(run.exited(0), "\(run)")
      output += run.stdout
    }
    #expect(
      output == """
        {"encoding":"{sample}","size":11,"alignment":1,"alignmentSource":"inferred","stride":11,"fields":[
        {"path":".tag","offset":0,"size":1,"encoding":"c"},
        {"path":".flags","offset":1,"size":2,"encoding":"b8I12","bitOffset":8,"bitWidth":12},
        {"path":".color","offset":3,"size":4,"encoding":"I"},
        {"path":".i","offset":7,"size":4,"encoding":"i"},
        {"path":".f","offset":7,"size":4,"encoding":"f"}],"padding":[]}
        {"encoding":"{wide}","size":16,"alignment":16,"alignmentSource":"attribute","stride":16,"fields":[
        {"path":".x","offset":0,"size":4,"encoding":"i"}],"padding":[{"offset":4,"size":12}]}
        {"encoding":"{plain}","size":8,"alignment":4,"alignmentSource":"natural","stride":8,"fields":[
        {"path":".a","offset":0,"size":4,"encoding":"i"},
        {"path":".b","offset":4,"size":1,"encoding":"c"}],"padding":[{"offset":5,"size":3}]}

        """)
    let catalog = URL(fileURLWithPath: object).deletingLastPathComponent().appendingPathComponent("wide.json").path
    let written = try await CValue.run(["import", "--binary", object, "struct wide", "--output", catalog])
    #expect(written.exited(0), "\(written)")
    let fromCatalog = try await CValue.run(["layout", "--catalog", catalog, "wide", "--json"])
    #expect(
      fromCatalog.stdout.split(separator: "\n").first
        == #"{"encoding":"{wide=\"x\"i}","size":16,"alignment":16,"alignmentSource":"attribute","stride":16,"fields":["#
    )
  }

  @Test func describeNamesEnumConstantsFromDebugInfo() async throws {
    let object = try Self.object.get()
    let run = try await CValue.run(["describe", "--binary", object, "sample", "00 05 00 05 00 00 00 00 00 00 00"])
    #expect(run.exited(0), "\(run)")
    #expect(run.stdout == "{.tag = 0, .flags = 5, .color = GREEN, {.i = 0, .f = 0}}\n")
  }

  @Test func importWritesACatalogFileThatLaysOutWithoutTheBinary() async throws {
    let object = try Self.object.get()
    let catalog = URL(fileURLWithPath: object).deletingLastPathComponent().appendingPathComponent("sample.json").path
    let written = try await CValue.run(["import", "--binary", object, "sample", "--output", catalog])
    #expect(written.exited(0), "\(written)")
    #expect(written.stdout == "")
    let run = try await CValue.run(["layout", "--catalog", catalog, "struct sample"])
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout.split(separator: "\n").prefix(2) == [
        #"struct sample = {sample="tag"c"flags"b8I12"color"I(?="i"i"f"f)}"#,
        "size 11, alignment 1, stride 11 (x86_64-linux)",
      ])
    let missing = try await CValue.run(["import", "--binary", "/nonexistent/app"])
    #expect(missing.exited(2), "\(missing)")
    #expect(missing.stderr == "/nonexistent/app: no such file, or it cannot be read\n")
  }

  /// A typedef of void (glibc's `_IO_lock_t`) or of a function type is defined, not only declared: it is
  /// said to be what it is, at the binary door and the header door alike.
  @Test func aTypedefOfVoidSaysWhatItIs() async throws {
    let source = """
      typedef void lock_t;
      typedef int handler_t(int);
      struct opaque;
      typedef struct opaque opaque_t;
      lock_t *lock_pointer;
      handler_t *handler_pointer;
      opaque_t *opaque_pointer;

      """
    let object = try Self.build(source, file: "voids.c", compiler: "gcc", flags: ["-c"]).get()
    var errors: [String] = []
    for type in ["lock_t", "handler_t", "opaque_t"] {
      let run = try await CValue.run(["layout", "--binary", object, type])
      #expect(run.exited(2), "\(run)")
      errors.append(run.stderr.replacingOccurrences(of: object, with: "voids.o"))
    }
    #expect(
      errors == [
        "lock_t in voids.o is a typedef of void, which has no layout or values: there is nothing to lay out, "
          + "describe or compare\n",
        "handler_t in voids.o is a typedef of a function type, which has no layout or values: there is nothing "
          + "to lay out, describe or compare\n",
        "voids.o only declares opaque_t: no unit that defines it has debug info\n",
      ])
    let header = URL(fileURLWithPath: object).deletingLastPathComponent().appendingPathComponent("voids.h").path
    try source.write(toFile: header, atomically: true, encoding: .utf8)
    let fromHeader = try await CValue.run(["layout", "--header", header, "lock_t"])
    #expect(fromHeader.exited(2), "\(fromHeader)")
    #expect(
      fromHeader.stderr
        == "lock_t is a typedef of void, which has no layout or values: there is nothing to lay out, describe or "
        + "compare\n")
  }

  /// A name with a generic lambda in it (libstdc++'s `_M_reset()::<lambda(auto:15&&)>`) is found by the
  /// spelling the debug info gives it, and a name that is not there is said to be missing, never an
  /// encoding's syntax error ("unknown type code 'h' at offset 0" before).
  @Test func aNameWithALambdaIsFoundAsTheDebugInfoSpellsIt() async throws {
    let source = """
      template <class F> struct holder { F *f; int n; };
      inline auto make() { return [](auto &&x) { return x; }; }
      holder<decltype(make())> h;

      """
    let object = try Self.build(source, file: "lambda.cpp", compiler: "g++", flags: ["-c"]).get()
    let found = try await CValue.run(["layout", "--binary", object, "holder<make()::<lambda(auto:1&&)> >"])
    #expect(found.exited(0), "\(found)")
    #expect(
      found.stdout.split(separator: "\n").prefix(6) == [
        "holder<make()::<lambda(auto:1&&)> > = {holder<make()::<lambda(auto:1&&)>>}",
        "size 16, alignment 8, stride 16 (x86_64-linux)", "offset     size  field      type",
        "     0        8  .f         ^{?}  struct {…} *", "     8        4  .n         i  int",
        "    12        4  (padding)  hole of 4 bytes",
      ])
    var missing: [String] = []
    for name in ["holder<make()::<lambda(auto:2&&)> >", "std::x::<lambda()>", "struct geo::<lambda(auto:1&&)>"] {
      let run = try await CValue.run(["layout", "--binary", object, name])
      #expect(run.exited(2), "\(run)")
      missing.append(run.stderr.replacingOccurrences(of: object, with: "lambda.o"))
    }
    #expect(
      missing == [
        "lambda.o has debug info, but no type named holder<make()::<lambda(auto:2&&)>> (the nearest names it has: "
          + "struct holder<make()::<lambda(auto:1&&)>>)\n",
        "lambda.o has debug info, but no type named std::x::<lambda()>\n",
        "lambda.o has debug info, but no type named struct geo::<lambda(auto:1&&)>\n",
      ])
  }

  @Test func badBinariesExitWithStatus2() async throws {
    let missing = try await CValue.run(["layout", "--binary", "/nonexistent/app", "sample"])
    #expect(missing.exited(2), "\(missing)")
    #expect(missing.stderr == "/nonexistent/app: no such file, or it cannot be read\n")
    let object = try Self.object.get()
    let unknown = try await CValue.run(["layout", "--binary", object, "struct nowhere"])
    #expect(unknown.exited(2), "\(unknown)")
    #expect(unknown.stderr == "\(object) has debug info, but no type named struct nowhere\n")
  }
}

struct BinaryBuildFailed: Error, CustomStringConvertible {
  var description: String
}
