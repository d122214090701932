import Foundation

/// `Fixtures/target/target_test.c` built with `cvalue_target.h` for the host (a program whose sink is stdout)
/// and for targets run under QEMU, each build once per test process; the log is what it printed.
public enum TargetFirmware: String, CaseIterable, Sendable {
  /// x86_64 with gcc, not position-independent: no QEMU.
  case host
  /// Cortex-M3 with arm-none-eabi-gcc, no C library, semihosting; qemu-system-arm -M mps2-an385.
  case armGCC
  /// Cortex-M4 (thumbv7em) compiled by the toolchain's clang, linked by arm-none-eabi-gcc; -M mps2-an386.
  case armClang
  /// RV32 (rv32imac, ilp32) with riscv64-unknown-elf-gcc, no C library, semihosting; qemu-system-riscv32 -M virt.
  case riscv

  /// The test source and the startup files: `Tests/CValueTargetLogTests/Fixtures/target`.
  public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../CValueTargetLogTests/Fixtures/target").standardized.path
  /// `cvalue_target.h` and `cvalue_target.c`.
  public static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../CShims/CValueC/target").standardized.path

  /// Where the builds and their logs are written, one folder per test process.
  static let directory: String = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cvalue-target-\(getpid())-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }()

  /// A build or a run that failed, with what the tool printed.
  public struct BuildFailed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The text report of every build's log (`TargetLog.report(as: .text)`, `cvalue log`).
  public static let expectedReport = """
    target_test.c:41: passed: reading values are equal
    target_test.c:42: failed: after calibration: reading values differ at 2 of 4 fields (.volts, .mode)
      .volts: 3.301 ≠ 3.3 (difference 0.0010001659393310547)
      .mode: MODE_FAULT ≠ MODE_RUN
      actual:   {.channel = 1, .raw = -5, .volts = 3.301, .mode = MODE_FAULT}
      expected: {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
    target_test.c:43: struct reading = {.channel = 1, .raw = -5, .volts = 3.3, .mode = MODE_RUN}
    target_test.c:45: failed: struct frame [2] values differ at [1].data[3]: 4 ≠ 5
      [1].data[3]: 4 ≠ 5
      actual:   {{.id = 1, .length = 2, .data = {1, 2, 0, 0}}, {.id = 2, .length = 4, .data = {1, 2, 3, 4}}}
      expected: {{.id = 1, .length = 2, .data = {1, 2, 0, 0}}, {.id = 2, .length = 4, .data = {1, 2, 3, 5}}}
    target_test.c:46: uint16_t[3] = {100, 200, 300}
    target_test.c:47: passed: word values are equal
    4 assertions, 2 failed; 2 values logged
    """

  /// A build's ELF and the log its run wrote.
  public struct Run: Sendable {
    /// The ELF's path.
    public var elf: String
    /// What the run printed: its records among its other output.
    public var log: [UInt8]
  }

  private static let cache = BuildCache<Result<Run, BuildFailed>>()

  /// The build with this stamp (fixed, so that two builds differ only where the test says), run.
  public func run(stamp: String = "fixture build 1") throws -> Run {
    let key = "\(rawValue)-\(stamp)"
    return try Self.cache.value(for: key) { Result { () throws(BuildFailed) in try build(stamp: stamp, name: key) } }
      .get()
  }

  private func build(stamp: String, name: String) throws(BuildFailed) -> Run {
    let directory = Self.directory
    let elf = "\(directory)/\(name).elf"
    let sources = ["target_test.c", "cvalue_target.c"].map {
      $0 == "cvalue_target.c" ? "\(Self.header)/\($0)" : "\(Self.fixtures)/\($0)"
    }
    // __FILE__ as the fixture's name alone, whatever the checkout's path.
    let common = [
      "-std=c99", "-g", "-O0", "-I", Self.header, "-fmacro-prefix-map=\(Self.fixtures)/=",
      "-DCV_TARGET_BUILD_STAMP=\"\(stamp)\"",
    ]
    let bare = ["-ffreestanding", "-nostdlib", "-Wl,--section-start=.vectors=0x0", "-Wl,--entry=reset_handler"]
    let startup = ["\(Self.fixtures)/arm_startup.c", "\(Self.fixtures)/semihost_sink.c"]
    switch self {
    case .host:
      try compile(
        "gcc", common + ["-fno-pie", "-no-pie"] + sources + ["\(Self.fixtures)/host_main.c", "-o", elf], elf)
      return Run(elf: elf, log: try output(elf, []))
    case .armGCC:
      try compile(
        "arm-none-eabi-gcc",
        common + ["-mcpu=cortex-m3", "-mthumb"] + bare + sources + startup + ["-lgcc", "-o", elf], elf)
      return Run(
        elf: elf,
        log: try output("qemu-system-arm", ["-M", "mps2-an385", "-nographic", "-semihosting", "-kernel", elf]))
    case .armClang:
      var objects: [String] = []
      for source in sources + startup {
        let object = "\(directory)/\(name)-\(URL(fileURLWithPath: source).lastPathComponent).o"
        try compile(
          "clang",
          common + ["--target=thumbv7em-none-eabi", "-mcpu=cortex-m4", "-ffreestanding", "-c", source, "-o", object],
          object)
        objects.append(object)
      }
      try compile("arm-none-eabi-gcc", ["-mcpu=cortex-m4", "-mthumb"] + bare + objects + ["-lgcc", "-o", elf], elf)
      return Run(
        elf: elf,
        log: try output("qemu-system-arm", ["-M", "mps2-an386", "-nographic", "-semihosting", "-kernel", elf]))
    case .riscv:
      try compile(
        "riscv64-unknown-elf-gcc",
        common + ["-march=rv32imac", "-mabi=ilp32", "-ffreestanding", "-nostdlib"]
          + ["-Wl,--section-start=.init=0x80000000", "-Wl,--entry=_start"] + sources
          + ["\(Self.fixtures)/riscv_startup.c", "\(Self.fixtures)/semihost_sink.c", "-lgcc", "-o", elf], elf)
      return Run(
        elf: elf,
        log: try output(
          "qemu-system-riscv32",
          [
            "-M", "virt", "-bios", "none", "-nographic", "-semihosting-config", "enable=on,target=native", "-kernel",
            elf,
          ]))
    }
  }

  private func compile(_ compiler: String, _ arguments: [String], _ output: String) throws(BuildFailed) {
    try Self.run(Self.tool(compiler), arguments, output: output)
  }

  /// What the program printed (stdout and stderr: QEMU's semihosting console is stderr), run for at most 10 s.
  private func output(_ program: String, _ arguments: [String]) throws(BuildFailed) -> [UInt8] {
    try Self.output(program, arguments)
  }

  /// `Fixtures/target/unity_target_test.c`, a Unity suite whose struct assertions are `cvalue_unity.h`'s, built
  /// for the Cortex-M3 with `-DCV_UNITY_TARGET`, Unity (Tests/C/vendor/unity) and no C library, run under QEMU:
  /// Unity's own output and the records, interleaved.
  public static func unityOnArm() throws(BuildFailed) -> Run {
    let root = URL(fileURLWithPath: header).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().path
    let unity = "\(root)/Tests/C/vendor/unity"
    let elf = "\(directory)/unity-on-arm.elf"
    try run(
      tool("arm-none-eabi-gcc"),
      [
        "-std=c99", "-g", "-O0", "-mcpu=cortex-m3", "-mthumb", "-ffreestanding", "-nostdlib",
        "-Wl,--section-start=.vectors=0x0", "-Wl,--entry=reset_handler", "-DCV_UNITY_TARGET",
        "-DUNITY_INCLUDE_CONFIG_H", "-DCV_TARGET_BUILD_STAMP=\"unity build\"", "-I", fixtures, "-I", header, "-I",
        unity, "-I", "\(root)/CShims/CValueC/glue", "-fmacro-prefix-map=\(fixtures)/=",
        "\(fixtures)/unity_target_test.c", "\(unity)/unity.c", "\(header)/cvalue_target.c",
        "\(fixtures)/arm_startup.c", "\(fixtures)/semihost_sink.c", "-lgcc", "-o", elf,
      ], output: elf)
    return Run(
      elf: elf, log: try output("qemu-system-arm", ["-M", "mps2-an385", "-nographic", "-semihosting", "-kernel", elf]))
  }

  /// `source` (C, with `cvalue_target.h` and a sink of its own) built for the host with `cvalue_target.c`,
  /// run: its ELF and what it printed.
  public static func host(source: String, name: String) throws(BuildFailed) -> Run {
    let file = "\(directory)/\(name).c"
    let elf = "\(directory)/\(name)"
    do {
      try source.write(toFile: file, atomically: true, encoding: .utf8)
    } catch {
      throw BuildFailed(description: "\(error)")
    }
    try run(
      tool("gcc"),
      ["-std=c99", "-g", "-fno-pie", "-no-pie", "-I", header, "-fmacro-prefix-map=\(directory)/=", file]
        + ["\(header)/cvalue_target.c", "-o", elf], output: elf)
    return Run(elf: elf, log: try output(elf, []))
  }

  private static func output(_ program: String, _ arguments: [String]) throws(BuildFailed) -> [UInt8] {
    let log = "\(directory)/\(URL(fileURLWithPath: program).lastPathComponent)-\(UUID().uuidString).out"
    try Self.run(Self.tool("timeout"), ["10", Self.tool(program)] + arguments, output: log)
    guard let data = FileManager.default.contents(atPath: log + ".log") else {
      throw BuildFailed(description: "\(program) wrote no output")
    }
    return Array(data)
  }

  /// A tool's path on `PATH`.
  static func tool(_ name: String) -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    } ?? name
  }

  /// Runs `program`, its stdout and stderr in `output.log`; a failure says what it printed.
  private static func run(_ program: String, _ arguments: [String], output: String) throws(BuildFailed) {
    let log = output + ".log"
    let pid: pid_t
    do throws(Subprocess.LaunchFailed) {
      pid = try Subprocess.spawn(
        program, arguments, environment: ProcessInfo.processInfo.environment, stdout: log, stderr: log)
    } catch {
      throw BuildFailed(description: "\(error)")
    }
    let status = Subprocess.waitForExit(pid)
    guard Subprocess.exitStatus(status) == 0, !Subprocess.exitedBySignal(status) else {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw BuildFailed(description: "\(program) \(arguments.joined(separator: " ")) failed: \(text)")
    }
  }
}
