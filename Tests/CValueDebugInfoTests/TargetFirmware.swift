import Foundation
import Synchronization
import TestSupport

/// `Fixtures/target/target_test.c` built with `cvalue_target.h` for the host (a program whose sink is stdout)
/// and for targets run under QEMU, each build once per test process; the log is what it printed.
enum TargetFirmware: String, CaseIterable, Sendable {
  /// x86_64 with gcc, not position-independent: no QEMU.
  case host
  /// Cortex-M3 with arm-none-eabi-gcc, no C library, semihosting; qemu-system-arm -M mps2-an385.
  case armGCC
  /// Cortex-M4 (thumbv7em) compiled by the toolchain's clang, linked by arm-none-eabi-gcc; -M mps2-an386.
  case armClang

  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/target").path
  static let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../CShims/CValueC/target").standardized.path

  /// A build's ELF and the log its run wrote.
  struct Run: Sendable {
    var elf: String
    var log: [UInt8]
  }

  private static let cache = Mutex<[String: Result<Run, DebugInfoFixture.BuildFailed>]>([:])

  /// The build with this stamp (fixed, so that two builds differ only where the test says), run.
  func run(stamp: String = "fixture build 1") throws -> Run {
    try Self.cache.withLock { cache in
      let key = "\(rawValue)-\(stamp)"
      if let known = cache[key] { return try known.get() }
      let result = Result { () throws(DebugInfoFixture.BuildFailed) in try build(stamp: stamp, name: key) }
      cache[key] = result
      return try result.get()
    }
  }

  private func build(stamp: String, name: String) throws(DebugInfoFixture.BuildFailed) -> Run {
    let directory = DebugInfoFixture.directory
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
    }
  }

  private func compile(_ compiler: String, _ arguments: [String], _ output: String) throws(DebugInfoFixture.BuildFailed)
  {
    _ = try DebugInfoFixture.run(DebugInfoFixture.tool(compiler), arguments, output: output).get()
  }

  /// What the program printed (stdout and stderr: QEMU's semihosting console is stderr), run for at most 10 s.
  private func output(_ program: String, _ arguments: [String]) throws(DebugInfoFixture.BuildFailed) -> [UInt8] {
    let log = "\(DebugInfoFixture.directory)/\(rawValue)-\(UUID().uuidString).out"
    _ = try DebugInfoFixture.run(
      DebugInfoFixture.tool("timeout"), ["10", DebugInfoFixture.tool(program)] + arguments, output: log
    ).get()
    guard let data = FileManager.default.contents(atPath: log + ".log") else {
      throw DebugInfoFixture.BuildFailed(description: "\(program) wrote no output")
    }
    return Array(data)
  }
}
