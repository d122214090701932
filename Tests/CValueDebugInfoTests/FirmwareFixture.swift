import Foundation
import TestSupport

/// `Fixtures/firmware/layouts.c` built as bare-metal firmware — by `arm-none-eabi-gcc` (newlib, semihosting
/// through `rdimon.specs`), by clang for `thumbv7em-none-eabi(hf)` (linked against the same newlib), and by
/// `riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32` (picolibc) — and run under QEMU, where it prints
/// the target's own `sizeof`, `_Alignof`, `offsetof` and bitfield positions. Each build once per test process.
enum FirmwareFixture {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/firmware").path

  /// One firmware: how it is compiled and linked, and the QEMU machine that runs it.
  struct Build: CustomStringConvertible, Sendable {
    /// The file name of the ELF.
    var name: String
    /// The commands that make it, run in order (the ELF is `$OUT`).
    var commands: [[String]]
    /// The QEMU command that runs it (the ELF appended).
    var machine: [String]

    var description: String { name }
  }

  static let armFlags = ["--specs=rdimon.specs", "-Wl,--section-start=.vectors=0x0"]
  static let armSources = ["\(folder)/layouts.c", "\(folder)/arm-start.c"]
  static let cortexM3 = ["qemu-system-arm", "-M", "mps2-an385", "-nographic", "-semihosting", "-kernel"]
  static let cortexM4 = ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-semihosting", "-kernel"]
  static let riscv = [
    "qemu-system-riscv32", "-M", "virt", "-bios", "none", "-nographic", "-semihosting-config",
    "enable=on,target=native", "-kernel",
  ]
  static let picolibc = [
    "--specs=picolibc.specs", "--oslib=semihost", "-Wl,--defsym=__flash=0x80000000",
    "-Wl,--defsym=__flash_size=0x200000", "-Wl,--defsym=__ram=0x80200000", "-Wl,--defsym=__ram_size=0x200000",
    "-Wl,--defsym=__stack_size=0x1000",
  ]
  static let hardFloat = ["-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"]

  /// arm-none-eabi-gcc for a Cortex-M3 (soft float) and a Cortex-M4F (hard float), -O0 and -O2, DWARF 4 and 5.
  static let gccARM: [Build] = [
    gcc("gcc-m3-O0-dwarf4", ["-mcpu=cortex-m3", "-mthumb", "-O0", "-gdwarf-4"], machine: cortexM3),
    gcc("gcc-m3-O2-dwarf5", ["-mcpu=cortex-m3", "-mthumb", "-O2", "-gdwarf-5"], machine: cortexM3),
    gcc("gcc-m4f-O2-dwarf4", ["-mcpu=cortex-m4", "-mthumb", "-O2", "-gdwarf-4"] + hardFloat, machine: cortexM4),
    gcc("gcc-m4f-O0-dwarf5", ["-mcpu=cortex-m4", "-mthumb", "-O0", "-gdwarf-5"] + hardFloat, machine: cortexM4),
  ]

  /// clang for thumbv7em (its enumerations `int`-sized, unlike gcc's), linked by arm-none-eabi-gcc.
  static let clangARM: [Build] = [
    clang("clang-thumbv7em-O2-dwarf5", target: "thumbv7em-none-eabi", ["-O2", "-gdwarf-5"], link: []),
    clang(
      "clang-thumbv7emhf-O0-dwarf4", target: "thumbv7em-none-eabihf", ["-O0", "-gdwarf-4"] + hardFloat, link: hardFloat),
  ]

  /// riscv64-unknown-elf-gcc for rv32imac ilp32 with picolibc.
  static let gccRISCV: [Build] = [
    riscv32("gcc-rv32imac-O0-dwarf4", ["-O0", "-gdwarf-4"]),
    riscv32("gcc-rv32imac-O2-dwarf5", ["-O2", "-gdwarf-5"]),
  ]

  static func gcc(_ name: String, _ flags: [String], machine: [String]) -> Build {
    let output = "\(DebugInfoFixture.directory)/\(name).elf"
    return Build(
      name: name, commands: [["arm-none-eabi-gcc"] + flags + armFlags + armSources + ["-o", output]], machine: machine)
  }

  static func clang(_ name: String, target: String, _ flags: [String], link: [String]) -> Build {
    let directory = DebugInfoFixture.directory
    let object = "\(directory)/\(name).o"
    return Build(
      name: name,
      commands: [
        [
          "clang", "--target=\(target)", "-mcpu=cortex-m4", "-isystem", "/usr/lib/arm-none-eabi/include", "-c",
          "\(folder)/layouts.c", "-o", object,
        ] + flags,
        ["arm-none-eabi-gcc", "-mcpu=cortex-m4", "-mthumb"] + link + armFlags
          + [object, "\(folder)/arm-start.c", "-o", "\(directory)/\(name).elf"],
      ],
      machine: cortexM4)
  }

  static func riscv32(_ name: String, _ flags: [String]) -> Build {
    Build(
      name: name,
      commands: [
        ["riscv64-unknown-elf-gcc", "-march=rv32imac", "-mabi=ilp32"] + flags + picolibc
          + ["\(folder)/layouts.c", "-o", "\(DebugInfoFixture.directory)/\(name).elf"]
      ],
      machine: riscv)
  }

  /// What one firmware printed on the target, and its ELF.
  struct Run: Sendable {
    var elf: String
    var lines: [String]
  }

  private static let cache = BuildCache<Result<Run, DebugInfoFixture.BuildFailed>>()

  /// The firmware built and run once: its ELF and the lines it printed (QEMU's semihosting console: stdout
  /// on Arm, stderr on RISC-V), or why that failed.
  static func run(_ build: Build) throws -> Run {
    try cache.value(for: build.name) { make(build) }.get()
  }

  private static func make(_ build: Build) -> Result<Run, DebugInfoFixture.BuildFailed> {
    let directory = DebugInfoFixture.directory
    let elf = "\(directory)/\(build.name).elf"
    for (index, command) in build.commands.enumerated() {
      let result = DebugInfoFixture.run(
        DebugInfoFixture.tool(command[0]), Array(command.dropFirst()), output: "\(directory)/\(build.name).\(index)")
      if case .failure(let failure) = result { return .failure(failure) }
    }
    // Every run ends in a second or so; a firmware that hangs is killed.
    let output = "\(directory)/\(build.name).qemu"
    let ran = DebugInfoFixture.run(
      DebugInfoFixture.tool("timeout"), ["30"] + build.machine + [elf], output: output)
    if case .failure(let failure) = ran { return .failure(failure) }
    let text = (try? String(contentsOfFile: output + ".log", encoding: .utf8)) ?? ""
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    guard lines.contains("end") else {
      return .failure(.init(description: "\(build.name) did not finish under QEMU: \(text)"))
    }
    return .success(Run(elf: elf, lines: lines))
  }
}
