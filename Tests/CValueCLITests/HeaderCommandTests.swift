import Foundation
import TestSupport
import Testing

/// `--header` on the four commands: types read from C headers by clang and named as C names them, and with
/// `--target` laid out for another machine.
@Suite("cvalue --header")
struct HeaderCommandTests {
  static let freestanding = Fixtures.url("headers/freestanding.h").path

  @Test("layout --header netinet/tcp.h tcphdr: a pahole of the header, C's own member names")
  func tcphdrTable() async throws {
    let run = try await CValue.run("layout", "--header", "netinet/tcp.h", "tcphdr")
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        tcphdr = {tcphdr}
        size 20, alignment 4, stride 20 (\(hostABI))

        offset     size  field      type
             0        2  .th_sport  S  unsigned short
             2        2  .th_dport  S  unsigned short
             4        4  .th_seq    I  unsigned int
             8        4  .th_ack    I  unsigned int
          12:0   4 bits  .th_x2     b96C4  unsigned char : 4
          12:4   4 bits  .th_off    b100C4  unsigned char : 4
            13        1  .th_flags  C  unsigned char
            14        2  .th_win    S  unsigned short
            16        2  .th_sum    S  unsigned short
            18        2  .th_urp    S  unsigned short
             0        2  .source    S  unsigned short
             2        2  .dest      S  unsigned short
             4        4  .seq       I  unsigned int
             8        4  .ack_seq   I  unsigned int
          12:0   4 bits  .res1      b96S4  unsigned short : 4
          12:4   4 bits  .doff      b100S4  unsigned short : 4
          13:0    1 bit  .fin       b104S1  unsigned short : 1
          13:1    1 bit  .syn       b105S1  unsigned short : 1
          13:2    1 bit  .rst       b106S1  unsigned short : 1
          13:3    1 bit  .psh       b107S1  unsigned short : 1
          13:4    1 bit  .ack       b108S1  unsigned short : 1
          13:5    1 bit  .urg       b109S1  unsigned short : 1
          13:6   2 bits  .res2      b110S2  unsigned short : 2
            14        2  .window    S  unsigned short
            16        2  .check     S  unsigned short
            18        2  .urg_ptr   S  unsigned short

        """)
  }

  @Test("a struct holding a 100-million-element array: the import and the table cost what its declaration costs")
  func hugeArrayMember() async throws {
    let run = try await CValue.run(
      "layout", "--header", "struct big { char x[100000000]; double d; };\n", "struct big")
    #expect(run.exited(0), "\(run)")
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        struct big = {big}
        size 100000008, alignment 8, stride 100000008 (\(hostABI))

        offset     size  field             type
             0  100000000  .x[0...99999999]  c  char × 100000000
        100000000        8  .d                d  double

        """)
  }

  @Test("a flexible array member is a row of no bytes, .name[], and a field with \"flexibleArray\" in --json")
  func flexibleArrayMember() async throws {
    let run = try await CValue.run("layout", "--header", "sys/inotify.h", "inotify_event")
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        inotify_event = {inotify_event}
        size 16, alignment 4, stride 16 (\(hostABI))

        offset     size  field      type
             0        4  .wd        i  int
             4        4  .mask      I  unsigned int
             8        4  .cookie    I  unsigned int
            12        4  .len       I  unsigned int
            16        0  .name[]    [0c]  flexible array of char

        """)
    let json = try await CValue.run("layout", "--header", "sys/inotify.h", "inotify_event", "--json")
    #expect(
      json.stdout.hasSuffix(
        #"{"path":".name","offset":16,"size":0,"encoding":"[0c]","flexibleArray":{"element":"c"}}],"padding":[]}"#
          + "\n"))
  }

  @Test("struct tcphdr, union sigval and the typedef siginfo_t are named as C names them")
  func cNames() async throws {
    let tagged = try await CValue.run("layout", "--header", "netinet/tcp.h", "struct tcphdr", "--json")
    let bare = try await CValue.run("layout", "--header", "netinet/tcp.h", "tcphdr", "--json")
    #expect(tagged.exited(0) && tagged.stdout == bare.stdout, "\(tagged)")
    let sigval = try await CValue.run("layout", "--header", "signal.h", "union sigval", "--json")
    let union = try LayoutReport.decode(sigval.stdout)
    #expect(union.encoding == "(sigval)")
    #expect(union.fields.map(\.path) == [".sival_int", ".sival_ptr"])
    let siginfo = try LayoutReport.decode(
      try await CValue.run("layout", "--header", "signal.h", "siginfo_t", "--json").stdout)
    #expect(siginfo.size == 128)
    #expect(siginfo.fields.first { $0.path == "._sifields._kill.si_pid" }?.offset == 16)
    let in6 = try LayoutReport.decode(
      try await CValue.run("layout", "--header", "netinet/in.h", "sockaddr_in6", "--json").stdout)
    #expect(in6.fields.first { $0.path == ".sin6_addr.__in6_u.__u6_addr8[15]" }?.offset == 23)
  }

  @Test("--json: a record's alignment is clang's (compiler); a typedef of a scalar's is natural")
  func alignmentSource() async throws {
    let record = try await CValue.run("layout", "--header", "netinet/in.h", "struct in_addr", "--json")
    let scalar = try await CValue.run("layout", "--header", "netinet/in.h", "in_addr_t", "--json")
    #expect(record.exited(0) && scalar.exited(0), "\(record)\(scalar)")
    #expect(
      record.stdout + scalar.stdout == """
        {"encoding":"{in_addr}","size":4,"alignment":4,"alignmentSource":"compiler","stride":4,"fields":[
        {"path":".s_addr","offset":0,"size":4,"encoding":"I"}],"padding":[]}
        {"encoding":"I","size":4,"alignment":4,"alignmentSource":"natural","stride":4,"fields":[
        {"path":"","offset":0,"size":4,"encoding":"I"}],"padding":[]}

        """)
  }

  @Test("--target armv7-linux-gnueabihf: clang's layout for that machine, which is not the host's")
  func armv7Layout() async throws {
    let host = try await CValue.run("layout", "--header", Self.freestanding, "fs_scalars")
    let arm = try await CValue.run(
      "layout", "--header", Self.freestanding, "fs_scalars", "--target", "armv7-linux-gnueabihf")
    #expect(arm.exited(0), "\(arm)")
    #expect(
      arm.stdout == """
        fs_scalars = {fs_scalars}
        size 72, alignment 8, stride 72 (armv7-linux)

        offset     size  field      type
             0        1  .c         C  unsigned char
             1        3  (padding)  hole of 3 bytes
             4        4  .l         l  int32_t
             8        1  .c2        C  unsigned char
             9        7  (padding)  hole of 7 bytes
            16        8  .q         q  long long
            24        1  .c3        C  unsigned char
            25        7  (padding)  hole of 7 bytes
            32        8  .d         d  double
            40        1  .c4        C  unsigned char
            41        7  (padding)  hole of 7 bytes
            48        8  .ld        D  long double
            56        1  .c5        C  unsigned char
            57        3  (padding)  hole of 3 bytes
            60        4  .p         ^v  void *
            64        1  .c6        C  unsigned char
            65        3  (padding)  hole of 3 bytes
            68        4  .f         f  float

        """)
    #expect(host.stdout.hasPrefix("fs_scalars = {fs_scalars}\nsize 112, alignment 16, stride 112 (\(hostABI))\n"))
  }

  /// glibc for armv7 comes from Debian's libc6-dev-armhf-cross (.ci/run installs it), found without --sysroot.
  @Test("--target armv7-linux-gnueabihf reads that machine's glibc: timespec is 8 bytes, not 16", .needs(.crossGlibc))
  func armv7Glibc() async throws {
    let run = try await CValue.run(
      "layout", "--header", "time.h", "struct timespec", "--target", "armv7-linux-gnueabihf")
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        struct timespec = {timespec}
        size 8, alignment 4, stride 8 (armv7-linux)

        offset     size  field      type
             0        4  .tv_sec    l  int32_t
             4        4  .tv_nsec   l  int32_t

        """)
    let i386 = try await CValue.run(
      "layout", "--header", "time.h", "timespec", "--target", "i386-linux-gnu", "--sysroot", "/usr/i686-linux-gnu",
      "--json")
    #expect(try LayoutReport.decode(i386.stdout).size == 8, "\(i386)")
    let host = try await CValue.run("layout", "--header", "time.h", "timespec", "--json")
    #expect(try LayoutReport.decode(host.stdout).size == 16, "\(host)")
  }

  @Test("--target x86_64-pc-windows-msvc: MSVC's bitfields, carried by the override clang's layout makes")
  func msvcBitfields() async throws {
    let run = try await CValue.run(
      "layout", "--header", Self.freestanding, "struct fs_mixed_bits", "--target", "x86_64-pc-windows-msvc")
    #expect(run.exited(0), "\(run)")
    #expect(
      run.stdout == """
        struct fs_mixed_bits = {fs_mixed_bits}
        size 32, alignment 8, stride 32 (x86_64-windows)

        offset     size  field      type
             0        1  .tag       c  char
             1        3  (padding)  hole of 3 bytes
           4:0   3 bits  .low       b32I3  unsigned int : 3
             5        3  (padding)  hole of 3 bytes
           8:0   5 bits  .middle    b64S5  unsigned short : 5
             9        1  (padding)  hole of 1 byte
          10:0   4 bits  .high      b80C4  unsigned char : 4
            11        1  (padding)  hole of 1 byte
          12:0  20 bits  .wide      b96i20  int : 20
            15        1  (padding)  hole of 1 byte
          16:0  33 bits  .huge      b128Q33  unsigned long long : 33
            21        3  (padding)  hole of 3 bytes
            24        1  .after     c  char
            25        7  (padding)  hole of 7 bytes

        """)
  }

  @Test("encode, describe and compare read the header's type")
  func valueCommands() async throws {
    let header = ["--header", Self.freestanding]
    let encoded = try await CValue.run(["encode"] + header + ["fs_tagged_typedef_t", "{.s = -1, .u = 33, .rest = 7}"])
    #expect(encoded.stdout == "8700000007000000\n", "\(encoded)")
    let described = try await CValue.run(["describe"] + header + ["fs_tagged_typedef_t", "8700000007000000"])
    #expect(described.stdout == "{.s = -1, .u = 33, .rest = 7}\n", "\(described)")
    let compared = try await CValue.run(
      ["compare"] + header + ["fs_tagged_typedef_t", "8700000007000000", "0700000007000000"])
    #expect(compared.exited(1), "\(compared)")
    // Named by the typedef the command was given.
    #expect(
      compared.stdout == """
        fs_tagged_typedef_t values differ at 1 of 3 fields:
          .u: 33 ≠ 1
          actual:   {.s = -1, .u = 33, .rest = 7}
          expected: {.s = -1, .u = 1, .rest = 7}

        """)
  }

  @Test("--target i386-linux-gnu: the bytes are read with that machine's layout")
  func i386Values() async throws {
    let arguments = ["--header", Self.freestanding, "fs_scalars", "--target", "i386-linux-gnu"]
    let encoded = try await CValue.run(["encode"] + arguments + ["{.l = -2, .p = 0x1000, .f = 1.5}"])
    #expect(encoded.exited(0), "\(encoded)")
    #expect(encoded.stdout.count == 64 * 2 + 1)
    #expect(encoded.stdout.hasPrefix("00000000feffffff"))
    let described = try await CValue.run(["describe"] + arguments + [String(encoded.stdout.dropLast())])
    #expect(
      described.stdout == """
        {.c = 0, .l = -2, .c2 = 0, .q = 0, .c3 = 0, .d = 0, .c4 = 0, .ld = 0, .c5 = 0, .p = 0x1000, .c6 = 0, .f = 1.5}

        """, "\(described)")
  }

  @Test("a header that is not there, clang's errors, an unknown name, no libclang, bad --target: status 2")
  func badInput() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-cli-headers-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.h").path
    try "struct s {\n  int a;\n  mystery_t b;\n};\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let cases: [BadInputCase] = [
      BadInputCase(
        ["layout", "--header", "netinet/no_such.h", "tcphdr"],
        "the header \"netinet/no_such.h\" was not found; pass its directory with -I, or give its path\n"),
      BadInputCase(
        ["layout", "--header", bad, "s"],
        "clang could not parse the headers: \(bad):3:3: unknown type name 'mystery_t'\n"),
      BadInputCase(
        ["describe", "--header", "netinet/tcp.h", "tcphrd", "00"],
        "no struct, union or typedef named \"tcphrd\" in the headers; close names: struct tcphdr\n"),
      BadInputCase(
        ["layout", "--header", "netinet/tcp.h", "no_such_type"],
        "no struct, union or typedef named \"no_such_type\" in the headers\n"),
      BadInputCase(
        [
          "layout", "--header", Self.freestanding, "fs_scalars", "--target", "armv7-linux-gnueabihf", "--abi",
          "x86_64-linux",
        ],
        "--target armv7-linux-gnueabihf is the ABI armv7-linux, but --abi says x86_64-linux\n"),
      BadInputCase(
        ["encode", "--header", Self.freestanding, "fs_scalars", "--target", "mips-linux-gnu", "{}"],
        """
        unknown target "mips-linux-gnu": CValueKit describes no ABI for it; use one of x86_64-linux-gnu \
        (x86_64-linux), x86_64-apple-macos (x86_64-darwin), aarch64-linux-gnu (arm64-linux), arm64-apple-macos \
        (arm64-darwin), i386-linux-gnu (i386-linux), armv7-linux-gnueabihf (armv7-linux), riscv64-linux-gnu \
        (riscv64-linux), x86_64-pc-windows-msvc (x86_64-windows), s390x-linux-gnu (s390x-linux), thumbv7m-none-eabi \
        (arm-eabi), thumbv7em-none-eabihf (arm-eabihf), riscv32-unknown-elf (riscv32-elf)

        """),
      BadInputCase(
        ["layout", "-I", "/tmp", "rect"], "-I, -D, --sysroot and --clang-arg apply to --header, which is missing\n"),
    ]
    for item in cases { try await item.check() }

    let missing = try await CValue.run(
      ["layout", "--header", "netinet/tcp.h", "tcphdr"], environment: ["CVALUEKIT_LIBCLANG": "/no/libclang.so"])
    #expect(missing.exited(2), "\(missing)")
    #expect(
      missing.stderr == """
        libclang was not found; tried, in order:
          /no/libclang.so
        Set CVALUEKIT_LIBCLANG to the path of libclang (a Swift toolchain has it in usr/lib), or install \
        libclang-dev (apt-get install libclang-dev).

        """)
  }

  @Test("a libclang without a function the import calls is too old, named with the missing function")
  func libclangTooOld() async throws {
    // A stand-in library with only the first function cvi_clang_load looks up, as an old libclang would lack
    // a later one; built with the same clang that runs the tests.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-old-libclang-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("old.c")
    let library = directory.appendingPathComponent("libclang.so").path
    try "void *clang_createIndex(int a, int b) { return 0; }\n".write(to: source, atomically: true, encoding: .utf8)
    let log = directory.appendingPathComponent("clang.log").path
    let clang = try Subprocess.spawn(
      "/usr/bin/env", ["clang", "-shared", "-fPIC", "-o", library, source.path],
      environment: ProcessInfo.processInfo.environment, stdout: log, stderr: log)
    try #require(
      Subprocess.exitStatus(Subprocess.waitForExit(clang)) == 0,
      "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    let old = try await CValue.run(
      ["layout", "--header", "netinet/tcp.h", "tcphdr"], environment: ["CVALUEKIT_LIBCLANG": library])
    #expect(old.exited(2), "\(old)")
    #expect(
      old.stderr == """
        the libclang at \(library) has no clang_disposeIndex: CValueHeaders needs libclang 11 or later; set \
        CVALUEKIT_LIBCLANG to a newer one (a Swift toolchain has it in usr/lib)

        """)
  }

  @Test("--catalog reads what cvalue import wrote, with no libclang: the same layout as --header")
  func catalogFile() async throws {
    let catalog = Fixtures.url("headers/tcp-ip.catalog.json").path
    let fromHeader = try await CValue.run(["layout", "--header", "netinet/tcp.h", "tcphdr", "--json"])
    for name in ["tcphdr", "struct tcphdr"] {
      let fromCatalog = try await CValue.run(
        ["layout", "--catalog", catalog, name, "--json"], environment: ["CVALUEKIT_LIBCLANG": "/no/libclang.so"])
      #expect(fromCatalog.exited(0), "\(fromCatalog)")
      // The same fields, offsets and padding; the encoding is the definition in full, not {tcphdr}.
      #expect(
        fromCatalog.stdout.split(separator: "\n").dropFirst() == fromHeader.stdout.split(separator: "\n").dropFirst())
    }
    let otherABI = try await CValue.run(["layout", "--catalog", catalog, "tcphdr", "--abi", "armv7-linux"])
    #expect(otherABI.exited(2), "\(otherABI)")
    #expect(
      otherABI.stderr == """
        the catalog file \(catalog) describes x86_64-linux, not armv7-linux; pass --abi x86_64-linux or the \
        --target it was imported for

        """)
    let missing = try await CValue.run(["layout", "--catalog", "/no/such.catalog.json", "tcphdr"])
    #expect(missing.exited(2), "\(missing)")
    #expect(missing.stderr == "/no/such.catalog.json: cannot read the catalog file: No such file or directory\n")
  }

  @Test("-I and -D reach clang")
  func includeAndDefine() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cvalue-cli-include-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "struct sized { char name[NAME_SIZE]; };\n".write(
      to: directory.appendingPathComponent("sized.h"), atomically: true, encoding: .utf8)
    let run = try await CValue.run(
      "layout", "--header", "sized.h", "-I", directory.path, "-DNAME_SIZE=12", "sized", "--json")
    #expect(run.exited(0), "\(run)")
    #expect(try LayoutReport.decode(run.stdout).size == 12)
  }
}
